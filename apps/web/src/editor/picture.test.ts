import { describe, expect, it } from 'vitest';
import { pictureServes, type PlanLayerPaths, type PlanPicture } from './render';
import type { LayerVisibility } from './layers';

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
