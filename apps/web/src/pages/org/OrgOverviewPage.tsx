import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { getOrgRoles, orgRolesKey } from '../../api/orgs';
import { listProjects, projectsKey } from '../../api/projects';
import { adminProjectsKey, listAdminProjects } from '../../api/admin';
import { useOrgArea } from '../../app/layouts/OrgLayout';
import { roleLabel } from '../../lib/format';
import { relativeTime } from '../../lib/time';
import { LoadError } from '../../ui/LoadError';
import { OrgSettingsDialog } from '../orgs/OrgSettingsDialog';

export const ADMINS_ONLY_NOTE = "Billing and the organization's settings are for its admins.";
export const PROJECTS_NOTE = 'The projects of this organization you have a role in.';

interface Row {
  project_id: string;
  name: string;
  role: string | null;
  version_date: string | null;
}

/**
 * /org/{id} (docs/projects-ui.md): what every member may see of the organization — its name, their
 * role, its admins and the projects of it they have a role in (a platform admin: all of them).
 * Organization admins also get its settings here and Billing in the sidebar.
 */
export function OrgOverviewPage() {
  const { org, isAdmin, isPlatformAdmin } = useOrgArea();
  const [settings, setSettings] = useState(false);
  const navigate = useNavigate();
  const own = useQuery({ queryKey: projectsKey, queryFn: listProjects });
  const all = useQuery({ queryKey: adminProjectsKey, queryFn: listAdminProjects, enabled: isPlatformAdmin });
  const roles = useQuery({ queryKey: orgRolesKey(org.org_id), queryFn: () => getOrgRoles(org.org_id) });

  const ownRows: Row[] | undefined = own.data?.filter((project) => project.org_id === org.org_id);
  const rows: Row[] | undefined = isPlatformAdmin
    ? all.data && ownRows
      ? all.data
          .filter((project) => project.org_id === org.org_id)
          .map(
            (project) => ownRows.find((mine) => mine.project_id === project.project_id) ?? { ...project, role: null, version_date: null },
          )
      : undefined
    : ownRows;
  const failed = own.isError ? own : isPlatformAdmin && all.isError ? all : null;
  const admins = roles.data?.filter((row) => row.role === 'admin').map((row) => row.user_email);

  return (
    <section className="page">
      <header className="page-header">
        <h1>{org.name}</h1>
        {isAdmin && (
          <button type="button" className="btn" onClick={() => setSettings(true)}>
            Organization settings
          </button>
        )}
      </header>
      <div className="card">
        <dl className="details">
          <dt>Your role</dt>
          <dd>{org.role ? roleLabel(org.role) : 'None (platform admin)'}</dd>
          <dt>Admins</dt>
          <dd>{admins ? admins.join(', ') || '—' : roles.isError ? 'Unavailable' : 'Loading…'}</dd>
        </dl>
        {!isAdmin && <p className="muted org-note">{ADMINS_ONLY_NOTE}</p>}
      </div>
      <h2 className="section-title">Projects</h2>
      {!isPlatformAdmin && <p className="muted">{PROJECTS_NOTE}</p>}
      {!rows ? (
        failed ? (
          <LoadError error={failed.error} action="load projects" retrying={failed.isFetching} onRetry={() => void failed.refetch()} />
        ) : (
          <div className="empty-state">Loading projects…</div>
        )
      ) : rows.length === 0 ? (
        <div className="empty-state">No projects</div>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th>Project</th>
              <th>Your role</th>
              <th>Latest version</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((project) => (
              <tr key={project.project_id}>
                <td>
                  <Link to={`/project/${encodeURIComponent(project.project_id)}`} className="row-link">
                    {project.name}
                  </Link>
                </td>
                <td>{roleLabel(project.role)}</td>
                <td>
                  {project.version_date === null ? (
                    <span className="muted">—</span>
                  ) : (
                    <span title={new Date(project.version_date).toLocaleString()}>{relativeTime(project.version_date)}</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {settings && (
        <OrgSettingsDialog org={org} onClose={() => setSettings(false)} onDeleted={() => void navigate('/orgs', { replace: true })} />
      )}
    </section>
  );
}
