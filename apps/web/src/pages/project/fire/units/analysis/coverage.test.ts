import { describe, expect, it } from 'vitest';
import type { FireUnitsResult } from '@edrf/fire';
import type { Model, Polygon } from '@edrf/model';
import { testModel } from '../../../../../editor/arch/test-arch';
import type { LayerStyle, Ring } from '../../../../../editor/layers';
import type { OverlayDraw } from '../../../../../editor/overlay';
import { planHarness } from '../../../../../editor/harness';
import { SelectTool } from '../../../../../editor/tools/select';
import { createFireConfigForTest } from '../../test-fire';
import { unitLayers } from '../layers/unit-layers';
import { createAnalysisStore } from './analysis-store';
import {
  COVERAGE_LAYER_ID,
  DETECTOR_COVERAGE,
  ROOM_WARNING_CIRCLE_PX,
  SIREN_COVERAGE,
  UNCOVERED_ROOM,
  WARNING_CIRCLE,
  analysisPainter,
  coverageLayer,
} from './coverage';

/** An overlay drawer that records each ring set with its style. */
function recorder(): OverlayDraw & { calls: { rings: readonly Ring[]; style: LayerStyle }[] } {
  const calls: { rings: readonly Ring[]; style: LayerStyle }[] = [];
  return { calls, scale: 20, rings: (rings, style) => calls.push({ rings, style }), polyline: () => {}, handles: () => {}, text: () => {} };
}

const square = (x: number, y: number): Polygon => ({
  exterior: [
    [x, y],
    [x + 1, y],
    [x + 1, y + 1],
    [x, y + 1],
  ],
  interiors: [],
});
const warn = (id: string, unitId: string) => ({ warning_id: id, unit_id: unitId, section_id: '', message: id });

function setup() {
  const model: Model = { ...testModel(), fire: createFireConfigForTest('Sbf1108') };
  const units = model.fire!.units;
  units.detectors = {
    d1: { id: 'd1', storey_id: 's0', product_id: '', coord: [1, 1, 2.9], hidden: false },
    d2: { id: 'd2', storey_id: 's0', product_id: '', coord: [2, 2, 2.9], hidden: false },
    up: { id: 'up', storey_id: 's1', product_id: '', coord: [1, 1, 5.9], hidden: false },
  };
  units.sirens = { s: { id: 's', storey_id: 's0', product_id: '', coord: [3, 1, 2.9], angle: 0, locked_to: '' } };
  const result: FireUnitsResult = {
    units: { detectors: units.detectors, sirens: units.sirens, buttons: {} },
    validation: {
      warnings: [warn('a:d1', 'd1'), warn('b:s', 's'), warn('c:up', 'up'), warn('room_not_covered:o', ''), warn('d:gone', 'gone')],
      detector_shapes: { d1: [square(0, 0)], d2: [square(1, 1)], up: [square(0, 0)] },
      siren_shapes: { s: [square(2, 0)] },
      split_sections: [],
    },
  };
  const store = createAnalysisStore(result);
  const h = planHarness({ layers: [...unitLayers(), coverageLayer], defaultTool: () => new SelectTool() }, model, 's0');
  // The whole storey on the screen (0..7 × 0..3 m; the harness fits the units alone, its only layers).
  h.editor.setView({ x: 50, y: 550, scale: 100, rotation: 0 });
  return { h, store, model };
}

/** Every ring drawn in a style (the painter draws each kind as one path). */
const ringsIn = (draw: ReturnType<typeof recorder>, style: LayerStyle) =>
  draw.calls.filter((c) => c.style === style).flatMap((c) => c.rings);
const centre = (ring: Ring) => [ring.reduce((s, p) => s + p[0], 0) / ring.length, ring.reduce((s, p) => s + p[1], 0) / ring.length];

describe('the analysis painter', () => {
  it('circles in amber every unit of the shown storey that a warning is about, at the unit', () => {
    const { h, store } = setup();
    const draw = recorder();
    analysisPainter(store)(draw, h.editor);
    const circles = ringsIn(draw, WARNING_CIRCLE);
    const units = circles.filter((ring) => Math.hypot(ring[0]![0] - centre(ring)[0]!, ring[0]![1] - centre(ring)[1]!) < 1);
    expect(units.map((ring) => centre(ring).map((v) => Math.round(v * 1e6) / 1e6))).toEqual([
      [1, 1],
      [3, 1],
    ]);
    // 14 px at 20 px a metre (the recorder's scale).
    expect(Math.hypot(units[0]![0]![0] - 1, units[0]![0]![1] - 1)).toBeCloseTo(0.7, 9);
  });

  it('circles the name of every room of the shown storey that a warning is about, once', () => {
    const { h, store } = setup();
    const draw = recorder();
    analysisPainter(store)(draw, h.editor);
    const rooms = ringsIn(draw, WARNING_CIRCLE).slice(2);
    // The office o (4..7 × 0..3): its name is written at its centroid.
    expect(rooms.map((ring) => centre(ring).map((v) => Math.round(v * 1e6) / 1e6))).toEqual([[5.5, 1.5]]);
    expect(Math.hypot(rooms[0]![0]![0] - 5.5, rooms[0]![0]![1] - 1.5)).toBeCloseTo(ROOM_WARNING_CIRCLE_PX / 20, 9);
  });

  it('fills the coverage of the storey’s detectors and sirens and tints the rooms not covered, while the layer is on', () => {
    const { h, store, model } = setup();
    const draw = recorder();
    analysisPainter(store)(draw, h.editor);
    expect(ringsIn(draw, DETECTOR_COVERAGE)).toEqual([square(0, 0).exterior, square(1, 1).exterior]);
    expect(ringsIn(draw, SIREN_COVERAGE)).toEqual([square(2, 0).exterior]);
    expect(ringsIn(draw, UNCOVERED_ROOM)).toEqual([model.arch.rooms.o!.shape.exterior]);

    h.editor.setVisibility({ [COVERAGE_LAYER_ID]: false });
    const off = recorder();
    analysisPainter(store)(off, h.editor);
    expect(off.calls.map((c) => c.style)).toEqual([WARNING_CIRCLE, WARNING_CIRCLE]);
    expect(ringsIn(off, WARNING_CIRCLE)).toHaveLength(3);
  });

  it('leaves out what lies off the screen', () => {
    const { h, store } = setup();
    // Zoomed in on the kitchen's corner at the origin: d1's part (0..1) is on the screen, d2's (1..2) is not.
    h.editor.setView({ x: 0, y: 600, scale: 700, rotation: 0 });
    const draw = recorder();
    analysisPainter(store)(draw, h.editor);
    expect(ringsIn(draw, DETECTOR_COVERAGE)).toEqual([square(0, 0).exterior]);
  });

  it('draws nothing before the first answer', () => {
    const { h } = setup();
    const draw = recorder();
    analysisPainter(createAnalysisStore())(draw, h.editor);
    expect(draw.calls).toEqual([]);
  });
});
