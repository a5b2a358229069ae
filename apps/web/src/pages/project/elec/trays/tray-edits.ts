import {
  DEFAULT_TRAY_WIDTH,
  TRAY_Z_OFFSET,
  newTray,
  type Elec,
  type Model,
  type Point2,
  type Point3,
  type Storey,
  type Tray,
} from '@edrf/model';
import type { EditRequest } from '../../../../state/history';
import { setAt } from '../../../../state/typed-path';

/**
 * The electrical trays screen's changes to the model (P§3 Tray, P§4 Tray placement), as pure
 * functions that answer edit requests for the project store, plus the plan geometry of a tray.
 *
 * Refusals: a pointer gesture that would give a zero-length tray is answered with nothing (null or
 * no requests), since clicking twice on one point is an ordinary slip; a typed value that cannot be
 * (width ≤ 0, an unknown storey, both ends on one point) and an unknown storey or tray throw.
 */

/** P§9: hatch lines of a drawn tray are this far apart along its run. */
export const TRAY_HATCH_SPACING = 0.25;

/** Closer than this (metres) counts as the same point. */
const SAME_POINT = 1e-6;

function requireStorey(model: Model, storeyId: string): Storey {
  const storey = model.arch.storeys[storeyId];
  if (!storey) throw new Error(`No storey ${storeyId}`);
  return storey;
}

function requireTray(model: Model, trayId: string): Tray {
  const tray = model.elec.trays[trayId];
  if (!tray) throw new Error(`No tray ${trayId}`);
  return tray;
}

const samePlanPoint = (a: readonly number[], b: readonly number[]) =>
  Math.abs(a[0]! - b[0]!) < SAME_POINT && Math.abs(a[1]! - b[1]!) < SAME_POINT;
const samePoint3 = (a: Point3, b: Point3) => samePlanPoint(a, b) && Math.abs(a[2] - b[2]) < SAME_POINT;

/** A tray whose ends share x and y: it rises between storeys and is drawn as a square. */
export const isVerticalTray = (tray: Pick<Tray, 'start' | 'end'>): boolean => samePlanPoint(tray.start, tray.end);

/** An id not yet used by any tray nor in `taken`: 'tray-1', 'tray-2', … the first free after the count. */
export function newTrayId(elec: Elec, taken: ReadonlySet<string> = new Set()): string {
  let n = Object.keys(elec.trays).length + 1;
  while (elec.trays[`tray-${n}`] || taken.has(`tray-${n}`)) n++;
  return `tray-${n}`;
}

/** P§9: a tray hangs 0.05 below its storey's top. */
export const trayZ = (storey: Pick<Storey, 'height'>): number => storey.height.max_z - TRAY_Z_OFFSET;

function checkWidth(width: number): void {
  if (!Number.isFinite(width) || width <= 0) throw new RangeError(`Tray width must be positive, not ${width}`);
}

/** A horizontal tray drawn on a storey at trayZ; null when start and end coincide. */
export function addTrayEdits(
  model: Model,
  storeyId: string,
  start: Point2,
  end: Point2,
  width = DEFAULT_TRAY_WIDTH,
): { id: string; requests: EditRequest[] } | null {
  const storey = requireStorey(model, storeyId);
  checkWidth(width);
  if (samePlanPoint(start, end)) return null;
  const id = newTrayId(model.elec);
  const z = trayZ(storey);
  const tray: Tray = { ...newTray(id, storeyId, [start[0], start[1], z], [end[0], end[1], z]), width };
  return { id, requests: [setAt(['elec', 'trays', id], tray)] };
}

const byHeight = (a: Storey, b: Storey) =>
  a.height.min_z - b.height.min_z || a.number - b.number || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The storeys from the lower to the upper of two, both included, ordered by floor height then
 * number. When both belong to one building only its storeys count: another building's storeys at
 * the same heights are not in the way.
 */
export function storeysBetween(model: Model, aId: string, bId: string): Storey[] {
  const a = requireStorey(model, aId);
  const b = requireStorey(model, bId);
  const building = Object.values(model.arch.buildings).find((bl) => bl.storeys.includes(aId) && bl.storeys.includes(bId));
  const pool = building ? [...new Set(building.storeys)].flatMap((id) => model.arch.storeys[id] ?? []) : Object.values(model.arch.storeys);
  const ordered = pool.sort(byHeight);
  const [i, j] = [ordered.indexOf(a), ordered.indexOf(b)].sort((x, y) => x - y) as [number, number];
  return ordered.slice(i, j + 1);
}

/**
 * P§4 vertical mode: one vertical tray at `at` for each consecutive pair of storeys between the
 * two chosen, from trayZ of the lower to trayZ of the upper. The same storey twice gives nothing.
 */
export function verticalTrayEdits(
  model: Model,
  fromStoreyId: string,
  toStoreyId: string,
  at: Point2,
  width = DEFAULT_TRAY_WIDTH,
): { ids: string[]; requests: EditRequest[] } {
  checkWidth(width);
  const storeys = storeysBetween(model, fromStoreyId, toStoreyId);
  const ids: string[] = [];
  const requests: EditRequest[] = [];
  for (let k = 0; k + 1 < storeys.length; k++) {
    const lower = storeys[k]!;
    const upper = storeys[k + 1]!;
    const id = newTrayId(model.elec, new Set(ids));
    const tray = newTray(id, lower.id, [at[0], at[1], trayZ(lower)], [at[0], at[1], trayZ(upper)], upper.id);
    ids.push(id);
    requests.push(setAt(['elec', 'trays', id], { ...tray, width }));
  }
  return { ids, requests };
}

/** The trays drawn on a storey: those on it and the vertical ones reaching it. */
export const traysOnStorey = (model: Model, storeyId: string): Tray[] =>
  Object.values(model.elec.trays).filter((tray) => tray.storey_id === storeyId || tray.to_storey_id === storeyId);

/** The nearest tray end shown on the storey within `tolerance` of `point` (the `except` tray left out), else null. */
export function snapToTrayEnd(model: Model, storeyId: string, point: Point2, tolerance: number, except?: string): Point2 | null {
  let best: Point2 | null = null;
  let bestDistance = tolerance;
  for (const tray of traysOnStorey(model, storeyId)) {
    if (tray.id === except) continue;
    for (const end of [tray.start, tray.end]) {
      const distance = Math.hypot(end[0] - point[0], end[1] - point[1]);
      if (distance <= bestDistance) {
        best = [end[0], end[1]];
        bestDistance = distance;
      }
    }
  }
  return best;
}

/**
 * The requests that give a tray these ends. A vertical tray stays vertical: the plan position of
 * `moved` goes to both ends, each keeping its own z. Both ends on one point: refused with `onZero`.
 */
function endsEdits(tray: Tray, start: Point3, end: Point3, moved: 'start' | 'end', onZero: () => EditRequest[]): EditRequest[] {
  if (isVerticalTray(tray)) {
    const [x, y] = moved === 'start' ? start : end;
    start = [x, y, start[2]];
    end = [x, y, end[2]];
  }
  if (samePoint3(start, end)) return onZero();
  const requests: EditRequest[] = [];
  if (!samePoint3(start, tray.start)) requests.push(setAt(['elec', 'trays', tray.id, 'start'], start));
  if (!samePoint3(end, tray.end)) requests.push(setAt(['elec', 'trays', tray.id, 'end'], end));
  return requests;
}

/** Dragging one end of a tray in plan; z stays. Dropping it on the other end changes nothing. */
export function moveTrayEndEdits(model: Model, trayId: string, which: 'start' | 'end', to: Point2): EditRequest[] {
  const tray = requireTray(model, trayId);
  const start: Point3 = which === 'start' ? [to[0], to[1], tray.start[2]] : tray.start;
  const end: Point3 = which === 'end' ? [to[0], to[1], tray.end[2]] : tray.end;
  return endsEdits(tray, start, end, which, () => []);
}

/** Dragging a whole tray by (dx, dy) in plan; z stays. */
export function moveTrayEdits(model: Model, trayId: string, dx: number, dy: number): EditRequest[] {
  const tray = requireTray(model, trayId);
  if (dx === 0 && dy === 0) return [];
  const shift = (p: Point3): Point3 => [p[0] + dx, p[1] + dy, p[2]];
  return [setAt(['elec', 'trays', trayId, 'start'], shift(tray.start)), setAt(['elec', 'trays', trayId, 'end'], shift(tray.end))];
}

/** The tray fields the side panel edits, with their value types. */
export interface TrayFields {
  width: number;
  start: Point3;
  end: Point3;
  storey_id: string;
  to_storey_id: string;
}
export type TrayField = keyof TrayFields;
type TrayFieldEdit = { [F in TrayField]: { field: F; value: TrayFields[F] } }[TrayField];

/**
 * One field typed in the side panel. The ends keep a vertical tray vertical (as dragging does);
 * changing the storey keeps the ends where they are. A to_storey_id equal to the tray's storey_id
 * is cleared (P§5), whichever of the two was set.
 */
export function trayFieldEdits<F extends TrayField>(model: Model, trayId: string, field: F, value: TrayFields[F]): EditRequest[] {
  const tray = requireTray(model, trayId);
  const edit = { field, value } as TrayFieldEdit;
  switch (edit.field) {
    case 'width':
      checkWidth(edit.value);
      return [setAt(['elec', 'trays', trayId, 'width'], edit.value)];
    case 'start':
    case 'end': {
      const point: Point3 = [edit.value[0], edit.value[1], edit.value[2]];
      if (!point.every(Number.isFinite)) throw new RangeError(`Tray ${edit.field} must be numbers`);
      const start = edit.field === 'start' ? point : tray.start;
      const end = edit.field === 'end' ? point : tray.end;
      return endsEdits(tray, start, end, edit.field, () => {
        throw new RangeError('A tray cannot start where it ends');
      });
    }
    case 'storey_id': {
      requireStorey(model, edit.value);
      const requests: EditRequest[] = [setAt(['elec', 'trays', trayId, 'storey_id'], edit.value)];
      if (tray.to_storey_id === edit.value) requests.push(setAt(['elec', 'trays', trayId, 'to_storey_id'], ''));
      return requests;
    }
    case 'to_storey_id': {
      if (edit.value !== '') requireStorey(model, edit.value);
      return [setAt(['elec', 'trays', trayId, 'to_storey_id'], edit.value === tray.storey_id ? '' : edit.value)];
    }
  }
}

/**
 * The tray's plan outline, counter-clockwise: a rectangle `width` across the run (reaching half a width past
 * an end joined to another tray), or for a vertical tray a width × width square centred on it.
 */
export function trayOutline(tray: Pick<Tray, 'start' | 'end' | 'width'>, joined: { start?: boolean; end?: boolean } = {}): Point2[] {
  const h = tray.width / 2;
  const [sx, sy] = tray.start;
  if (isVerticalTray(tray))
    return [
      [sx - h, sy - h],
      [sx + h, sy - h],
      [sx + h, sy + h],
      [sx - h, sy + h],
    ];
  const [ex, ey] = tray.end;
  const length = Math.hypot(ex - sx, ey - sy);
  // Half the width to the run's left.
  const nx = (-(ey - sy) / length) * h;
  const ny = ((ex - sx) / length) * h;
  // An end joined to another tray reaches half a width further, so that two trays meeting at a corner leave no notch.
  const [ux, uy] = [((ex - sx) / length) * h, ((ey - sy) / length) * h];
  const [ax, ay] = joined.start ? [sx - ux, sy - uy] : [sx, sy];
  const [bx, by] = joined.end ? [ex + ux, ey + uy] : [ex, ey];
  return [
    [ax - nx, ay - ny],
    [bx - nx, by - ny],
    [bx + nx, by + ny],
    [ax + nx, ay + ny],
  ];
}

/**
 * The hatch of a drawn tray: lines at 45° to the run, `spacing` apart along it, clipped to the
 * outline. There are floor(length / spacing) of them (at least one), centred on the run so both
 * ends look alike. A vertical tray is hatched with its square's two diagonals.
 */
export function trayHatch(tray: Pick<Tray, 'start' | 'end' | 'width'>, spacing = TRAY_HATCH_SPACING): [Point2, Point2][] {
  if (!(spacing > 0)) throw new RangeError(`Hatch spacing must be positive, not ${spacing}`);
  if (isVerticalTray(tray)) {
    const [a, b, c, d] = trayOutline(tray) as [Point2, Point2, Point2, Point2];
    return [
      [a, c],
      [b, d],
    ];
  }
  const h = tray.width / 2;
  const [sx, sy] = tray.start;
  const length = Math.hypot(tray.end[0] - sx, tray.end[1] - sy);
  const ux = (tray.end[0] - sx) / length;
  const uy = (tray.end[1] - sy) / length;
  // Run coordinate u along the tray, v across it (to the left): back to plan.
  const plan = (u: number, v: number): Point2 => [sx + u * ux - v * uy, sy + u * uy + v * ux];
  // The small epsilon keeps 1 / 0.25 from flooring to 3 on rounding.
  const count = Math.max(1, Math.floor(length / spacing + 1e-9));
  const first = (length - (count - 1) * spacing) / 2;
  const lines: [Point2, Point2][] = [];
  for (let k = 0; k < count; k++) {
    const mid = first + k * spacing;
    // The line u = mid + v, v in [-h, h], clipped to 0 ≤ u ≤ length.
    const v0 = Math.max(-h, -mid);
    const v1 = Math.min(h, length - mid);
    lines.push([plan(mid + v0, v0), plan(mid + v1, v1)]);
  }
  return lines;
}

/** Which ends of each horizontal tray on the storey meet another tray's end there (to draw the joint closed). */
export function joinedEnds(trays: readonly Tray[]): Map<string, { start: boolean; end: boolean }> {
  const key = (p: readonly number[]) => `${Math.round(p[0]! * 1e4)}:${Math.round(p[1]! * 1e4)}`;
  const count = new Map<string, number>();
  for (const tray of trays)
    for (const p of isVerticalTray(tray) ? [tray.start] : [tray.start, tray.end]) count.set(key(p), (count.get(key(p)) ?? 0) + 1);
  return new Map(
    trays.map((tray) => [tray.id, { start: (count.get(key(tray.start)) ?? 0) > 1, end: (count.get(key(tray.end)) ?? 0) > 1 }]),
  );
}
