import { Outlet } from 'react-router';
import { RequireAdmin } from '../guards';
import { Sidebar } from './Sidebar';
import { UserMenu } from './UserMenu';

/** The admin area (P§2): its own sidebar with an App link back to /projects. */
export function AdminLayout() {
  return (
    <RequireAdmin>
      {(user) => (
        <div className="shell shell-admin">
          <Sidebar
            title="admin"
            links={[
              { to: '/edradm/users', label: 'Users' },
              { to: '/edradm/projects', label: 'Projects' },
              { to: '/edradm/orgs', label: 'Organizations' },
              { to: '/projects', label: 'App' },
            ]}
            foot={<UserMenu user={user} />}
          />
          <main className="content">
            <Outlet />
          </main>
        </div>
      )}
    </RequireAdmin>
  );
}
