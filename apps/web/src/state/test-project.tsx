import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Outlet, RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';
import { WORKING_VERSION, type Model } from '@edrf/model';
import { ProjectStore } from './project-store';
import { ProjectStoreContext, useProjectShortcuts } from './use-project';

/**
 * Pages of an open project in tests: a real project store (undo, redo, batching) on `model`, with no server
 * behind it, and the project's pages under /project/:projectId with the P§2 keys, as ProjectLayout gives them.
 */
export function testProjectStore(model: Model): ProjectStore {
  return new ProjectStore(
    { projectId: 'p1', model, identity: WORKING_VERSION, parent: null, workingRevision: 'rev-1', versionComment: null },
    {
      transport: {
        sync: () => Promise.reject(new Error('no server in tests')),
        save: () => Promise.reject(new Error('no server in tests')),
      },
    },
  );
}

function Workspace({ store }: { store: ProjectStore }) {
  useProjectShortcuts(store);
  return (
    <ProjectStoreContext value={store}>
      <Outlet />
    </ProjectStoreContext>
  );
}

/** Renders project `p1`'s pages (`routes`, relative to /project/p1) at `at`; answers the store and the router. */
export function renderProjectPages(model: Model | ProjectStore, routes: RouteObject[], at: string) {
  const store = model instanceof ProjectStore ? model : testProjectStore(model);
  const router = createMemoryRouter([{ path: '/project/:projectId', element: <Workspace store={store} />, children: routes }], {
    initialEntries: [at],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { store, router };
}
