import { Outlet } from 'react-router';
import { RequireAuth } from '../guards';
import { Sidebar } from './Sidebar';
import { UserMenu } from './UserMenu';

export function SignedInLayout() {
  return (
    <RequireAuth>
      {(user) => (
        <div className="shell">
          <Sidebar
            links={[
              { to: '/projects', label: 'Projects' },
              { to: '/orgs', label: 'Organizations' },
            ]}
            foot={<UserMenu user={user} />}
          />
          <main className="content">
            <Outlet />
          </main>
        </div>
      )}
    </RequireAuth>
  );
}
