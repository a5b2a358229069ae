import type { Model, Point2, Polygon } from '@edrf/model';
import { layerVisible, ringsBounds, type LayerStyle, type PlanLayer, type Ring } from '../../../../../editor/layers';
import type { OverlayPainter } from '../../../../../editor/overlay';
import type { PlanEditorApi } from '../../../../../editor/plan-editor-api';
import { labelPointOf } from '../../../../../editor/plan-labels';
import { toWorld, type Bounds } from '../../../../../editor/viewport';
import { warningRoom, warningUnit, type AnalysisStore, type ShownAnalysis } from './analysis-store';

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

/** Rings with their box, to leave out those off the screen. */
interface Shape {
  rings: Ring[];
  box: Bounds;
}

/** What the painter draws of a storey's analysis, worked out once per answer and model (not per frame). */
interface Marks {
  detectors: Shape[];
  sirens: Shape[];
  /** Rooms a warning finds not covered. */
  tinted: Shape[];
  /** The units and the room names a warning is about. */
  units: Point2[];
  rooms: Point2[];
}

const shapeOf = (rings: Ring[]): Shape | null => {
  const box = ringsBounds(rings);
  return box && { rings, box };
};

function marksOf(analysis: ShownAnalysis, model: Model, storeyId: string): Marks {
  const fire = model.fire!;
  const rooms = new Set(model.arch.storeys[storeyId]?.rooms ?? []);
  const pieces = (group: 'detectors' | 'sirens', byUnit: Record<string, Polygon[]>) =>
    Object.entries(byUnit).flatMap(([id, polygons]) =>
      fire.units[group][id]?.storey_id === storeyId ? polygons.flatMap((polygon) => shapeOf(ringsOf(polygon)) ?? []) : [],
    );
  const marks: Marks = {
    detectors: pieces('detectors', analysis.detector_shapes),
    sirens: pieces('sirens', analysis.siren_shapes),
    tinted: [],
    units: [],
    rooms: [],
  };
  const seen = new Set<string>();
  for (const warning of analysis.warnings) {
    const found = warningUnit(model, warning);
    if (found) {
      if (found.unit.storey_id !== storeyId || seen.has(`unit:${found.unit.id}`)) continue;
      seen.add(`unit:${found.unit.id}`);
      marks.units.push([found.unit.coord[0], found.unit.coord[1]]);
      continue;
    }
    // A warning about a room: the room tinted, and a circle round its name (its label point).
    const roomId = warningRoom(model, warning);
    if (!roomId || seen.has(`room:${roomId}`) || !rooms.has(roomId)) continue;
    seen.add(`room:${roomId}`);
    const room = model.arch.rooms[roomId]!;
    const tint = shapeOf(ringsOf(room.shape));
    if (tint) marks.tinted.push(tint);
    marks.rooms.push(roomLabelPoint(room.shape));
  }
  return marks;
}

/** The part of the plan on the screen (all of it when the plan has no size yet). */
export function onScreen(editor: PlanEditorApi): Bounds | null {
  const { width, height } = editor.size;
  if (!(width > 0 && height > 0)) return null;
  const corners = [
    toWorld(editor.view, [0, 0]),
    toWorld(editor.view, [width, 0]),
    toWorld(editor.view, [width, height]),
    toWorld(editor.view, [0, height]),
  ];
  const xs = corners.map((p) => p[0]);
  const ys = corners.map((p) => p[1]);
  return { minX: Math.min(...xs), minY: Math.min(...ys), maxX: Math.max(...xs), maxY: Math.max(...ys) };
}

const overlaps = (a: Bounds, b: Bounds | null) => !b || (a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY);

/**
 * The analysis on the plan of the shown storey: with the Coverage layer on, each detector's and siren's part
 * (translucent) and the rooms a warning finds not covered (tinted); always, an amber circle at every unit and
 * round the name of every room a warning is about. Each kind is one path (a storey of a large building has a
 * thousand parts), of what lies on the screen.
 */
export function analysisPainter(store: AnalysisStore): OverlayPainter {
  let last: { analysis: ShownAnalysis; arch: object; units: object; storeyId: string; marks: Marks } | null = null;
  return (draw, editor) => {
    const storeyId = editor.storeyId;
    const analysis = store.forStorey(storeyId);
    const model = editor.model;
    if (!analysis || !model.fire) return;
    if (!last || last.analysis !== analysis || last.arch !== model.arch || last.units !== model.fire.units || last.storeyId !== storeyId)
      last = { analysis, arch: model.arch, units: model.fire.units, storeyId, marks: marksOf(analysis, model, storeyId) };
    const { marks } = last;
    const screen = onScreen(editor);
    const rings = (shapes: Shape[], style: LayerStyle) => {
      const shown = shapes.filter((shape) => overlaps(shape.box, screen)).flatMap((shape) => shape.rings);
      if (shown.length > 0) draw.rings(shown, style);
    };
    if (layerVisible(coverageLayer, editor.visibility)) {
      rings(marks.detectors, DETECTOR_COVERAGE);
      rings(marks.sirens, SIREN_COVERAGE);
      rings(marks.tinted, UNCOVERED_ROOM);
    }
    const circles = (points: Point2[], px: number) => {
      const r = px / draw.scale;
      const shown = points.filter(([x, y]) => overlaps({ minX: x - r, minY: y - r, maxX: x + r, maxY: y + r }, screen));
      if (shown.length > 0)
        draw.rings(
          shown.map((at) => circleRing(at, r)),
          WARNING_CIRCLE,
        );
    };
    circles(marks.units, WARNING_CIRCLE_PX);
    circles(marks.rooms, ROOM_WARNING_CIRCLE_PX);
  };
}

/** Where a room's name is written when nothing is in the way (the plan's label point), for its warning circle. */
export function roomLabelPoint(shape: Polygon): Point2 {
  const rings = ringsOf(shape);
  const bounds = ringsBounds(rings);
  return bounds ? labelPointOf(rings, bounds) : [0, 0];
}
