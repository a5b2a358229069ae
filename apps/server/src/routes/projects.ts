import type { FastifyInstance } from 'fastify';
import { createProjectBody, renameBody, type Project, type ProjectOrg } from '@edrf/model';
import type { AppContext } from '../context.js';
import { parseInput } from '../http/errors.js';
import { requireUser } from '../auth/access.js';
import { orgAccess, projectAccess } from '../auth/permissions.js';
import { deleteProject, ifcFilesByProject, latestSavedVersions } from '../projects/queries.js';
import { idParam } from '../http/params.js';

export function projectRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/v1/list_projects', async (request) => {
    const user = requireUser(request);
    const rows = await ctx.db
      .selectFrom('projects')
      .innerJoin('project_roles', 'project_roles.project_id', 'projects.project_id')
      .innerJoin('orgs', 'orgs.org_id', 'projects.org_id')
      .select([
        'projects.project_id',
        'projects.name',
        'projects.org_id',
        'orgs.name as org_name',
        'project_roles.role',
        'orgs.billing_type',
      ])
      .where('project_roles.user_id', '=', user.user_id)
      .orderBy('projects.created_at', 'desc')
      .execute();
    const ids = rows.map((row) => row.project_id);
    const files = await ifcFilesByProject(ctx.db, ids);
    const versions = await latestSavedVersions(ctx.db, ids);
    const projects: Project[] = rows.map((row) => {
      const latest = versions.get(row.project_id);
      return {
        ...row,
        version_comment: latest?.comment ?? null,
        version_date: latest ? new Date(latest.created_at).toISOString() : null,
        ifc_files: files.get(row.project_id) ?? [],
      };
    });
    return { projects };
  });

  app.post('/api/v1/create_project', async (request) => {
    const user = requireUser(request);
    const body = parseInput(createProjectBody, request.body);
    const { org } = await orgAccess(ctx.db, user, body.org_id, 'member');
    const projectId = await ctx.db.transaction().execute(async (trx) => {
      const project = await trx
        .insertInto('projects')
        .values({ name: body.name, org_id: org.org_id })
        .returning('project_id')
        .executeTakeFirstOrThrow();
      await trx.insertInto('project_roles').values({ project_id: project.project_id, user_id: user.user_id, role: 'admin' }).execute();
      await ctx.versions.createWorking(trx, project.project_id, user.email);
      return project.project_id;
    });
    return { project_id: projectId };
  });

  app.post('/api/v1/project/:id/name', async (request) => {
    const { project } = await projectAccess(ctx.db, requireUser(request), idParam(request), 'admin');
    const { name } = parseInput(renameBody, request.body);
    await ctx.db.updateTable('projects').set({ name }).where('project_id', '=', project.project_id).execute();
    return {};
  });

  app.delete('/api/v1/project/:id', async (request) => {
    const { project } = await projectAccess(ctx.db, requireUser(request), idParam(request), 'admin');
    await deleteProject(ctx.db, ctx.files, project.project_id);
    return {};
  });

  app.get('/api/v1/project/:id/org', async (request) => {
    const user = requireUser(request);
    const { project } = await projectAccess(ctx.db, user, idParam(request), 'member');
    const org = await ctx.db
      .selectFrom('orgs')
      .leftJoin('org_roles', (join) => join.onRef('org_roles.org_id', '=', 'orgs.org_id').on('org_roles.user_id', '=', user.user_id))
      .select(['orgs.org_id', 'orgs.name', 'orgs.billing_type', 'org_roles.role'])
      .where('orgs.org_id', '=', project.org_id)
      .executeTakeFirstOrThrow();
    const answer: ProjectOrg = { org: { org_id: org.org_id, name: org.name, billing_type: org.billing_type }, role: org.role };
    return answer;
  });
}
