import { useEffect, useRef, useState } from 'react';
import type { AnalysisResult } from '@edrf/fire';
import type { Arch, Elec, Fire } from '@edrf/model';
import { ApiError } from '../../../../../api/client';
import { analyzeSections, type FireSectionsResult } from '../run/sections-call';

/** How long the model must rest before it is analysed (typing a name makes many edits). */
export const SECTIONS_ANALYSIS_DELAY_MS = 300;

export interface SectionsAnalysis {
  /** The latest analysis (kept while the next one is on its way). */
  validation: AnalysisResult | null;
  /** 'unavailable' when the last call failed: `reason` is the server's message ('Fire detectors missing'). */
  status: 'idle' | 'pending' | 'ready' | 'unavailable';
  reason: string | null;
}

type Analyze = (model: { arch: Arch; elec: Elec; fire: Fire }) => Promise<FireSectionsResult>;

/**
 * The sections page's always-visible warnings (issue 24): after each change of the model's architecture,
 * electrical or fire part and SECTIONS_ANALYSIS_DELAY_MS of rest, calc_fire_sections runs with every setting off
 * (it writes nothing, only analyses). An answer for a model that changed since is dropped.
 */
export function useSectionsAnalysis(
  arch: Arch,
  elec: Elec,
  fire: Fire | null,
  opts: { analyze?: Analyze; delay?: number } = {},
): SectionsAnalysis {
  const analyze = opts.analyze ?? analyzeSections;
  const delay = opts.delay ?? SECTIONS_ANALYSIS_DELAY_MS;
  const [answer, setAnswer] = useState<{ fire: Fire; arch: Arch; validation: AnalysisResult | null; reason: string | null } | null>(null);
  const analyzeRef = useRef(analyze);
  useEffect(() => {
    analyzeRef.current = analyze;
  });

  useEffect(() => {
    if (!fire) return;
    let current = true;
    const timer = setTimeout(() => {
      analyzeRef.current({ arch, elec, fire }).then(
        (result) => {
          if (current) setAnswer({ arch, fire, validation: result.validation, reason: null });
        },
        (error: unknown) => {
          const reason = error instanceof ApiError ? (error.detail ?? error.message) : 'Analysis unavailable';
          if (current) setAnswer((was) => ({ arch, fire, validation: was?.validation ?? null, reason }));
        },
      );
    }, delay);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [arch, elec, fire, delay]);

  if (!fire) return { validation: null, status: 'idle', reason: null };
  if (answer?.reason) return { validation: answer.validation, status: 'unavailable', reason: answer.reason };
  const status = answer?.arch === arch && answer.fire === fire ? 'ready' : 'pending';
  return { validation: answer?.validation ?? null, status, reason: null };
}
