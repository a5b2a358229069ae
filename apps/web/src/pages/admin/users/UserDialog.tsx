import { useState, type FormEvent } from 'react';
import { LOGIN_PROVIDERS, PROVIDER_LABELS, USER_FORM_REQUIRED, userFormSchema, type AdminUser, type UserForm } from '@edrf/model';
import { Modal } from '../../../ui/Modal';
import { confirmAction } from '../../../ui/confirm';
import { FormError } from '../../../ui/FormError';

interface UserDialogProps {
  /** The user to edit; absent for a new user. */
  user?: AdminUser;
  onSave: (form: UserForm) => Promise<void>;
  onClose: () => void;
}

/** Create or edit a user (P§2, P§5): e-mail and provider required; granting admin asks first. */
export function UserDialog({ user, onSave, onClose }: UserDialogProps) {
  const [email, setEmail] = useState(user?.email ?? '');
  const [provider, setProvider] = useState<string>(user?.provider ?? '');
  const [isAdmin, setIsAdmin] = useState(user?.is_admin ?? false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function toggleAdmin(checked: boolean) {
    if (checked) {
      const who = email.trim() || 'This user';
      const sure = await confirmAction({
        title: 'Grant admin rights',
        message: `${who} will be a platform admin: able to manage every user, organization and project. Continue?`,
        confirmLabel: 'Grant admin',
      });
      if (!sure) return;
    }
    setIsAdmin(checked);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = userFormSchema.safeParse({ email, provider, is_admin: isAdmin });
    if (!parsed.success) return setError(USER_FORM_REQUIRED);
    setBusy(true);
    setError(null);
    try {
      await onSave(parsed.data);
    } catch {
      // The API helper has shown the failure as a toast; the dialog stays open for a fix.
      setBusy(false);
    }
  }

  return (
    <Modal title={user ? 'Edit user' : 'New user'} onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <label className="field">
          <span>E-mail</span>
          <input type="email" value={email} onChange={(event) => setEmail(event.target.value)} />
        </label>
        <label className="field">
          <span>Login provider</span>
          <select value={provider} onChange={(event) => setProvider(event.target.value)}>
            <option value="">Choose…</option>
            {LOGIN_PROVIDERS.map((name) => (
              <option key={name} value={name}>
                {PROVIDER_LABELS[name]}
              </option>
            ))}
          </select>
        </label>
        <label className="check">
          <input type="checkbox" checked={isAdmin} onChange={(event) => void toggleAdmin(event.target.checked)} />
          <span>Platform admin</span>
        </label>
        <FormError message={error} />
        <div className="modal-footer">
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {user ? 'Save' : 'Create user'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
