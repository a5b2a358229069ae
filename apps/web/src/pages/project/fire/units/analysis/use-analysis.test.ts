import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnalysisWarning, FireUnitsResult } from '@edrf/fire';
import type { Arch, Detector, Fire } from '@edrf/model';
import { testArch } from '../../../../../editor/arch/test-arch';
import { createFireConfigForTest } from '../../test-fire';
import { createUnitDrags, type UnitDrags } from '../tools/unit-drags';
import { ANALYSIS_DELAY_MS, BUTTONS_DELAY_MS, SCOPED_DELAY_MS, useAnalysis } from './use-analysis';

const fireWith = (_tag: string): Fire => ({ ...createFireConfigForTest('Sbf1108') });
const warningOf = (tag: string, unitId = ''): AnalysisWarning => ({ warning_id: tag, unit_id: unitId, section_id: '', message: tag });
const answer = (...warnings: AnalysisWarning[]): FireUnitsResult => ({
  units: { detectors: {}, sirens: {}, buttons: {} },
  validation: { warnings, detector_shapes: {}, siren_shapes: {}, split_sections: [] },
  rooms: [],
});
const messages = (result: FireUnitsResult | null) => result?.validation.warnings.map((w) => w.message);

/** A stand-in for the server: each call waits until the test settles it. */
function server() {
  const calls: { arch: Arch; fire: Fire; resolve: (r: FireUnitsResult) => void; reject: (e: Error) => void }[] = [];
  const analyze = vi.fn(
    (arch: Arch, fire: Fire) => new Promise<FireUnitsResult>((resolve, reject) => calls.push({ arch, fire, resolve, reject })),
  );
  return { calls, analyze };
}

/** `fire` with one call point, b1, on storey s1 at (x, 1, 4). */
const withCallPoint = (fire: Fire, x: number): Fire => ({
  ...fire,
  units: { ...fire.units, buttons: { b1: { id: 'b1', storey_id: 's1', door_id: '', product_id: '', coord: [x, 1, 4], angle: 0 } } },
});

/** Settles a call and lets its answer reach the hook. */
const settle = (step: () => void) =>
  act(async () => {
    step();
    await Promise.resolve();
  });

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useAnalysis', () => {
  const arch = testArch();

  it('asks once the model has rested, with the latest model only', async () => {
    const { calls, analyze } = server();
    const first = fireWith('a');
    const { result, rerender } = renderHook(({ fire }) => useAnalysis(arch, fire, { analyze }), { initialProps: { fire: first } });
    expect(result.current.status).toBe('pending');
    await act(() => vi.advanceTimersByTimeAsync(ANALYSIS_DELAY_MS - 100));
    const second = fireWith('b');
    rerender({ fire: second });
    await act(() => vi.advanceTimersByTimeAsync(ANALYSIS_DELAY_MS - 100));
    const third = fireWith('c');
    rerender({ fire: third });
    await act(() => vi.advanceTimersByTimeAsync(ANALYSIS_DELAY_MS - 1));
    expect(analyze).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(analyze).toHaveBeenCalledTimes(1);
    expect(calls[0]!.fire.config).toBe(third.config);
    await settle(() => calls[0]!.resolve(answer(warningOf('c'))));
    expect(result.current.status).toBe('ready');
    expect(messages(result.current.result)).toEqual(['c']);
    expect(result.current.store.current).toBe(result.current.result);
  });

  it('asks one question at a time, keeps the answer for a model changed meanwhile, then asks for the model as it is', async () => {
    const { calls, analyze } = server();
    const { result, rerender } = renderHook(({ fire }) => useAnalysis(arch, fire, { analyze }), { initialProps: { fire: fireWith('a') } });
    await act(() => vi.advanceTimersByTimeAsync(ANALYSIS_DELAY_MS));
    rerender({ fire: fireWith('b') });
    await act(() => vi.advanceTimersByTimeAsync(2 * ANALYSIS_DELAY_MS));
    expect(calls).toHaveLength(1);
    // The answer for the first model is shown while the one for the second is asked.
    await settle(() => calls[0]!.resolve(answer(warningOf('a'))));
    expect(messages(result.current.result)).toEqual(['a']);
    expect(result.current.status).toBe('pending');
    await act(() => vi.advanceTimersByTimeAsync(ANALYSIS_DELAY_MS));
    expect(calls).toHaveLength(2);
    await settle(() => calls[1]!.resolve(answer(warningOf('b'))));
    expect(result.current.status).toBe('ready');
    expect(messages(result.current.result)).toEqual(['b']);
    expect(messages(result.current.store.current)).toEqual(['b']);
  });

  it('says quietly when the server fails, and asks again when the model changes', async () => {
    const { calls, analyze } = server();
    const { result, rerender } = renderHook(({ fire }) => useAnalysis(arch, fire, { analyze }), { initialProps: { fire: fireWith('a') } });
    await act(() => vi.advanceTimersByTimeAsync(ANALYSIS_DELAY_MS));
    await settle(() => calls[0]!.reject(new Error('Failed to analyze fire units')));
    expect(result.current.status).toBe('unavailable');
    await act(() => vi.advanceTimersByTimeAsync(2 * ANALYSIS_DELAY_MS));
    expect(calls).toHaveLength(1);
    rerender({ fire: fireWith('b') });
    expect(result.current.status).toBe('pending');
    await act(() => vi.advanceTimersByTimeAsync(ANALYSIS_DELAY_MS));
    expect(calls).toHaveLength(2);
  });
});

describe('useAnalysis after an edit of units', () => {
  const arch = testArch();
  const detector = (id: string, storey: string, x: number, y: number): Detector => ({
    id,
    storey_id: storey,
    product_id: '',
    coord: [x, y, storey === 's0' ? 2.95 : 5.95],
    hidden: false,
  });
  const start = (): Fire => {
    const fire = fireWith('start');
    fire.units.detectors = { k1: detector('k1', 's0', 2, 1.5), o1: detector('o1', 's0', 5.5, 1.5), u1: detector('u1', 's1', 3, 1.5) };
    return fire;
  };
  const moved = (fire: Fire, id: string, x: number, y: number): Fire => ({
    ...fire,
    units: { ...fire.units, detectors: { ...fire.units.detectors, [id]: { ...fire.units.detectors[id]!, coord: [x, y, 2.95] } } },
  });

  /** The hook with its first, whole-building answer in: a warning on each detector. */
  async function analysed(drags?: UnitDrags) {
    const { calls, analyze } = server();
    const fire = start();
    const hook = renderHook(({ fire }) => useAnalysis(arch, fire, { analyze, drags }), { initialProps: { fire } });
    await act(() => vi.advanceTimersByTimeAsync(ANALYSIS_DELAY_MS));
    expect(Object.keys(calls[0]!.arch.storeys).sort()).toEqual(['s0', 's1']);
    await settle(() =>
      calls[0]!.resolve(
        answer(warningOf('detector_area:k1', 'k1'), warningOf('detector_area:o1', 'o1'), warningOf('detector_area:u1', 'u1')),
      ),
    );
    expect(hook.result.current.status).toBe('ready');
    return { ...hook, calls, analyze, fire };
  }

  it('asks, at once, only for the rooms a moved detector left and entered, and keeps the rest of the building', async () => {
    const { result, rerender, calls, fire } = await analysed();
    // The office's detector moved into the kitchen.
    const next = moved(fire, 'o1', 3, 1);
    rerender({ fire: next });
    expect(result.current.status).toBe('pending');
    await act(() => vi.advanceTimersByTimeAsync(SCOPED_DELAY_MS));
    expect(calls).toHaveLength(2);
    const sent = calls[1]!;
    // The kitchen (which it entered, with the kitchen's detector) and the office (which it left); nothing upstairs.
    expect(sent.arch.storeys.s0!.rooms).toEqual(['k', 'o']);
    expect(Object.keys(sent.fire.units.detectors).sort()).toEqual(['k1', 'o1']);
    expect(sent.arch.storeys.s1?.rooms ?? []).toEqual([]);
    expect(sent.arch.walls).toEqual({});
    await settle(() => sent.resolve(answer(warningOf('detector_near_wall:o1', 'o1'))));
    expect(result.current.status).toBe('ready');
    // The upstairs warning stays; the kitchen's and office's are the new answer's.
    expect(messages(result.current.result)).toEqual(['detector_near_wall:o1', 'detector_area:u1']);
  });

  it('asks again as each answer comes back while a detector is dragged, for what moved since', async () => {
    const { result, rerender, calls, fire } = await analysed();
    let now = fire;
    for (const x of [4.5, 4.0, 3.5]) {
      now = moved(now, 'o1', x, 1.5);
      rerender({ fire: now });
      await act(() => vi.advanceTimersByTimeAsync(SCOPED_DELAY_MS));
    }
    // The first move asked; the next two wait for its answer.
    expect(calls).toHaveLength(2);
    await settle(() => calls[1]!.resolve(answer()));
    await act(() => vi.advanceTimersByTimeAsync(SCOPED_DELAY_MS));
    expect(calls).toHaveLength(3);
    // From 4.5 (the office) to 3.5 (the kitchen): both rooms, with the kitchen's detector.
    expect(calls[2]!.arch.storeys.s0!.rooms).toEqual(['k', 'o']);
    expect(Object.keys(calls[2]!.fire.units.detectors).sort()).toEqual(['k1', 'o1']);
    await settle(() => calls[2]!.resolve(answer(warningOf('detector_near_wall:o1', 'o1'))));
    expect(result.current.status).toBe('ready');
    expect(messages(result.current.result)).toEqual(['detector_near_wall:o1', 'detector_area:u1']);
  });

  it('asks for one room when a detector moves within it, and for nothing when a label changes', async () => {
    const { result, rerender, calls, fire } = await analysed();
    const next = moved(fire, 'k1', 1.5, 1);
    rerender({ fire: next });
    await act(() => vi.advanceTimersByTimeAsync(SCOPED_DELAY_MS));
    expect(calls[1]!.arch.storeys.s0!.rooms).toEqual(['k']);
    await settle(() => calls[1]!.resolve(answer()));
    expect(messages(result.current.result)).toEqual(['detector_area:o1', 'detector_area:u1']);
    const labelled: Fire = { ...next, units: { ...next.units, labels: {} } };
    rerender({ fire: labelled });
    await act(() => vi.advanceTimersByTimeAsync(SCOPED_DELAY_MS));
    expect(calls).toHaveLength(2);
    expect(result.current.status).toBe('ready');
  });

  it('a call point moved again while its check is out asks at once; the older answer is dropped', async () => {
    const { result, rerender, calls, fire } = await analysed();
    const at = (x: number) => withCallPoint(fire, x);
    rerender({ fire: at(1) });
    await act(() => vi.advanceTimersByTimeAsync(BUTTONS_DELAY_MS));
    rerender({ fire: at(2) });
    await act(() => vi.advanceTimersByTimeAsync(BUTTONS_DELAY_MS));
    expect(calls).toHaveLength(3);
    expect(calls[2]!.fire.units.buttons.b1!.coord).toEqual([2, 1, 4]);
    // A third waits: two are out.
    rerender({ fire: at(3) });
    await act(() => vi.advanceTimersByTimeAsync(BUTTONS_DELAY_MS));
    expect(calls).toHaveLength(3);
    await settle(() => calls[1]!.resolve(answer(warningOf('bad_coordinate:b1', 'b1'))));
    expect(messages(result.current.result)).not.toContain('bad_coordinate:b1');
    await settle(() => calls[2]!.resolve(answer(warningOf('travel_too_far:u'))));
    expect(messages(result.current.result)).toContain('travel_too_far:u');
    await act(() => vi.advanceTimersByTimeAsync(BUTTONS_DELAY_MS));
    expect(calls).toHaveLength(4);
    expect(calls[3]!.fire.units.buttons.b1!.coord).toEqual([3, 1, 4]);
    await settle(() => calls[3]!.resolve(answer()));
    expect(result.current.status).toBe('ready');
    expect(messages(result.current.result)).not.toContain('travel_too_far:u');
  });

  it('with the page’s drags, a dragged call point asks once it rests, and at once on the drop', async () => {
    const drags = createUnitDrags();
    const { result, rerender, calls, fire } = await analysed(drags);
    const at = (x: number) => withCallPoint(fire, x);
    drags.start();
    for (const x of [0.6, 0.8]) {
      rerender({ fire: at(x) });
      await act(() => vi.advanceTimersByTimeAsync(BUTTONS_DELAY_MS - 10));
    }
    expect(calls).toHaveLength(1);
    // The drop: its model (here the last move's, as a drop where the pointer rested) is asked for at once.
    act(() => drags.end());
    expect(calls).toHaveLength(2);
    expect(calls[1]!.fire.units.buttons.b1!.coord).toEqual([0.8, 1, 4]);
    // An edit of a call point with no drag on asks at once too.
    rerender({ fire: at(1) });
    expect(calls).toHaveLength(3);
    expect(calls[2]!.fire.units.buttons.b1!.coord).toEqual([1, 1, 4]);
    await settle(() => calls[1]!.resolve(answer()));
    await settle(() => calls[2]!.resolve(answer()));
    expect(result.current.status).toBe('ready');
    await act(() => vi.advanceTimersByTimeAsync(BUTTONS_DELAY_MS));
    expect(calls).toHaveLength(3);
  });

  it('an answer overtaken and coming back last still lets the next question go', async () => {
    const { result, rerender, calls, fire } = await analysed();
    const at = (x: number) => withCallPoint(fire, x);
    rerender({ fire: at(1) });
    await act(() => vi.advanceTimersByTimeAsync(BUTTONS_DELAY_MS));
    const moved = at(2);
    rerender({ fire: moved });
    await act(() => vi.advanceTimersByTimeAsync(BUTTONS_DELAY_MS));
    expect(calls).toHaveLength(3);
    await settle(() => calls[2]!.resolve(answer()));
    // A detector moved meanwhile: its question waits for the overtaken one, then goes.
    const next: Fire = {
      ...moved,
      units: { ...moved.units, detectors: { ...moved.units.detectors, k1: { ...moved.units.detectors.k1!, coord: [1.5, 1, 2.95] } } },
    };
    rerender({ fire: next });
    await act(() => vi.advanceTimersByTimeAsync(SCOPED_DELAY_MS));
    expect(calls).toHaveLength(3);
    await settle(() => calls[1]!.resolve(answer(warningOf('bad_coordinate:b1', 'b1'))));
    await act(() => vi.advanceTimersByTimeAsync(SCOPED_DELAY_MS));
    expect(calls).toHaveLength(4);
    expect(calls[3]!.arch.storeys.s0!.rooms).toEqual(['k']);
    await settle(() => calls[3]!.resolve(answer()));
    expect(result.current.status).toBe('ready');
    expect(messages(result.current.result)).not.toContain('bad_coordinate:b1');
  });

  it('asks for the call points’ check of the storey alone when a call point moves (its doors and rooms, no detectors), and the whole building when the settings change', async () => {
    const { result, rerender, calls, fire } = await analysed();
    // Dragged: nothing is asked while it moves on, then once it rests.
    let withButton: Fire = fire;
    for (const x of [0.6, 0.8, 1]) {
      withButton = withCallPoint(fire, x);
      rerender({ fire: withButton });
      await act(() => vi.advanceTimersByTimeAsync(BUTTONS_DELAY_MS - 10));
    }
    expect(calls).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(calls).toHaveLength(2);
    expect(calls[1]!.fire.units.buttons.b1!.coord).toEqual([1, 1, 4]);
    expect(Object.keys(calls[1]!.arch.storeys)).toEqual(['s1']);
    expect(calls[1]!.arch.storeys.s1!.rooms).toEqual(arch.storeys.s1!.rooms);
    expect(calls[1]!.fire.units.detectors).toEqual({});
    expect(Object.keys(calls[1]!.fire.units.buttons)).toEqual(['b1']);
    // The answer's room warnings are not the call points' (no detectors were sent): the storey's own stay.
    await settle(() =>
      calls[1]!.resolve(answer(warningOf('room_not_covered:u'), warningOf('travel_too_far:u'), warningOf('bad_coordinate:b1', 'b1'))),
    );
    expect(messages(result.current.result)).toEqual([
      'detector_area:k1',
      'detector_area:o1',
      'bad_coordinate:b1',
      'detector_area:u1',
      'travel_too_far:u',
    ]);
    rerender({ fire: { ...withButton, config: { ...withButton.config } } });
    await act(() => vi.advanceTimersByTimeAsync(SCOPED_DELAY_MS));
    expect(calls).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(ANALYSIS_DELAY_MS));
    expect(Object.keys(calls[2]!.arch.storeys).sort()).toEqual(['s0', 's1']);
  });
});

describe('while a design run works (issue 34)', () => {
  const arch = testArch();
  const render = (fire: Fire, analyze: ReturnType<typeof server>['analyze']) =>
    renderHook(({ fire, running }) => useAnalysis(arch, fire, { analyze, running }), { initialProps: { fire, running: false } });

  it('asks nothing and lists nothing, then lists only the analysis of its result', async () => {
    const { calls, analyze } = server();
    const before = fireWith('a');
    const { result, rerender } = render(before, analyze);
    await act(() => vi.advanceTimersByTimeAsync(ANALYSIS_DELAY_MS));
    await settle(() => calls[0]!.resolve(answer(warningOf('room_not_covered:a'))));
    expect(messages(result.current.result)).toEqual(['room_not_covered:a']);

    rerender({ fire: before, running: true });
    expect(result.current.status).toBe('waiting');
    expect(result.current.result).toBeNull();
    expect(result.current.store.current).toBeNull();
    // The run's placement is applied as it ends; nothing is asked while it works.
    const designed = fireWith('b');
    rerender({ fire: designed, running: true });
    await act(() => vi.advanceTimersByTimeAsync(10 * ANALYSIS_DELAY_MS));
    expect(calls).toHaveLength(1);

    rerender({ fire: designed, running: false });
    expect(result.current.status).toBe('pending');
    expect(result.current.result).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(ANALYSIS_DELAY_MS));
    expect(calls).toHaveLength(2);
    expect(calls[1]!.fire.config).toBe(designed.config);
    await settle(() => calls[1]!.resolve(answer()));
    expect(result.current.status).toBe('ready');
    expect(messages(result.current.result)).toEqual([]);
    expect(result.current.store.current).toBe(result.current.result);
  });

  it('an answer asked before the run is not listed after it changed the model; after a run that changed nothing it is', async () => {
    const { calls, analyze } = server();
    const before = fireWith('a');
    const { result, rerender } = render(before, analyze);
    await act(() => vi.advanceTimersByTimeAsync(ANALYSIS_DELAY_MS));
    expect(calls).toHaveLength(1);
    rerender({ fire: before, running: true });
    await settle(() => calls[0]!.resolve(answer(warningOf('room_not_covered:a'))));
    expect(result.current.result).toBeNull();
    // Nothing placed: the answer holds for the model as it is, and is listed once the run ends.
    rerender({ fire: before, running: false });
    expect(result.current.status).toBe('ready');
    expect(messages(result.current.result)).toEqual(['room_not_covered:a']);
    expect(result.current.store.current).toBe(result.current.result);

    // A model changed by the next run: the earlier answer stays off the list until the new one comes.
    const edited = fireWith('c');
    rerender({ fire: edited, running: false });
    await act(() => vi.advanceTimersByTimeAsync(ANALYSIS_DELAY_MS));
    expect(calls).toHaveLength(2);
    rerender({ fire: edited, running: true });
    const designed = fireWith('d');
    rerender({ fire: designed, running: true });
    await settle(() => calls[1]!.resolve(answer(warningOf('room_not_covered:c'))));
    rerender({ fire: designed, running: false });
    expect(result.current.result).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(ANALYSIS_DELAY_MS));
    expect(calls[2]!.fire.config).toBe(designed.config);
    await settle(() => calls[2]!.resolve(answer(warningOf('room_not_covered:d'))));
    expect(messages(result.current.result)).toEqual(['room_not_covered:d']);
  });
});
