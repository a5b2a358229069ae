/**
 * The units page's Run (issue 22 'Automatic design') through the page, with the server's calc_fire_units answered by
 * the fire engine itself through a stand-in for fetch; the answer is held back until the test lets it go, so that
 * the page can be used while the design runs.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Arch, type Detector, type Fire, type Model } from '@edrf/model';
import { calcFireUnits } from '@edrf/fire';
import { alertsStore } from '../../../../../ui/alerts';
import { testModel } from '../../../../../editor/arch/test-arch';
import { renderProjectPages } from '../../../../../state/test-project';
import { createFireConfigForTest } from '../../test-fire';
import { UnitsPage } from '../UnitsPage';
import { designMessage } from './design-edits';
import { getLastDesign, lastDesignStore } from './last-design';

let calls: { url: string; body: { arch: Arch; fire: Fire } }[] = [];
let release: () => void = () => {};
let fail = false;

beforeEach(() => {
  calls = [];
  fail = false;
  alertsStore.set([]);
  lastDesignStore.set({});
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
    const body = JSON.parse(init!.body as string) as { arch: Arch; fire: Fire; analyze_only?: boolean };
    const json = (status: number, value: unknown) =>
      new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
    // The page's own analysis (analyze_only) is answered at once and is not a Run.
    if (body.analyze_only) return Promise.resolve(json(200, calcFireUnits(body)));
    calls.push({ url, body });
    return new Promise<Response>((resolve) => {
      release = () =>
        resolve(
          !url.endsWith('/api/v1/calc_fire_units')
            ? json(404, {})
            : fail
              ? json(500, { detail: 'engine down' })
              : json(200, calcFireUnits(body)),
        );
    });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const mine: Detector = { id: 'det-1', storey_id: 's0', coord: [1, 1, 2.95], product_id: '', hidden: false };

function setup(at = '/project/p1/fire/units') {
  const model: Model = { ...testModel(), fire: createFireConfigForTest('Sbf1108') };
  model.fire!.units.detectors['det-1'] = mine;
  const rendered = renderProjectPages(model, [{ path: 'fire/units', element: <UnitsPage /> }], at);
  return { ...rendered, model, fire: () => rendered.store.getState().model.fire! };
}

const design = () => within(screen.getByRole('group', { name: 'Automatic design' }));
const runButton = () => design().getByRole('button', { name: 'Run' });
const messages = () => alertsStore.get().map((alert) => alert.msg);
const answerNow = async () => {
  await act(async () => {
    release();
    await Promise.resolve();
  });
};

/** What the engine adds to `model` (its ids not in the model), per group, on `storeyId` or everywhere. */
function engineAdds(model: Model, storeyId?: string) {
  const answer = calcFireUnits({ arch: model.arch, fire: model.fire! });
  const count = (group: 'detectors' | 'sirens' | 'buttons') =>
    Object.values(answer.units[group]).filter((u) => !model.fire!.units[group][u.id] && (!storeyId || u.storey_id === storeyId)).length;
  return { detectors: count('detectors'), sirens: count('sirens'), buttons: count('buttons') };
}

describe('the Run of the units page', () => {
  it('designs the whole building while the page stays usable, keeps an edit made meanwhile, and is one undo step', async () => {
    const { store, model, fire } = setup();
    expect(design().getByRole<HTMLSelectElement>('combobox', { name: 'Design scope' }).value).toBe('building');
    fireEvent.click(runButton());
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({ arch: model.arch, fire: model.fire });
    // Running: the progress bar with the elapsed seconds, and no second Run.
    expect(screen.getByRole('progressbar', { name: 'Designing fire units' })).toBeTruthy();
    expect(design().getByRole('status').textContent).toContain('0 s');
    expect(runButton()).toHaveProperty('disabled', true);
    fireEvent.click(runButton());
    expect(calls).toHaveLength(1);
    // The user edits meanwhile: det-1 is moved.
    act(() => void store.edit([{ path: ['fire', 'units', 'detectors', 'det-1', 'coord'], value: [2, 2, 2.95] }], '/project/p1/fire/units'));
    const edited = store.getState().model;

    await answerNow();
    const expected = engineAdds(model);
    expect(expected.detectors).toBeGreaterThan(0);
    await waitFor(() => expect(messages()).toEqual([designMessage(expected)]));
    expect(messages()[0]).toMatch(/^Added \d+ detectors?/);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(runButton()).toHaveProperty('disabled', false);
    expect(fire().units.detectors['det-1']!.coord).toEqual([2, 2, 2.95]);
    expect(Object.keys(fire().units.detectors)).toHaveLength(1 + expected.detectors);
    expect(Object.keys(fire().units.sirens)).toHaveLength(expected.sirens);
    expect(Object.keys(fire().units.buttons)).toHaveLength(expected.buttons);
    // The analysis is kept for the analysis display.
    expect(getLastDesign('p1')!.validation).toEqual(calcFireUnits({ arch: model.arch, fire: model.fire! }).validation);
    expect(getLastDesign('p1')!.scope).toEqual({ kind: 'building' });

    // One undo takes the design away and keeps the move.
    act(() => void store.undo());
    expect(store.getState().model).toEqual(edited);
    act(() => void store.redo());
    expect(Object.keys(fire().units.detectors)).toHaveLength(1 + expected.detectors);

    // A second run has nothing left to add.
    fireEvent.click(runButton());
    await answerNow();
    await waitFor(() => expect(messages()).toContain('Nothing to add'));
  });

  it('designs only the shown storey for This storey', async () => {
    const { model, fire } = setup('/project/p1/fire/units?storey=s1');
    fireEvent.change(design().getByRole('combobox', { name: 'Design scope' }), { target: { value: 'storey' } });
    fireEvent.click(runButton());
    await answerNow();
    const expected = engineAdds(model, 's1');
    expect(expected.detectors).toBeGreaterThan(0);
    expect(engineAdds(model).detectors).toBeGreaterThan(expected.detectors);
    await waitFor(() => expect(messages()).toEqual([designMessage(expected)]));
    const storeys = Object.values(fire().units.detectors).map((d) => d.storey_id);
    expect(storeys.filter((s) => s === 's1')).toHaveLength(expected.detectors);
    expect(storeys.filter((s) => s === 's0')).toEqual(['s0']);
    expect(getLastDesign('p1')!.scope).toEqual({ kind: 'storey', storeyId: 's1' });
  });

  it('says "Failed to design fire units" when the call fails, and leaves the model as it was', async () => {
    fail = true;
    const { store, model } = setup();
    fireEvent.click(runButton());
    await answerNow();
    await waitFor(() => expect(messages()).toEqual(['Failed to design fire units: engine down']));
    expect(store.getState().model).toBe(model);
    expect(runButton()).toHaveProperty('disabled', false);
    expect(getLastDesign('p1')).toBeNull();
  });
});
