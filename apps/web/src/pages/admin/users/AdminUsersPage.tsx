import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PROVIDER_LABELS, type AdminUser, type UserForm } from '@edrf/model';
import { adminUsersKey, createUser, deleteUser, listUsers, updateUser } from '../../../api/admin-users';
import { useCurrentUser } from '../../../api/auth';
import { toast } from '../../../ui/alerts';
import { confirmAction } from '../../../ui/confirm';
import { relativeTime } from '../../../lib/time';
import { UserDialog } from './UserDialog';

type Editing = { kind: 'new' } | { kind: 'edit'; user: AdminUser } | null;

/** Admin users (P§2): list, create, edit, delete. */
export function AdminUsersPage() {
  const queryClient = useQueryClient();
  const { data: me } = useCurrentUser();
  const { data: users, isPending } = useQuery({ queryKey: adminUsersKey, queryFn: listUsers });
  const [filter, setFilter] = useState('');
  const [editing, setEditing] = useState<Editing>(null);

  const shown = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    return (users ?? []).filter((user) => !needle || user.email.includes(needle));
  }, [users, filter]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: adminUsersKey });

  async function save(form: UserForm) {
    if (editing?.kind === 'edit') {
      const saved = await updateUser(editing.user.user_id, form);
      toast.info(`User ${saved.email} updated successfully`);
    } else {
      const created = await createUser(form);
      toast.info(`User ${created.email} created successfully`);
    }
    setEditing(null);
    await refresh();
  }

  async function remove(user: AdminUser) {
    if (user.email === me?.email) return toast.error('Cannot delete your own account');
    const sure = await confirmAction({
      title: 'Delete user',
      message: `Delete ${user.email}? They lose access at once. This cannot be undone.`,
      confirmLabel: 'Delete',
      danger: true,
    });
    if (!sure) return;
    try {
      await deleteUser(user.user_id);
      toast.info('User deleted successfully');
    } finally {
      await refresh();
    }
  }

  return (
    <section className="page">
      <header className="page-header">
        <h1>Users</h1>
        <input
          className="search"
          type="search"
          placeholder="Filter by e-mail"
          aria-label="Filter users"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
        />
        <button type="button" className="btn btn-primary" onClick={() => setEditing({ kind: 'new' })}>
          New user
        </button>
      </header>
      {isPending ? (
        <div className="empty-state">Loading users…</div>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th>E-mail</th>
              <th>Provider</th>
              <th>Admin</th>
              <th>Organizations</th>
              <th>Created</th>
              <th aria-label="Actions" />
            </tr>
          </thead>
          <tbody>
            {shown.map((user) => (
              <tr key={user.user_id}>
                <td>{user.email}</td>
                <td>{PROVIDER_LABELS[user.provider]}</td>
                <td>{user.is_admin ? <span className="badge">Admin</span> : ''}</td>
                <td>{user.org_names.join(', ')}</td>
                <td title={new Date(user.created_at).toLocaleString()}>{relativeTime(user.created_at)}</td>
                <td className="actions">
                  <button
                    type="button"
                    className="btn btn-small"
                    aria-label={`Edit ${user.email}`}
                    onClick={() => setEditing({ kind: 'edit', user })}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    className="btn btn-small btn-danger-quiet"
                    aria-label={`Delete ${user.email}`}
                    onClick={() => void remove(user)}
                  >
                    Delete
                  </button>
                </td>
              </tr>
            ))}
            {shown.length === 0 && (
              <tr>
                <td colSpan={6} className="empty-state">
                  {filter ? 'No user matches the filter' : 'No users'}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      )}
      {editing && <UserDialog user={editing.kind === 'edit' ? editing.user : undefined} onSave={save} onClose={() => setEditing(null)} />}
    </section>
  );
}
