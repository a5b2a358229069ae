import type { BillingInfo, Org, OrgRole, Payment, RoleEntry } from '@edrf/model';
import type { QueryClient } from '@tanstack/react-query';
import { apiCall } from './client';

/** Organization calls of docs/orgs.md and their query keys. */
export const orgsKey = ['orgs'] as const;
export const orgKey = (orgId: string) => ['org', orgId] as const;
export const orgRolesKey = (orgId: string) => ['org', orgId, 'roles'] as const;
export const billingInfoKey = (orgId: string) => ['org', orgId, 'billing-info'] as const;
export const paymentHistoryKey = (orgId: string) => ['org', orgId, 'payment-history'] as const;

const orgPath = (orgId: string, rest = '') => `/api/v1/org/${encodeURIComponent(orgId)}${rest}`;

export const listOrgs = () => apiCall<{ orgs: Org[] }>('load organizations', '/api/v1/list_orgs').then((r) => r.orgs);

export const getOrg = (orgId: string) => apiCall<Org>('load organization', orgPath(orgId));

/** The answer names the new organization's id `project_id` (P§7) and `org_id` (docs/orgs.md); either will do. */
export const createOrg = (body: { name: string; email?: string }) =>
  apiCall<{ project_id?: string; org_id?: string }>('create organization', '/api/v1/create_org', { body }).then(
    (r) => (r.org_id ?? r.project_id)!,
  );

export const checkUser = (userEmail: string) =>
  apiCall<{ exists: boolean }>('check user', '/api/v1/check_user', { body: { user_email: userEmail } }).then((r) => r.exists);

export const renameOrg = (orgId: string, name: string) =>
  apiCall<object>('rename organization', orgPath(orgId, '/name'), { body: { name } });

export const getOrgRoles = (orgId: string) =>
  apiCall<{ roles: RoleEntry<OrgRole>[] }>('load roles', orgPath(orgId, '/get_roles')).then((r) => r.roles);

export const setOrgRole = (orgId: string, userEmail: string, role: OrgRole) =>
  apiCall<object>('update role', orgPath(orgId, '/user_role'), { body: { user_email: userEmail, role } });

export const removeOrgRole = (orgId: string, userEmail: string) =>
  apiCall<object>('remove user', orgPath(orgId, `/user_role?user_email=${encodeURIComponent(userEmail)}`), { method: 'DELETE' });

export const deleteOrg = (orgId: string) => apiCall<object>('delete organization', orgPath(orgId), { method: 'DELETE' });

/** The billing page shows a 403 (a member who is not an admin) as its own message. */
export const getBillingInfo = (orgId: string) =>
  apiCall<BillingInfo>('load billing information', orgPath(orgId, '/billing_info'), { quietStatuses: [403] });

/** Quiet: a failed billing save is only logged (P§8). */
export const saveBillingInfo = (orgId: string, info: BillingInfo) =>
  apiCall<BillingInfo>('save billing information', orgPath(orgId, '/billing_info'), { body: info, quiet: true });

export const getPaymentHistory = (orgId: string) =>
  apiCall<{ history: Payment[] }>('load payment history', orgPath(orgId, '/payment_history'), { quietStatuses: [403] }).then(
    (r) => r.history,
  );

/** After a change to an organization: everything that shows its name, its roles or its members. */
export const refreshOrgQueries = (queryClient: QueryClient, orgId: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: orgsKey }),
    queryClient.invalidateQueries({ queryKey: orgKey(orgId) }),
    queryClient.invalidateQueries({ queryKey: ['projects'] }),
    queryClient.invalidateQueries({ queryKey: ['admin'] }),
  ]);
