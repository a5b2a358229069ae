import type { Point2 } from '@edrf/model';

/**
 * Drawing a new room and editing a room's shape (P§4 Room editing), as data: clicks add corners
 * when drawing; when editing, a press on a corner drags it and a press on an edge adds a corner
 * there. Enter or Apply confirms (the page checks the shape), Escape or Cancel aborts.
 */
export type RoomEdit =
  | { mode: 'draw'; points: readonly Point2[]; cursor: Point2 | null }
  | { mode: 'shape'; roomId: string; points: readonly Point2[]; dragging: number | null };

export const startDraw = (): RoomEdit => ({ mode: 'draw', points: [], cursor: null });

export const startShapeEdit = (roomId: string, exterior: readonly Point2[]): RoomEdit => ({
  mode: 'shape',
  roomId,
  points: exterior.map((p) => [p[0], p[1]] as Point2),
  dragging: null,
});

const distance = (a: Point2, b: Point2) => Math.hypot(a[0] - b[0], a[1] - b[1]);

function closestOnSegment(p: Point2, a: Point2, b: Point2): { point: Point2; distance: number } {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2));
  const point: Point2 = [a[0] + t * dx, a[1] + t * dy];
  return { point, distance: distance(p, point) };
}

/** Drawing a room with at least 3 corners: a press on the first corner closes the outline. */
export function closesDrawing(edit: RoomEdit, point: Point2, tolerance: number): boolean {
  const first = edit.points[0];
  return edit.mode === 'draw' && edit.points.length >= 3 && first !== undefined && distance(first, point) <= tolerance;
}

/** The pointer pressed at `point` (tolerance: metres that count as 'on' a corner or edge). */
export function editPress(edit: RoomEdit, point: Point2, tolerance: number): RoomEdit {
  if (edit.mode === 'draw') return { ...edit, points: [...edit.points, point], cursor: point };
  const corner = edit.points.findIndex((p) => distance(p, point) <= tolerance);
  if (corner >= 0) return { ...edit, dragging: corner };
  let best = { index: -1, distance: Infinity, point: point };
  edit.points.forEach((a, i) => {
    const hit = closestOnSegment(point, a, edit.points[(i + 1) % edit.points.length]!);
    if (hit.distance < best.distance) best = { index: i, distance: hit.distance, point: hit.point };
  });
  if (best.index < 0 || best.distance > tolerance) return edit;
  const points = [...edit.points];
  points.splice(best.index + 1, 0, best.point);
  return { ...edit, points, dragging: best.index + 1 };
}

export function editMove(edit: RoomEdit, point: Point2): RoomEdit {
  if (edit.mode === 'draw') return { ...edit, cursor: point };
  if (edit.dragging === null) return edit;
  const points = [...edit.points];
  points[edit.dragging] = point;
  return { ...edit, points };
}

export const editRelease = (edit: RoomEdit): RoomEdit => (edit.mode === 'shape' ? { ...edit, dragging: null } : edit);

/** Backspace: drawing drops the last corner; editing drops the corner last dragged (none: the last one). */
export function editRemovePoint(edit: RoomEdit, index?: number): RoomEdit {
  if (edit.points.length === 0) return edit;
  const points = [...edit.points];
  points.splice(index ?? points.length - 1, 1);
  return { ...edit, points };
}

/** The outline the edit would give the room. */
export const editOutline = (edit: RoomEdit): Point2[] => edit.points.map((p) => [p[0], p[1]]);
