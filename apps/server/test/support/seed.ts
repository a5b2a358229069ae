// Users, sessions, organizations and projects written straight into a database, for tests that need them before a call
// (harness.ts on the app it builds; the real server processes of two-processes, report-jobs-processes and kill-nine).
import type { Kysely, Selectable } from 'kysely';
import type { BillingType, LoginProvider, OrgRole, ProjectRole } from '@edrf/model';
import { Sessions } from '../../src/auth/sessions.js';
import type { Clock } from '../../src/clock.js';
import type { Database } from '../../src/db/schema.js';

export type UserRow = Selectable<Database['users']>;
export type OrgRow = Selectable<Database['orgs']>;
export type ProjectRow = Selectable<Database['projects']>;

/** Roles of a new organization or project, by e-mail; users not yet there are created. */
export type Roles<R extends string> = Record<string, R>;

export interface Seeder {
  /** Adds a user straight to the database. */
  createUser(email: string, opts?: { is_admin?: boolean; provider?: LoginProvider }): Promise<UserRow>;
  /** The user with this e-mail, created if missing. */
  ensureUser(email: string): Promise<UserRow>;
  /** A Cookie header value for a session of the user made straight in the database (the user is created if missing). */
  cookieFor(email: string): Promise<string>;
  /** An organization with roles, straight in the database. */
  createOrg(name: string, roles?: Roles<OrgRole>, opts?: { billing_type?: BillingType; created_at?: Date }): Promise<OrgRow>;
  /** A project of an organization with roles, straight in the database. */
  createProject(orgId: string, name: string, roles?: Roles<ProjectRole>, opts?: { created_at?: Date }): Promise<ProjectRow>;
  /** Gives the users of the e-mails (created if missing) their roles in a project. */
  addProjectRoles(projectId: string, roles: Roles<ProjectRole>): Promise<void>;
}

/** Writes into `db`; sessions are dated by `clock` (the test's clock, or the real one for a server process). */
export function seeder(db: Kysely<Database>, clock: Clock = { now: () => new Date() }): Seeder {
  const createUser: Seeder['createUser'] = (email, opts = {}) =>
    db
      .insertInto('users')
      .values({ email, is_admin: opts.is_admin ?? false, provider: opts.provider ?? 'passcode' })
      .returningAll()
      .executeTakeFirstOrThrow();

  const ensureUser: Seeder['ensureUser'] = async (email) =>
    (await db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst()) ?? createUser(email);

  /** The user ids of the e-mails, creating the users not yet there. */
  const usersByEmail = async (emails: string[]) => {
    const ids = new Map<string, string>();
    if (emails.length === 0) return ids;
    for (const row of await db.selectFrom('users').select(['user_id', 'email']).where('email', 'in', emails).execute())
      ids.set(row.email, row.user_id);
    for (const email of emails) if (!ids.has(email)) ids.set(email, (await createUser(email)).user_id);
    return ids;
  };

  const sessions = new Sessions(db, clock);
  const cookieFor: Seeder['cookieFor'] = async (email) =>
    `edrf_session=${await sessions.create((await ensureUser(email)).user_id, 'browser')}`;

  const createOrg: Seeder['createOrg'] = async (name, roles = {}, opts = {}) => {
    const org = await db
      .insertInto('orgs')
      .values({ name, billing_type: opts.billing_type, created_at: opts.created_at })
      .returningAll()
      .executeTakeFirstOrThrow();
    const users = await usersByEmail(Object.keys(roles));
    const rows = Object.entries(roles).map(([email, role]) => ({ org_id: org.org_id, user_id: users.get(email)!, role }));
    if (rows.length) await db.insertInto('org_roles').values(rows).execute();
    return org;
  };

  const addProjectRoles: Seeder['addProjectRoles'] = async (projectId, roles) => {
    const users = await usersByEmail(Object.keys(roles));
    const rows = Object.entries(roles).map(([email, role]) => ({ project_id: projectId, user_id: users.get(email)!, role }));
    if (rows.length) await db.insertInto('project_roles').values(rows).execute();
  };

  const createProject: Seeder['createProject'] = async (orgId, name, roles = {}, opts = {}) => {
    const project = await db
      .insertInto('projects')
      .values({ org_id: orgId, name, created_at: opts.created_at })
      .returningAll()
      .executeTakeFirstOrThrow();
    await addProjectRoles(project.project_id, roles);
    return project;
  };

  return { createUser, ensureUser, cookieFor, createOrg, createProject, addProjectRoles };
}
