import { sql, type Kysely } from 'kysely';
import type { RoleEntry } from '@edrf/model';
import type { Database } from '../db/schema.js';
import { HttpError, notFound } from '../http/errors.js';
import type { SessionUser } from '../auth/sessions.js';
import { findUserByEmail } from '../users/queries.js';

/** Organizations and projects keep their members the same way; a scope says which tables. */
export interface RoleScope {
  table: 'org_roles' | 'project_roles';
  owner: 'orgs' | 'projects';
  key: 'org_id' | 'project_id';
  lastAdminMessage: string;
}

export const ORG_SCOPE: RoleScope = {
  table: 'org_roles',
  owner: 'orgs',
  key: 'org_id',
  lastAdminMessage: 'An organization needs at least one admin',
};
export const PROJECT_SCOPE: RoleScope = {
  table: 'project_roles',
  owner: 'projects',
  key: 'project_id',
  lastAdminMessage: 'A project needs at least one admin',
};

export class RoleRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly scope: RoleScope,
  ) {}

  async list(id: string): Promise<RoleEntry[]> {
    const { rows } = await sql<RoleEntry>`
      select u.email as user_email, r.role
      from ${sql.table(this.scope.table)} r join users u on u.user_id = r.user_id
      where r.${sql.ref(this.scope.key)} = ${id}
      order by u.email`.execute(this.db);
    return rows;
  }

  /** Adds a member or changes their role, on behalf of `actor` (P§6: not one's own row unless platform admin). */
  async assign(id: string, actor: SessionUser, email: string, role: string): Promise<void> {
    await this.changing(id, actor, email, async (trx, userId, current) => {
      if (current === 'admin' && role !== 'admin') await this.keepAnAdmin(trx, id);
      await sql`
        insert into ${sql.table(this.scope.table)} (${sql.ref(this.scope.key)}, user_id, role) values (${id}, ${userId}, ${role})
        on conflict (${sql.ref(this.scope.key)}, user_id) do update set role = excluded.role`.execute(trx);
    });
  }

  async remove(id: string, actor: SessionUser, email: string): Promise<void> {
    await this.changing(id, actor, email, async (trx, userId, current) => {
      if (!current) throw notFound('User has no role');
      if (current === 'admin') await this.keepAnAdmin(trx, id);
      await sql`delete from ${sql.table(this.scope.table)} where ${sql.ref(this.scope.key)} = ${id} and user_id = ${userId}`.execute(trx);
    });
  }

  /**
   * Runs a role change in a transaction that holds the organization's (or project's) row, so two
   * admins demoting each other at once cannot both pass the last-admin check.
   */
  private async changing(
    id: string,
    actor: SessionUser,
    email: string,
    change: (trx: Kysely<Database>, userId: string, current: string | null) => Promise<void>,
  ): Promise<void> {
    const target = await findUserByEmail(this.db, email);
    if (!target) throw notFound('User not found');
    if (target.user_id === actor.user_id && !actor.is_admin) throw new HttpError(403, 'You cannot change your own role');
    await this.db.transaction().execute(async (trx) => {
      await sql`select 1 from ${sql.table(this.scope.owner)} where ${sql.ref(this.scope.key)} = ${id} for update`.execute(trx);
      const { rows } = await sql<{ role: string }>`
        select role from ${sql.table(this.scope.table)} where ${sql.ref(this.scope.key)} = ${id} and user_id = ${target.user_id}`.execute(
        trx,
      );
      await change(trx, target.user_id, rows[0]?.role ?? null);
    });
  }

  /** Refuses when the only admin is about to go. */
  private async keepAnAdmin(trx: Kysely<Database>, id: string): Promise<void> {
    const { rows } = await sql<{ admins: number }>`
      select count(*)::int as admins from ${sql.table(this.scope.table)} where ${sql.ref(this.scope.key)} = ${id} and role = 'admin'`.execute(
      trx,
    );
    if ((rows[0]?.admins ?? 0) <= 1) throw new HttpError(409, this.scope.lastAdminMessage);
  }
}
