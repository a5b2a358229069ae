import { describe, expect, it } from 'vitest';
import type { Model } from '@edrf/model';
import { testModel } from '../../../../../editor/arch/test-arch';
import { planHarness } from '../../../../../editor/harness';
import type { Ray3 } from '../../../../../view3d/view-scene';
import { createFireConfigForTest } from '../../test-fire';
import { unitLayers, unitsBackgroundLayers } from '../layers/unit-layers';
import { PlaceUnitTool } from '../tools/place-unit-tool';
import { UnitSelectTool } from '../tools/unit-select';
import { unitRef } from '../units-edits';
import { grabUnit3d, placeAt3d, pointAtHeight } from './place-3d';

/** The ray a camera at `eye` sends through the model point `at` (a unit direction): what the view gives for a pixel. */
function rayThrough(eye: [number, number, number], at: [number, number, number]): Ray3 {
  const d = at.map((v, i) => v - eye[i]!) as [number, number, number];
  const length = Math.hypot(...d);
  return { origin: eye, direction: d.map((v) => v / length) as [number, number, number] };
}

// The view's own angle: from the south-west, above (view3d's VIEW_FROM), far off.
const EYE: [number, number, number] = [-40, -50, 60];

/** The test arch (storey s0: floor 0, top 3) with the SBF module and a detector det-1 at (1, 1) under the ceiling. */
function units() {
  const model: Model = { ...testModel(), fire: createFireConfigForTest('Sbf1108') };
  model.fire!.units.detectors['det-1'] = { id: 'det-1', storey_id: 's0', coord: [1, 1, 2.95], product_id: '', hidden: false };
  return planHarness({ layers: [...unitsBackgroundLayers(), ...unitLayers()], defaultTool: () => new UnitSelectTool() }, model, 's0');
}

describe('a ray on a plane', () => {
  it('meets z = h where the line from the eye through the point does, and not behind the eye or along the plane', () => {
    const at = pointAtHeight(rayThrough(EYE, [2.5, 1.25, 2.95]), 2.95)!;
    expect(at[0]).toBeCloseTo(2.5, 9);
    expect(at[1]).toBeCloseTo(1.25, 9);
    // The same ray on the floor meets it farther on: 2.95 m lower along the line's slope.
    const floor = pointAtHeight(rayThrough(EYE, [2.5, 1.25, 2.95]), 0)!;
    const run = Math.hypot(2.5 - EYE[0], 1.25 - EYE[1]) / (EYE[2] - 2.95);
    expect(Math.hypot(floor[0] - 2.5, floor[1] - 1.25)).toBeCloseTo(run * 2.95, 9);
    expect(pointAtHeight({ origin: [0, 0, 5], direction: [1, 0, 0] }, 3)).toBeNull();
    expect(pointAtHeight({ origin: [0, 0, 5], direction: [0, 0, 1] }, 3)).toBeNull();
  });
});

describe('units in 3D, as in 2D', () => {
  it('a click with the detector tool places a detector on the ceiling under the pointer, selected, one undo step', () => {
    const h = units();
    h.editor.useTool(new PlaceUnitTool('detector'));
    expect(placeAt3d(h.editor, rayThrough(EYE, [2.5, 1.25, 2.95]), false)).toBe(true);
    const placed = Object.values(h.model.fire!.units.detectors).filter((d) => d.id !== 'det-1');
    expect(placed).toHaveLength(1);
    const [x, y, z] = placed[0]!.coord;
    expect([x, y]).toEqual([expect.closeTo(2.5, 9), expect.closeTo(1.25, 9)]);
    expect(z).toBe(2.95);
    expect(h.editor.selection).toEqual({ kind: 'items', items: [unitRef('detectors', placed[0]!.id)] });
    h.undo();
    expect(Object.keys(h.model.fire!.units.detectors)).toEqual(['det-1']);
  });

  it('without a placement tool a click places nothing (it selects)', () => {
    const h = units();
    expect(placeAt3d(h.editor, rayThrough(EYE, [2.5, 1.25, 2.95]), false)).toBe(false);
    expect(Object.keys(h.model.fire!.units.detectors)).toEqual(['det-1']);
  });

  it('the selected detector is dragged on its own plane: previewed, one undo step, its height kept; a cancel puts it back', () => {
    const h = units();
    const hit = { layer: 'units' as const, id: 'det-1' };
    // Not selected: the press is the orbit's.
    expect(grabUnit3d(h.editor, hit, rayThrough(EYE, [1, 1, 2.95]))).toBeNull();
    h.editor.select({ kind: 'items', items: [unitRef('detectors', 'det-1')] });
    // Pressed a little off the detector's centre: it keeps that offset from the pointer.
    const grab = grabUnit3d(h.editor, hit, rayThrough(EYE, [1.1, 0.9, 2.95]))!;
    expect(grab).not.toBeNull();
    grab.move(rayThrough(EYE, [2.1, 1.4, 2.95]));
    expect(h.model.fire!.units.detectors['det-1']!.coord).toEqual([expect.closeTo(2, 9), expect.closeTo(1.5, 9), 2.95]);
    expect(grab.end(rayThrough(EYE, [3.1, 1.9, 2.95]))).toBe(true);
    expect(h.model.fire!.units.detectors['det-1']!.coord).toEqual([expect.closeTo(3, 9), expect.closeTo(2, 9), 2.95]);
    h.undo();
    expect(h.model.fire!.units.detectors['det-1']!.coord).toEqual([1, 1, 2.95]);

    const cancelled = grabUnit3d(h.editor, hit, rayThrough(EYE, [1, 1, 2.95]))!;
    cancelled.move(rayThrough(EYE, [2, 2, 2.95]));
    expect(cancelled.end(null)).toBe(false);
    expect(h.model.fire!.units.detectors['det-1']!.coord).toEqual([1, 1, 2.95]);
  });
});
