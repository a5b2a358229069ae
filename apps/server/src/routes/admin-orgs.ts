import type { FastifyInstance } from 'fastify';
import { updateOrgBody, type AdminOrg, type AdminProject } from '@edrf/model';
import type { AppContext } from '../context.js';
import { notFound, parseInput } from '../http/errors.js';
import { isUuid } from '../auth/tokens.js';
import { orgNotFound } from '../auth/permissions.js';
import { ifcFilesByProject } from '../projects/queries.js';
import { byName } from '../db/order.js';
import { attachment } from '../http/content-disposition.js';

/** The admin area's organizations and projects; the admin scope has checked the caller already. */
export function adminOrgRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/v1/admin/list_orgs', async () => {
    const rows = await ctx.db
      .selectFrom('orgs')
      .select((eb) => [
        'orgs.org_id',
        'orgs.name',
        'orgs.billing_type',
        'orgs.created_at',
        eb
          .selectFrom('org_roles')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('org_roles.org_id', '=', 'orgs.org_id')
          .as('num_members'),
        eb
          .selectFrom('projects')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('projects.org_id', '=', 'orgs.org_id')
          .as('num_projects'),
      ])
      .orderBy(byName('orgs.name'))
      .execute();
    const orgs: AdminOrg[] = rows.map((row) => ({
      ...row,
      num_members: Number(row.num_members),
      num_projects: Number(row.num_projects),
      created_at: new Date(row.created_at).toISOString(),
    }));
    return { orgs };
  });

  app.post('/api/v1/admin/update_org/:id', async (request) => {
    const { id } = request.params as { id: string };
    const { billing_type } = parseInput(updateOrgBody, request.body);
    const updated = isUuid(id)
      ? await ctx.db.updateTable('orgs').set({ billing_type }).where('org_id', '=', id).returning('org_id').executeTakeFirst()
      : undefined;
    if (!updated) throw orgNotFound();
    return {};
  });

  app.get('/api/v1/admin/list_projects', async () => {
    const rows = await ctx.db
      .selectFrom('projects')
      .innerJoin('orgs', 'orgs.org_id', 'projects.org_id')
      .select(['projects.project_id', 'projects.name', 'projects.org_id', 'orgs.name as org_name', 'projects.created_at'])
      .orderBy('projects.created_at', 'desc')
      .execute();
    const files = await ifcFilesByProject(
      ctx.db,
      rows.map((row) => row.project_id),
    );
    const projects: AdminProject[] = rows.map((row) => ({
      ...row,
      created_at: new Date(row.created_at).toISOString(),
      ifc_files: files.get(row.project_id) ?? [],
    }));
    return { projects };
  });

  app.get('/api/v1/admin/projects/:id/ifc/:ifcId/download', async (request, reply) => {
    const { id, ifcId } = request.params as { id: string; ifcId: string };
    const file =
      isUuid(id) && isUuid(ifcId)
        ? await ctx.db
            .selectFrom('ifc_files')
            .selectAll()
            .where('project_id', '=', id)
            .where('ifc_object_id', '=', ifcId)
            .executeTakeFirst()
        : undefined;
    const stream = file ? await ctx.files.open(file.sha256) : null;
    if (!file || !stream) throw notFound('File not found');
    return reply
      .type('application/octet-stream')
      .header('content-length', String(file.file_size))
      .header('content-disposition', attachment(file.file_name))
      .send(stream);
  });
}
