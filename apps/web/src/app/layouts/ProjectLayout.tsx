import { useSyncExternalStore, type ReactNode } from 'react';
import { NavLink, Outlet, useOutletContext, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { CurrentUser, ProjectRole } from '@edrf/model';
import { listProjects, projectsKey } from '../../api/projects';
import { adminProjectsKey, listAdminProjects } from '../../api/admin';
import { RedirectWithToast, RequireAuth } from '../guards';
import { Breadcrumb, Sidebar } from './Sidebar';
import { UserMenu } from './UserMenu';
import { ProjectStoreContext, useOpenProject, useProjectShortcuts } from '../../state/use-project';
import type { ProjectStore } from '../../state/project-store';
import { ProjectBar } from '../../pages/project/ProjectBar';

/** What the project area knows of its project. */
export interface ProjectSummary {
  project_id: string;
  name: string;
  org_id: string;
  org_name: string;
  /** The caller's role; null for a platform admin without one. */
  role: ProjectRole | null;
}

export interface ProjectArea {
  project: ProjectSummary;
  /** Project admins and platform admins: the settings dialog (P§6). */
  isAdmin: boolean;
}

export const useProjectArea = () => useOutletContext<ProjectArea>();

/** Navigation entries that need an architecture model: rooms or walls (P§5). */
export const NEEDS_ARCHITECTURE = 'Requires architecture model';

/** Whether the open project's model has rooms or walls; re-renders only when that changes. */
function useHasArchitecture(store: ProjectStore | null): boolean {
  return useSyncExternalStore(
    (listener) => store?.subscribe(listener) ?? (() => undefined),
    () => {
      const arch = store?.getState().model.arch;
      return arch !== undefined && (Object.keys(arch.rooms).length > 0 || Object.keys(arch.walls).length > 0);
    },
  );
}

/**
 * The project (docs/projects-ui.md): found in list_projects, which the projects list has usually
 * loaded already; a platform admin without a role finds it in admin/list_projects instead.
 */
function useProjectSummary(projectId: string, user: CurrentUser): { project?: ProjectSummary; missing: boolean } {
  const own = useQuery({ queryKey: projectsKey, queryFn: listProjects });
  const mine = own.data?.find((project) => project.project_id === projectId);
  const askAdmin = user.is_admin && own.isSuccess && !mine;
  const all = useQuery({ queryKey: adminProjectsKey, queryFn: listAdminProjects, enabled: askAdmin });
  if (mine) return { project: mine, missing: false };
  const other = askAdmin ? all.data?.find((project) => project.project_id === projectId) : undefined;
  if (other) return { project: { ...other, role: null }, missing: false };
  const settled = own.isError || (own.isSuccess && (!askAdmin || all.isSuccess || all.isError));
  return { missing: settled };
}

/** The project area (P§2): left navigation with 'Projects / {name}'; Electrical and Fire wait for a model. */
export function ProjectLayout() {
  return <RequireAuth>{(user) => <ProjectShell user={user} />}</RequireAuth>;
}

function ProjectShell({ user }: { user: CurrentUser }) {
  const { projectId = '' } = useParams();
  const { project, missing } = useProjectSummary(projectId, user);
  // The model: the local working copy or the latest version (P§4 Project open; state/open-project.ts).
  const opened = useOpenProject(projectId, user.email);
  const hasArchitecture = useHasArchitecture(opened.status === 'ready' ? opened.store : null);
  if (missing) return <RedirectWithToast to="/projects" message="Unable to find project" />;
  if (opened.status === 'failed') return opened.message ? <RedirectWithToast to="/projects" message={opened.message} /> : null;
  const base = `/project/${encodeURIComponent(projectId)}`;
  return (
    <div className="shell">
      <Sidebar
        head={
          <Breadcrumb
            parent={{ to: '/projects', label: 'Projects' }}
            separator="/"
            current={
              <NavLink to={base} end>
                {project?.name ?? '…'}
              </NavLink>
            }
          />
        }
        links={[
          { to: `${base}/settings`, label: 'Property details' },
          { to: `${base}/model`, label: 'Model' },
          {
            to: `${base}/electrical/conduits`,
            label: 'Electrical',
            disabled: !hasArchitecture,
            title: hasArchitecture ? undefined : NEEDS_ARCHITECTURE,
          },
          { to: `${base}/fire`, label: 'Fire', disabled: true, title: NEEDS_ARCHITECTURE },
        ]}
        foot={<UserMenu user={user} />}
      />
      <main className="content">
        {project && opened.status === 'ready' ? (
          <ProjectWorkspace store={opened.store} projectName={project.name}>
            <Outlet context={{ project, isAdmin: project.role === 'admin' || user.is_admin } satisfies ProjectArea} />
          </ProjectWorkspace>
        ) : (
          <div className="page muted">Loading…</div>
        )}
      </main>
    </div>
  );
}

/** The open project's pages: its store for them, the version bar and the keys of P§2. */
function ProjectWorkspace({ store, projectName, children }: { store: ProjectStore; projectName: string; children: ReactNode }) {
  useProjectShortcuts(store);
  return (
    <ProjectStoreContext value={store}>
      <ProjectBar store={store} projectName={projectName} />
      {children}
    </ProjectStoreContext>
  );
}
