/**
 * Adding the fire module (P§2, P§6, P§9) and the fire area's gating (F§2). The server's answers come from the
 * fire engine itself (create_fire_config, cost_model), through a stand-in for fetch.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RouteObject } from 'react-router';
import { emptyModel, type Model, type Regulation } from '@edrf/model';
import { costModel, createFireConfig, roomsSize } from '@edrf/fire';
import { alertsStore } from '../../../ui/alerts';
import { testArch } from '../../../editor/arch/test-arch';
import type { ProjectStore } from '../../../state/project-store';
import { renderProjectPages, testProjectStore } from '../../../state/test-project';
import { AddFireModuleDialog, NOTHING_CHARGED, formatEuros } from './AddFireModuleDialog';
import { FireIndex, FireLayout, NO_FIRE_MODULE } from './FireLayout';
import { createFireConfigForTest } from './test-fire';

const calls: { url: string; body: unknown }[] = [];
let failCreate = false;

beforeEach(() => {
  calls.length = 0;
  failCreate = false;
  alertsStore.set([]);
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
    calls.push({ url, body });
    const json = (status: number, value: unknown) =>
      Promise.resolve(new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } }));
    if (url.endsWith('/create_fire_config'))
      return failCreate ? json(500, { detail: 'engine down' }) : json(200, createFireConfig(body!.regulation as Regulation));
    if (url.endsWith('/cost_model'))
      return json(200, { cost: costModel(roomsSize(Object.values(body!.rooms as Model['arch']['rooms'])), 'fire') });
    return json(404, {});
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const withRooms = (): Model => ({ ...emptyModel(), arch: testArch() });

const storeOf = testProjectStore;
const renderIn = (store: ProjectStore, routes: RouteObject[], at: string) => renderProjectPages(store, routes, at).router;

function openDialog(model: Model, opts: { prepaid?: boolean; platformAdmin?: boolean } = {}) {
  const store = storeOf(model);
  const added = vi.fn();
  renderIn(
    store,
    [
      {
        path: 'model',
        element: (
          <AddFireModuleDialog prepaid={!!opts.prepaid} platformAdmin={!!opts.platformAdmin} onClose={() => undefined} onAdded={added} />
        ),
      },
    ],
    '/project/p1/model',
  );
  return { store, added, dialog: within(screen.getByRole('dialog', { name: 'Add Fire Module' })) };
}

describe('the Add Fire Module dialog', () => {
  it('offers an organization member SBF 110:8 alone, with the cost for the rooms in euros and the note', async () => {
    const { dialog } = openDialog(withRooms());
    expect(dialog.getAllByRole('radio').map((radio) => radio.parentElement!.textContent)).toEqual(['SBF 110:8']);
    expect(dialog.getByRole<HTMLInputElement>('radio', { name: 'SBF 110:8' }).checked).toBe(true);
    const expected = formatEuros(costModel(roomsSize(Object.values(testArch().rooms)), 'fire'));
    await waitFor(() => expect(dialog.getByLabelText('Fire module cost').textContent).toContain(expected));
    expect(expected).toMatch(/^€\d[\d,]*$/);
    expect(dialog.getByText(NOTHING_CHARGED)).toBeTruthy();
  });

  it('offers a platform admin the beta regulations too, and adds the chosen one as one undoable edit', async () => {
    const { dialog, store, added } = openDialog(withRooms(), { platformAdmin: true });
    expect(dialog.getAllByRole('radio').map((radio) => radio.parentElement!.textContent)).toEqual([
      'SBF 110:8',
      'BS 5839beta',
      'NFPA 72beta',
    ]);
    fireEvent.click(dialog.getByRole('radio', { name: /BS 5839/ }));
    fireEvent.click(dialog.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(added).toHaveBeenCalled());
    expect(calls.find((call) => call.url.endsWith('/create_fire_config'))!.body).toEqual({ regulation: 'Bs5839' });
    const fire = store.getState().model.fire!;
    expect(fire.config.regulation).toBe('Bs5839');
    expect(fire.config.products.detectors.length).toBeGreaterThan(0);
    act(() => void store.undo());
    expect(store.getState().model.fire).toBeNull();
  });

  it('shows no cost to a prepaid organization and does not ask for one', () => {
    const { dialog } = openDialog(withRooms(), { prepaid: true });
    expect(dialog.queryByLabelText('Fire module cost')).toBeNull();
    expect(dialog.queryByText(NOTHING_CHARGED)).toBeNull();
    expect(calls.some((call) => call.url.endsWith('/cost_model'))).toBe(false);
  });

  it('says "Failed to add fire module" when the call fails, and leaves the model as it was', async () => {
    failCreate = true;
    const { dialog, store, added } = openDialog(withRooms(), { prepaid: true });
    fireEvent.click(dialog.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(alertsStore.get().map((alert) => alert.msg)).toEqual(['Failed to add fire module: engine down']));
    expect(store.getState().model.fire).toBeNull();
    expect(added).not.toHaveBeenCalled();
  });
});

describe('the fire area', () => {
  const routes = [
    { path: 'model', element: <p>Model page</p> },
    {
      path: 'fire',
      element: <FireLayout />,
      children: [
        { index: true, element: <FireIndex /> },
        ...['settings', 'units', 'sections', 'routes', 'equipment', 'export'].map((path) => ({ path, element: <p>{path} page</p> })),
      ],
    },
  ];

  it('without a fire config warns "No fire module configured" and goes to the model page', async () => {
    const router = renderIn(storeOf(withRooms()), routes, '/project/p1/fire/units');
    await waitFor(() => expect(router.state.location.pathname).toBe('/project/p1/model'));
    expect(alertsStore.get().map((alert) => [alert.cls, alert.msg])).toEqual([['warning', NO_FIRE_MODULE]]);
  });

  it('shows the six tabs, disables those the model is not ready for with the reason, and sends their address to an allowed tab', async () => {
    const model = { ...withRooms(), fire: createFireConfigForTest() };
    const router = renderIn(storeOf(model), routes, '/project/p1/fire/routes');
    await waitFor(() => expect(router.state.location.pathname).toBe('/project/p1/fire/units'));
    const tabs = within(screen.getByRole('navigation', { name: 'Fire' }));
    expect(tabs.getByRole('link', { name: 'Fire settings' })).toBeTruthy();
    expect(tabs.getByRole('link', { name: 'Units' }).className).toContain('active');
    expect(tabs.getByText('Sections').getAttribute('title')).toBe('Requires fire units');
    expect(tabs.getByText('Routes').getAttribute('aria-disabled')).toBe('true');
    expect(tabs.queryByRole('link', { name: 'Export' })).toBeNull();
    act(() => void router.navigate('/project/p1/fire'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/project/p1/fire/units'));
  });
});
