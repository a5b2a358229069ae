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
import { AdminOrgsPage } from '../pages/admin/orgs/AdminOrgsPage';
import { AdminProjectsPage } from '../pages/admin/projects/AdminProjectsPage';
import { OrgLayout } from './layouts/OrgLayout';
import { ProjectLayout } from './layouts/ProjectLayout';
import { BillingPage } from '../pages/org/BillingPage';
import { OrgOverviewPage } from '../pages/org/OrgOverviewPage';
import { ProjectOverviewPage } from '../pages/project/ProjectOverviewPage';
import { PropertyDetailsPage } from '../pages/project/PropertyDetailsPage';
import { ModelPage } from '../pages/project/model/ModelPage';
import { View3dPage } from '../view3d/View3dPage';
import { TraysPage } from '../pages/project/elec/trays/TraysPage';
import { FireIndex, FireLayout } from '../pages/project/fire/FireLayout';
import { ExportPage } from '../pages/project/fire/export/ExportPage';
import { FireSettingsLayout } from '../pages/project/fire/settings/FireSettingsLayout';
import { HardwarePage } from '../pages/project/fire/settings/hardware/HardwarePage';
import { OptimizationPage } from '../pages/project/fire/settings/optimization/OptimizationPage';
import { SbfPage } from '../pages/project/fire/settings/sbf/SbfPage';
import { UnitsPage } from '../pages/project/fire/units/UnitsPage';
import { SectionsPage } from '../pages/project/fire/sections/SectionsPage';
import { EquipmentPage } from '../pages/project/fire/equipment/EquipmentPage';
import { RoutesPage } from '../pages/project/fire/routes/RoutesPage';

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
        path: '/org/:orgId',
        element: <OrgLayout />,
        children: [
          { index: true, element: <OrgOverviewPage /> },
          { path: 'billing', element: <BillingPage /> },
        ],
      },
      // P§2 Project load: a missing project id sends the user to /.
      { path: '/project', element: <Navigate to="/" replace /> },
      {
        path: '/project/:projectId',
        element: <ProjectLayout />,
        children: [
          { index: true, element: <ProjectOverviewPage /> },
          { path: 'settings', element: <PropertyDetailsPage /> },
          { path: 'model', element: <ModelPage /> },
          { path: 'model/3d', element: <View3dPage /> },
          { path: 'electrical', element: <Navigate to="conduits" replace /> },
          { path: 'electrical/conduits', element: <TraysPage /> },
          {
            path: 'fire',
            element: <FireLayout />,
            children: [
              { index: true, element: <FireIndex /> },
              {
                path: 'settings',
                element: <FireSettingsLayout />,
                children: [
                  { index: true, element: <Navigate to="hardware" replace /> },
                  { path: 'hardware', element: <HardwarePage /> },
                  { path: 'optimization', element: <OptimizationPage /> },
                  { path: 'sbf', element: <SbfPage /> },
                ],
              },
              { path: 'units', element: <UnitsPage /> },
              { path: 'sections', element: <SectionsPage /> },
              { path: 'equipment', element: <EquipmentPage /> },
              { path: 'routes', element: <RoutesPage /> },
              { path: 'export', element: <ExportPage /> },
            ],
          },
        ],
      },
      {
        path: '/edradm',
        element: <AdminLayout />,
        children: [
          { index: true, element: <Navigate to="/edradm/users" replace /> },
          { path: 'users', element: <AdminUsersPage /> },
          { path: 'projects', element: <AdminProjectsPage /> },
          { path: 'orgs', element: <AdminOrgsPage /> },
          { path: '*', element: <ErrorPage status={404} message="Not found" /> },
        ],
      },
      { path: '*', element: <ErrorPage status={404} message="Not found" /> },
    ],
  },
]);
