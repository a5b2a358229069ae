import { sql, type Kysely, type Selectable } from 'kysely';
import type { AdminUser } from '@edrf/model';
import type { Database } from '../db/schema.js';
import { byName } from '../db/order.js';

export type UserRow = Selectable<Database['users']>;

export async function findUserByEmail(db: Kysely<Database>, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function findUserById(db: Kysely<Database>, userId: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export const toAdminUser = (row: UserRow, orgNames: string[] = []): AdminUser => ({
  user_id: row.user_id,
  email: row.email,
  is_admin: row.is_admin,
  provider: row.provider,
  created_at: new Date(row.created_at).toISOString(),
  org_names: orgNames,
});

/** The names of the organizations each user has a role in, alphabetical. */
export async function orgNamesByUser(db: Kysely<Database>): Promise<Map<string, string[]>> {
  const rows = await db
    .selectFrom('org_roles')
    .innerJoin('orgs', 'orgs.org_id', 'org_roles.org_id')
    .select(['org_roles.user_id', 'orgs.name'])
    .orderBy(byName('orgs.name'))
    .execute();
  const byUser = new Map<string, string[]>();
  for (const row of rows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row.name]);
  return byUser;
}

/** The first organization or project the user is the only admin of, by name; a deletion would orphan it. */
export async function soleAdminOf(db: Kysely<Database>, userId: string): Promise<string | undefined> {
  const { rows } = await sql<{ name: string }>`
    select o.name from org_roles r join orgs o on o.org_id = r.org_id
    where r.user_id = ${userId} and r.role = 'admin'
      and not exists (select 1 from org_roles x where x.org_id = r.org_id and x.role = 'admin' and x.user_id <> r.user_id)
    union all
    select p.name from project_roles r join projects p on p.project_id = r.project_id
    where r.user_id = ${userId} and r.role = 'admin'
      and not exists (select 1 from project_roles x where x.project_id = r.project_id and x.role = 'admin' and x.user_id <> r.user_id)
    order by 1 limit 1`.execute(db);
  return rows[0]?.name;
}

/** The platform admin named by ADMIN_EMAIL exists after every start, so a fresh install can be signed into. */
export async function ensureAdmin(db: Kysely<Database>, email: string): Promise<'created' | 'existing'> {
  const existing = await findUserByEmail(db, email);
  if (existing) {
    if (!existing.is_admin) await db.updateTable('users').set({ is_admin: true }).where('user_id', '=', existing.user_id).execute();
    return 'existing';
  }
  // Processes started together each find no admin: the first insert wins, the others make that user an admin.
  const made = await db
    .insertInto('users')
    .values({ email, is_admin: true, provider: 'passcode' })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('user_id')
    .executeTakeFirst();
  if (made) return 'created';
  await db.updateTable('users').set({ is_admin: true }).where('email', '=', email).execute();
  return 'existing';
}
