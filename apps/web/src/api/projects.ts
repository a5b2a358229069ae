import type { Project, ProjectOrg, ProjectRole, RoleEntry } from '@edrf/model';
import type { QueryClient } from '@tanstack/react-query';
import { apiCall } from './client';

/** Project calls of docs/orgs.md and their query keys. */
export const projectsKey = ['projects'] as const;
export const projectRolesKey = (projectId: string) => ['project', projectId, 'roles'] as const;
export const projectOrgKey = (projectId: string) => ['project', projectId, 'org'] as const;

const projectPath = (projectId: string, rest = '') => `/api/v1/project/${encodeURIComponent(projectId)}${rest}`;

export const listProjects = () => apiCall<{ projects: Project[] }>('load projects', '/api/v1/list_projects').then((r) => r.projects);

export const createProject = (body: { name: string; org_id: string }) =>
  apiCall<{ project_id: string }>('create project', '/api/v1/create_project', { body }).then((r) => r.project_id);

export const getProjectOrg = (projectId: string) => apiCall<ProjectOrg>('load project organization', projectPath(projectId, '/org'));

export const renameProject = (projectId: string, name: string) =>
  apiCall<object>('rename project', projectPath(projectId, '/name'), { body: { name } });

export const deleteProject = (projectId: string) => apiCall<object>('delete project', projectPath(projectId), { method: 'DELETE' });

export const getProjectRoles = (projectId: string) =>
  apiCall<{ roles: RoleEntry<ProjectRole>[] }>('load roles', projectPath(projectId, '/get_roles')).then((r) => r.roles);

export const setProjectRole = (projectId: string, userEmail: string, role: ProjectRole) =>
  apiCall<object>('update role', projectPath(projectId, '/user_role'), { body: { user_email: userEmail, role } });

export const removeProjectRole = (projectId: string, userEmail: string) =>
  apiCall<object>('remove user', projectPath(projectId, `/user_role?user_email=${encodeURIComponent(userEmail)}`), {
    method: 'DELETE',
  });

/** After a change to a project: the lists that show it. */
export const refreshProjectQueries = (queryClient: QueryClient) =>
  Promise.all([queryClient.invalidateQueries({ queryKey: projectsKey }), queryClient.invalidateQueries({ queryKey: ['admin'] })]);
