import type { FastifyInstance } from 'fastify';
import { checkUserBody, createOrgBody, renameBody, type Org } from '@edrf/model';
import type { AppContext } from '../context.js';
import { HttpError, notFound, parseInput } from '../http/errors.js';
import { requireUser } from '../auth/access.js';
import { orgAccess } from '../auth/permissions.js';
import { findUserByEmail } from '../users/queries.js';
import { idParam } from '../http/params.js';
import { byName } from '../db/order.js';

export function orgRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/v1/list_orgs', async (request) => {
    const user = requireUser(request);
    const orgs: Org[] = await ctx.db
      .selectFrom('orgs')
      .innerJoin('org_roles', 'org_roles.org_id', 'orgs.org_id')
      .select(['orgs.org_id', 'orgs.name', 'org_roles.role', 'orgs.billing_type'])
      .where('org_roles.user_id', '=', user.user_id)
      .orderBy(byName('orgs.name'))
      .execute();
    return { orgs };
  });

  app.get('/api/v1/org/:id', async (request) => {
    const { org, role } = await orgAccess(ctx.db, requireUser(request), idParam(request), 'member');
    const answer: Org = { org_id: org.org_id, name: org.name, role, billing_type: org.billing_type };
    return answer;
  });

  app.post('/api/v1/create_org', async (request) => {
    const user = requireUser(request);
    const body = parseInput(createOrgBody, request.body);
    const adminEmail = body.email ?? user.email;
    if (adminEmail !== user.email && !user.is_admin) {
      throw new HttpError(403, 'Only platform admins can create an organization for someone else');
    }
    const admin = await findUserByEmail(ctx.db, adminEmail);
    if (!admin) throw notFound('User not found');
    const orgId = await ctx.db.transaction().execute(async (trx) => {
      const org = await trx.insertInto('orgs').values({ name: body.name }).returning('org_id').executeTakeFirstOrThrow();
      await trx.insertInto('org_roles').values({ org_id: org.org_id, user_id: admin.user_id, role: 'admin' }).execute();
      return org.org_id;
    });
    // The spec names the field project_id (P§7); org_id says what it is.
    return { project_id: orgId, org_id: orgId };
  });

  app.post('/api/v1/org/:id/name', async (request) => {
    const { org } = await orgAccess(ctx.db, requireUser(request), idParam(request), 'admin');
    const { name } = parseInput(renameBody, request.body);
    await ctx.db.updateTable('orgs').set({ name }).where('org_id', '=', org.org_id).execute();
    return {};
  });

  app.delete('/api/v1/org/:id', async (request) => {
    const { org } = await orgAccess(ctx.db, requireUser(request), idParam(request), 'admin');
    // Holding the row: a project created meanwhile waits, then finds the organization gone.
    await ctx.db.transaction().execute(async (trx) => {
      await trx.selectFrom('orgs').select('org_id').where('org_id', '=', org.org_id).forUpdate().execute();
      const { count } = await trx
        .selectFrom('projects')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('org_id', '=', org.org_id)
        .executeTakeFirstOrThrow();
      if (Number(count) > 0) throw new HttpError(409, "Delete or move the organization's projects first");
      await trx.deleteFrom('orgs').where('org_id', '=', org.org_id).execute();
    });
    return {};
  });

  app.post('/api/v1/check_user', async (request) => {
    requireUser(request);
    const { user_email } = parseInput(checkUserBody, request.body);
    return { exists: Boolean(await findUserByEmail(ctx.db, user_email)) };
  });
}
