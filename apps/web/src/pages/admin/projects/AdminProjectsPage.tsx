import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { AdminProject, ProjectIfcFile } from '@edrf/model';
import { adminProjectsKey, downloadAllIfc, downloadIfc, listAdminProjects } from '../../../api/admin';
import { fileTitle, truncateName } from '../../../lib/files';
import { relativeTime } from '../../../lib/time';

/** Admin projects (P§2): every project, with its IFC files to download one by one or all at once. */
export function AdminProjectsPage() {
  const { data: projects, isPending } = useQuery({ queryKey: adminProjectsKey, queryFn: listAdminProjects });
  const [busy, setBusy] = useState<Set<string>>(new Set());

  async function track(key: string, work: () => Promise<unknown>) {
    setBusy((keys) => new Set(keys).add(key));
    try {
      await work();
    } finally {
      setBusy((keys) => {
        const next = new Set(keys);
        next.delete(key);
        return next;
      });
    }
  }

  const downloadOne = (project: AdminProject, file: ProjectIfcFile) =>
    void track(`${project.project_id}/${file.ifc_object_id}`, () => downloadIfc(project.project_id, file));
  const downloadAll = (project: AdminProject) =>
    void track(project.project_id, () => downloadAllIfc(project.project_id, project.ifc_files));

  return (
    <section className="page">
      <header className="page-header">
        <h1>Projects</h1>
      </header>
      {isPending ? (
        <div className="empty-state">Loading projects…</div>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th>Project</th>
              <th>Organization</th>
              <th>Created</th>
              <th>IFC files</th>
              <th aria-label="Actions" />
            </tr>
          </thead>
          <tbody>
            {projects?.map((project) => (
              <tr key={project.project_id}>
                <td>
                  <Link to={`/project/${encodeURIComponent(project.project_id)}`} className="row-link">
                    {project.name}
                  </Link>
                </td>
                <td>{project.org_name}</td>
                <td title={new Date(project.created_at).toLocaleString()}>{relativeTime(project.created_at)}</td>
                <td>
                  {project.ifc_files.length === 0 ? (
                    <span className="muted">—</span>
                  ) : (
                    <ul className="download-list">
                      {project.ifc_files.map((file) => (
                        <li key={file.ifc_object_id}>
                          <button
                            type="button"
                            className="link-button"
                            title={`Download ${fileTitle(file)}`}
                            disabled={busy.has(`${project.project_id}/${file.ifc_object_id}`) || busy.has(project.project_id)}
                            onClick={() => downloadOne(project, file)}
                          >
                            {truncateName(file.file_name)}
                          </button>
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
                <td className="actions">
                  {project.ifc_files.length > 0 && (
                    <button
                      type="button"
                      className="btn btn-small"
                      aria-label={`Download all IFC files of ${project.name}`}
                      disabled={busy.has(project.project_id)}
                      onClick={() => downloadAll(project)}
                    >
                      {busy.has(project.project_id) ? 'Downloading…' : 'Download all'}
                    </button>
                  )}
                </td>
              </tr>
            ))}
            {projects?.length === 0 && (
              <tr>
                <td colSpan={5} className="empty-state">
                  No projects
                </td>
              </tr>
            )}
          </tbody>
        </table>
      )}
    </section>
  );
}
