import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { emailSchema, ORG_ROLES, PROJECT_ROLES, userRoleBody } from '@edrf/model';
import type { AppContext } from '../context.js';
import { parseInput } from '../http/errors.js';
import { requireUser } from '../auth/access.js';
import { orgAccess, projectAccess, type Need } from '../auth/permissions.js';
import { ORG_SCOPE, PROJECT_SCOPE, RoleRepository } from '../roles/role-scope.js';
import { idParam } from '../http/params.js';

const removeQuery = z.object({ user_email: emailSchema });

/** The role calls of organizations and projects (P§7): the same three calls on two kinds of thing. */
export function roleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const kinds = [
    {
      prefix: '/api/v1/org/:id',
      repository: new RoleRepository(ctx.db, ORG_SCOPE),
      body: userRoleBody(ORG_ROLES),
      access: async (request: FastifyRequest, need: Need) =>
        (await orgAccess(ctx.db, requireUser(request), idParam(request), need)).org.org_id,
    },
    {
      prefix: '/api/v1/project/:id',
      repository: new RoleRepository(ctx.db, PROJECT_SCOPE),
      body: userRoleBody(PROJECT_ROLES),
      access: async (request: FastifyRequest, need: Need) =>
        (await projectAccess(ctx.db, requireUser(request), idParam(request), need)).project.project_id,
    },
  ];

  for (const kind of kinds) {
    app.get(`${kind.prefix}/get_roles`, async (request) => {
      const id = await kind.access(request, 'member');
      return { roles: await kind.repository.list(id) };
    });

    app.post(`${kind.prefix}/user_role`, async (request) => {
      const id = await kind.access(request, 'admin');
      const body = parseInput(kind.body, request.body);
      await kind.repository.assign(id, requireUser(request), body.user_email, body.role);
      return {};
    });

    app.delete(`${kind.prefix}/user_role`, async (request) => {
      const id = await kind.access(request, 'admin');
      const query = parseInput(removeQuery, request.query);
      await kind.repository.remove(id, requireUser(request), query.user_email);
      return {};
    });
  }
}
