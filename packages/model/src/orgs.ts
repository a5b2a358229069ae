import { z } from 'zod';
import { emailSchema } from './users.js';

export const ORG_ROLES = ['admin', 'standard'] as const;
export type OrgRole = (typeof ORG_ROLES)[number];
export const DEFAULT_ORG_ROLE: OrgRole = 'standard';

export const PROJECT_ROLES = ['admin', 'editor'] as const;
export type ProjectRole = (typeof PROJECT_ROLES)[number];
export const DEFAULT_PROJECT_ROLE: ProjectRole = 'editor';

export const BILLING_TYPES = ['direct', 'invoice', 'exempt', 'prepaid'] as const;
export type BillingType = (typeof BILLING_TYPES)[number];

export const MAX_NAME_LENGTH = 200;
export const nameSchema = z
  .string()
  .trim()
  .min(1, 'Name is required')
  .max(MAX_NAME_LENGTH, `Name is at most ${MAX_NAME_LENGTH} characters`);

/** An organization as its members see it (P§3). `role` is the caller's; null for a platform admin without one. */
export interface Org {
  org_id: string;
  name: string;
  role: OrgRole | null;
  billing_type: BillingType;
}

/** A role row (P§3): the e-mail of a user and their role. */
export interface RoleEntry<R extends string = string> {
  user_email: string;
  role: R;
}

export const userRoleBody = <R extends readonly [string, ...string[]]>(roles: R) =>
  z.object({ user_email: emailSchema, role: z.enum(roles) });

export const createOrgBody = z.object({ name: nameSchema, email: emailSchema.optional() });
export const renameBody = z.object({ name: nameSchema });
export const checkUserBody = z.object({ user_email: emailSchema });
export const updateOrgBody = z.object({ billing_type: z.enum(BILLING_TYPES) });

/** An organization in the admin list. */
export interface AdminOrg {
  org_id: string;
  name: string;
  billing_type: BillingType;
  num_members: number;
  num_projects: number;
  created_at: string;
}
