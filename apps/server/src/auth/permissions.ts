import type { Kysely, Selectable } from 'kysely';
import { PAYMENT_MESSAGES, type OrgRole, type ProjectRole } from '@edrf/model';
import type { Database } from '../db/schema.js';
import { HttpError } from '../http/errors.js';
import type { SessionUser } from './sessions.js';
import { isUuid } from './tokens.js';

/** 'member': any role; 'admin': the admin role. Platform admins pass every check. */
export type Need = 'member' | 'admin';

export type OrgRow = Selectable<Database['orgs']>;
export type ProjectRow = Selectable<Database['projects']>;

export interface OrgAccess {
  org: OrgRow;
  /** The caller's own role; null for a platform admin without one. */
  role: OrgRole | null;
}

export interface ProjectAccess {
  project: ProjectRow;
  role: ProjectRole | null;
}

export const orgNotFound = () => new HttpError(404, 'Organization not found');
export const projectNotFound = () => new HttpError(404, 'Project not found');

/**
 * Who may touch an organization (docs/orgs.md). Without a role it does not exist for the caller
 * (404, never its data); with too small a role the answer is 403.
 */
export async function orgAccess(db: Kysely<Database>, user: SessionUser, orgId: string, need: Need): Promise<OrgAccess> {
  const org = isUuid(orgId) ? await db.selectFrom('orgs').selectAll().where('org_id', '=', orgId).executeTakeFirst() : undefined;
  if (!org) throw orgNotFound();
  const row = await db
    .selectFrom('org_roles')
    .select('role')
    .where('org_id', '=', org.org_id)
    .where('user_id', '=', user.user_id)
    .executeTakeFirst();
  const role = row?.role ?? null;
  if (!user.is_admin) {
    if (!role) throw orgNotFound();
    if (need === 'admin' && role !== 'admin') throw new HttpError(403, 'Only organization admins can do this');
  }
  return { org, role };
}

/** Who may touch a project: its own roles decide, not the organization's (docs/orgs.md). */
export async function projectAccess(db: Kysely<Database>, user: SessionUser, projectId: string, need: Need): Promise<ProjectAccess> {
  const project = isUuid(projectId)
    ? await db.selectFrom('projects').selectAll().where('project_id', '=', projectId).executeTakeFirst()
    : undefined;
  if (!project) throw projectNotFound();
  const row = await db
    .selectFrom('project_roles')
    .select('role')
    .where('project_id', '=', project.project_id)
    .where('user_id', '=', user.user_id)
    .executeTakeFirst();
  const role = row?.role ?? null;
  if (!user.is_admin) {
    if (!role) throw projectNotFound();
    if (need === 'admin' && role !== 'admin') throw new HttpError(403, 'Only project admins can do this');
  }
  return { project, role };
}

/**
 * Who may pay for a project's module (F§6): a member of the project who holds the admin role of its organization.
 * Anyone else the project exists for is refused with F§6's text; a platform admin too, unless they hold that role
 * (docs/payment.md: the operator does not pay for a customer).
 */
export async function projectPayAccess(
  db: Kysely<Database>,
  user: SessionUser,
  projectId: string,
): Promise<{ project: ProjectRow; org: OrgRow }> {
  const { project } = await projectAccess(db, user, projectId, 'member');
  const org = await db.selectFrom('orgs').selectAll().where('org_id', '=', project.org_id).executeTakeFirstOrThrow();
  const row = await db
    .selectFrom('org_roles')
    .select('role')
    .where('org_id', '=', org.org_id)
    .where('user_id', '=', user.user_id)
    .executeTakeFirst();
  if (row?.role !== 'admin') throw new HttpError(403, PAYMENT_MESSAGES.notAuthorized(org.name));
  return { project, org };
}
