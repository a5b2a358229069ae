import type { Arch, ArchChanges, DesignBasis, Route, RouteSlice } from '@edrf/model';
import { routeWallCrossings } from '../cabling/wall-crossings.js';
import type { BuildingView } from './building-view.js';
import { newWalls, routeCrossesWalls, type NewWall } from './new-walls.js';
import { withStoreys } from './storey-range.js';
import { pointInRings, segmentsCross, type Pt, type Ring } from '../geometry/ring.js';

type Box = readonly [number, number, number, number];

interface Area {
  box: Box;
  /** The outline where it is known (a room of the new architecture); a removed room is known by its box alone. */
  rings?: readonly Ring[];
}

const boxOf = (rings: readonly Ring[]): Box => {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const p of rings[0]!) [x0, y0, x1, y1] = [Math.min(x0, p[0]), Math.min(y0, p[1]), Math.max(x1, p[0]), Math.max(y1, p[1])];
  return [x0, y0, x1, y1];
};

/** Whether segment ab meets a box (Liang–Barsky clipping). */
function meetsBox(a: Pt, b: Pt, [x0, y0, x1, y1]: Box): boolean {
  let [t0, t1] = [0, 1];
  const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
  for (const [p, q] of [
    [-dx, a[0] - x0],
    [dx, x1 - a[0]],
    [-dy, a[1] - y0],
    [dy, y1 - a[1]],
  ] as const) {
    if (p === 0) {
      if (q < 0) return false;
      continue;
    }
    const t = q / p;
    if (p < 0) t0 = Math.max(t0, t);
    else t1 = Math.min(t1, t);
    if (t0 > t1) return false;
  }
  return true;
}

/** Whether segment ab enters an outline: an end inside it, or an edge crossed. */
function meetsRings(a: Pt, b: Pt, rings: readonly Ring[]): boolean {
  if (pointInRings(a[0], a[1], rings) || pointInRings(b[0], b[1], rings)) return true;
  return rings.some((ring) => ring.some((p, i) => segmentsCross(a, b, p, ring[(i + 1) % ring.length]!)));
}

/**
 * Whether a stretch of cable (a route's slices, or one leg's) meets what a revision changed: a segment through a
 * removed room (its box as it was), a reshaped room (its outline now, or its box as it was) or an added room, or a leg
 * across a wall added or moved (its outline now, on its storey).
 */
export function revisionTouches(
  basis: DesignBasis | undefined,
  changes: ArchChanges,
  view: BuildingView,
  walls: ReadonlyMap<string, readonly NewWall[]> = new Map(),
): (slices: readonly RouteSlice[]) => boolean {
  const areas = new Map<string, Area[]>();
  const add = (storeyId: string, area: Area) => areas.set(storeyId, [...(areas.get(storeyId) ?? []), area]);
  for (const r of [...changes.added, ...changes.reshaped]) {
    const room = view.room(r.id);
    if (room) add(room.storey.id, { box: boxOf(room.rings), rings: room.rings });
  }
  for (const r of [...changes.removed, ...changes.reshaped]) {
    const before = basis?.rooms[r.id];
    if (before) add(before.storey_id, { box: before.box });
  }
  const sliceMeets = (slice: RouteSlice) => {
    const here = areas.get(slice.storey_id);
    if (!here) return false;
    return slice.nodes.some((node, k) => {
      if (k === 0) return false;
      const a: Pt = [slice.nodes[k - 1]!.coord[0], slice.nodes[k - 1]!.coord[1]];
      const b: Pt = [node.coord[0], node.coord[1]];
      return here.some((area) => meetsBox(a, b, area.box) && (!area.rings || meetsRings(a, b, area.rings)));
    });
  };
  return (slices) => slices.some(sliceMeets) || routeCrossesWalls(slices, walls);
}

/**
 * The routes a revision leaves to re-route (the next step re-routes them; this one leaves connections as they are):
 * those with a node on a removed unit, and those the revision touches (revisionTouches). Route ids, sorted.
 */
export function routesToReroute(
  routes: Readonly<Record<string, Route>>,
  removedUnits: ReadonlySet<string>,
  touches: (slices: readonly RouteSlice[]) => boolean,
): string[] {
  const out: string[] = [];
  for (const route of Object.values(routes)) {
    const onRemoved = route.slices.some((slice) => slice.nodes.some((node) => node.unit_id !== '' && removedUnits.has(node.unit_id)));
    if (onRemoved || touches(route.slices)) out.push(route.id);
  }
  return out.sort();
}

/**
 * Whether a revision blocks a route's path (a cable between racks is re-routed only then): it now passes through a
 * wall without a door (routeWallCrossings, on the new architecture) of an added or reshaped room, or where a removed or
 * reshaped room stood (its box as it was), or across a wall added or moved other than through a door in it (a wall
 * added inside a room that stays one space shows in the walls alone).
 */
export function blockedByRevision(
  arch: Arch,
  basis: DesignBasis | undefined,
  changes: ArchChanges,
  walls: ReadonlyMap<string, readonly NewWall[]> = newWalls(arch, changes),
): (route: Route) => boolean {
  const now = new Set([...changes.added, ...changes.reshaped].map((r) => r.id));
  const before = [...changes.removed, ...changes.reshaped].flatMap((r) => basis?.rooms[r.id] ?? []);
  // Read on the route's storeys alone: the walls of the rest of the building are not looked at.
  return (route) =>
    routeCrossesWalls(route.slices, walls, true) ||
    routeWallCrossings(withStoreys(arch, new Set(route.slices.map((s) => s.storey_id))), route).some(
      (c) =>
        c.rooms.some((id) => now.has(id)) ||
        before.some(
          ({ storey_id, box: [x0, y0, x1, y1] }) =>
            storey_id === c.storeyId && c.point[0] >= x0 && c.point[0] <= x1 && c.point[1] >= y0 && c.point[1] <= y1,
        ),
    );
}

/** Route nodes on removed units become free nodes where they stand (the model's rule when a unit is deleted): the drawn route is unchanged. */
export function clearUnits(routes: Readonly<Record<string, Route>>, gone: ReadonlySet<string>): Record<string, Route> {
  if (gone.size === 0) return { ...routes };
  const out: Record<string, Route> = {};
  for (const [id, route] of Object.entries(routes)) {
    const names = route.slices.some((s) => s.nodes.some((n) => gone.has(n.unit_id)));
    out[id] = names
      ? {
          ...route,
          slices: route.slices.map((s) => ({ ...s, nodes: s.nodes.map((n) => (gone.has(n.unit_id) ? { ...n, unit_id: '' } : n)) })),
        }
      : route;
  }
  return out;
}

/** Metres of cable drawn: each route's nodes joined in 3D in order over its slices, as a loop's length is measured (loop-figures.ts). */
export function cableMetres(routes: Readonly<Record<string, Route>>): number {
  let metres = 0;
  for (const route of Object.values(routes)) {
    const nodes = route.slices.flatMap((slice) => slice.nodes);
    for (let k = 1; k < nodes.length; k++) {
      const [a, b] = [nodes[k - 1]!.coord, nodes[k]!.coord];
      metres += Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
    }
  }
  return metres;
}
