import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@edrf/model';
import { logout } from '../../api/auth';
import { clearLocalCache } from '../../state/local-cache';
import { toast } from '../../ui/alerts';

/** An e-mail that may break after its @ (and anywhere, when a part is longer than the line). */
function emailLines(email: string) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

/** The log-out menu at the foot of the sidebar, showing the user's e-mail (P§2). */
export function UserMenu({ user }: { user: CurrentUser }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const menu = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent) => {
      if (!menu.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  async function onLogout() {
    setBusy(true);
    try {
      await logout();
      await clearLocalCache(user.email);
      queryClient.clear();
      await navigate('/', { replace: true });
    } catch {
      toast.error('Failed to log out');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="user-menu" ref={menu}>
      <button type="button" className="user-menu-button" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen(!open)}>
        <span className="avatar">{user.email.slice(0, 1).toUpperCase()}</span>
        <span className="user-email" title={user.email}>
          {emailLines(user.email)}
        </span>
      </button>
      {open && (
        <div className="user-menu-list" role="menu">
          {user.is_admin && (
            <Link role="menuitem" to="/edradm" onClick={() => setOpen(false)}>
              Admin
            </Link>
          )}
          <button type="button" role="menuitem" disabled={busy} onClick={() => void onLogout()}>
            {busy ? 'Logging out…' : 'Log out'}
          </button>
        </div>
      )}
    </div>
  );
}
