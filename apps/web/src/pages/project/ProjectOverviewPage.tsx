import { useState } from 'react';
import { useProjectArea } from '../../app/layouts/ProjectLayout';
import { roleLabel } from '../../lib/format';
import { useProjectStore } from '../../state/use-project';
import { ProjectSettingsDialog } from '../projects/ProjectSettingsDialog';
import { AddIfcsDialog } from './AddIfcsDialog';

/** The project's landing page: what it is, where it belongs, the user's role, and its settings for admins. */
export function ProjectOverviewPage() {
  const { project, isAdmin } = useProjectArea();
  const store = useProjectStore();
  const [settings, setSettings] = useState(false);
  const [addIfcs, setAddIfcs] = useState(false);
  return (
    <section className="page">
      <header className="page-header">
        <h1>{project.name}</h1>
        <div className="page-actions">
          <button type="button" className="btn" onClick={() => setAddIfcs(true)}>
            Add IFCs
          </button>
          {isAdmin && (
            <button type="button" className="btn" onClick={() => setSettings(true)}>
              Project settings
            </button>
          )}
        </div>
      </header>
      <div className="card">
        <dl className="details">
          <dt>Organization</dt>
          <dd>{project.org_name}</dd>
          <dt>Your role</dt>
          <dd>{project.role ? roleLabel(project.role) : 'None (platform admin)'}</dd>
        </dl>
      </div>
      {addIfcs && <AddIfcsDialog store={store} onClose={() => setAddIfcs(false)} />}
      {settings && <ProjectSettingsDialog project={project} onClose={() => setSettings(false)} />}
    </section>
  );
}
