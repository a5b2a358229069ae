import { describe, expect, it } from 'vitest';
import { PointerGesture } from './gestures';

describe('the pointer on the plan (P§9: 5 px, 300 ms)', () => {
  it('a press released within 5 px is a click', () => {
    const g = new PointerGesture();
    g.down({ x: 10, y: 10, time: 0, shift: true });
    expect(g.move({ x: 13, y: 14, time: 5 })).toBeNull();
    expect(g.up({ x: 13, y: 14, time: 10 })).toEqual({ type: 'click', x: 10, y: 10, shift: true, double: false });
  });

  it('past 5 px it is a box, reported while dragging and on release', () => {
    const g = new PointerGesture();
    g.down({ x: 10, y: 10, time: 0 });
    expect(g.move({ x: 16, y: 10, time: 5 })).toEqual({ type: 'box', x0: 10, y0: 10, x1: 16, y1: 10, shift: false, done: false });
    // Once a drag, always a drag: coming back near the start does not make it a click.
    expect(g.up({ x: 11, y: 10, time: 10 })).toEqual({ type: 'box', x0: 10, y0: 10, x1: 11, y1: 10, shift: false, done: true });
  });

  it('the middle or right button pans by the pointer’s moves', () => {
    const g = new PointerGesture();
    g.down({ x: 0, y: 0, time: 0, button: 1 });
    expect(g.move({ x: 10, y: 0, time: 5 })).toEqual({ type: 'pan', dx: 10, dy: 0 });
    expect(g.move({ x: 12, y: 3, time: 6 })).toEqual({ type: 'pan', dx: 2, dy: 3 });
    expect(g.up({ x: 12, y: 3, time: 7 })).toBeNull();
  });

  it('a second click within 300 ms is a double click; later, or far away, it is not', () => {
    const click = (g: PointerGesture, x: number, time: number) => {
      g.down({ x, y: 0, time });
      return g.up({ x, y: 0, time: time + 20 });
    };
    const g = new PointerGesture();
    expect(click(g, 0, 0)).toMatchObject({ double: false });
    expect(click(g, 1, 200)).toMatchObject({ double: true });
    // The pair is over: a third click starts again.
    expect(click(g, 1, 300)).toMatchObject({ double: false });
    expect(click(g, 1, 700)).toMatchObject({ double: false });
    expect(click(g, 30, 800)).toMatchObject({ double: false });
  });
});
