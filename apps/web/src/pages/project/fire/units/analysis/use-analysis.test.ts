import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FireUnitsResult } from '@edrf/fire';
import type { Arch, Fire } from '@edrf/model';
import { testArch } from '../../../../../editor/arch/test-arch';
import { createFireConfigForTest } from '../../test-fire';
import { ANALYSIS_DELAY_MS, useAnalysis } from './use-analysis';

const fireWith = (_tag: string): Fire => ({ ...createFireConfigForTest('Sbf1108') });
const answer = (tag: string): FireUnitsResult => ({
  units: { detectors: {}, sirens: {}, buttons: {} },
  validation: {
    warnings: [{ warning_id: tag, unit_id: '', section_id: '', message: tag }],
    detector_shapes: {},
    siren_shapes: {},
    split_sections: [],
  },
});

/** A stand-in for the server: each call waits until the test settles it. */
function server() {
  const calls: { fire: Fire; resolve: (r: FireUnitsResult) => void; reject: (e: Error) => void }[] = [];
  const analyze = vi.fn(
    (_arch: Arch, fire: Fire) => new Promise<FireUnitsResult>((resolve, reject) => calls.push({ fire, resolve, reject })),
  );
  return { calls, analyze };
}

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
    expect(calls[0]!.fire).toBe(third);
    await settle(() => calls[0]!.resolve(answer('c')));
    expect(result.current.status).toBe('ready');
    expect(result.current.result).toEqual(answer('c'));
    expect(result.current.store.current).toEqual(answer('c'));
  });

  it('drops an answer for a model that changed since it was asked for', async () => {
    const { calls, analyze } = server();
    const { result, rerender } = renderHook(({ fire }) => useAnalysis(arch, fire, { analyze }), { initialProps: { fire: fireWith('a') } });
    await act(() => vi.advanceTimersByTimeAsync(ANALYSIS_DELAY_MS));
    rerender({ fire: fireWith('b') });
    await act(() => vi.advanceTimersByTimeAsync(ANALYSIS_DELAY_MS));
    expect(calls).toHaveLength(2);
    // The newer answer comes first; the older one, arriving late, must not replace it.
    await settle(() => calls[1]!.resolve(answer('b')));
    await settle(() => calls[0]!.resolve(answer('a')));
    expect(result.current.result).toEqual(answer('b'));
    expect(result.current.store.current).toEqual(answer('b'));
  });

  it('drops an old answer while a newer model is still waiting, and says quietly when the server fails', async () => {
    const { calls, analyze } = server();
    const { result, rerender } = renderHook(({ fire }) => useAnalysis(arch, fire, { analyze }), { initialProps: { fire: fireWith('a') } });
    await act(() => vi.advanceTimersByTimeAsync(ANALYSIS_DELAY_MS));
    rerender({ fire: fireWith('b') });
    await settle(() => calls[0]!.resolve(answer('a')));
    expect(result.current.result).toBeNull();
    expect(result.current.status).toBe('pending');
    await act(() => vi.advanceTimersByTimeAsync(ANALYSIS_DELAY_MS));
    await settle(() => calls[1]!.reject(new Error('Failed to analyze fire units')));
    expect(result.current.status).toBe('unavailable');
  });
});
