import type { AnalysisResult } from '@edrf/fire';
import { createStore, useStore } from '../../../../../lib/store';
import type { DesignCounts, DesignScope } from './design-edits';

/**
 * The last automatic design's analysis, per project (issue 22: the analysis display reads it). Set when a Run's
 * answer arrives; `validation` is calc_fire_units' `validation` as answered (warnings, detector_shapes,
 * siren_shapes, split_sections), for the model as it was sent.
 */
export interface LastDesign {
  validation: AnalysisResult;
  scope: DesignScope;
  added: DesignCounts;
  /** Date.now() when the answer arrived. */
  at: number;
}

export const lastDesignStore = createStore<Readonly<Record<string, LastDesign>>>({});

export const setLastDesign = (projectId: string, design: LastDesign) => lastDesignStore.set((all) => ({ ...all, [projectId]: design }));

export const getLastDesign = (projectId: string): LastDesign | null => lastDesignStore.get()[projectId] ?? null;

/** The last design of the project, re-rendering when a new one arrives (null before the first Run). */
export function useLastDesign(projectId: string): LastDesign | null {
  return useStore(lastDesignStore)[projectId] ?? null;
}
