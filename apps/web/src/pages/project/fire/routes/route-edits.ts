import { deleteItems, UNIT_GROUPS, type Model, type Point2, type Point3, type Route, type RouteNode, type RouteSlice } from '@edrf/model';
import { setAt } from '../../../../state/typed-path';
import type { EditRequest } from '../../../../state/history';
import { diffEdits } from '../../model/model-edits';

/**
 * The route edits of the routes page (F§4 'Route editing', F§9 snap distances), pure: each answers the requests
 * (typed paths) for the project store, or a refusal in the spec's words. Every edit ends in `tidyRoute`, which applies
 * F§4's rules: near-duplicate nodes merge, slices under 2 nodes go, neighbouring slices on one storey merge, and a
 * route without slices is deleted.
 */

/** F§9: a route node attaches to a unit within this distance (metres). */
export const UNIT_SNAP = 0.2;
/** F§9: a dragged node snaps to a tray's start or end within this distance. */
export const TRAY_SNAP = 0.1;
/** F§9: nodes closer than this are one. */
export const DUPLICATE = 0.1;

export const ROUTE_MESSAGES = {
  noCopper: 'No copper cable found',
  tooFew: 'A route needs at least 2 points',
  endNode: 'Only inner nodes may be deleted',
  oneStorey: 'Add storey slice needs at least 2 storeys',
} as const;

export type RouteEdit = { requests: EditRequest[]; route: Route | null } | { refused: string };

const distance2 = (a: readonly number[], b: readonly number[]) => Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!);

/** Two consecutive nodes closer than DUPLICATE become one: the locked one stays (two units are never merged), else the first. */
function mergeDuplicates(nodes: readonly RouteNode[]): RouteNode[] {
  const kept: RouteNode[] = [];
  for (const node of nodes) {
    const last = kept[kept.length - 1];
    if (!last || distance2(last.coord, node.coord) >= DUPLICATE) kept.push(node);
    else if (last.unit_id !== '' && node.unit_id !== '' && last.unit_id !== node.unit_id) kept.push(node);
    else if (last.unit_id === '' && node.unit_id !== '') kept[kept.length - 1] = node;
  }
  return kept;
}

/** F§4's rules on a changed route; null: no slice is left and the route goes. */
export function tidyRoute(route: Route): Route | null {
  const slices: RouteSlice[] = [];
  for (const slice of route.slices) {
    const nodes = mergeDuplicates(slice.nodes);
    if (nodes.length < 2) continue;
    const last = slices[slices.length - 1];
    if (last && last.storey_id === slice.storey_id) last.nodes = mergeDuplicates([...last.nodes, ...nodes]);
    else slices.push({ storey_id: slice.storey_id, nodes });
  }
  const left = slices.filter((slice) => slice.nodes.length >= 2);
  return left.length > 0 ? { ...route, slices: left } : null;
}

const routeRef = (id: string) => ({ kind: 'fire.connections.routes' as const, id });

/** The requests that store `next` as route `id`, or delete it with the model's cascade (rack units list their routes). */
export function routeRequests(model: Model, id: string, next: Route | null): EditRequest[] {
  if (next) return [setAt(['fire', 'connections', 'routes', id], next)];
  return diffEdits(model, deleteItems(model, [routeRef(id)]), 5);
}

const tidied = (model: Model, route: Route): RouteEdit => {
  const next = tidyRoute(route);
  return { requests: routeRequests(model, route.id, next), route: next };
};

/** The route's nodes in order, with where each is: the first and last of all are its ends. */
export function routeNodes(route: Route): { slice: number; node: number; value: RouteNode }[] {
  return route.slices.flatMap((slice, i) => slice.nodes.map((value, j) => ({ slice: i, node: j, value })));
}

export const isRouteEnd = (route: Route, slice: number, node: number): boolean =>
  (slice === 0 && node === 0) || (slice === route.slices.length - 1 && node === route.slices[slice]!.nodes.length - 1);

/** F§4: only inner nodes (not the route's first or last) may be deleted. */
export function deleteNodeEdits(model: Model, routeId: string, slice: number, node: number): RouteEdit {
  const route = model.fire?.connections.routes[routeId];
  if (!route?.slices[slice]?.nodes[node]) return { refused: 'No such node' };
  if (isRouteEnd(route, slice, node)) return { refused: ROUTE_MESSAGES.endNode };
  const slices = route.slices.map((s, i) => (i === slice ? { ...s, nodes: s.nodes.filter((_, j) => j !== node) } : s));
  return tidied(model, { ...route, slices });
}

/** The same height above the floor on another storey. */
function onStorey(model: Model, coord: Point3, from: string, to: string): Point3 {
  const a = model.arch.storeys[from]?.height.min_z ?? 0;
  const b = model.arch.storeys[to]?.height.min_z ?? 0;
  return [coord[0], coord[1], coord[2] - a + b];
}

/** Where the cable comes back down: a metre along the slice's next leg (half of it when shorter), else a metre east. */
function returnPoint(at: Point3, next: Point3 | undefined): Point3 {
  const length = next ? distance2(at, next) : 0;
  if (!next || length < 2 * DUPLICATE) return [at[0] + 1, at[1], at[2]];
  const d = Math.min(1, length / 2) / length;
  return [at[0] + (next[0] - at[0]) * d, at[1] + (next[1] - at[1]) * d, at[2]];
}

/**
 * Splits slice `slice` at its inner node `node` (at `up`, its place on this storey) and puts between the halves a
 * slice on `storeyId` from `upThere` (where the cable arrives there) to the return point, where it comes back down.
 */
function splitAt(model: Model, route: Route, slice: number, node: number, storeyId: string, up: Point3, upThere: Point3): Route {
  const s = route.slices[slice]!;
  const back = returnPoint(up, s.nodes[node + 1]?.coord);
  // It comes back down straight above where it continues.
  const there = onStorey(model, back, s.storey_id, storeyId);
  const slices: RouteSlice[] = [
    ...route.slices.slice(0, slice),
    { storey_id: s.storey_id, nodes: [...s.nodes.slice(0, node), { unit_id: '', coord: up }] },
    {
      storey_id: storeyId,
      nodes: [
        { unit_id: '', coord: upThere },
        { unit_id: '', coord: [there[0], there[1], upThere[2]] },
      ],
    },
    { storey_id: s.storey_id, nodes: [{ unit_id: '', coord: back }, ...s.nodes.slice(node + 1)] },
    ...route.slices.slice(slice + 1),
  ];
  return { ...route, slices };
}

/** Whether the node is inner in its slice and free: what Add storey slice works on. */
export function canAddStoreySlice(model: Model, route: Route, slice: number, node: number): boolean {
  const nodes = route.slices[slice]?.nodes;
  return !!nodes && node > 0 && node < nodes.length - 1 && nodes[node]!.unit_id === '' && Object.keys(model.arch.storeys).length >= 2;
}

/** F§4 'Add storey slice': the slice splits at the inner free node and a slice on `storeyId` goes up and back down. */
export function addStoreySliceEdits(model: Model, routeId: string, slice: number, node: number, storeyId: string): RouteEdit {
  const route = model.fire?.connections.routes[routeId];
  if (!route?.slices[slice]?.nodes[node]) return { refused: 'No such node' };
  if (Object.keys(model.arch.storeys).length < 2) return { refused: ROUTE_MESSAGES.oneStorey };
  const s = route.slices[slice];
  if (!canAddStoreySlice(model, route, slice, node) || !model.arch.storeys[storeyId] || storeyId === s.storey_id)
    return { refused: 'Add storey slice needs an inner free node and another storey' };
  const at = s.nodes[node]!.coord;
  return tidied(model, splitAt(model, route, slice, node, storeyId, at, onStorey(model, at, s.storey_id, storeyId)));
}

/** A tray end on `storeyId` within TRAY_SNAP of `at` whose tray climbs to another storey, with where it arrives there. */
export function trayEndNear(model: Model, storeyId: string, at: Point2): { at: Point3; storeyId: string; there: Point3 } | null {
  let best: { at: Point3; storeyId: string; there: Point3; d: number } | null = null;
  for (const tray of Object.values(model.elec?.trays ?? {})) {
    if (tray.to_storey_id === '' || tray.to_storey_id === tray.storey_id) continue;
    const ends =
      tray.storey_id === storeyId
        ? { here: tray.start, there: tray.end, other: tray.to_storey_id }
        : tray.to_storey_id === storeyId
          ? { here: tray.end, there: tray.start, other: tray.storey_id }
          : null;
    if (!ends) continue;
    const d = distance2(ends.here, at);
    if (d <= TRAY_SNAP && (!best || d < best.d)) best = { at: ends.here, storeyId: ends.other, there: ends.there, d };
  }
  return best && { at: best.at, storeyId: best.storeyId, there: best.there };
}

/** A drag's preview: the node's plan position only (the rules apply at the release). */
export function movedRoute(route: Route, slice: number, node: number, to: Point2): Route {
  const slices = route.slices.map((s, i) =>
    i !== slice ? s : { ...s, nodes: s.nodes.map((n, j) => (j === node ? { ...n, coord: [to[0], to[1], n.coord[2]] as Point3 } : n)) },
  );
  return { ...route, slices };
}

/**
 * The release of a dragged node (F§4): a node on a unit is locked; a free node near a tray end that climbs to another
 * storey (F§9 0.1) snaps to it and, inner in its slice, goes up that tray with a slice on the connected storey; then
 * the route is tidied (near-duplicates merge, F§9 0.1).
 */
export function moveNodeEdits(model: Model, routeId: string, slice: number, node: number, to: Point2): RouteEdit {
  const route = model.fire?.connections.routes[routeId];
  const s = route?.slices[slice];
  const moving = s?.nodes[node];
  if (!route || !s || !moving) return { refused: 'No such node' };
  if (moving.unit_id !== '') return { refused: 'A node on a unit is locked to it' };
  const tray = trayEndNear(model, s.storey_id, to);
  if (!tray) return tidied(model, movedRoute(route, slice, node, to));
  const snapped = movedRoute(route, slice, node, [tray.at[0], tray.at[1]]);
  if (node === 0 || node === s.nodes.length - 1) return tidied(model, snapped);
  const at: Point3 = [tray.at[0], tray.at[1], moving.coord[2]];
  return tidied(model, splitAt(model, snapped, slice, node, tray.storeyId, at, tray.there));
}

/** The units a route may attach to on a storey: every group but labels, racks included. */
export function attachableUnits(model: Model, storeyId: string): { id: string; coord: Point3 }[] {
  const units = model.fire?.units;
  if (!units) return [];
  return UNIT_GROUPS.filter((group) => group !== 'labels').flatMap((group) =>
    Object.values(units[group] as Record<string, { id: string; storey_id: string; coord: Point3 }>).filter((u) => u.storey_id === storeyId),
  );
}

/** `route-N`, the first N free among routes and cables (rack units list both in one list). */
export function newRouteId(model: Model): string {
  const connections = model.fire?.connections;
  const taken = (id: string) => !!connections && (Object.hasOwn(connections.routes, id) || Object.hasOwn(connections.cables, id));
  let n = 1;
  while (taken(`route-${n}`)) n++;
  return `route-${n}`;
}

/** F§9: a new free node hangs where detectors do, 0.05 below the storey's top (cables run along the ceiling). */
export const CEILING_OFFSET = 0.05;

/**
 * A drawn route (F§4 Route drawing): each point within UNIT_SNAP of a unit attaches to the nearest one not yet on the
 * route (each unit at most once), the others hang under the ceiling; near-duplicates merge; at least 2 points; the
 * cable is the first Copper cable product ('No copper cable found' otherwise). A Direct route on the shown storey.
 */
export function newRouteEdits(
  model: Model,
  storeyId: string,
  points: readonly Point2[],
): { id: string; requests: EditRequest[]; route: Route } | { refused: string } {
  const fire = model.fire;
  const storey = model.arch.storeys[storeyId];
  if (!fire || !storey) return { refused: ROUTE_MESSAGES.tooFew };
  const cable = fire.config.products.cables.find((c) => c.type === 'Copper');
  if (!cable) return { refused: ROUTE_MESSAGES.noCopper };
  const units = attachableUnits(model, storeyId);
  const used = new Set<string>();
  const nodes = points.map((p): RouteNode => {
    let best: { id: string; coord: Point3; d: number } | null = null;
    for (const unit of units) {
      const d = distance2(unit.coord, p);
      if (d <= UNIT_SNAP && !used.has(unit.id) && (!best || d < best.d)) best = { ...unit, d };
    }
    if (!best) return { unit_id: '', coord: [p[0], p[1], storey.height.max_z - CEILING_OFFSET] };
    used.add(best.id);
    return { unit_id: best.id, coord: [...best.coord] as Point3 };
  });
  const merged = mergeDuplicates(nodes);
  if (merged.length < 2) return { refused: ROUTE_MESSAGES.tooFew };
  const id = newRouteId(model);
  const route: Route = { id, product_id: cable.id, kind: 'Direct', slices: [{ storey_id: storeyId, nodes: merged }] };
  return { id, route, requests: [setAt(['fire', 'connections', 'routes', id], route)] };
}

/** Delete on a whole route: it goes, with the model's cascade. */
export const deleteRouteEdits = (model: Model, routeId: string): EditRequest[] => routeRequests(model, routeId, null);
