/**
 * Issue 20 (5, 8): a failed list_orgs shows the error and Retry instead of 'No organizations'; every
 * member, standard ones too, opens an organization from its name.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import type { Org } from '@edrf/model';
import { currentUserKey } from '../../api/auth';
import { alertsStore } from '../../ui/alerts';
import { upgradeRequiredStore } from '../../ui/app-status';
import { OrgsPage } from './OrgsPage';
import { stubAnswers, type Answer } from '../../api/test-answers';

let answers: Answer[] = [];

beforeEach(() => {
  alertsStore.set([]);
  upgradeRequiredStore.set(false);
  stubAnswers(() => answers.shift(), { status: 200, body: { orgs: [] } });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const org = (name: string, role: Org['role']): Org => ({ org_id: `id-${name}`, name, role, billing_type: 'direct' });

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(currentUserKey, { email: 'sam@example.com', is_admin: false });
  const router = createMemoryRouter([{ path: '/orgs', element: <OrgsPage /> }], { initialEntries: ['/orgs'] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('the organization list when list_orgs fails', () => {
  it('shows the error of a 500 and Retry, not "No organizations"; Retry loads the list', async () => {
    answers = [
      { status: 500, body: { detail: 'Database unavailable' } },
      { status: 200, body: { orgs: [org('Harbour AB', 'admin')] } },
    ];
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to load organizations: Database unavailable');
    expect(screen.queryByText('No organizations')).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
      await Promise.resolve();
    });
    expect(await screen.findByRole('link', { name: 'Harbour AB' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a network failure and a 426 as errors too', async () => {
    answers = ['network'];
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to load organizations');
    expect(screen.queryByText('No organizations')).toBeNull();
    cleanup();
    answers = [{ status: 426, body: { detail: 'Edrf schema upgrade required' } }];
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toContain('Edrf schema upgrade required');
    expect(screen.queryByText('No organizations')).toBeNull();
  });
});

describe('the organization list', () => {
  it("links every organization's name to its overview, a standard member's too; settings only for admins", async () => {
    answers = [{ status: 200, body: { orgs: [org('Harbour AB', 'admin'), org('Rail AB', 'standard')] } }];
    renderPage();
    expect((await screen.findByRole('link', { name: 'Rail AB' })).getAttribute('href')).toBe('/org/id-Rail%20AB');
    expect(screen.getByRole('link', { name: 'Harbour AB' }).getAttribute('href')).toBe('/org/id-Harbour%20AB');
    expect(screen.getByRole('button', { name: 'Settings of Harbour AB' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Settings of Rail AB' })).toBeNull();
  });
});
