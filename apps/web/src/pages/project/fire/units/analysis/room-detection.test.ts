import { describe, expect, it } from 'vitest';
import { calcFireUnits, type FireUnitsResult, type RoomDetection } from '@edrf/fire';
import type { Model } from '@edrf/model';
import { testModel } from '../../../../../editor/arch/test-arch';
import { planHarness } from '../../../../../editor/harness';
import { SelectTool } from '../../../../../editor/tools/select';
import { createFireConfigForTest } from '../../test-fire';
import { createAnalysisStore } from './analysis-store';
import {
  ROOM_COUNTS_LAYER_ID,
  ROOM_COUNT_FONT,
  detectionFigures,
  roomCountColor,
  roomCountsLabels,
  roomCountsLayer,
} from './room-detection';

const figures = (room_id: string, storey_id: string, detectors: number, lower_bound: number): RoomDetection => ({
  room_id,
  storey_id,
  area: 10,
  detectors,
  lower_bound,
});
const answer = (rooms: RoomDetection[]): FireUnitsResult => ({
  units: { detectors: {}, sirens: {}, buttons: {} },
  validation: { warnings: [], detector_shapes: {}, siren_shapes: {}, split_sections: [] },
  rooms,
});

/** The lines the units page adds under the rooms' names, by the room's plan item. */
function notes(result: FireUnitsResult, visible = true) {
  const model: Model = { ...testModel(), fire: createFireConfigForTest('Sbf1108') };
  const h = planHarness({ layers: [roomCountsLayer], defaultTool: () => new SelectTool() }, model, 's0');
  if (!visible) h.editor.setVisibility({ [ROOM_COUNTS_LAYER_ID]: false });
  const calls: { key: string; text: string; color: string; font: string }[] = [];
  roomCountsLabels(createAnalysisStore(result))({ beside: () => {}, note: (key, line) => calls.push({ key, ...line }) }, h.editor);
  return calls;
}

describe('detectors per room on the plan', () => {
  it('writes under the name of each room of the shown storey its detectors and least, coloured by how they compare', () => {
    const result = answer([figures('k', 's0', 3, 2), figures('o', 's0', 1, 1), figures('u', 's1', 1, 2)]);
    expect(notes(result)).toEqual([
      { key: 'arch.rooms:k', text: '3 / 2', color: roomCountColor(figures('k', 's0', 3, 2)), font: ROOM_COUNT_FONT },
      { key: 'arch.rooms:o', text: '1 / 1', color: roomCountColor(figures('o', 's0', 1, 1)), font: ROOM_COUNT_FONT },
    ]);
    expect(new Set([3, 1, 0].map((d) => roomCountColor(figures('k', 's0', d, 1)))).size).toBe(3);
  });

  it('writes nothing while the layer is off', () => {
    const result = answer([figures('k', 's0', 3, 2), figures('o', 's0', 1, 1)]);
    expect(notes(result, false)).toEqual([]);
  });
});

describe('the panel’s figures', () => {
  it('totals the shown storey and the building, and lists the storey’s rooms above their least, most over first', () => {
    const result = answer([figures('k', 's0', 3, 2), figures('o', 's0', 5, 2), figures('x', 's0', 1, 1), figures('u', 's1', 2, 2)]);
    const shown = detectionFigures(result, 's0')!;
    expect(shown.storey).toEqual({ detectors: 9, least: 5 });
    expect(shown.building).toEqual({ detectors: 11, least: 7 });
    expect(shown.over.map((r) => r.room_id)).toEqual(['o', 'k']);
    expect(detectionFigures(answer([]), 's0')).toEqual({
      storey: { detectors: 0, least: 0 },
      building: { detectors: 0, least: 0 },
      over: [],
    });
    expect(detectionFigures(null, 's0')).toBeNull();
  });

  it('matches the engine: a design of the test model has no room above its least', () => {
    const model: Model = { ...testModel(), fire: createFireConfigForTest('Sbf1108') };
    const designed = calcFireUnits({ arch: model.arch, fire: model.fire! });
    const analysed = calcFireUnits({
      arch: model.arch,
      fire: { ...model.fire!, units: { ...model.fire!.units, ...designed.units } },
      analyze_only: true,
    });
    const shown = detectionFigures(analysed, 's0')!;
    expect(shown.storey.detectors).toBe(Object.values(designed.units.detectors).filter((d) => d.storey_id === 's0').length);
    expect(shown.storey.least).toBeGreaterThan(0);
    expect(shown.storey.detectors).toBeGreaterThanOrEqual(shown.storey.least);
  });
});
