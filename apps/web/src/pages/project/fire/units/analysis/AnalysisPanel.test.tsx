/**
 * The units page's analysis through the page (issue 22 'Analysis always visible'): the server's calc_fire_units
 * answered by the fire engine itself through a stand-in for fetch.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { calcFireUnits, type CalcFireUnitsInput } from '@edrf/fire';
import type { Model } from '@edrf/model';
import { alertsStore } from '../../../../../ui/alerts';
import { testModel } from '../../../../../editor/arch/test-arch';
import { renderProjectPages } from '../../../../../state/test-project';
import { createFireConfigForTest } from '../../test-fire';
import { UnitsPage } from '../UnitsPage';
import { ANALYSIS_UNAVAILABLE } from './AnalysisPanel';

let bodies: CalcFireUnitsInput[] = [];
let fail = false;

beforeEach(() => {
  bodies = [];
  fail = false;
  alertsStore.set([]);
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
    const json = (status: number, value: unknown) =>
      Promise.resolve(new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } }));
    if (!url.endsWith('/api/v1/calc_fire_units')) return json(404, {});
    const body = JSON.parse(init!.body as string) as CalcFireUnitsInput;
    bodies.push(body);
    return fail ? json(500, { detail: 'engine down' }) : json(200, calcFireUnits(body));
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A detector 0.1 m from the kitchen's wall, on the ground storey; one 0.2 m from a wall on the first storey. */
function setup() {
  const model: Model = { ...testModel(), fire: createFireConfigForTest('Sbf1108') };
  model.fire!.units.detectors = {
    near: { id: 'near', storey_id: 's0', product_id: '', coord: [0.1, 1.5, 2.95], hidden: false },
    up: { id: 'up', storey_id: 's1', product_id: '', coord: [0.2, 1.5, 5.95], hidden: false },
  };
  return renderProjectPages(model, [{ path: 'fire/units', element: <UnitsPage /> }], '/project/p1/fire/units');
}

const warningsPanel = () => within(screen.getByRole('region', { name: 'Warnings' }));
const properties = () => within(screen.getByRole('complementary', { name: 'Properties' }));

describe('the units page’s analysis', () => {
  it('lists the engine’s warnings with their count, and a click selects the warning’s unit, its warnings in the panel', async () => {
    const { store } = setup();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ analyze_only: true });
    const expected = calcFireUnits({ ...bodies[0]! });
    const near = expected.validation.warnings.filter((w) => w.unit_id === 'near');
    expect(near.length).toBeGreaterThan(0);
    await waitFor(() =>
      expect(warningsPanel().getByRole('heading', { level: 2 }).textContent).toBe(`Warnings (${expected.validation.warnings.length})`),
    );
    // The analysis placed nothing in the model.
    expect(Object.keys(store.getState().model.fire!.units.detectors).sort()).toEqual(['near', 'up']);

    fireEvent.click(warningsPanel().getByRole('button', { name: near[0]!.message }));
    expect(properties().getByRole('heading', { name: 'Detector' })).toBeTruthy();
    expect(properties().getByText('near')).toBeTruthy();
    const listed = within(properties().getByRole('region', { name: 'Unit warnings' }));
    expect(listed.getAllByRole('listitem').map((li) => li.textContent)).toEqual(near.map((w) => w.message));
  });

  it('shows a warning’s unit on another storey when clicked', async () => {
    const { router } = setup();
    await waitFor(() => expect(bodies).toHaveLength(1));
    const expected = calcFireUnits({ ...bodies[0]! });
    const up = expected.validation.warnings.find((w) => w.unit_id === 'up')!;
    fireEvent.click(await waitFor(() => warningsPanel().getByRole('button', { name: up.message })));
    await waitFor(() => expect(router.state.location.search).toBe('?storey=s1'));
    expect(properties().getByText('up')).toBeTruthy();
  });

  it('shows a room warning’s room on its storey when clicked', async () => {
    const { router } = setup();
    await waitFor(() => expect(bodies).toHaveLength(1));
    const expected = calcFireUnits({ ...bodies[0]! });
    const upstairs = expected.validation.warnings.find((w) => w.warning_id === 'room_not_covered:u')!;
    expect(upstairs.unit_id).toBe('');
    fireEvent.click(await waitFor(() => warningsPanel().getByRole('button', { name: upstairs.message })));
    await waitFor(() => expect(router.state.location.search).toBe('?storey=s1'));
  });

  it('gives the detectors per room against their least, for the storey and the building, and the rooms above it', async () => {
    setup();
    await waitFor(() => expect(bodies).toHaveLength(1));
    const expected = calcFireUnits({ ...bodies[0]! });
    const ground = expected.rooms!.filter((r) => r.storey_id === 's0');
    const figures = within(await waitFor(() => screen.getByRole('region', { name: 'Detectors per room' })));
    const least = (list: typeof ground) => list.reduce((sum, r) => sum + r.lower_bound, 0);
    const count = (list: typeof ground) => list.reduce((sum, r) => sum + r.detectors, 0);
    expect(figures.getByText('This storey').nextElementSibling!.textContent).toBe(
      `${count(ground)} ${count(ground) === 1 ? 'detector' : 'detectors'} (least ${least(ground)})`,
    );
    expect(figures.getByText('Building').nextElementSibling!.textContent).toBe(
      `${count(expected.rooms!)} ${count(expected.rooms!) === 1 ? 'detector' : 'detectors'} (least ${least(expected.rooms!)})`,
    );
    // One detector in a room that needs at least one: nothing above the least on the ground storey.
    expect(figures.getByText('No room on this storey has more detectors than it needs.')).toBeTruthy();
  });

  it('after a detector moves, asks for its room alone and shows the whole model’s analysis, the other storey’s kept', async () => {
    const { store } = setup();
    await waitFor(() => expect(bodies).toHaveLength(1));
    const heading = () => warningsPanel().getByRole('heading', { level: 2 }).textContent;
    await waitFor(() => expect(heading()).toBe(`Warnings (${calcFireUnits({ ...bodies[0]! }).validation.warnings.length})`));
    // 'near', 0.1 m from the kitchen's wall, moved to the kitchen's middle.
    act(() => {
      store.edit([{ path: ['fire', 'units', 'detectors', 'near', 'coord'], value: [2, 1.5, 2.95] }], '/project/p1/fire/units');
    });
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]!.arch.storeys.s0!.rooms).toEqual(['k']);
    expect(Object.keys(bodies[1]!.fire.units.detectors)).toEqual(['near']);
    expect(bodies[1]!.arch.walls).toEqual({});
    const { arch, fire } = store.getState().model;
    const warnings = calcFireUnits({ arch, fire: fire!, analyze_only: true }).validation.warnings;
    // Away from the wall now; upstairs, 'up' still 0.2 m from one.
    expect(warnings.filter((w) => w.unit_id === 'near' && w.message.includes('from a wall'))).toEqual([]);
    expect(warnings.some((w) => w.unit_id === 'up' && w.message.includes('from a wall'))).toBe(true);
    const expected = warnings.map((w) => w.message);
    await waitFor(() => expect(heading()).toBe(`Warnings (${expected.length})`));
    const listed = within(warningsPanel().getByRole('list'))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(listed.sort()).toEqual([...expected].sort());
  });

  it('says quietly that the analysis is unavailable when the server fails: no toast', async () => {
    fail = true;
    setup();
    await waitFor(() => expect(warningsPanel().getByText(ANALYSIS_UNAVAILABLE)).toBeTruthy());
    expect(alertsStore.get()).toEqual([]);
  });
});
