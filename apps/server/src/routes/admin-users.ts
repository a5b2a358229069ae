import type { FastifyInstance } from 'fastify';
import { USER_FORM_REQUIRED, userFormSchema } from '@edrf/model';
import type { AppContext } from '../context.js';
import { HttpError, notFound, parseInput } from '../http/errors.js';
import { requirePlatformAdmin } from '../auth/access.js';
import { isUuid } from '../auth/tokens.js';
import { findUserByEmail, findUserById, orgNamesByUser, soleAdminOf, toAdminUser, type UserRow } from '../users/queries.js';

export function adminUserRoutes(app: FastifyInstance, ctx: AppContext): void {
  async function userFromParams(params: unknown): Promise<UserRow> {
    const { id } = params as { id: string };
    const user = isUuid(id) ? await findUserById(ctx.db, id) : undefined;
    if (!user) throw notFound('User not found');
    return user;
  }

  async function assertEmailFree(email: string, exceptUserId?: string) {
    const holder = await findUserByEmail(ctx.db, email);
    if (holder && holder.user_id !== exceptUserId) throw new HttpError(409, `A user with e-mail ${email} already exists`);
  }

  app.get('/api/v1/admin/list_users', async (request) => {
    requirePlatformAdmin(request);
    const rows = await ctx.db.selectFrom('users').selectAll().orderBy('email').execute();
    const orgNames = await orgNamesByUser(ctx.db);
    return { users: rows.map((row) => toAdminUser(row, orgNames.get(row.user_id))) };
  });

  app.post('/api/v1/admin/create_user', async (request) => {
    requirePlatformAdmin(request);
    const form = parseInput(userFormSchema, request.body, USER_FORM_REQUIRED);
    await assertEmailFree(form.email);
    const row = await ctx.db.insertInto('users').values(form).returningAll().executeTakeFirstOrThrow();
    return { user: toAdminUser(row) };
  });

  app.post('/api/v1/admin/update_user/:id', async (request) => {
    const admin = requirePlatformAdmin(request);
    const user = await userFromParams(request.params);
    const form = parseInput(userFormSchema, request.body, USER_FORM_REQUIRED);
    // Without this an admin could lock every admin out of the admin area.
    if (user.user_id === admin.user_id && !form.is_admin) {
      throw new HttpError(400, 'Cannot remove admin rights from your own account');
    }
    await assertEmailFree(form.email, user.user_id);
    const row = await ctx.db.updateTable('users').set(form).where('user_id', '=', user.user_id).returningAll().executeTakeFirstOrThrow();
    return { user: toAdminUser(row, (await orgNamesByUser(ctx.db)).get(row.user_id)) };
  });

  app.delete('/api/v1/delete_user/:id', async (request) => {
    const admin = requirePlatformAdmin(request);
    const user = await userFromParams(request.params);
    if (user.user_id === admin.user_id) throw new HttpError(400, 'Cannot delete your own account');
    // An organization or project always keeps an admin (docs/orgs.md).
    const orphaned = await soleAdminOf(ctx.db, user.user_id);
    if (orphaned) throw new HttpError(409, `${user.email} is the only admin of ${orphaned}: give it another admin first`);
    await ctx.db.deleteFrom('users').where('user_id', '=', user.user_id).execute();
    return {};
  });
}
