import type { Polygon } from '@edrf/model';
import { layerVisible, ringsBounds, type LayerStyle, type PlanLayer, type Ring } from '../../../../../editor/layers';
import type { OverlayPainter } from '../../../../../editor/overlay';
import { ringCentre } from '../../../../../editor/render';
import { warningRoom, warningUnit, type AnalysisStore } from './analysis-store';

export const COVERAGE_LAYER_ID = 'fire-coverage';

/**
 * The 'Coverage' toggle of the Layers box. The layer has no items: the coverage comes from the analysis, not the
 * model, so analysisPainter draws it while this layer is on.
 */
export const coverageLayer: PlanLayer = {
  id: COVERAGE_LAYER_ID,
  order: 1000,
  priority: 0,
  toggle: { label: 'Coverage', on: true },
  pick: 'none',
  items: () => {},
  style: () => ({}),
};

export const DETECTOR_COVERAGE: LayerStyle = { fill: 'rgba(220, 60, 40, 0.14)', stroke: 'rgba(220, 60, 40, 0.35)', width: 1 };
export const SIREN_COVERAGE: LayerStyle = { fill: 'rgba(40, 110, 220, 0.12)', stroke: 'rgba(40, 110, 220, 0.3)', width: 1 };
/** Rooms the analysis finds not fully covered. */
export const UNCOVERED_ROOM: LayerStyle = { fill: 'rgba(245, 158, 11, 0.18)' };
/** The amber circle of a unit with a warning (F§8). */
export const WARNING_CIRCLE: LayerStyle = { stroke: '#f59e0b', width: 2.5 };
/** The circle's radius on screen: round a unit, and round a room's name. */
export const WARNING_CIRCLE_PX = 14;
export const ROOM_WARNING_CIRCLE_PX = 22;

const ringsOf = (polygon: Polygon): Ring[] => [polygon.exterior, ...polygon.interiors];

/** A circle of `radius` metres about a point, as a 32-gon. */
export function circleRing(at: readonly [number, number], radius: number): Ring {
  return Array.from({ length: 32 }, (_, k) => {
    const a = (k / 32) * 2 * Math.PI;
    return [at[0] + radius * Math.cos(a), at[1] + radius * Math.sin(a)] as const;
  });
}

/**
 * The analysis on the plan of the shown storey: with the Coverage layer on, each detector's and siren's part
 * (translucent) and the rooms a warning finds not covered (tinted); always, an amber circle at every unit and
 * round the name of every room a warning is about.
 */
export function analysisPainter(store: AnalysisStore): OverlayPainter {
  return (draw, editor) => {
    const result = store.current;
    const fire = editor.model.fire;
    if (!result || !fire) return;
    const storeyId = editor.storeyId;
    const rooms = editor.model.arch.storeys[storeyId]?.rooms ?? [];
    if (layerVisible(coverageLayer, editor.visibility)) {
      const shapes = (group: 'detectors' | 'sirens', byUnit: Record<string, Polygon[]>, style: LayerStyle) => {
        for (const [id, polygons] of Object.entries(byUnit)) {
          if (fire.units[group][id]?.storey_id !== storeyId) continue;
          for (const polygon of polygons) draw.rings(ringsOf(polygon), style);
        }
      };
      shapes('detectors', result.validation.detector_shapes, DETECTOR_COVERAGE);
      shapes('sirens', result.validation.siren_shapes, SIREN_COVERAGE);
      const tinted = new Set<string>();
      for (const warning of result.validation.warnings) {
        const roomId = warningRoom(editor.model, warning);
        if (!roomId || tinted.has(roomId) || !rooms.includes(roomId)) continue;
        tinted.add(roomId);
        draw.rings(ringsOf(editor.model.arch.rooms[roomId]!.shape), UNCOVERED_ROOM);
      }
    }
    const circled = new Set<string>();
    for (const warning of result.validation.warnings) {
      const found = warningUnit(editor.model, warning);
      if (found) {
        if (found.unit.storey_id !== storeyId || circled.has(`unit:${found.unit.id}`)) continue;
        circled.add(`unit:${found.unit.id}`);
        draw.rings([circleRing([found.unit.coord[0], found.unit.coord[1]], WARNING_CIRCLE_PX / draw.scale)], WARNING_CIRCLE);
        continue;
      }
      // A warning about a room: the circle is round the room's name (its label point).
      const roomId = warningRoom(editor.model, warning);
      if (!roomId || circled.has(`room:${roomId}`) || !rooms.includes(roomId)) continue;
      circled.add(`room:${roomId}`);
      draw.rings(
        [circleRing(roomLabelPoint(editor.model.arch.rooms[roomId]!.shape.exterior), ROOM_WARNING_CIRCLE_PX / draw.scale)],
        WARNING_CIRCLE,
      );
    }
  };
}

/** Where a room's name is written (the plan's label point), for its warning circle and the panel's framing. */
export function roomLabelPoint(exterior: Ring): [number, number] {
  const bounds = ringsBounds([exterior]);
  return bounds ? ringCentre(exterior, bounds) : [0, 0];
}
