import { useContext } from 'react';
import { Link, useLocation } from 'react-router';
import { QueryClientContext } from '@tanstack/react-query';
import { useCurrentUser } from '../api/auth';

/**
 * The model page's way into the 3D view (beta): shown to platform admins only (P§6). Without a query
 * client (a page rendered on its own, as in component tests) there is no user, so no entry.
 */
export function View3dEntry() {
  return useContext(QueryClientContext) ? <EntryForAdmins /> : null;
}

function EntryForAdmins() {
  const { data: user } = useCurrentUser();
  const location = useLocation();
  if (!user?.is_admin) return null;
  return (
    <Link className="btn btn-small" to={{ pathname: `${location.pathname.replace(/\/$/, '')}/3d`, search: location.search }}>
      3D view (beta)
    </Link>
  );
}
