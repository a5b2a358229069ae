import { describe, expect, it } from 'vitest';
import { DEFAULT_TRAY_WIDTH, emptyModel, meshCatalogue, newTray, type Tray } from '@edrf/model';
import { testArch } from '../editor/arch/test-arch';
import {
  DEFAULT_LAYERS_3D,
  FRAME_FILL,
  LAYER_LABELS,
  PRISM_LAYERS,
  TRAY_DEPTH,
  buildSceneData,
  framingZoom,
  initialZoom,
  projectedExtent,
} from './scene-data';
import type { Box3Like } from './clip-box';

const catalogue = meshCatalogue();

describe('the 3D scene of a model', () => {
  const arch = testArch();
  const data = buildSceneData({ arch, elec: emptyModel().elec, fire: null }, catalogue);

  it('extrudes walls, doors and rooms each into their own layer', () => {
    expect(data.prisms.walls.count).toBe(Object.keys(arch.walls).length);
    expect(data.prisms.doors.count).toBe(Object.keys(arch.doors).length);
    expect(data.prisms.rooms.count).toBe(Object.keys(arch.rooms).length);
  });

  it('draws other objects as catalogue boxes on their bounds', () => {
    const ids = data.instances.objects.flatMap((group) => group.ids);
    expect(ids.sort()).toEqual(Object.keys(arch.other_objects).sort());
    expect(data.instances.units).toEqual([]);
  });

  it('knows the bounds of what it draws', () => {
    const b = data.bounds!;
    expect(b.min[0]).toBeLessThanOrEqual(0);
    expect(b.max[0]).toBeGreaterThanOrEqual(7);
    expect(b.max[2]).toBeGreaterThanOrEqual(3);
  });
});

/** The scene of a model holding only these trays. */
const traysScene = (...trays: Tray[]) =>
  buildSceneData({ ...emptyModel(), elec: { trays: Object.fromEntries(trays.map((t) => [t.id, t])) } }, catalogue);

/** The distinct vertices of a layer's geometry, rounded to 0.1 mm (positions are 32-bit floats), sorted. */
function corners(positions: ArrayLike<number>): number[][] {
  const seen = new Map<string, number[]>();
  for (let i = 0; i < positions.length; i += 3) {
    const p = [0, 1, 2].map((k) => Math.round(positions[i + k]! * 1e4) / 1e4 + 0);
    seen.set(p.join(' '), p);
  }
  return [...seen.values()].sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]! || a[2]! - b[2]!);
}

/** The volume of a closed triangle mesh (divergence theorem). */
function volume(p: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < p.length; i += 9) {
    sum +=
      p[i]! * (p[i + 4]! * p[i + 8]! - p[i + 5]! * p[i + 7]!) -
      p[i + 1]! * (p[i + 3]! * p[i + 8]! - p[i + 5]! * p[i + 6]!) +
      p[i + 2]! * (p[i + 3]! * p[i + 7]! - p[i + 4]! * p[i + 6]!);
  }
  return sum / 6;
}

const expectCorners = (actual: number[][], expected: number[][]) => {
  expect(actual).toHaveLength(expected.length);
  const sorted = [...expected].sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]! || a[2]! - b[2]!);
  actual.forEach((p, i) => p.forEach((v, axis) => expect(v, `corner ${i} axis ${axis}`).toBeCloseTo(sorted[i]![axis]!, 4)));
};

describe('cable trays in 3D', () => {
  it('are a layer of their own, Trays, shown by default', () => {
    expect(PRISM_LAYERS).toContain('trays');
    expect(LAYER_LABELS.trays).toBe('Trays');
    expect(DEFAULT_LAYERS_3D.trays).toBe(true);
    expect(TRAY_DEPTH).toBe(0.06);
  });

  it('draw a horizontal tray as a flat box along its run, width wide, hanging TRAY_DEPTH below its z', () => {
    // A run of 5 m along (0.6, 0.8), 0.4 wide: across the run is (-0.8, 0.6), so the sides are ±(-0.16, 0.12).
    const data = traysScene({ ...newTray('t', 's0', [1, 2, 2.95], [4, 6, 2.95]), width: 0.4 });
    const trays = data.prisms.trays;
    expect(trays.count).toBe(1);
    const positions = trays.toGeometry().getAttribute('position').array;
    const bottom = 2.95 - 0.06;
    expectCorners(
      corners(positions),
      [
        [1.16, 1.88],
        [0.84, 2.12],
        [4.16, 5.88],
        [3.84, 6.12],
      ].flatMap(([x, y]) => [
        [x!, y!, bottom],
        [x!, y!, 2.95],
      ]),
    );
    expect(volume(positions)).toBeCloseTo(5 * 0.4 * 0.06, 5);
    expect(trays.min[2]).toBeCloseTo(bottom, 5);
    expect(trays.max[2]).toBeCloseTo(2.95, 5);
    // Nothing else is drawn, and the bounds are the tray's.
    for (const layer of PRISM_LAYERS) if (layer !== 'trays') expect(data.prisms[layer].count, layer).toBe(0);
    expect(data.bounds!.min[0]).toBeCloseTo(0.84, 5);
    expect(data.bounds!.max[1]).toBeCloseTo(6.12, 5);
  });

  it('draw a vertical tray as an upright box, width × width in plan, from its lower z to its upper z', () => {
    // As the app makes one: storey_id the lower storey, to_storey_id the upper one, the default width.
    const tray = newTray('v', 's0', [2, 3, 5.95], [2, 3, 2.95], 's1');
    expect(tray.width).toBe(DEFAULT_TRAY_WIDTH);
    const trays = traysScene(tray).prisms.trays;
    expect(trays.count).toBe(1);
    const positions = trays.toGeometry().getAttribute('position').array;
    const h = DEFAULT_TRAY_WIDTH / 2;
    expectCorners(
      corners(positions),
      [
        [2 - h, 3 - h],
        [2 + h, 3 - h],
        [2 + h, 3 + h],
        [2 - h, 3 + h],
      ].flatMap(([x, y]) => [
        [x!, y!, 2.95],
        [x!, y!, 5.95],
      ]),
    );
    expect(volume(positions)).toBeCloseTo(DEFAULT_TRAY_WIDTH * DEFAULT_TRAY_WIDTH * 3, 5);
  });

  it('draw nothing for a tray whose start is its end', () => {
    const data = traysScene(newTray('d', 's0', [1, 1, 2.95], [1, 1, 2.95]));
    expect(data.prisms.trays.count).toBe(0);
    expect(data.prisms.trays.triangles).toBe(0);
    expect(data.bounds).toBeNull();
  });

  it('draw every tray of the model into the one layer', () => {
    const data = traysScene(
      newTray('a', 's0', [0, 0, 2.95], [10, 0, 2.95]),
      newTray('b', 's0', [10, 0, 2.95], [10, 0, 5.95], 's1'),
      newTray('c', 's0', [3, 3, 2.95], [3, 3, 2.95]),
    );
    expect(data.prisms.trays.count).toBe(2);
    // Two boxes of 12 triangles: two caps of two, four sides of two.
    expect(data.prisms.trays.triangles).toBe(24);
  });
});

describe('the zoom rule (P§4)', () => {
  it('is 1000 divided by the largest extent of the model', () => {
    expect(initialZoom({ min: [0, 0, 0], max: [40, 10, 8] })).toBe(25);
    expect(initialZoom({ min: [-5, -100, 0], max: [5, 100, 3] })).toBe(5);
  });

  it('is 1 for an empty model or a single point', () => {
    expect(initialZoom(null)).toBe(1);
    expect(initialZoom({ min: [1, 1, 1], max: [1, 1, 1] })).toBe(1);
  });
});

describe('the first view frames the whole model (docs/view3d.md)', () => {
  // AC20-FZK-Haus's bounds: 13 × 11 × 6.5 m, so P§4 gives 1000 / 13 ≈ 77 px per metre.
  const house: Box3Like = { min: [-0.5, -0.5, -0.2], max: [12.5, 10.5, 6.31769] };

  it("keeps P§4's zoom where the model fits the view at it", () => {
    expect(framingZoom(house, 4000, 3000)).toBeCloseTo(initialZoom(house), 9);
  });

  it('zooms out where the model would not fit: the whole of it within the view, filling 90% of one side', () => {
    for (const [width, height] of [
      [1216, 900],
      [896, 560],
      [600, 900],
    ] as const) {
      const zoom = framingZoom(house, width, height);
      expect(zoom).toBeLessThan(initialZoom(house));
      const seen = projectedExtent(house);
      expect(seen.width * zoom).toBeLessThanOrEqual(width * FRAME_FILL + 1e-6);
      expect(seen.height * zoom).toBeLessThanOrEqual(height * FRAME_FILL + 1e-6);
      expect(Math.max((seen.width * zoom) / width, (seen.height * zoom) / height)).toBeCloseTo(FRAME_FILL, 6);
    }
  });

  it('seen from the south-west above, a box is wider and taller on screen than its largest side', () => {
    const seen = projectedExtent(house);
    expect(seen.width).toBeGreaterThan(13);
    expect(seen.height).toBeGreaterThan(6.5);
  });

  it("is P§4's zoom for an empty model or an unsized view", () => {
    expect(framingZoom(null, 800, 600)).toBe(1);
    expect(framingZoom(house, 0, 0)).toBeCloseTo(initialZoom(house), 9);
  });
});
