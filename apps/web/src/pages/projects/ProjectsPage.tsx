import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { Project } from '@edrf/model';
import { listProjects, projectsKey } from '../../api/projects';
import { filePreview } from '../../lib/files';
import { relativeTime } from '../../lib/time';
import { SettingsButton } from '../../ui/icons';
import { LoadError } from '../../ui/LoadError';
import { NewProjectDialog } from './NewProjectDialog';
import { ProjectSettingsDialog } from './ProjectSettingsDialog';

/** Grey without a saved version, green with one (docs/projects-ui.md). */
function StatusDot({ project }: { project: Project }) {
  const saved = project.version_date !== null;
  const title = saved ? 'Saved version' : 'No saved version';
  return <span className={saved ? 'status-dot saved' : 'status-dot'} title={title} role="img" aria-label={title} />;
}

function LatestVersion({ project }: { project: Project }) {
  if (project.version_date === null) return <span className="muted">—</span>;
  return (
    <span className="latest-version">
      <span className="version-comment">{project.version_comment}</span>
      <span className="muted" title={new Date(project.version_date).toLocaleString()}>
        {relativeTime(project.version_date)}
      </span>
    </span>
  );
}

function UploadedFiles({ project }: { project: Project }) {
  const { shown, more, moreTitle } = filePreview(project.ifc_files);
  if (shown.length === 0) return <span className="muted">—</span>;
  return (
    <span className="file-list">
      {shown.map((file) => (
        <span key={file.key} className="file-chip" title={file.title}>
          {file.label}
        </span>
      ))}
      {more > 0 && (
        <span className="file-more" title={moreTitle}>
          +{more}
        </span>
      )}
    </span>
  );
}

/** The project list (P§2): a row opens its project; project admins get a settings icon. */
export function ProjectsPage() {
  const navigate = useNavigate();
  const { data: projects, isError, error, refetch, isFetching } = useQuery({ queryKey: projectsKey, queryFn: listProjects });
  const [creating, setCreating] = useState(false);
  const [settingsOf, setSettingsOf] = useState<Project | null>(null);
  const open = (project: Project) => void navigate(`/project/${encodeURIComponent(project.project_id)}`);

  return (
    <section className="page">
      <header className="page-header">
        <h1>Projects</h1>
        <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
          New Project
        </button>
      </header>
      {!projects ? (
        // A failed load is not an empty account: the error and Retry (docs/projects-ui.md).
        isError ? (
          <LoadError error={error} action="load projects" retrying={isFetching} onRetry={() => void refetch()} />
        ) : (
          <div className="empty-state">Loading projects…</div>
        )
      ) : !projects.length ? (
        <div className="empty-state">No projects</div>
      ) : (
        <table className="table table-rows-open">
          <thead>
            <tr>
              <th aria-label="Status" className="status-col" />
              <th>Project</th>
              <th>Organization</th>
              <th>Latest version</th>
              <th>Uploaded files</th>
              <th aria-label="Settings" />
            </tr>
          </thead>
          <tbody>
            {projects.map((project) => (
              <tr key={project.project_id} onClick={() => open(project)}>
                <td className="status-col">
                  <StatusDot project={project} />
                </td>
                <td>
                  <Link
                    to={`/project/${encodeURIComponent(project.project_id)}`}
                    className="row-link"
                    onClick={(event) => event.stopPropagation()}
                  >
                    {project.name}
                  </Link>
                </td>
                <td>{project.org_name}</td>
                <td>
                  <LatestVersion project={project} />
                </td>
                <td>
                  <UploadedFiles project={project} />
                </td>
                <td className="actions">
                  {project.role === 'admin' && (
                    <SettingsButton label={`Settings of ${project.name}`} onClick={() => setSettingsOf(project)} />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {creating && <NewProjectDialog onClose={() => setCreating(false)} />}
      {settingsOf && <ProjectSettingsDialog project={settingsOf} onClose={() => setSettingsOf(null)} />}
    </section>
  );
}
