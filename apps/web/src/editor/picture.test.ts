import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildLayerPaths, type PlanLayerPaths } from './layer-paths';
import { pictureServes, type PlanPicture } from './static-scene';
import { planItem, refKey, type LayerVisibility, type PlanItem, type PlanScene, type Ring } from './layers';
import { unionBounds } from './viewport';

const paths: PlanLayerPaths = { tiles: [] };
const layers = {} as LayerVisibility;
const picture = (over: Partial<PlanPicture> = {}): PlanPicture => ({
  canvas: {} as HTMLCanvasElement,
  view: { scale: 30, x: 0, y: 0, rotation: 0 },
  ratio: 1,
  paths,
  visibility: layers,
  fitScale: 20,
  ...over,
});

describe('the storey picture', () => {
  it('serves frames of the same plan and layers, turned alike, at its scale or smaller', () => {
    expect(pictureServes(picture(), paths, layers, { scale: 30, x: 5, y: 9, rotation: 0 }, 1)).toBe(true);
    expect(pictureServes(picture(), paths, layers, { scale: 4, x: 0, y: 0, rotation: 0 }, 1)).toBe(true);
  });

  it('does not serve a frame that would enlarge it, another plan, other layers, a turn or another pixel ratio', () => {
    const view = { scale: 20, x: 0, y: 0, rotation: 0 };
    expect(pictureServes(picture(), paths, layers, { ...view, scale: 31 }, 1)).toBe(false);
    expect(pictureServes(picture(), { tiles: [] }, layers, view, 1)).toBe(false);
    expect(pictureServes(picture(), paths, { other: true }, view, 1)).toBe(false);
    expect(pictureServes(picture(), paths, layers, { ...view, rotation: 90 }, 1)).toBe(false);
    expect(pictureServes(picture(), paths, layers, view, 2)).toBe(false);
    expect(pictureServes(null, paths, layers, view, 1)).toBe(false);
  });
});

describe('the layer paths of a storey after an edit', () => {
  afterEach(() => vi.unstubAllGlobals());
  const square = (x: number, y: number): Ring[] => [
    [
      [x, y],
      [x + 1, y],
      [x + 1, y + 1],
      [x, y + 1],
    ],
  ];
  const item = (id: string, x: number, y: number) => planItem({ kind: 'arch.rooms', id }, 'rooms', square(x, y))!;
  const scene = (items: PlanItem[]): PlanScene => {
    let bounds = null as PlanScene['bounds'];
    for (const one of items) bounds = unionBounds(bounds, one.bounds);
    return { storeyId: 's', items, byKey: new Map(items.map((one) => [refKey(one.ref), one])), bounds };
  };

  it('keeps the paths of the parts of the storey whose items are unchanged, and builds those of a moved item again', () => {
    // The test's DOM has no canvas paths: a stand-in that takes the calls.
    vi.stubGlobal(
      'Path2D',
      class {
        moveTo() {}
        lineTo() {}
        closePath() {}
        arc() {}
      },
    );
    // 100 rooms over a 10 × 10 grid: the storey's parts (tiles) hold a few each.
    const rooms = Array.from({ length: 100 }, (_, i) => item(`r${i}`, (i % 10) * 3, Math.floor(i / 10) * 3));
    const first = buildLayerPaths(scene(rooms));
    const moved = rooms.map((room, i) => (i === 44 ? item('r44', 12.5, 12) : room));
    const second = buildLayerPaths(scene(moved), first);
    const kept = second.tiles.filter((tile) => first.tiles.includes(tile));
    expect(second.tiles).toHaveLength(first.tiles.length);
    expect(kept).toHaveLength(first.tiles.length - 1);
    // Without the earlier paths, or with the storey's bounds changed (a room moved beyond them), every part is built.
    expect(buildLayerPaths(scene(moved)).tiles.filter((tile) => first.tiles.includes(tile))).toEqual([]);
    const beyond = rooms.map((room, i) => (i === 44 ? item('r44', 40, 12) : room));
    expect(buildLayerPaths(scene(beyond), first).tiles.filter((tile) => first.tiles.includes(tile))).toEqual([]);
  });
});
