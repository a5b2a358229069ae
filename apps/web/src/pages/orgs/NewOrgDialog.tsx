import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { createOrgBody } from '@edrf/model';
import { createOrg, orgsKey } from '../../api/orgs';
import { toast } from '../../ui/alerts';
import { Modal } from '../../ui/Modal';
import { FormError, firstIssue } from '../../ui/FormError';

/** New organization (P§2): a name; the creator becomes its admin. */
export function NewOrgDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = createOrgBody.safeParse({ name });
    if (!parsed.success) return setError(firstIssue(parsed.error));
    setError(null);
    setBusy(true);
    try {
      await createOrg({ name: parsed.data.name });
      await queryClient.invalidateQueries({ queryKey: orgsKey });
      toast.info(`Organization ${parsed.data.name} created`);
      onClose();
    } catch {
      // Shown by the API helper; the dialog stays open.
      setBusy(false);
    }
  }

  return (
    <Modal title="New Organization" onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <label className="field">
          <span>Name</span>
          <input value={name} onChange={(event) => setName(event.target.value)} />
        </label>
        <FormError message={error} />
        <div className="modal-footer">
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            Create organization
          </button>
        </div>
      </form>
    </Modal>
  );
}
