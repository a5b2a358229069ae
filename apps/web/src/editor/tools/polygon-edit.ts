import type { Point2 } from '@edrf/model';

/**
 * Drawing a ring or a polyline and editing one (P§4 Room editing; trays, routes and section shapes alike),
 * as data: presses add corners when drawing; when editing, a press on a corner drags it and a press on
 * an edge adds a corner there. A ring's last corner joins its first; a polyline's does not.
 */
export type PolygonEdit =
  | { mode: 'draw'; closed: boolean; points: readonly Point2[]; cursor: Point2 | null }
  | { mode: 'shape'; closed: boolean; points: readonly Point2[]; dragging: number | null };

export const startDraw = (closed = true): PolygonEdit => ({ mode: 'draw', closed, points: [], cursor: null });

export const startShapeEdit = (points: readonly Point2[], closed = true): PolygonEdit => ({
  mode: 'shape',
  closed,
  points: points.map((p) => [p[0], p[1]] as Point2),
  dragging: null,
});

/** The hint while a shape's corners are edited (a room's, a section part's). */
export const SHAPE_HINT = 'Drag corners; press an edge to add one';

const distance = (a: Point2, b: Point2) => Math.hypot(a[0] - b[0], a[1] - b[1]);

function closestOnSegment(p: Point2, a: Point2, b: Point2): { point: Point2; distance: number } {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2));
  const point: Point2 = [a[0] + t * dx, a[1] + t * dy];
  return { point, distance: distance(p, point) };
}

/** Drawing a ring of at least 3 corners: a press on the first corner closes the outline. */
export function closesDrawing(edit: PolygonEdit, point: Point2, tolerance: number): boolean {
  const first = edit.points[0];
  return edit.mode === 'draw' && edit.closed && edit.points.length >= 3 && first !== undefined && distance(first, point) <= tolerance;
}

/** The pointer pressed at `point` (tolerance: metres that count as 'on' a corner or edge). */
export function editPress(edit: PolygonEdit, point: Point2, tolerance: number): PolygonEdit {
  if (edit.mode === 'draw') return { ...edit, points: [...edit.points, point], cursor: point };
  const corner = edit.points.findIndex((p) => distance(p, point) <= tolerance);
  if (corner >= 0) return { ...edit, dragging: corner };
  let best = { index: -1, distance: Infinity, point: point };
  const edges = edit.closed ? edit.points.length : edit.points.length - 1;
  edit.points.slice(0, edges).forEach((a, i) => {
    const hit = closestOnSegment(point, a, edit.points[(i + 1) % edit.points.length]!);
    if (hit.distance < best.distance) best = { index: i, distance: hit.distance, point: hit.point };
  });
  if (best.index < 0 || best.distance > tolerance) return edit;
  const points = [...edit.points];
  points.splice(best.index + 1, 0, best.point);
  return { ...edit, points, dragging: best.index + 1 };
}

export function editMove(edit: PolygonEdit, point: Point2): PolygonEdit {
  if (edit.mode === 'draw') return { ...edit, cursor: point };
  if (edit.dragging === null) return edit;
  const points = [...edit.points];
  points[edit.dragging] = point;
  return { ...edit, points };
}

export const editRelease = (edit: PolygonEdit): PolygonEdit => (edit.mode === 'shape' ? { ...edit, dragging: null } : edit);

/** Backspace: drawing drops the last corner; editing drops the corner last dragged (none: the last one). */
export function editRemovePoint(edit: PolygonEdit, index?: number): PolygonEdit {
  if (edit.points.length === 0) return edit;
  const points = [...edit.points];
  points.splice(index ?? points.length - 1, 1);
  return { ...edit, points };
}

/** The outline the edit would give the shape. */
export const editOutline = (edit: PolygonEdit): Point2[] => edit.points.map((p) => [p[0], p[1]]);
