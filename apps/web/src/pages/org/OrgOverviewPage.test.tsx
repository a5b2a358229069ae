/**
 * Issue 20 (8): a standard member who opens an organization sees what they may see of it — its name,
 * their role, its admins and the projects of it they have a role in — not a page saying billing is
 * for admins. Admins see the same, with the organization's settings and Billing.
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import type { Org, Project } from '@edrf/model';
import { currentUserKey } from '../../api/auth';
import { OrgLayout } from '../../app/layouts/OrgLayout';
import { BillingPage } from './BillingPage';
import { ADMINS_ONLY_NOTE, OrgOverviewPage } from './OrgOverviewPage';

const calls: string[] = [];
let orgRole: Org['role'] = 'standard';

const project = (id: string, name: string, orgId: string, role: Project['role']): Project => ({
  project_id: id,
  name,
  org_id: orgId,
  org_name: orgId === 'o1' ? 'Harbour AB' : 'Rail AB',
  role,
  version_comment: null,
  version_date: null,
  ifc_files: [],
  billing_type: 'direct',
});

function answer(url: string): [number, unknown] {
  if (url === '/api/v1/org/o1') return [200, { org_id: 'o1', name: 'Harbour AB', role: orgRole, billing_type: 'direct' }];
  if (url === '/api/v1/org/o1/get_roles')
    return [
      200,
      {
        roles: [
          { user_email: 'ivan@example.com', role: 'admin' },
          { user_email: 'rita@example.com', role: orgRole },
        ],
      },
    ];
  if (url === '/api/v1/list_projects')
    return [200, { projects: [project('p1', 'Harbour Hall', 'o1', 'editor'), project('p2', 'Depot Tower', 'o2', 'admin')] }];
  if (url.endsWith('/billing_info') || url.endsWith('/payment_history')) return [403, { detail: 'Only organization admins can do this' }];
  return [404, { detail: 'Not found' }];
}

beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal('fetch', (url: string) => {
    calls.push(url);
    const [status, body] = answer(url);
    return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(currentUserKey, { email: 'rita@example.com', is_admin: false });
  const router = createMemoryRouter(
    [
      {
        path: '/org/:orgId',
        element: <OrgLayout />,
        children: [
          { index: true, element: <OrgOverviewPage /> },
          { path: 'billing', element: <BillingPage /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const detail = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('the organization overview', () => {
  it('shows a standard member the name, their role, the admins and their projects of it', async () => {
    orgRole = 'standard';
    renderAt('/org/o1');
    expect(await screen.findByRole('heading', { name: 'Harbour AB', level: 1 })).toBeTruthy();
    expect(detail('Your role')).toBe('Standard');
    await screen.findByText('ivan@example.com');
    expect(detail('Admins')).toBe('ivan@example.com');
    expect(screen.getByText(ADMINS_ONLY_NOTE)).toBeTruthy();
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('link', { name: 'Harbour Hall' }).getAttribute('href')).toBe('/project/p1');
    expect(within(table).getByRole('cell', { name: 'Editor' })).toBeTruthy();
    expect(screen.queryByText('Depot Tower')).toBeNull();
    expect(screen.queryByText('Only organization admins can see billing')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Organization settings' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Billing' })).toBeNull();
  });

  it('takes a standard member who opens the billing address to the overview, without asking for billing', async () => {
    orgRole = 'standard';
    const router = renderAt('/org/o1/billing');
    expect(await screen.findByRole('heading', { name: 'Harbour AB', level: 1 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/org/o1');
    expect(screen.queryByText('Only organization admins can see billing')).toBeNull();
    expect(calls.filter((url) => url.includes('billing') || url.includes('payment'))).toEqual([]);
  });

  it('gives an organization admin the settings and Billing too', async () => {
    orgRole = 'admin';
    renderAt('/org/o1');
    expect(await screen.findByRole('button', { name: 'Organization settings' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Billing' }).getAttribute('href')).toBe('/org/o1/billing');
    expect(detail('Your role')).toBe('Admin');
    expect(screen.queryByText(ADMINS_ONLY_NOTE)).toBeNull();
  });
});
