import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { currentUserKey } from '../api/auth';
import { View3dEntry } from './View3dEntry';
import { View3dPage } from './View3dPage';

afterEach(cleanup);

/** The model page's toolbar entry and the 3D page, for a signed-in user who is or is not a platform admin. */
function renderAs(isAdmin: boolean | null, path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(currentUserKey, isAdmin === null ? null : { email: 'a@example.com', is_admin: isAdmin });
  const router = createMemoryRouter(
    [
      { path: '/project/:projectId/model', element: <View3dEntry /> },
      { path: '/project/:projectId/model/3d', element: <View3dPage /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('the way into the 3D view', () => {
  it('is offered to a platform admin, keeping the storey of the plan', () => {
    renderAs(true, '/project/p1/model?storey=s2');
    expect(screen.getByRole('link', { name: '3D view (beta)' }).getAttribute('href')).toBe('/project/p1/model/3d?storey=s2');
  });

  it('is not offered to anyone else', () => {
    renderAs(false, '/project/p1/model');
    expect(screen.queryByRole('link', { name: '3D view (beta)' })).toBeNull();
  });

  it('is not there without a query client (the model page rendered on its own)', () => {
    const router = createMemoryRouter([{ path: '/', element: <View3dEntry /> }]);
    render(<RouterProvider router={router} />);
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('answers Not found at the 3D address to a user who is not a platform admin', () => {
    renderAs(false, '/project/p1/model/3d');
    expect(screen.getByRole('heading', { name: 'Not found' })).toBeTruthy();
    expect(screen.queryByTestId('view3d')).toBeNull();
  });
});
