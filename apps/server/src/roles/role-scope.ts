import { sql, type Kysely } from 'kysely';
import type { RoleEntry } from '@edrf/model';
import type { Database } from '../db/schema.js';
import { HttpError, notFound } from '../http/errors.js';
import type { SessionUser } from '../auth/sessions.js';
import { findUserByEmail } from '../users/queries.js';

/** Organizations and projects keep their members the same way; a scope says which table. */
export interface RoleScope {
  table: 'org_roles' | 'project_roles';
  key: 'org_id' | 'project_id';
  lastAdminMessage: string;
}

export const ORG_SCOPE: RoleScope = { table: 'org_roles', key: 'org_id', lastAdminMessage: 'An organization needs at least one admin' };
export const PROJECT_SCOPE: RoleScope = {
  table: 'project_roles',
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

  async set(id: string, userId: string, role: string): Promise<void> {
    await sql`
      insert into ${sql.table(this.scope.table)} (${sql.ref(this.scope.key)}, user_id, role) values (${id}, ${userId}, ${role})
      on conflict (${sql.ref(this.scope.key)}, user_id) do update set role = excluded.role`.execute(this.db);
  }

  /** Adds a member or changes their role, on behalf of `actor` (P§6: not one's own row unless platform admin). */
  async assign(id: string, actor: SessionUser, email: string, role: string): Promise<void> {
    const target = await this.member(actor, email);
    const current = await this.roleOf(id, target.user_id);
    if (current === 'admin' && role !== 'admin') await this.keepAnAdmin(id);
    await this.set(id, target.user_id, role);
  }

  async remove(id: string, actor: SessionUser, email: string): Promise<void> {
    const target = await this.member(actor, email);
    const current = await this.roleOf(id, target.user_id);
    if (!current) throw notFound('User has no role');
    if (current === 'admin') await this.keepAnAdmin(id);
    await sql`delete from ${sql.table(this.scope.table)} where ${sql.ref(this.scope.key)} = ${id} and user_id = ${target.user_id}`.execute(
      this.db,
    );
  }

  private async member(actor: SessionUser, email: string) {
    const target = await findUserByEmail(this.db, email);
    if (!target) throw notFound('User not found');
    if (target.user_id === actor.user_id && !actor.is_admin) throw new HttpError(403, 'You cannot change your own role');
    return target;
  }

  private async roleOf(id: string, userId: string): Promise<string | null> {
    const { rows } = await sql<{ role: string }>`
      select role from ${sql.table(this.scope.table)} where ${sql.ref(this.scope.key)} = ${id} and user_id = ${userId}`.execute(this.db);
    return rows[0]?.role ?? null;
  }

  /** Refuses when the only admin is about to go. */
  private async keepAnAdmin(id: string): Promise<void> {
    const { rows } = await sql<{ admins: number }>`
      select count(*)::int as admins from ${sql.table(this.scope.table)} where ${sql.ref(this.scope.key)} = ${id} and role = 'admin'`.execute(
      this.db,
    );
    if ((rows[0]?.admins ?? 0) <= 1) throw new HttpError(409, this.scope.lastAdminMessage);
  }
}
