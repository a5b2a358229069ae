import { useState, type FormEvent } from 'react';
import { renameBody } from '@edrf/model';
import { toast } from './alerts';
import { FormError, firstIssue } from './FormError';

/** Name and role messages stay 3 s (P§9). */
export const NAME_AND_ROLE_TOAST_MS = 3000;

interface RenameFieldProps {
  name: string;
  /** Renames on the server; a failure is shown by the API helper. */
  onSave: (name: string) => Promise<unknown>;
  /** The toast after a rename: 'Organization name updated', 'Project name updated'. */
  successMessage: string;
}

/** The name field of a settings dialog (organization or project) with its Save button. */
export function RenameField({ name, onSave, successMessage }: RenameFieldProps) {
  const [saved, setSaved] = useState(name);
  const [draft, setDraft] = useState(name);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = renameBody.safeParse({ name: draft });
    if (!parsed.success) return setError(firstIssue(parsed.error));
    setError(null);
    setBusy(true);
    try {
      await onSave(parsed.data.name);
      setSaved(parsed.data.name);
      setDraft(parsed.data.name);
      toast.info(successMessage, NAME_AND_ROLE_TOAST_MS);
    } catch {
      // The API helper has shown the failure.
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="rename" onSubmit={(event) => void submit(event)} noValidate>
      <label className="field">
        <span>Name</span>
        <div className="row">
          <input className="grow" value={draft} onChange={(event) => setDraft(event.target.value)} />
          <button type="submit" className="btn" disabled={busy || draft.trim() === saved}>
            Save
          </button>
        </div>
      </label>
      <FormError message={error} />
    </form>
  );
}
