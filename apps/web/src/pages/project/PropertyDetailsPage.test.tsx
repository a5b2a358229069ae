import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Link, Outlet, RouterProvider, createMemoryRouter } from 'react-router';
import { WORKING_VERSION, emptyModel } from '@edrf/model';
import { ProjectStore } from '../../state/project-store';
import { ProjectStoreContext, useProjectShortcuts } from '../../state/use-project';
import { ProjectBar } from './ProjectBar';
import { PropertyDetailsPage } from './PropertyDetailsPage';

afterEach(cleanup);

const SETTINGS = '/project/p1/settings';

function Workspace({ store }: { store: ProjectStore }) {
  useProjectShortcuts(store);
  return (
    <ProjectStoreContext value={store}>
      <ProjectBar store={store} projectName="Tower" />
      <Link to="/project/p1">Overview</Link>
      <Outlet />
    </ProjectStoreContext>
  );
}

function setup() {
  const synced: unknown[] = [];
  const store = new ProjectStore(
    { projectId: 'p1', model: emptyModel(), identity: WORKING_VERSION, parent: null, workingRevision: 'rev-1', versionComment: null },
    {
      transport: {
        sync: (_id, body) => {
          synced.push(body);
          return Promise.resolve({ working_revision: 'rev-2', parent_version_id: null });
        },
        save: () => Promise.reject(new Error('unused')),
      },
    },
  );
  const router = createMemoryRouter(
    [
      {
        path: '/project/p1',
        element: <Workspace store={store} />,
        children: [
          { index: true, element: <h1>Overview page</h1> },
          { path: 'settings', element: <PropertyDetailsPage /> },
        ],
      },
    ],
    { initialEntries: [SETTINGS] },
  );
  render(<RouterProvider router={router} />);
  return { store, router, synced };
}

const state = () => screen.getByRole('status', { name: 'Version state' });
const key = (target: Element | Window, key: string, mods: { shiftKey?: boolean; metaKey?: boolean } = {}) => {
  let event!: KeyboardEvent;
  act(() => {
    event = new KeyboardEvent('keydown', {
      key,
      code: `Key${key.toUpperCase()}`,
      ctrlKey: !mods.metaKey,
      bubbles: true,
      cancelable: true,
      ...mods,
    });
    target.dispatchEvent(event);
  });
  return event;
};

describe('Property details', () => {
  it('binds the five fields to model.config; each change is an edit', () => {
    const { store } = setup();
    for (const label of ['Property Name', 'Property Address', 'Owner', 'Owner Address', 'Tenant'])
      expect(screen.getByLabelText(label)).toBeTruthy();
    expect(state().textContent).toBe('Synced');
    fireEvent.change(screen.getByLabelText('Owner Address'), { target: { value: 'Storgatan 1' } });
    expect(store.getState().model.config.owner_address).toBe('Storgatan 1');
    expect(state().textContent).toBe('Unsynced changes');
  });

  it('ctrl+Z in the field undoes, ctrl+Y and ctrl+shift+Z redo, ctrl+S syncs and is not the browser save', async () => {
    const { synced } = setup();
    const name = screen.getByLabelText<HTMLInputElement>('Property Name');
    fireEvent.change(name, { target: { value: 'Tower A' } });
    expect(key(name, 'z').defaultPrevented).toBe(true);
    expect(name.value).toBe('');
    key(name, 'y');
    expect(name.value).toBe('Tower A');
    key(name, 'z', { metaKey: true });
    key(name, 'Z', { shiftKey: true });
    expect(name.value).toBe('Tower A');
    const save = key(window, 's');
    expect(save.defaultPrevented).toBe(true);
    await act(() => Promise.resolve());
    expect(synced).toHaveLength(1);
    expect(state().textContent).toBe('Synced');
  });

  it('undo from another page goes back to the page of the edit', async () => {
    const { router } = setup();
    fireEvent.change(screen.getByLabelText('Tenant'), { target: { value: 'Café Nord' } });
    fireEvent.click(screen.getByRole('link', { name: 'Overview' }));
    expect(await screen.findByText('Overview page')).toBeTruthy();
    key(document.body, 'z');
    expect(await screen.findByLabelText('Tenant')).toBeTruthy();
    expect(router.state.location.pathname).toBe(SETTINGS);
    expect(screen.getByLabelText<HTMLInputElement>('Tenant').value).toBe('');
  });

  it('the Undo and Redo buttons do the same', () => {
    setup();
    fireEvent.change(screen.getByLabelText('Owner'), { target: { value: 'Acme' } });
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(screen.getByLabelText<HTMLInputElement>('Owner').value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Redo' }));
    expect(screen.getByLabelText<HTMLInputElement>('Owner').value).toBe('Acme');
  });
});
