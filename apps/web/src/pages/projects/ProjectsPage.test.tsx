/**
 * Issue 20 (5): a list that fails to load says so and offers Retry — a 500, a network error or a 426
 * on list_projects is not an account without projects.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import type { Project } from '@edrf/model';
import { alertsStore } from '../../ui/alerts';
import { upgradeRequiredStore } from '../../ui/app-status';
import { ProjectsPage } from './ProjectsPage';
import { stubAnswers, type Answer } from '../../api/test-answers';

let answers: Answer[] = [];
let calls: string[] = [];

beforeEach(() => {
  alertsStore.set([]);
  upgradeRequiredStore.set(false);
  calls = stubAnswers(() => answers.shift(), { status: 200, body: { projects: [] } });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const project: Project = {
  project_id: 'p1',
  name: 'Harbour Hall',
  org_id: 'o1',
  org_name: 'Harbour AB',
  role: 'editor',
  version_comment: null,
  version_date: null,
  ifc_files: [],
  billing_type: 'direct',
};

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/projects', element: <ProjectsPage /> }], { initialEntries: ['/projects'] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('the project list when list_projects fails', () => {
  it('shows the error of a 500 and Retry, not "No projects"; Retry loads the list', async () => {
    answers = [
      { status: 500, body: { detail: 'Database unavailable' } },
      { status: 200, body: { projects: [project] } },
    ];
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load projects: Database unavailable');
    expect(screen.queryByText('No projects')).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
      await Promise.resolve();
    });
    expect(await screen.findByRole('link', { name: 'Harbour Hall' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls).toEqual(['/api/v1/list_projects', '/api/v1/list_projects']);
  });

  it('shows a network failure as "Failed to load projects"', async () => {
    answers = ['network'];
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to load projects');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.queryByText('No projects')).toBeNull();
  });

  it('shows a 426 as the upgrade error, with a way to refresh the page', async () => {
    answers = [{ status: 426, body: { detail: 'Edrf schema upgrade required' } }];
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toContain('Edrf schema upgrade required');
    expect(screen.getByRole('button', { name: 'Refresh the page' })).toBeTruthy();
    expect(screen.queryByText('No projects')).toBeNull();
    expect(upgradeRequiredStore.get()).toBe(true);
  });

  it('still says "No projects" when the list loads empty', async () => {
    answers = [{ status: 200, body: { projects: [] } }];
    renderPage();
    expect(await screen.findByText('No projects')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
