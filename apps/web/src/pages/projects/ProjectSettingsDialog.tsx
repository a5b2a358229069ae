import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { DEFAULT_PROJECT_ROLE, PROJECT_ROLES, type Project } from '@edrf/model';
import {
  deleteProject,
  getProjectRoles,
  projectRolesKey,
  projectsKey,
  refreshProjectQueries,
  removeProjectRole,
  renameProject,
  setProjectRole,
} from '../../api/projects';
import { toast } from '../../ui/alerts';
import { Modal } from '../../ui/Modal';
import { RenameField } from '../../ui/RenameField';
import { RolesEditor } from '../../ui/RolesEditor';
import { confirmAction } from '../../ui/confirm';

/** Project settings (P§2, P§6, project admins): rename, roles, and deleting it after a confirmation. */
export function ProjectSettingsDialog({ project, onClose }: { project: { project_id: string; name: string }; onClose: () => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [name, setName] = useState(project.name);
  const [busy, setBusy] = useState(false);
  const projectId = project.project_id;
  const refresh = () => refreshProjectQueries(queryClient);

  async function remove() {
    const sure = await confirmAction({
      title: 'Delete project',
      message: `Delete ${name}? Its roles, versions and files are deleted with it. This cannot be undone.`,
      confirmLabel: 'Delete project',
      danger: true,
    });
    if (!sure) return;
    setBusy(true);
    try {
      await deleteProject(projectId);
    } catch {
      // Shown by the API helper.
      return setBusy(false);
    }
    onClose();
    // Leave the project first, so that its page does not look for it once the list no longer has it.
    await navigate('/projects', { flushSync: true });
    queryClient.setQueryData<Project[]>(projectsKey, (projects) => projects?.filter((one) => one.project_id !== projectId));
    queryClient.removeQueries({ queryKey: ['project', projectId] });
    toast.info('Project deleted');
    await refresh();
  }

  return (
    <Modal title="Project settings" onClose={onClose} width="38rem">
      <RenameField
        name={project.name}
        successMessage="Project name updated"
        onSave={async (next) => {
          await renameProject(projectId, next);
          setName(next);
          await refresh();
        }}
      />
      <h3 className="section-title">Roles</h3>
      <RolesEditor
        roles={PROJECT_ROLES}
        defaultRole={DEFAULT_PROJECT_ROLE}
        queryKey={projectRolesKey(projectId)}
        load={() => getProjectRoles(projectId)}
        setRole={(email, role) => setProjectRole(projectId, email, role)}
        removeRole={(email) => removeProjectRole(projectId, email)}
        subject={name}
        onChanged={refresh}
      />
      <div className="danger-zone">
        <button type="button" className="btn btn-danger" disabled={busy} onClick={() => void remove()}>
          Delete project
        </button>
      </div>
    </Modal>
  );
}
