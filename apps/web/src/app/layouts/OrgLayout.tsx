import { NavLink, Navigate, Outlet, useOutletContext, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { CurrentUser, Org } from '@edrf/model';
import { getOrg, orgKey } from '../../api/orgs';
import { RequireAuth } from '../guards';
import { Breadcrumb, Sidebar } from './Sidebar';
import { UserMenu } from './UserMenu';

export interface OrgArea {
  org: Org;
  /** Organization admins and platform admins: billing and settings (P§6). */
  isAdmin: boolean;
  /** A platform admin sees every project of the organization, not only those with a role. */
  isPlatformAdmin: boolean;
}

/** The organization being shown, for the pages of the organization area. */
export const useOrgArea = () => useOutletContext<OrgArea>();

/** The organization area (P§2): its sidebar shows 'Organizations > {name}' (the name opens its overview) and, to admins, Billing. */
export function OrgLayout() {
  return <RequireAuth>{(user) => <OrgShell user={user} />}</RequireAuth>;
}

function OrgShell({ user }: { user: CurrentUser }) {
  const { orgId = '' } = useParams();
  const { data: org, isError } = useQuery({ queryKey: orgKey(orgId), queryFn: () => getOrg(orgId) });
  // P§6: the organization area requires the organization to load, otherwise /.
  if (isError) return <Navigate to="/" replace />;
  const isAdmin = org?.role === 'admin' || user.is_admin;
  const base = `/org/${encodeURIComponent(orgId)}`;
  return (
    <div className="shell">
      <Sidebar
        head={
          <Breadcrumb
            parent={{ to: '/orgs', label: 'Organizations' }}
            separator=">"
            current={
              <NavLink to={base} end>
                {org?.name ?? '…'}
              </NavLink>
            }
          />
        }
        links={isAdmin ? [{ to: `${base}/billing`, label: 'Billing' }] : []}
        foot={<UserMenu user={user} />}
      />
      <main className="content">
        {org ? (
          <Outlet context={{ org, isAdmin, isPlatformAdmin: user.is_admin } satisfies OrgArea} />
        ) : (
          <div className="page muted">Loading…</div>
        )}
      </main>
    </div>
  );
}
