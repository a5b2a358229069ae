// How short automatic loop cabling is against lower bounds, and how long it takes (issues 23 and 26): every corpus
// model with rooms, then the 185,000 m² building tiled from real corpus storeys and the generated one, each at a
// quarter, a half and all (bench/support/buildings.ts) — units placed, sections made, racks placed as a designer would
// (placeCentrals: a central per separate part of the building and per 20,000 m², or more where their loops and
// battery need it, each sized with its Route extensions). See bench/README.md.
//   npm run bench:fire-cabling                          # the corpus, then both buildings at 1/4, 1/2 and all
//   node --import tsx bench/fire-cabling.ts duplex.ifc  # some files, then the buildings
//   node --import tsx bench/fire-cabling.ts --full      # the corpus, then all of each building only
//   node --import tsx bench/fire-cabling.ts --buildings-only  # the buildings (with --full: all of each only)
//   node --import tsx bench/fire-cabling.ts --corpus-only     # the corpus models only
//   node --import tsx bench/fire-cabling.ts --buildings-only --generated-only  # the generated building only
//   node --import tsx bench/fire-cabling.ts --clean Institute.ifc  # corpus models after Clean (default options), as a designer runs it
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { emptyFire, emptyModel, type Arch, type Fire, type Route } from '@edrf/model';
import { extractIfc } from '@edrf/ifc';
import {
  calcFireCabling,
  calcFireSections,
  calcFireUnits,
  createFireConfig,
  exactRing,
  loopUnits,
  ringCost,
  routeWallCrossings,
} from '@edrf/fire';
import { cleanArch } from '@edrf/geometry';
import {
  attachPoint,
  buildRoutingGraph,
  checkLoop,
  EXACT_TOUR_MAX,
  generatedBuilding,
  GraphSearch,
  indexBuilding,
  loopOrigins,
  loopRoom,
  placeCentrals,
  pointInRings,
  routeMetres,
  sectionAreas,
  sectionBuilding,
  storeyExits,
  tourLowerBound,
  type LoopUnit,
  type Pt,
  type StoreyExits,
} from '@edrf/fire/testing';
import { buildingCases, SHARES, WHOLE_ONLY } from './support/buildings.js';

const corpus = process.env.IFC_CORPUS ?? '/work/shared/ifc';

type P = readonly [number, number, number];
const d3 = (a: P, b: P) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

/** Minimum spanning tree of n points under `dist` (Prim, O(n²)): a central's loops together join it and its units, so they are no shorter. */
function mst(n: number, dist: (a: number, b: number) => number): number {
  if (n < 2) return 0;
  const best = new Float64Array(n).fill(Infinity);
  const inTree = new Uint8Array(n);
  best[0] = 0;
  let total = 0;
  for (let k = 0; k < n; k++) {
    let v = -1;
    for (let i = 0; i < n; i++) if (!inTree[i] && (v < 0 || best[i]! < best[v]!)) v = i;
    inTree[v] = 1;
    total += best[v]!;
    for (let i = 0; i < n; i++) if (!inTree[i]) best[i] = Math.min(best[i]!, dist(v, i));
  }
  return total;
}

/**
 * The bound for one central under `dist` (index 0 the central): max(MST of the central and its units, radial
 * 2·Σ dist(central, unit) / route_max_units). The radial part holds because a loop of k ≤ max units is at least twice
 * its farthest unit's distance, which is at least the mean; both need `dist` never above the cable between two points.
 */
function centralBound(n: number, dist: (a: number, b: number) => number, maxUnits: number): number {
  return Math.max(mst(n, dist), radialBound(n, dist, maxUnits));
}

function radialBound(n: number, dist: (a: number, b: number) => number, maxUnits: number): number {
  let radial = 0;
  for (let i = 1; i < n; i++) radial += dist(0, i);
  return (2 * radial) / maxUnits;
}

/**
 * A bound no loops can beat: max(the least closed tour through the central and its units, radial). The central's loops
 * joined at the central are one closed walk through them all, so at least the tour (tour-bound.ts); `cable` is what
 * its loops measure (at least the tour), only to size the bound's steps.
 */
function tourBound(n: number, dist: (a: number, b: number) => number, maxUnits: number, cable: number): number {
  const matrix = Array.from({ length: n }, (_, a) => Float64Array.from({ length: n }, (_, b) => dist(a, b)));
  return Math.max(
    tourLowerBound(n, (a, b) => matrix[a]![b]!, cable),
    radialBound(n, dist, maxUnits),
  );
}

interface Stop {
  storeyId: string;
  coord: P;
}

/**
 * The least metres of cable between two stops (loop-metric.ts's StoreyExits distance, made a bound): on one storey the
 * straight distance; between storeys the cable's plan travel is at least the plan distance and at least the way to the
 * nearest exit of each storey (it goes through no slab), its rise at least the height between them, and a path is no
 * shorter than the hypotenuse of its plan travel and its rise. loopMetric adds the climb to the plan instead, and
 * exceeded routed legs between overlapping storeys (House, Jasmin Sun) where the cable rises as it crosses.
 */
function exitMetric(stops: readonly Stop[], exits: StoreyExits): (a: number, b: number) => number {
  const toExit = stops.map((s) => exits.nearest(s.storeyId, s.coord[0], s.coord[1]));
  return (a, b) => {
    const [p, q] = [stops[a]!, stops[b]!];
    if (p.storeyId === q.storeyId) return d3(p.coord, q.coord);
    const plan = Math.hypot(p.coord[0] - q.coord[0], p.coord[1] - q.coord[1]);
    return Math.hypot(Math.max(plan, toExit[a]! + toExit[b]!), p.coord[2] - q.coord[2]);
  };
}

/**
 * The shortest loop through these stops on the routing graph (the engine's legs: least-cost paths, measured in metres
 * along their nodes), every order tried by Held–Karp: how far the engine's order is from the best on its own graph.
 */
function graphOptimum(arch: Arch, stops: readonly Stop[], ids: readonly string[]): number {
  const g = buildRoutingGraph({ arch });
  const nodes = stops.map((s, k) => attachPoint(g, s.storeyId, s.coord, { unitId: ids[k]! }));
  const search = new GraphSearch(g);
  const m = stops.map(() => stops.map(() => 0));
  nodes.forEach((a, i) => {
    search.search(a, new Set(nodes));
    nodes.forEach((b, j) => {
      if (j > i) m[i]![j] = m[j]![i] = routeMetres(g, search.pathTo(b)) || d3(stops[i]!.coord, stops[j]!.coord);
    });
  });
  return ringCost(exactRing(m), m);
}

/** A route's nodes in order, and the metres along it up to each (consecutive slices joined by the climb). */
function routeWalk(route: Route): { ids: string[]; at: number[]; length: number } {
  const ids: string[] = [];
  const at: number[] = [];
  let total = 0;
  let last: P | null = null;
  for (const slice of route.slices)
    for (const node of slice.nodes) {
      if (last) total += d3(last, node.coord);
      last = node.coord;
      ids.push(node.unit_id);
      at.push(total);
    }
  return { ids, at, length: total };
}

/**
 * The wall penalty of the doors-only comparison (docs/fire-cabling.md, "Walls"): so high that a cable goes through a
 * wall without a door only where no way through doors, stairs or trays exists at all.
 */
const DOORS_ONLY_PENALTY = 10_000;

/** Per loop route, where it crosses a wall without a door (routeWallCrossings): mean and max a loop, and the total. */
function crossingsPerLoop(arch: Arch, routes: readonly Route[]): { mean: number; max: number; total: number } {
  const counts = routes.map((r) => routeWallCrossings(arch, r).length);
  const total = counts.reduce((s, c) => s + c, 0);
  return { mean: counts.length > 0 ? total / counts.length : 0, max: Math.max(0, ...counts), total };
}

/** Rooms a designer calls corridors (the model has no Corridor room type): by name, in the corpus's languages. */
const CORRIDOR_NAME = /corridor|korridor|hall|passage|gang|flur|lobby|circulation|foyer|entr[eé]/i;

/**
 * The share of the loops' cable inside corridors: each slice's stretches sampled every 0.5 m in plan, a sample counted
 * where it stands in a corridor room of its storey (docs/fire-cabling.md, "Walls").
 */
function corridorShare(arch: Arch, routes: readonly Route[]): number {
  const rooms = new Map(
    indexBuilding(arch).storeys.map((s) => [s.storey.id, s.rooms.filter((r) => CORRIDOR_NAME.test(r.room.name)).map((r) => r.rings)]),
  );
  let inside = 0;
  let total = 0;
  for (const route of routes)
    for (const slice of route.slices) {
      const corridors = rooms.get(slice.storey_id) ?? [];
      for (let k = 1; k < slice.nodes.length; k++) {
        const [a, b] = [slice.nodes[k - 1]!.coord, slice.nodes[k]!.coord];
        const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
        const steps = Math.max(1, Math.ceil(len / 0.5));
        for (let i = 0; i < steps; i++) {
          const t = (i + 0.5) / steps;
          const [x, y] = [a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])];
          total += len / steps;
          if (corridors.some((rings) => pointInRings(x, y, rings))) inside += len / steps;
        }
      }
    }
  return total > 0 ? inside / total : 0;
}

/** Whether ab and cd cross at a point inside both (shared or touching ends and overlaps along one line do not count). */
function properCross(a: Pt, b: Pt, c: Pt, d: Pt): boolean {
  const side = (p: Pt, q: Pt, r: Pt) => (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]);
  const eps = 1e-9;
  const [d1, d2, d3, d4] = [side(c, d, a), side(c, d, b), side(a, b, c), side(a, b, d)];
  return ((d1 > eps && d2 < -eps) || (d1 < -eps && d2 > eps)) && ((d3 > eps && d4 < -eps) || (d3 < -eps && d4 > eps));
}

/** Per loop, the pairs of its plan segments on one storey that cross (issue 34: a loop never crosses itself on a storey). */
function selfCrossings(route: Route): number {
  const byStorey = new Map<string, [Pt, Pt][]>();
  for (const slice of route.slices) {
    const list = byStorey.get(slice.storey_id) ?? [];
    byStorey.set(slice.storey_id, list);
    for (let k = 1; k < slice.nodes.length; k++) {
      const [a, b] = [slice.nodes[k - 1]!.coord, slice.nodes[k]!.coord];
      if (Math.hypot(b[0] - a[0], b[1] - a[1]) > 1e-6)
        list.push([
          [a[0], a[1]],
          [b[0], b[1]],
        ]);
    }
  }
  let count = 0;
  for (const segs of byStorey.values()) {
    const boxes = segs.map(([a, b]) => [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[0], b[0]), Math.max(a[1], b[1])] as const);
    for (let i = 0; i < segs.length; i++)
      for (let j = i + 1; j < segs.length; j++) {
        const [p, q] = [boxes[i]!, boxes[j]!];
        if (p[0] > q[2] || q[0] > p[2] || p[1] > q[3] || q[1] > p[3]) continue;
        if (properCross(segs[i]![0], segs[i]![1], segs[j]![0], segs[j]![1])) count++;
      }
  }
  return count;
}

/** Legs at this many degrees or more from the nearest wall's axis (and as many from its perpendicular) are diagonal. */
const DIAGONAL_FROM = 15;

/**
 * The share of the loops' plan length in segments at 15–75° to the axis of the wall nearest their middle (a wall's
 * axis: its outline's longest edge; a storey without walls: its rooms' outlines): cable drawn diagonally over a floor
 * where a designer runs it along the walls.
 */
function diagonalShare(arch: Arch, routes: readonly Route[]): number {
  const CELL = 5;
  // Per storey, the wall outlines' edges bucketed by cell, each with its wall's axis angle.
  const index = new Map<string, Map<string, { a: Pt; b: Pt; axis: number }[]>>();
  const axisOf = (ring: readonly Pt[]) => {
    let [best, angle] = [-1, 0];
    ring.forEach((p, k) => {
      const q = ring[(k + 1) % ring.length]!;
      const len = Math.hypot(q[0] - p[0], q[1] - p[1]);
      if (len > best) [best, angle] = [len, Math.atan2(q[1] - p[1], q[0] - p[0])];
    });
    return angle;
  };
  const storeyIndex = (storeyId: string) => {
    let grid = index.get(storeyId);
    if (grid) return grid;
    grid = new Map();
    index.set(storeyId, grid);
    const storey = arch.storeys[storeyId];
    const walls = (storey?.walls ?? []).flatMap((id) =>
      arch.walls[id] ? [arch.walls[id].shape.exterior.map((p): Pt => [p[0], p[1]])] : [],
    );
    const rings =
      walls.length > 0
        ? walls
        : (storey?.rooms ?? []).flatMap((id) => (arch.rooms[id] ? [arch.rooms[id].shape.exterior.map((p): Pt => [p[0], p[1]])] : []));
    for (const ring of rings) {
      if (ring.length < 2) continue;
      const axis = axisOf(ring);
      ring.forEach((a, k) => {
        const b = ring[(k + 1) % ring.length]!;
        for (let gx = Math.floor(Math.min(a[0], b[0]) / CELL); gx <= Math.floor(Math.max(a[0], b[0]) / CELL); gx++)
          for (let gy = Math.floor(Math.min(a[1], b[1]) / CELL); gy <= Math.floor(Math.max(a[1], b[1]) / CELL); gy++) {
            const key = `${gx},${gy}`;
            grid.set(key, [...(grid.get(key) ?? []), { a, b, axis }]);
          }
      });
    }
    return grid;
  };
  const nearestAxis = (storeyId: string, x: number, y: number): number => {
    const grid = storeyIndex(storeyId);
    const [cx, cy] = [Math.floor(x / CELL), Math.floor(y / CELL)];
    for (let r = 1; r <= 6; r++) {
      let [best, axis] = [Infinity, 0];
      for (let gx = cx - r; gx <= cx + r; gx++)
        for (let gy = cy - r; gy <= cy + r; gy++)
          for (const e of grid.get(`${gx},${gy}`) ?? []) {
            const [dx, dy] = [e.b[0] - e.a[0], e.b[1] - e.a[1]];
            const len2 = dx * dx + dy * dy;
            const t = len2 > 0 ? Math.max(0, Math.min(1, ((x - e.a[0]) * dx + (y - e.a[1]) * dy) / len2)) : 0;
            const d = Math.hypot(x - e.a[0] - t * dx, y - e.a[1] - t * dy);
            if (d < best) [best, axis] = [d, e.axis];
          }
      // Found within the cells searched, and nearer than anything outside them could be.
      if (best <= (r - 1) * CELL + 1e-9 || (best < Infinity && r === 6)) return axis;
    }
    return 0;
  };
  let diagonal = 0;
  let total = 0;
  for (const route of routes)
    for (const slice of route.slices)
      for (let k = 1; k < slice.nodes.length; k++) {
        const [a, b] = [slice.nodes[k - 1]!.coord, slice.nodes[k]!.coord];
        const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
        if (len < 1e-6) continue;
        total += len;
        const axis = nearestAxis(slice.storey_id, (a[0] + b[0]) / 2, (a[1] + b[1]) / 2);
        // The angle to the axis folded into 0–45°: along the wall or across it is 0.
        let angle = Math.abs(Math.atan2(b[1] - a[1], b[0] - a[0]) - axis) % (Math.PI / 2);
        angle = Math.min(angle, Math.PI / 2 - angle);
        if (angle >= (DIAGONAL_FROM * Math.PI) / 180) diagonal += len;
      }
  return total > 0 ? diagonal / total : 0;
}

function design(arch: Arch): Fire | null {
  const empty = emptyFire(createFireConfig('Sbf1108'));
  const placed = calcFireUnits({ arch, fire: empty });
  if (Object.keys(placed.units.detectors).length === 0) return null;
  const fire: Fire = { ...empty, units: { ...empty.units, ...placed.units } };
  placeCentrals(arch, fire);
  fire.sections = calcFireSections({ settings: { sections: true, labels: false, addresses: false }, model: { arch, fire } }).sections;
  return fire;
}

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(', ');

const HEADER = [
  '| model | centrals | units | loops | least | worst excess | least, all limits | its worst excess | metres | bound | ratio | exit bound | exit ratio | tour bound | tour ratio | floor | vs graph optimum | below metric | worst margin V | warnings | seconds | cpu s | load | walls/loop | walls max | corridor share | crossings/loop | crossings max | diagonal share | doors only: loops | metres | ×engine | walls/loop | walls max | warnings |',
  '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
];
const rows: string[] = [];

function measure(model: string, arch: Arch): void {
  const fire = design(arch);
  if (!fire) return;
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const { connections, validation } = calcFireCabling({ arch, fire });
  const seconds = (performance.now() - t0) / 1000;
  // The process's CPU time too: on a machine shared with other work, less moved by the load than the clock.
  const cpu = process.cpuUsage(cpu0);
  const loadNow = os.loadavg()[0]!.toFixed(1);

  const max = fire.config.cabling.route_max_units;
  const origins = loopOrigins(fire);
  const centralOfRack = new Map(origins.map((o) => [o.rack.id, o]));
  const building = sectionBuilding(indexBuilding(arch), arch.doors);
  const expected = loopUnits(fire, building);
  // The loops a central's units need by every limit of a loop (units with isolators where they count, m², A in alarm).
  const sectionArea = sectionAreas(fire, building);
  const sectionUnits = new Map<string, number>();
  for (const u of expected) sectionUnits.set(u.sectionId, (sectionUnits.get(u.sectionId) ?? 0) + 1);
  const room = loopRoom<LoopUnit>(fire.config.cabling.route_max_area, fire.config.cabling.isolator_max_units, (u) =>
    u.sectionId ? (sectionArea.get(u.sectionId) ?? 0) / sectionUnits.get(u.sectionId)! : 0,
  );
  const byId = new Map<string, LoopUnit>(expected.map((u) => [u.id, u]));
  // The exit bound's distance (exitMetric). An exit's penalty (the riser fallback's 20 m) is routing cost, not metres,
  // so it is left out: with it the distance exceeded routed legs. "below metric" counts the routes' legs and
  // rack-to-unit stretches shorter than this distance: 0 on every corpus model and both buildings (bench/results).
  const exits: StoreyExits = storeyExits(buildRoutingGraph({ arch }), false);

  const perCentral = new Map(origins.map((o) => [o.id, { units: [] as LoopUnit[], loops: 0, metres: 0 }]));
  let metres = 0;
  let below = 0;
  let margin = Infinity;
  for (const route of Object.values(connections.routes)) {
    if (route.kind !== 'Loop') continue;
    const walk = routeWalk(route);
    metres += walk.length;
    const origin = centralOfRack.get(walk.ids[0]!)!;
    const entry = perCentral.get(origin.id)!;
    entry.loops++;
    entry.metres += walk.length;
    // The stops in cable order (the rack, its units, the rack) and the metres to each.
    const stops: { storeyId: string; coord: P; at: number }[] = [];
    const members: LoopUnit[] = [];
    walk.ids.forEach((id, k) => {
      if (id === '') return;
      const unit = byId.get(id);
      if (unit) members.push(unit);
      stops.push({ storeyId: unit ? unit.storeyId : origin.rack.storey_id, coord: unit ? unit.coord : origin.rack.coord, at: walk.at[k]! });
    });
    entry.units.push(...members);
    const metric = exitMetric(stops, exits);
    for (let k = 1; k < stops.length; k++) {
      if (stops[k]!.at - stops[k - 1]!.at < metric(k - 1, k) - 1e-6) below++;
      // From the rack to each unit either way round the loop.
      if (Math.min(stops[k]!.at, walk.length - stops[k]!.at) < metric(0, k) - 1e-6) below++;
    }
    // The voltage in both single-fault feeds on the loop's own legs and cable (loop-checks.ts).
    const legs = stops.slice(1).map((s, k) => s.at - stops[k]!.at);
    const cable = fire.config.products.cables.find((c) => c.id === route.product_id);
    const check = checkLoop({
      id: route.id,
      origin,
      units: members,
      legs,
      cable,
      isolatorMaxUnits: fire.config.cabling.isolator_max_units,
    });
    for (const feed of check.voltages ? [check.voltages.fromA, check.voltages.fromB] : [])
      for (const u of feed.units) if (u.minVoltage > 0) margin = Math.min(margin, u.voltage - u.minVoltage);
  }

  let units = 0;
  let loops = 0;
  let least = 0;
  let excess = -Infinity;
  let leastByLimits = 0;
  let excessByLimits = -Infinity;
  let bound = 0;
  let exitBound = 0;
  let tour = 0;
  // Where every central has one loop of at most EXACT_TOUR_MAX stops: the least such loops on the routing graph.
  let optimum: number | null = 0;
  for (const o of origins) {
    const { units: list, loops: made, metres: cable } = perCentral.get(o.id)!;
    if (list.length === 0) continue;
    const need = Math.ceil(list.length / max);
    units += list.length;
    loops += made;
    least += need;
    excess = Math.max(excess, made - need);
    // Per section, as the central's room counts isolators; one loop's limits are its room with a capacity of 1.
    const bySection = new Map<string, LoopUnit[]>();
    for (const u of list) bySection.set(u.sectionId || u.id, [...(bySection.get(u.sectionId || u.id) ?? []), u]);
    const load = [...bySection.values()].map((g) => room.load(g, o)).reduce((s, l) => s.map((x, r) => x + l[r]!));
    const limits = room.room({ ...o, capacity: 1 });
    const needByLimits = Math.max(need, ...load.map((x, r) => Math.ceil(x / limits[r]! - 1e-9)));
    leastByLimits += needByLimits;
    excessByLimits = Math.max(excessByLimits, made - needByLimits);
    const points: Stop[] = [{ storeyId: o.rack.storey_id, coord: o.rack.coord }, ...list];
    bound += centralBound(points.length, (a, b) => d3(points[a]!.coord, points[b]!.coord), max);
    exitBound += centralBound(points.length, exitMetric(points, exits), max);
    tour += tourBound(points.length, exitMetric(points, exits), max, cable);
    if (optimum !== null && made === 1 && points.length <= EXACT_TOUR_MAX)
      optimum += graphOptimum(arch, points, [o.rack.id, ...list.map((u) => u.id)]);
    else optimum = null;
  }
  // Wall crossings of the loops as made, and the same design routed through doors only (DOORS_ONLY_PENALTY).
  const loopRoutes = (routes: Fire['connections']['routes']) => Object.values(routes).filter((r) => r.kind === 'Loop');
  const walls = crossingsPerLoop(arch, loopRoutes(connections.routes));
  const crossings = loopRoutes(connections.routes).map(selfCrossings);
  const doorsOnly = calcFireCabling({ arch, fire, wallPenalty: DOORS_ONLY_PENALTY });
  const doorRoutes = loopRoutes(doorsOnly.connections.routes);
  const doorMetres = doorRoutes.reduce((s, r) => s + routeWalk(r).length, 0);
  const doorWalls = crossingsPerLoop(arch, doorRoutes);
  const row = [
    model,
    String(origins.length),
    // Every unit on a loop exactly once, or the units on loops of how many there are.
    units === expected.length && new Set([...perCentral.values()].flatMap((e) => e.units)).size === units
      ? String(units)
      : `${units} of ${expected.length}`,
    String(loops),
    String(least),
    excess === -Infinity ? '–' : `${excess >= 0 ? '+' : ''}${excess}`,
    String(leastByLimits),
    excessByLimits === -Infinity ? '–' : `${excessByLimits >= 0 ? '+' : ''}${excessByLimits}`,
    metres.toFixed(0),
    bound.toFixed(0),
    (metres / bound).toFixed(3),
    exitBound.toFixed(0),
    (metres / exitBound).toFixed(3),
    tour.toFixed(0),
    (metres / tour).toFixed(3),
    // The least ratio any cabling could have against the bound: the tour bound over it.
    (tour / bound).toFixed(3),
    optimum === null ? '–' : (metres / optimum).toFixed(3),
    String(below),
    Number.isFinite(margin) ? margin.toFixed(2) : '–',
    String(validation.warnings.length),
    seconds.toFixed(2),
    ((cpu.user + cpu.system) / 1e6).toFixed(2),
    loadNow,
    walls.mean.toFixed(1),
    String(walls.max),
    corridorShare(arch, loopRoutes(connections.routes)).toFixed(3),
    (crossings.length > 0 ? crossings.reduce((t, c) => t + c, 0) / crossings.length : 0).toFixed(1),
    String(Math.max(0, ...crossings)),
    diagonalShare(arch, loopRoutes(connections.routes)).toFixed(3),
    String(doorRoutes.length),
    doorMetres.toFixed(0),
    metres > 0 ? (doorMetres / metres).toFixed(3) : '–',
    doorWalls.mean.toFixed(1),
    String(doorWalls.max),
    String(doorsOnly.validation.warnings.length),
  ];
  const line = `| ${row.join(' | ')} |`;
  rows.push(line);
  console.log(line);
}

const loadBefore = load();
console.log(
  `SBF 110:8, racks by placeCentrals; ${os.availableParallelism()} cores, load average ${loadBefore}. Loops made against Σ⌈units of a central / route_max_units⌉ (least) and the largest excess of one central, and against the loops its units need by every limit of a loop (units with isolators where they count, route_max_area, the loop current); cable metres against Σ over centrals of max(MST, 2·Σd/route_max_units) on straight 3D distances (bound) and through the storeys' exits (exit bound); against the least closed tour through each central and its units through the exits (tour bound; Held–Karp, exact up to 18 stops); floor: the tour bound over the bound, the least ratio any cabling could have; vs graph optimum: where each central has one loop of at most 18 stops, the metres over the shortest such loops on the routing graph, every order tried; walls/loop, walls max: wall crossings without a door per loop (routeWallCrossings), mean and most; corridor share: the loops' cable inside rooms named as corridors over all of it; crossings/loop, crossings max: pairs of a loop's plan segments on one storey that cross, mean and most a loop; diagonal share: the loops' plan length in segments at ${DIAGONAL_FROM}–${90 - DIAGONAL_FROM}° to the nearest wall's axis over all of it; doors only: the same design routed with a wall penalty of ${DOORS_ONLY_PENALTY} m (a wall only where no door leads), its loops, metres, metres over the engine's, crossings and warnings.`,
);
console.log(HEADER.join('\n'));
const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const files = process.argv.includes('--buildings-only')
  ? []
  : args.length > 0
    ? args
    : fs.existsSync(corpus)
      ? fs
          .readdirSync(corpus)
          .filter((f) => f.endsWith('.ifc'))
          .sort()
      : [];
for (const file of files) {
  const full = fs.existsSync(file) ? file : path.join(corpus, file);
  const arch = (await extractIfc(new Uint8Array(fs.readFileSync(full)))).arch;
  // After Clean with its default options (POST /api/v1/clean_arch), as the designer of issue 34 ran it.
  if (process.argv.includes('--clean')) measure(`${path.basename(file)} +clean`, (await cleanArch({ ...emptyModel(), arch })).arch);
  else measure(path.basename(file), arch);
}
if (!process.argv.includes('--corpus-only')) {
  // An untimed run on a small building first: the first timed row would count the compiler's warming up.
  const warm = design(generatedBuilding(2));
  if (warm) calcFireCabling({ arch: generatedBuilding(2), fire: warm });
}
if (!process.argv.includes('--corpus-only'))
  for (const c of buildingCases(process.argv.includes('--full') ? WHOLE_ONLY : SHARES, corpus).cases) {
    if (process.argv.includes('--generated-only') && c.building !== 'generated') continue;
    const b = await c.make();
    measure(`${c.building}, ${c.share} (${Math.round(b.area).toLocaleString('en')} m²)`, b.arch);
  }
console.log(`Load average at the end: ${load()}.`);
if (process.env.BENCH_RESULTS) {
  const text = [
    `\`node --import tsx ${[path.relative(process.cwd(), process.argv[1]!), ...process.argv.slice(2)].join(' ')}\`, load average ${loadBefore} at the start, ${load()} at the end.`,
    '',
    ...HEADER,
    ...rows,
    '',
  ];
  fs.appendFileSync(process.env.BENCH_RESULTS, `${text.join('\n')}\n`);
}
