import { describe, expect, it } from 'vitest';
import { fitBounds, toScreen, toWorld, viewForKey, viewForWheel, zoomAt, type Viewport } from './viewport';

const close = (a: readonly number[], b: readonly number[]) => a.forEach((v, i) => expect(v).toBeCloseTo(b[i]!, 6));

describe('the view', () => {
  it('maps world to screen and back, y up on the plan, with rotation', () => {
    const view: Viewport = { scale: 10, x: 50, y: 80, rotation: 0 };
    close(toScreen(view, [1, 2]), [60, 60]);
    close(toWorld(view, [60, 60]), [1, 2]);
    const turned: Viewport = { ...view, rotation: 90 };
    // North (+y) turned a quarter counter-clockwise points west (−x on screen).
    close(toScreen(turned, [0, 1]), [40, 80]);
    close(toWorld(turned, toScreen(turned, [3.5, -2])), [3.5, -2]);
  });

  it('zooms about the pointer: the point under it stays', () => {
    const view: Viewport = { scale: 10, x: 0, y: 0, rotation: 30 };
    const before = toWorld(view, [123, 45]);
    close(toWorld(zoomAt(view, 2.5, 123, 45), [123, 45]), before);
  });

  it('fits the storey into the screen, centred', () => {
    const view = fitBounds({ minX: 0, minY: 0, maxX: 100, maxY: 50 }, 1000, 600, 0, 0);
    expect(view.scale).toBe(10);
    close(toScreen(view, [50, 25]), [500, 300]);
    close(toScreen(view, [0, 25]), [0, 300]);
  });

  it('moves with the keys and the wheel', () => {
    const view: Viewport = { scale: 10, x: 0, y: 0, rotation: 0 };
    expect(viewForKey(view, 'ArrowLeft', 400, 300)?.x).toBe(30);
    expect(viewForKey(view, '+', 400, 300)?.scale).toBe(12.5);
    expect(viewForKey(view, 'q', 400, 300)).toBeNull();
    // A mouse wheel notch zooms out at the pointer; a trackpad's two-finger scroll pans.
    const zoomed = viewForWheel(view, { deltaX: 0, deltaY: 100, deltaMode: 0, ctrlKey: false, x: 10, y: 10 });
    expect(zoomed.scale).toBeLessThan(10);
    const panned = viewForWheel(view, { deltaX: 12, deltaY: 3.5, deltaMode: 0, ctrlKey: false, x: 10, y: 10 });
    expect(panned).toMatchObject({ scale: 10, x: -12, y: -3.5 });
    const pinched = viewForWheel(view, { deltaX: 0, deltaY: -5, deltaMode: 0, ctrlKey: true, x: 10, y: 10 });
    expect(pinched.scale).toBeGreaterThan(10);
  });
});
