import type { Point2 } from '@edrf/model';
import type { PlanEditor } from '../plan-editor';
import type { OverlayDraw } from '../overlay';
import type { PlanTool, Press, ToolPointer, ToolStatus } from '../tool';

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

const RULER_COLOUR = '#c0392b';

/** The ruler as a tool: clicks measure, the pointer stretches an open measurement; a drag pans nothing and selects nothing. */
export const RULER_TOOL = 'ruler';

export class RulerTool implements PlanTool<RulerState> {
  readonly id = RULER_TOOL;
  readonly cursor = 'crosshair';
  readonly acrossStoreys = true;
  state: RulerState = RULER_START;

  move(pointer: ToolPointer, _press: Press | null, editor: PlanEditor): void {
    this.set(rulerMove(this.state, pointer.point), editor);
  }

  up(pointer: ToolPointer, press: Press, editor: PlanEditor): void {
    if (!press.dragging) this.set(rulerClick(this.state, pointer.point), editor);
  }

  overlay = (draw: OverlayDraw): void => {
    const { start, end } = this.state;
    const length = rulerLength(this.state);
    if (!start || !end || length === null) return;
    draw.polyline([start, end], { stroke: RULER_COLOUR, width: 2 });
    draw.text([(start[0] + end[0]) / 2, (start[1] + end[1]) / 2], formatLength(length), { color: RULER_COLOUR, dx: 6, dy: -6 });
  };

  status(): ToolStatus {
    const length = rulerLength(this.state);
    return length === null
      ? { text: 'Click the start of the measurement', hint: true }
      : { text: formatLength(length), label: 'Ruler length' };
  }

  private set(state: RulerState, editor: PlanEditor): void {
    if (state === this.state) return;
    this.state = state;
    editor.toolChanged();
  }
}
