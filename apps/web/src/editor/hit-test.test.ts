import { describe, expect, it } from 'vitest';
import { HitIndex, itemsInScreenRect, pointInRings } from './hit-test';
import { archLayers } from './arch/arch-layers';
import { archScene, rect, testArch } from './arch/test-arch';
import { defaultVisibility } from './layers';
import { toScreen, type Viewport } from './viewport';

const LAYERS = archLayers();
const DEFAULT_LAYERS = defaultVisibility(LAYERS);

describe('hit testing', () => {
  const scene = archScene(testArch(), 's0');
  const index = new HitIndex(scene, LAYERS);
  const at = (x: number, y: number, tolerance = 0, layers = DEFAULT_LAYERS) => index.itemAt([x, y], layers, tolerance)?.ref.id ?? null;

  it('finds the room under a point and nothing outside the storey', () => {
    expect(at(1, 2)).toBe('k');
    expect(at(6, 2.8)).toBe('o');
    expect(at(20, 20)).toBeNull();
  });

  it('prefers what is drawn on top: a door over a room, an object over a room', () => {
    expect(at(4.5, 1.5)).toBe('d1');
    expect(at(5.2, 2.2)).toBe('c1');
    expect(at(1.1, 1.1)).toBe('v1');
  });

  it('skips hidden layers: the beam only when beams are shown, the chair not with other objects off', () => {
    expect(at(2, 1.5)).toBe('k');
    expect(at(2, 1.5, 0, { ...DEFAULT_LAYERS, beams: true })).toBe('b1');
    expect(at(5.2, 2.2, 0, { ...DEFAULT_LAYERS, objects: false })).toBe('o');
  });

  it('a ceiling is picked on its outline only, over the room', () => {
    const arch = testArch();
    arch.ceilings.c = { id: 'c', global_id: '', shape: { exterior: rect(0, 0, 4, 3), interiors: [] }, z: 2.7, grid_lines: [] };
    arch.storeys.s0!.ceilings = ['c'];
    const withCeiling = new HitIndex(archScene(arch, 's0'), LAYERS);
    const shown = { ...DEFAULT_LAYERS, ceilings: true };
    expect(withCeiling.itemAt([2, 2], shown, 0.05)?.ref.id).toBe('k');
    expect(withCeiling.itemAt([2, 2.98], shown, 0.05)?.ref.id).toBe('c');
    expect(withCeiling.itemAt([2, 2.98], DEFAULT_LAYERS, 0.05)?.ref.id).toBe('k');
  });

  it('counts a point within the tolerance of an edge', () => {
    expect(at(7.05, 1.5)).toBeNull();
    expect(at(7.05, 1.5, 0.1)).toBe('o');
  });

  it('knows holes', () => {
    expect(pointInRings([2, 2], [rect(0, 0, 4, 4), rect(1, 1, 3, 3)])).toBe(false);
    expect(pointInRings([0.5, 2], [rect(0, 0, 4, 4), rect(1, 1, 3, 3)])).toBe(true);
  });
});

describe('box selection', () => {
  const scene = archScene(testArch(), 's0');
  const view: Viewport = { scale: 10, x: 100, y: 200, rotation: 0 };
  const box = (x0: number, y0: number, x1: number, y1: number) => {
    const [sx0, sy0] = toScreen(view, [x0, y0]);
    const [sx1, sy1] = toScreen(view, [x1, y1]);
    return itemsInScreenRect(scene, LAYERS, view, { x0: sx0, y0: sy0, x1: sx1, y1: sy1 }, DEFAULT_LAYERS)
      .map((ref) => ref.id)
      .sort();
  };

  it('takes the visible items lying wholly inside, dragged in any direction', () => {
    expect(box(-0.5, 0.5, 4.2, 3.5)).toEqual(['v1']);
    expect(box(-0.5, -0.5, 4.5, 3.5)).toEqual(['k', 'v1']);
    expect(box(4.5, 3.5, -0.5, -0.5)).toEqual(['k', 'v1']);
    expect(box(-1, -1, 8, 4)).toEqual(['c1', 'd1', 'k', 'o', 'v1', 'w1']);
  });

  it('works on a rotated view', () => {
    const turned: Viewport = { ...view, rotation: 90 };
    const corners = [toScreen(turned, [-0.5, -0.5]), toScreen(turned, [4.5, 3.5])];
    const refs = itemsInScreenRect(
      scene,
      LAYERS,
      turned,
      { x0: corners[0]![0], y0: corners[0]![1], x1: corners[1]![0], y1: corners[1]![1] },
      DEFAULT_LAYERS,
    );
    expect(refs.map((ref) => ref.id).sort()).toEqual(['k', 'v1']);
  });
});
