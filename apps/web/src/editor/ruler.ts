import type { Point2 } from '@edrf/model';

/**
 * The ruler (P§2; key m toggles it, Escape ends it): a click sets the start, the pointer stretches
 * the line, a second click fixes it; the next click starts a new measurement.
 */
export interface RulerState {
  start: Point2 | null;
  end: Point2 | null;
  fixed: boolean;
}

export const RULER_START: RulerState = { start: null, end: null, fixed: false };

export function rulerClick(state: RulerState, point: Point2): RulerState {
  if (!state.start || state.fixed) return { start: point, end: point, fixed: false };
  return { start: state.start, end: point, fixed: true };
}

export function rulerMove(state: RulerState, point: Point2): RulerState {
  return state.start && !state.fixed ? { ...state, end: point } : state;
}

export function rulerLength(state: RulerState): number | null {
  return state.start && state.end ? Math.hypot(state.end[0] - state.start[0], state.end[1] - state.start[1]) : null;
}

/** The length as the ruler shows it: metres with two decimals. */
export const formatLength = (metres: number) => `${metres.toFixed(2)} m`;
