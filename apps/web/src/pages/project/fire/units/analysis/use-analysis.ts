import { useEffect, useRef, useState } from 'react';
import type { FireUnitsResult } from '@edrf/fire';
import type { Arch, Fire } from '@edrf/model';
import { analyzeUnits } from './analyze';
import { createAnalysisStore, type AnalysisStore } from './analysis-store';

/** How long the model must rest before it is analysed (a drag or typing makes many edits). */
export const ANALYSIS_DELAY_MS = 300;

export interface Analysis {
  /** The latest answer for a model (kept while the next one is on its way). */
  result: FireUnitsResult | null;
  /** 'pending' while a newer model waits or is analysed; 'unavailable' when the last call failed. */
  status: 'idle' | 'pending' | 'ready' | 'unavailable';
  /** The same answer for the plan's painter. */
  store: AnalysisStore;
}

/**
 * The units page's analysis (issue 22, 'Analysis always visible'): after each change of the architecture or the
 * fire part, and ANALYSIS_DELAY_MS of rest, calc_fire_units analyze_only runs on the server; the page never
 * waits for it. An answer for a model that changed since it was asked for is dropped.
 */
export function useAnalysis(
  arch: Arch,
  fire: Fire | null,
  opts: { analyze?: (arch: Arch, fire: Fire) => Promise<FireUnitsResult>; delay?: number } = {},
): Analysis {
  const analyze = opts.analyze ?? analyzeUnits;
  const delay = opts.delay ?? ANALYSIS_DELAY_MS;
  const [store] = useState(createAnalysisStore);
  // The latest answer and the model it is for; `failed` when the last question found no server.
  const [answer, setAnswer] = useState<{ arch: Arch; fire: Fire; result: FireUnitsResult | null; failed: boolean } | null>(null);
  const analyzeRef = useRef(analyze);
  useEffect(() => {
    analyzeRef.current = analyze;
  });

  useEffect(() => {
    if (!fire) return;
    // Cleared when the model changes (or the page goes): the answer to this question is then stale.
    let current = true;
    const timer = setTimeout(() => {
      analyzeRef.current(arch, fire).then(
        (result) => {
          if (!current) return;
          store.set(result);
          setAnswer({ arch, fire, result, failed: false });
        },
        () => {
          if (current) setAnswer((was) => ({ arch, fire, result: was?.result ?? null, failed: true }));
        },
      );
    }, delay);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [arch, fire, delay, store]);

  if (!fire) return { result: null, status: 'idle', store };
  const status = answer?.failed ? 'unavailable' : answer?.arch === arch && answer.fire === fire ? 'ready' : 'pending';
  return { result: answer?.result ?? null, status, store };
}
