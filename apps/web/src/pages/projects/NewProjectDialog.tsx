import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createProjectBody } from '@edrf/model';
import { listOrgs, orgsKey } from '../../api/orgs';
import { createProject, projectsKey } from '../../api/projects';
import { Modal } from '../../ui/Modal';
import { FormError, firstIssue } from '../../ui/FormError';

export const NEW_PROJECT_REQUIRED = 'Name and organization are required';

/** New project (P§2, P§5): a name and one of the user's organizations, both required; then its page. */
export function NewProjectDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { data: orgs, isPending } = useQuery({ queryKey: orgsKey, queryFn: listOrgs });
  const [name, setName] = useState('');
  const [chosenOrg, setOrgId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // With one organization there is nothing to choose.
  const orgId = chosenOrg ?? (orgs?.length === 1 ? (orgs[0]?.org_id ?? '') : '');

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim() || !orgId) return setError(NEW_PROJECT_REQUIRED);
    const parsed = createProjectBody.safeParse({ name, org_id: orgId });
    if (!parsed.success) return setError(firstIssue(parsed.error));
    setError(null);
    setBusy(true);
    try {
      const projectId = await createProject(parsed.data);
      await queryClient.invalidateQueries({ queryKey: projectsKey });
      onClose();
      await navigate(`/project/${encodeURIComponent(projectId)}`);
    } catch {
      // Shown by the API helper; the dialog stays open.
      setBusy(false);
    }
  }

  if (!isPending && orgs?.length === 0)
    return (
      <Modal
        title="New Project"
        onClose={onClose}
        footer={
          <button type="button" className="btn" onClick={onClose}>
            Close
          </button>
        }
      >
        <p>
          A project belongs to an organization, and you are not in any yet. Create one first on the{' '}
          <Link to="/orgs" onClick={onClose}>
            Organizations
          </Link>{' '}
          page.
        </p>
      </Modal>
    );

  return (
    <Modal title="New Project" onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <label className="field">
          <span>Name</span>
          <input value={name} onChange={(event) => setName(event.target.value)} />
        </label>
        <label className="field">
          <span>Organization</span>
          <select value={orgId} disabled={isPending} onChange={(event) => setOrgId(event.target.value)}>
            <option value="">{isPending ? 'Loading…' : 'Choose…'}</option>
            {orgs?.map((org) => (
              <option key={org.org_id} value={org.org_id}>
                {org.name}
              </option>
            ))}
          </select>
        </label>
        <FormError message={error} />
        <div className="modal-footer">
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            Create project
          </button>
        </div>
      </form>
    </Modal>
  );
}
