import { useState, useSyncExternalStore, type ReactNode } from 'react';
import { NavLink, Outlet, useNavigate, useOutletContext, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { BillingType, CurrentUser, ProjectRole } from '@edrf/model';
import { listProjects, projectsKey } from '../../api/projects';
import { adminProjectsKey, listAdminProjects } from '../../api/admin';
import { RedirectWithToast, RequireAuth } from '../guards';
import { Breadcrumb, Sidebar } from './Sidebar';
import { UserMenu } from './UserMenu';
import { ProjectStoreContext, useOpenProject, useProjectShortcuts } from '../../state/use-project';
import type { ProjectStore } from '../../state/project-store';
import { ProjectBar } from '../../pages/project/ProjectBar';
import { AddFireModuleDialog } from '../../pages/project/fire/AddFireModuleDialog';

/** What the project area knows of its project. */
export interface ProjectSummary {
  project_id: string;
  name: string;
  org_id: string;
  org_name: string;
  /** The caller's role; null for a platform admin without one. */
  role: ProjectRole | null;
  /** The organization's billing type, where the project list says it (P§9: no fire module cost when prepaid). */
  billing_type?: BillingType;
}

export interface ProjectArea {
  project: ProjectSummary;
  /** Project admins and platform admins: the settings dialog (P§6). */
  isAdmin: boolean;
}

export const useProjectArea = () => useOutletContext<ProjectArea>();

/** Navigation entries that need an architecture model: rooms or walls (P§5). */
export const NEEDS_ARCHITECTURE = 'Requires architecture model';

/** P§5: adding a fire module needs a model with rooms. */
export const NEEDS_ROOMS = 'Requires a model with rooms';

const ROOMS = 1;
const WALLS = 2;
const FIRE = 4;

/** What the navigation's gating reads of the open model, as flags; re-renders only when one changes. */
function useModelFlags(store: ProjectStore | null): { rooms: boolean; architecture: boolean; fire: boolean } {
  const flags = useSyncExternalStore(
    (listener) => store?.subscribe(listener) ?? (() => undefined),
    () => {
      const model = store?.getState().model;
      if (!model) return 0;
      return (
        (Object.keys(model.arch.rooms).length > 0 ? ROOMS : 0) |
        (Object.keys(model.arch.walls).length > 0 ? WALLS : 0) |
        (model.fire ? FIRE : 0)
      );
    },
  );
  return { rooms: (flags & ROOMS) !== 0, architecture: (flags & (ROOMS | WALLS)) !== 0, fire: (flags & FIRE) !== 0 };
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
  const navigate = useNavigate();
  // The model: the local working copy or the latest version (P§4 Project open; state/open-project.ts).
  const opened = useOpenProject(projectId, user.email);
  const has = useModelFlags(opened.status === 'ready' ? opened.store : null);
  const [addingFire, setAddingFire] = useState(false);
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
            disabled: !has.architecture,
            title: has.architecture ? undefined : NEEDS_ARCHITECTURE,
          },
          // P§2: Fire opens the fire area, or the 'Add Fire Module' dialog when the model has no fire config.
          {
            to: `${base}/fire`,
            label: 'Fire',
            disabled: !has.rooms && !has.fire,
            title: has.rooms || has.fire ? undefined : NEEDS_ROOMS,
            onClick: has.fire ? undefined : () => setAddingFire(true),
          },
        ]}
        foot={<UserMenu user={user} />}
      />
      <main className="content">
        {project && opened.status === 'ready' ? (
          <ProjectWorkspace store={opened.store} projectName={project.name}>
            <Outlet context={{ project, isAdmin: project.role === 'admin' || user.is_admin } satisfies ProjectArea} />
            {addingFire && (
              <AddFireModuleDialog
                prepaid={project.billing_type === 'prepaid'}
                platformAdmin={user.is_admin}
                onClose={() => setAddingFire(false)}
                onAdded={() => {
                  setAddingFire(false);
                  void navigate(`${base}/fire/units`);
                }}
              />
            )}
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
