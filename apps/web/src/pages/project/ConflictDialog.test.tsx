/**
 * Issue 20 (2): after the 409 the project bar offers "Get their changes and keep mine"; a value
 * both changed is asked about in the Resolve conflicts dialog; then it syncs on their revision.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Outlet, RouterProvider, createMemoryRouter } from 'react-router';
import { WORKING_VERSION, emptyModel, type Model } from '@edrf/model';
import { alertsStore } from '../../ui/alerts';
import { ProjectStore, type SyncBody } from '../../state/project-store';
import { ProjectStoreContext } from '../../state/use-project';
import { ProjectBar } from './ProjectBar';
import { PropertyDetailsPage } from './PropertyDetailsPage';

const CONFLICT = 'The working version was changed by someone else: get their changes to keep yours on top of them';
const GET_THEIRS = 'Get their changes and keep mine';
const SETTINGS = '/project/p1/settings';

/** What the server's working version holds after someone else's sync. */
let theirs: Model;
const latestCalls: string[] = [];

beforeEach(() => {
  alertsStore.set([]);
  latestCalls.length = 0;
  theirs = { ...emptyModel(), config: { ...emptyModel().config, name: 'Harbour Hall', tenant: 'Café Nord' } };
  vi.stubGlobal('fetch', (url: string) => {
    latestCalls.push(url);
    const body = {
      project_version_id: WORKING_VERSION,
      project_id: 'p1',
      parent_version_id: null,
      working_revision: 'rev-9',
      user_email: 'colin@example.com',
      comment: null,
      created_at: '2026-05-01T10:00:00.000Z',
      status: null,
      model: theirs,
    };
    return Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }));
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function setup() {
  const synced: SyncBody[] = [];
  let refuse = true;
  const store = new ProjectStore(
    { projectId: 'p1', model: emptyModel(), identity: WORKING_VERSION, parent: null, workingRevision: 'rev-1', versionComment: null },
    {
      transport: {
        sync: (_id, body) => {
          synced.push(structuredClone(body));
          if (refuse) {
            refuse = false;
            return Promise.reject(Object.assign(new Error(CONFLICT), { status: 409, detail: CONFLICT }));
          }
          return Promise.resolve({ working_revision: 'rev-10', parent_version_id: null });
        },
        save: () => Promise.reject(new Error('unused')),
      },
    },
  );
  const router = createMemoryRouter(
    [
      {
        path: '/project/p1',
        element: (
          <ProjectStoreContext value={store}>
            <ProjectBar store={store} projectName="Harbour" />
            <Outlet />
          </ProjectStoreContext>
        ),
        children: [{ path: 'settings', element: <PropertyDetailsPage /> }],
      },
    ],
    { initialEntries: [SETTINGS] },
  );
  render(<RouterProvider router={router} />);
  return { store, synced };
}

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const toasts = () => alertsStore.get().map((alert) => `${alert.cls}: ${alert.msg}`);

/** Edits, then Sync meets the 409. */
async function conflict(edits: [label: string, value: string][]) {
  const result = setup();
  for (const [label, value] of edits) type(label, value);
  expect(screen.queryByRole('button', { name: GET_THEIRS })).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Sync' }));
  await screen.findByRole('button', { name: GET_THEIRS });
  expect(screen.getByRole('status', { name: 'Version state' }).textContent).toBe('Unsynced changes');
  return result;
}

describe('Get their changes and keep mine', () => {
  it('asks about the value both changed; theirs chosen, their other changes and my other edits are synced on their revision', async () => {
    const { synced } = await conflict([
      ['Property Name', 'Harbour House B'],
      ['Owner', 'Acme AB'],
    ]);
    fireEvent.click(screen.getByRole('button', { name: GET_THEIRS }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve conflicts' });
    expect(latestCalls).toEqual(['/api/v1/project/p1/latest_version']);
    const groups = within(dialog).getAllByRole('group');
    expect(groups.map((group) => group.querySelector('legend')?.textContent)).toEqual(['Property Name']);
    const name = within(dialog).getByRole('group', { name: 'Property Name' });
    expect(within(name).getByRole('radio', { name: 'Mine: Harbour House B' })).toBeTruthy();
    const apply = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Apply and sync' });
    expect(apply.disabled).toBe(true);
    // Nothing changes while the dialog asks.
    expect(field('Tenant').value).toBe('');

    fireEvent.click(within(name).getByRole('radio', { name: 'Theirs: Harbour Hall' }));
    expect(apply.disabled).toBe(false);
    fireEvent.click(apply);
    await waitFor(() => expect(screen.getByRole('status', { name: 'Version state' }).textContent).toBe('Synced'));

    expect(screen.queryByRole('dialog', { name: 'Resolve conflicts' })).toBeNull();
    expect(field('Property Name').value).toBe('Harbour Hall');
    expect(field('Owner').value).toBe('Acme AB');
    expect(field('Tenant').value).toBe('Café Nord');
    expect(synced).toHaveLength(2);
    expect(synced[1]).toMatchObject({
      parent: WORKING_VERSION,
      working_revision: 'rev-9',
      config: { name: 'Harbour Hall', owner: 'Acme AB', tenant: 'Café Nord' },
      arch: null,
    });
    expect(toasts()).toContain('info: Got their changes and synced yours');
    expect(screen.queryByRole('button', { name: GET_THEIRS })).toBeNull();
  });

  it('Keep all mine keeps my value where both changed', async () => {
    const { synced } = await conflict([['Property Name', 'Harbour House B']]);
    fireEvent.click(screen.getByRole('button', { name: GET_THEIRS }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve conflicts' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep all mine' }));
    expect(within(dialog).getByRole<HTMLInputElement>('radio', { name: 'Mine: Harbour House B' }).checked).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply and sync' }));
    await waitFor(() => expect(synced).toHaveLength(2));
    expect(synced[1]!.config).toMatchObject({ name: 'Harbour House B', tenant: 'Café Nord' });
    expect(field('Property Name').value).toBe('Harbour House B');
    expect(field('Tenant').value).toBe('Café Nord');
  });

  it('without a value both changed there is nothing to ask: it merges and syncs at once', async () => {
    const { synced } = await conflict([['Owner', 'Acme AB']]);
    fireEvent.click(screen.getByRole('button', { name: GET_THEIRS }));
    await waitFor(() => expect(synced).toHaveLength(2));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(synced[1]).toMatchObject({ working_revision: 'rev-9', config: { name: 'Harbour Hall', owner: 'Acme AB', tenant: 'Café Nord' } });
    await waitFor(() => expect(screen.getByRole('status', { name: 'Version state' }).textContent).toBe('Synced'));
  });

  it('Cancel changes nothing: my edits stay unsynced and the button stays', async () => {
    const { store, synced } = await conflict([['Property Name', 'Harbour House B']]);
    const before = store.getState().model;
    fireEvent.click(screen.getByRole('button', { name: GET_THEIRS }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve conflicts' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(store.getState()).toMatchObject({ model: before, workingRevision: 'rev-1', behind: true });
    expect(synced).toHaveLength(1);
    await act(() => Promise.resolve());
    expect(screen.getByRole<HTMLButtonElement>('button', { name: GET_THEIRS }).disabled).toBe(false);
  });
});
