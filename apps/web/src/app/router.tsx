import { Navigate, createBrowserRouter } from 'react-router';
import { SignedInLayout } from './layouts/SignedInLayout';
import { AdminLayout } from './layouts/AdminLayout';
import { LoginPage } from '../pages/login/LoginPage';
import { GrantPage } from '../pages/grant/GrantPage';
import { ErrorPage, RouteErrorPage } from '../pages/error/ErrorPage';
import { ProjectsPage } from '../pages/projects/ProjectsPage';
import { OrgsPage } from '../pages/orgs/OrgsPage';
import { IntegrationPage } from '../pages/integration/IntegrationPage';
import { AdminUsersPage } from '../pages/admin/users/AdminUsersPage';

/** The routes of P§2; anything else is the 404 page. */
export const router = createBrowserRouter([
  {
    errorElement: <RouteErrorPage />,
    children: [
      { path: '/', element: <LoginPage /> },
      { path: '/grant', element: <GrantPage /> },
      {
        element: <SignedInLayout />,
        children: [
          { path: '/projects', element: <ProjectsPage /> },
          { path: '/orgs', element: <OrgsPage /> },
          { path: '/integration', element: <IntegrationPage /> },
        ],
      },
      {
        path: '/edradm',
        element: <AdminLayout />,
        children: [
          { index: true, element: <Navigate to="/edradm/users" replace /> },
          { path: 'users', element: <AdminUsersPage /> },
          { path: '*', element: <ErrorPage status={404} message="Not found" /> },
        ],
      },
      { path: '*', element: <ErrorPage status={404} message="Not found" /> },
    ],
  },
]);
