import { useState, type FormEvent } from 'react';
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { normalizeEmail, userRoleBody, type RoleEntry } from '@edrf/model';
import { useCurrentUser } from '../api/auth';
import { checkUser } from '../api/orgs';
import { toast } from './alerts';
import { roleLabel } from '../lib/format';
import { confirmAction } from './confirm';
import { FormError } from './FormError';
import { NAME_AND_ROLE_TOAST_MS } from './RenameField';

export interface RolesEditorProps<R extends string> {
  /** The roles one may give, e.g. ['admin', 'standard']. */
  roles: readonly [R, ...R[]];
  /** The role a new row starts with (P§9: standard for organizations, editor for projects). */
  defaultRole: R;
  queryKey: QueryKey;
  load: () => Promise<RoleEntry<R>[]>;
  setRole: (userEmail: string, role: R) => Promise<unknown>;
  removeRole: (userEmail: string) => Promise<unknown>;
  /** Named in the remove confirmation: the organization's or project's name. */
  subject: string;
  /** After any change, so that lists showing the caller's role refresh. */
  onChanged: () => Promise<unknown>;
}

/**
 * The role rows of an organization or a project (P§2, P§4-6): each row in view mode (e-mail, role,
 * Edit, Remove) or edit mode (role, Save, Cancel), and a row to add a user. One's own row is
 * disabled unless one is a platform admin.
 */
export function RolesEditor<R extends string>({
  roles,
  defaultRole,
  queryKey,
  load,
  setRole,
  removeRole,
  subject,
  onChanged,
}: RolesEditorProps<R>) {
  const { data: me } = useCurrentUser();
  const { data: rows, isPending, refetch } = useQuery({ queryKey, queryFn: load });
  const [editing, setEditing] = useState<{ email: string; role: R } | null>(null);
  const [newEmail, setNewEmail] = useState('');
  const [newRole, setNewRole] = useState<R>(defaultRole);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** Runs one change at a time; the API helper shows failures. */
  async function run(change: () => Promise<void>) {
    setBusy(true);
    try {
      await change();
    } catch {
      // Shown by the API helper.
    } finally {
      setBusy(false);
      await Promise.all([refetch(), onChanged()]);
    }
  }

  function saveEdit() {
    if (!editing) return;
    const before = rows?.find((row) => row.user_email === editing.email);
    if (before?.role === editing.role) return setEditing(null);
    void run(async () => {
      await setRole(editing.email, editing.role);
      setEditing(null);
      toast.info('Role updated', NAME_AND_ROLE_TOAST_MS);
    });
  }

  async function remove(email: string) {
    const sure = await confirmAction({
      title: 'Remove user',
      message: `Remove ${email} from ${subject}?`,
      confirmLabel: 'Remove',
      danger: true,
    });
    if (!sure) return;
    await run(async () => {
      await removeRole(email);
      toast.info('User removed', NAME_AND_ROLE_TOAST_MS);
    });
  }

  async function add(event: FormEvent) {
    event.preventDefault();
    const parsed = userRoleBody(roles).safeParse({ user_email: newEmail, role: newRole });
    if (!parsed.success) return setError('Enter a valid e-mail address');
    setError(null);
    const email = parsed.data.user_email;
    setBusy(true);
    try {
      if (!(await checkUser(email))) return toast.error('User not found');
      if (rows?.some((row) => normalizeEmail(row.user_email) === email)) return toast.warning('User already has a role');
    } catch {
      return; // Shown by the API helper.
    } finally {
      setBusy(false);
    }
    await run(async () => {
      await setRole(email, newRole);
      setNewEmail('');
      setNewRole(defaultRole);
      toast.info('Role updated', NAME_AND_ROLE_TOAST_MS);
    });
  }

  const roleOptions = roles.map((role) => (
    <option key={role} value={role}>
      {roleLabel(role)}
    </option>
  ));

  return (
    <div className="roles-editor">
      <table className="table roles-table">
        <thead>
          <tr>
            <th>E-mail</th>
            <th>Role</th>
            <th aria-label="Actions" />
          </tr>
        </thead>
        <tbody>
          {isPending && (
            <tr>
              <td colSpan={3} className="muted">
                Loading roles…
              </td>
            </tr>
          )}
          {rows?.map((row) => {
            const own = me?.email !== undefined && normalizeEmail(row.user_email) === normalizeEmail(me.email);
            const locked = own && !me?.is_admin;
            const lockedTitle = locked ? 'You cannot change your own role' : undefined;
            if (editing?.email === row.user_email)
              return (
                <tr key={row.user_email} className="role-row editing">
                  <td>{row.user_email}</td>
                  <td>
                    <select
                      aria-label={`Role of ${row.user_email}`}
                      value={editing.role}
                      onChange={(event) => setEditing({ email: row.user_email, role: event.target.value as R })}
                    >
                      {roleOptions}
                    </select>
                  </td>
                  <td className="actions">
                    <button type="button" className="btn btn-small btn-primary" disabled={busy} onClick={saveEdit}>
                      Save
                    </button>
                    <button type="button" className="btn btn-small" disabled={busy} onClick={() => setEditing(null)}>
                      Cancel
                    </button>
                  </td>
                </tr>
              );
            return (
              <tr key={row.user_email} className={locked ? 'role-row disabled' : 'role-row'} aria-disabled={locked || undefined}>
                <td>
                  {row.user_email}
                  {own && <span className="muted"> (you)</span>}
                </td>
                <td>{roleLabel(row.role)}</td>
                <td className="actions">
                  <button
                    type="button"
                    className="btn btn-small"
                    aria-label={`Edit ${row.user_email}`}
                    title={lockedTitle}
                    disabled={locked || busy || editing !== null}
                    onClick={() => setEditing({ email: row.user_email, role: row.role })}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    className="btn btn-small btn-danger-quiet"
                    aria-label={`Remove ${row.user_email}`}
                    title={lockedTitle}
                    disabled={locked || busy || editing !== null}
                    onClick={() => void remove(row.user_email)}
                  >
                    Remove
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <form className="role-add" onSubmit={(event) => void add(event)} noValidate>
        <input
          className="grow"
          type="email"
          placeholder="E-mail"
          aria-label="E-mail of the user to add"
          value={newEmail}
          onChange={(event) => setNewEmail(event.target.value)}
        />
        <select aria-label="Role of the user to add" value={newRole} onChange={(event) => setNewRole(event.target.value as R)}>
          {roleOptions}
        </select>
        <button type="submit" className="btn" disabled={busy}>
          Add
        </button>
      </form>
      <FormError message={error} />
    </div>
  );
}
