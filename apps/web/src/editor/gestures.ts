/**
 * The pointer on the plan as a small state machine (P§9): a press that moves more than 5 px is a
 * drag (a box with the main button, a pan with the others); otherwise its release is a click, and
 * a second click within 300 ms near the first is a double click. Times and positions come in, so
 * tests drive it without a browser.
 */
export const DRAG_THRESHOLD_PX = 5;
export const DOUBLE_CLICK_MS = 300;

export interface PointerSample {
  x: number;
  y: number;
  time: number;
  /** 0 main, 1 middle, 2 secondary. */
  button?: number;
  shift?: boolean;
}

export type GestureEvent =
  | { type: 'click'; x: number; y: number; shift: boolean; double: boolean }
  | { type: 'box'; x0: number; y0: number; x1: number; y1: number; shift: boolean; done: boolean }
  | { type: 'pan'; dx: number; dy: number };

type State = { name: 'idle' } | { name: 'pressed'; start: PointerSample; last: PointerSample; dragging: boolean; pan: boolean };

export class PointerGesture {
  private state: State = { name: 'idle' };
  private lastClick: { x: number; y: number; time: number } | null = null;

  get active(): boolean {
    return this.state.name === 'pressed';
  }

  /** Whether the press has become a drag. */
  get dragging(): boolean {
    return this.state.name === 'pressed' && this.state.dragging;
  }

  down(sample: PointerSample): void {
    const pan = (sample.button ?? 0) !== 0;
    this.state = { name: 'pressed', start: sample, last: sample, dragging: false, pan };
  }

  move(sample: PointerSample): GestureEvent | null {
    const state = this.state;
    if (state.name !== 'pressed') return null;
    const { start, last } = state;
    if (!state.dragging && Math.hypot(sample.x - start.x, sample.y - start.y) > DRAG_THRESHOLD_PX) state.dragging = true;
    state.last = sample;
    if (!state.dragging) return null;
    if (state.pan) return { type: 'pan', dx: sample.x - last.x, dy: sample.y - last.y };
    return { type: 'box', x0: start.x, y0: start.y, x1: sample.x, y1: sample.y, shift: !!start.shift, done: false };
  }

  up(sample: PointerSample): GestureEvent | null {
    const state = this.state;
    this.state = { name: 'idle' };
    if (state.name !== 'pressed') return null;
    const moved = this.moveCheck(state, sample);
    if (moved) {
      this.lastClick = null;
      if (state.pan) return null;
      return { type: 'box', x0: state.start.x, y0: state.start.y, x1: sample.x, y1: sample.y, shift: !!state.start.shift, done: true };
    }
    if (state.pan) return null;
    const previous = this.lastClick;
    const double =
      previous !== null &&
      sample.time - previous.time <= DOUBLE_CLICK_MS &&
      Math.hypot(sample.x - previous.x, sample.y - previous.y) <= DRAG_THRESHOLD_PX;
    // A double click ends the pair: a third click starts a new one.
    this.lastClick = double ? null : { x: sample.x, y: sample.y, time: sample.time };
    return { type: 'click', x: state.start.x, y: state.start.y, shift: !!state.start.shift, double };
  }

  cancel(): void {
    this.state = { name: 'idle' };
  }

  private moveCheck(state: Extract<State, { name: 'pressed' }>, sample: PointerSample): boolean {
    return state.dragging || Math.hypot(sample.x - state.start.x, sample.y - state.start.y) > DRAG_THRESHOLD_PX;
  }
}
