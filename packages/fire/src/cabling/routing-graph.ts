import type { Arch, Door, Elec, Storey, Tray } from '@edrf/model';
import { indexBuilding, roomAt, type RoomInfo, type StoreyInfo } from '../building.js';
import { distanceToRings, pointInRings, ringCentroid, type Pt, type Ring } from '../geometry/ring.js';
import { NodeHeap } from './node-heap.js';
import { DOOR_REACH, roomGraph, sharedStretches, WALL_MIN_SHARED } from '../sections/room-graph.js';

/**
 * The routing graph of cables (docs/fire-cabling.md; research fire-next §5.1): per storey, nodes at tray ends,
 * tray crossings and junctions, room centroids and door middles; vertical links between storeys at stairwells,
 * shafts, stair objects and vertical trays. Points (racks, units) join it with `attachPoint`; `shortestPaths` is
 * Dijkstra. Costs are metres weighted: on a tray × TRAY_FACTOR, a wall crossed without a door + WALL_PENALTY.
 */

/** A metre on a tray costs this much of a metre elsewhere: cables follow trays where they exist. */
export const TRAY_FACTOR = 0.5;
/**
 * What a cable through a wall without a door costs beyond its length (the hole and its sealing): a door is used unless
 * it is more than this farther. A documented choice, measured against doors only (docs/fire-cabling.md, "Walls").
 */
export const WALL_PENALTY = 3;
/** Along a shared wall a cable may pass through it about this often (m), at most WALL_PASSAGES_MAX times per wall. */
export const WALL_PASSAGE_SPACING = 4;
const WALL_PASSAGES_MAX = 4;
/** Added to a vertical link between rooms over each other when two storeys have no stairwell, shaft, stair or vertical tray between them. */
export const RISER_PENALTY = 20;
/** A tray end this close (plan, m) to another tray joins it. */
export const TRAY_SNAP = 0.5;
/** A point joins a tray outside its room only this close to it (a tray running along the room's wall). */
export const TRAY_REACH = 0.6;
/** Route nodes off trays hang this far below the storey's max_z (F§9: the ceiling height of units). */
export const CEILING_OFFSET = 0.05;
/** A room with more doors than this joins each door to its nearest ROOM_DOOR_NEIGHBOURS doors rather than to all. */
const ROOM_CLIQUE_MAX = 24;
const ROOM_DOOR_NEIGHBOURS = 6;

export type RoutingNodeKind = 'tray' | 'room' | 'door' | 'wall' | 'point';
export type RoutingEdgeKind = 'tray' | 'floor' | 'wall' | 'vertical' | 'riser';

export interface RoutingNode {
  storeyId: string;
  x: number;
  y: number;
  z: number;
  kind: RoutingNodeKind;
  /** The unit a point node stands for ('' otherwise): a route node there is locked to it. */
  unitId: string;
  /** A terminal (a point) is a path's end only: paths do not pass through it. */
  terminal: boolean;
}

export interface RoutingEdge {
  to: number;
  /** What Dijkstra minimises. */
  cost: number;
  /** Metres (plan length, or the height for a vertical link). */
  length: number;
  kind: RoutingEdgeKind;
}

/** A stretch of a horizontal tray between two of its nodes. */
interface TraySegment {
  a: number;
  b: number;
  /** Nodes added on it by attachPoint, with their position 0..1 from a. */
  points: { t: number; node: number }[];
}

interface StoreyGraph {
  info: StoreyInfo;
  ceilingZ: number;
  /** Per room (index into info.rooms): its centroid node, its door nodes and the points attached in it. */
  centroid: number[];
  doors: number[][];
  points: number[][];
  segments: TraySegment[];
}

export interface RoutingGraph {
  nodes: RoutingNode[];
  edges: RoutingEdge[][];
  storeys: Map<string, StoreyGraph>;
}

const dist2 = (ax: number, ay: number, bx: number, by: number) => Math.hypot(ax - bx, ay - by);

function addNode(g: RoutingGraph, node: Omit<RoutingNode, 'unitId' | 'terminal'> & Partial<RoutingNode>): number {
  g.nodes.push({ unitId: '', terminal: false, ...node });
  g.edges.push([]);
  return g.nodes.length - 1;
}

/** An undirected edge; its cost from its length and kind (a wall's penalty `wallPenalty`). */
export function addEdge(g: RoutingGraph, a: number, b: number, kind: RoutingEdgeKind, length?: number, wallPenalty = WALL_PENALTY): void {
  if (a === b) return;
  const p = g.nodes[a]!;
  const q = g.nodes[b]!;
  const len = length ?? dist2(p.x, p.y, q.x, q.y);
  const cost = kind === 'tray' ? len * TRAY_FACTOR : kind === 'wall' ? len + wallPenalty : kind === 'riser' ? len + RISER_PENALTY : len;
  g.edges[a]!.push({ to: b, cost, length: len, kind });
  g.edges[b]!.push({ to: a, cost, length: len, kind });
}

const boxOf = (rings: readonly Ring[]) => {
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of rings[0]!) {
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  }
  return { minX, minY, maxX, maxY };
};
type Box = ReturnType<typeof boxOf>;
const boxesMeet = (p: Box, q: Box, reach = 0) =>
  p.minX - reach <= q.maxX && q.minX - reach <= p.maxX && p.minY - reach <= q.maxY && q.minY - reach <= p.maxY;
const segBox = (a: Pt, b: Pt): Box => ({
  minX: Math.min(a[0], b[0]),
  minY: Math.min(a[1], b[1]),
  maxX: Math.max(a[0], b[0]),
  maxY: Math.max(a[1], b[1]),
});

/** Where along segment ab (0..1, clamped) the point's projection lies. */
const projectT = (px: number, py: number, a: Pt, b: Pt) => {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len2 = dx * dx + dy * dy;
  return len2 > 0 ? Math.max(0, Math.min(1, ((px - a[0]) * dx + (py - a[1]) * dy) / len2)) : 0;
};

interface HTray {
  a: Pt;
  b: Pt;
  za: number;
  zb: number;
  box: Box;
  /** Nodes on the tray by position 0..1. */
  marks: { t: number; node: number }[];
}

/** Storeys in vertical order per building (storeys in no building form one more group). */
function storeyColumns(arch: Arch): Storey[][] {
  const byHeight = (a: Storey, b: Storey) => a.height.min_z - b.height.min_z || a.number - b.number;
  const placed = new Set<string>();
  const columns: Storey[][] = [];
  for (const building of Object.values(arch.buildings)) {
    const storeys = building.storeys.flatMap((id) => (arch.storeys[id] ? [arch.storeys[id]] : [])).sort(byHeight);
    storeys.forEach((s) => placed.add(s.id));
    if (storeys.length > 1) columns.push(storeys);
  }
  const rest = Object.values(arch.storeys)
    .filter((s) => !placed.has(s.id))
    .sort(byHeight);
  if (rest.length > 1) columns.push(rest);
  return columns;
}

function buildStorey(
  g: RoutingGraph,
  info: StoreyInfo,
  doors: Door[],
  trays: Tray[],
  verticalEnds: number[],
  wallPenalty: number,
): StoreyGraph {
  const ceilingZ = info.storey.height.max_z - CEILING_OFFSET;
  const storeyId = info.storey.id;
  const keyed = new Map<string, number>();
  const trayNode = (x: number, y: number, z: number) => {
    const key = `${Math.round(x * 100)},${Math.round(y * 100)}`;
    let node = keyed.get(key);
    if (node === undefined) {
      node = addNode(g, { storeyId, x, y, z, kind: 'tray' });
      keyed.set(key, node);
    }
    return node;
  };
  const hTrays: HTray[] = trays.map((t) => {
    const a: Pt = [t.start[0], t.start[1]];
    const b: Pt = [t.end[0], t.end[1]];
    return { a, b, za: t.start[2], zb: t.end[2], box: segBox(a, b), marks: [] };
  });
  const mark = (tray: HTray, t: number, node?: number) => {
    const n =
      node ?? trayNode(tray.a[0] + t * (tray.b[0] - tray.a[0]), tray.a[1] + t * (tray.b[1] - tray.a[1]), tray.za + t * (tray.zb - tray.za));
    tray.marks.push({ t, node: n });
    return n;
  };
  const ends = hTrays.map((tray) => [mark(tray, 0), mark(tray, 1)] as const);

  // Crossings and junctions: a tray end near another tray joins it there.
  const snap = (node: number, tray: HTray) => {
    const p = g.nodes[node]!;
    const t = projectT(p.x, p.y, tray.a, tray.b);
    const x = tray.a[0] + t * (tray.b[0] - tray.a[0]);
    const y = tray.a[1] + t * (tray.b[1] - tray.a[1]);
    if (dist2(p.x, p.y, x, y) > TRAY_SNAP) return;
    addEdge(g, node, mark(tray, t), 'tray');
  };
  for (let i = 0; i < hTrays.length; i++)
    for (let j = i + 1; j < hTrays.length; j++) {
      const [p, q] = [hTrays[i]!, hTrays[j]!];
      if (!boxesMeet(p.box, q.box, TRAY_SNAP)) continue;
      const rx = p.b[0] - p.a[0];
      const ry = p.b[1] - p.a[1];
      const sx = q.b[0] - q.a[0];
      const sy = q.b[1] - q.a[1];
      const den = rx * sy - ry * sx;
      if (Math.abs(den) > 1e-12) {
        const qx = q.a[0] - p.a[0];
        const qy = q.a[1] - p.a[1];
        const t = (qx * sy - qy * sx) / den;
        const u = (qx * ry - qy * rx) / den;
        if (t >= 0 && t <= 1 && u >= 0 && u <= 1) mark(q, u, mark(p, t));
      }
      snap(ends[j]![0], p);
      snap(ends[j]![1], p);
      snap(ends[i]![0], q);
      snap(ends[i]![1], q);
    }
  for (const node of verticalEnds) for (const tray of hTrays) snap(node, tray);

  // Rooms: a centroid node each, door nodes, and the doors' rooms.
  const rooms = info.rooms;
  const boxes = rooms.map((r) => boxOf(r.rings));
  const centroid = rooms.map((r) => addNode(g, { storeyId, x: r.centroid[0], y: r.centroid[1], z: ceilingZ, kind: 'room' }));
  const roomDoors: number[][] = rooms.map(() => []);
  for (const door of doors) {
    const mx = (door.left[0] + door.right[0]) / 2;
    const my = (door.left[1] + door.right[1]) / 2;
    if (!Number.isFinite(mx) || !Number.isFinite(my)) continue;
    const joined: number[] = [];
    for (let i = 0; i < rooms.length; i++) {
      const box = boxes[i]!;
      if (mx < box.minX - DOOR_REACH || mx > box.maxX + DOOR_REACH || my < box.minY - DOOR_REACH || my > box.maxY + DOOR_REACH) continue;
      const rings = rooms[i]!.rings;
      if (pointInRings(mx, my, rings) || distanceToRings(mx, my, rings) <= DOOR_REACH) joined.push(i);
    }
    if (joined.length === 0) continue;
    const node = addNode(g, { storeyId, x: mx, y: my, z: ceilingZ, kind: 'door' });
    for (const i of joined) roomDoors[i]!.push(node);
  }
  // Through a shared wall, at a cost: passages along it, a node on each side (joined like a door to its room), the
  // crossing between them costing WALL_PENALTY. Units beside a wall thus reach the next room straight through it.
  const walls = roomGraph(rooms, []);
  walls.neighbours.forEach((list, i) => {
    for (const j of list) {
      if (j < i) continue;
      for (const { from, to } of sharedStretches(rooms[i]!.rings, rooms[j]!.rings)) {
        const len = Math.hypot(to[0] - from[0], to[1] - from[1]);
        if (len < WALL_MIN_SHARED) continue;
        const count = Math.max(1, Math.min(WALL_PASSAGES_MAX, Math.round(len / WALL_PASSAGE_SPACING)));
        for (let k = 0; k < count; k++) {
          const t = (k + 0.5) / count;
          const [x, y] = [from[0] + t * (to[0] - from[0]), from[1] + t * (to[1] - from[1])];
          const a = addNode(g, { storeyId, x, y, z: ceilingZ, kind: 'wall' });
          const b = addNode(g, { storeyId, x, y, z: ceilingZ, kind: 'wall' });
          addEdge(g, a, b, 'wall', 0, wallPenalty);
          roomDoors[i]!.push(a);
          roomDoors[j]!.push(b);
        }
      }
    }
  });
  rooms.forEach((_, i) => {
    const c = centroid[i]!;
    const list = roomDoors[i]!;
    for (const d of list) addEdge(g, c, d, 'floor');
    for (let a = 0; a < list.length; a++) {
      if (list.length <= ROOM_CLIQUE_MAX) {
        for (let b = a + 1; b < list.length; b++) addEdge(g, list[a]!, list[b]!, 'floor');
        continue;
      }
      const p = g.nodes[list[a]!]!;
      const nearest = list
        .filter((d) => d !== list[a])
        .map((d) => ({ d, len: dist2(p.x, p.y, g.nodes[d]!.x, g.nodes[d]!.y) }))
        .sort((x, y) => x.len - y.len)
        .slice(0, ROOM_DOOR_NEIGHBOURS);
      for (const { d } of nearest) addEdge(g, list[a]!, d, 'floor');
    }
  });
  // Rooms reach the trays through them: the centroid's and each door's nearest point on each tray, in the room.
  rooms.forEach((room, i) => {
    const access = [centroid[i]!, ...roomDoors[i]!];
    for (const tray of hTrays) {
      if (!boxesMeet(boxes[i]!, tray.box)) continue;
      for (const n of access) {
        const p = g.nodes[n]!;
        const t = projectT(p.x, p.y, tray.a, tray.b);
        const x = tray.a[0] + t * (tray.b[0] - tray.a[0]);
        const y = tray.a[1] + t * (tray.b[1] - tray.a[1]);
        if (pointInRings(x, y, room.rings)) addEdge(g, n, mark(tray, t), 'floor');
      }
    }
  });
  for (const node of verticalEnds) {
    const p = g.nodes[node]!;
    const room = rooms.findIndex((r) => pointInRings(p.x, p.y, r.rings));
    if (room >= 0) addEdge(g, node, centroid[room]!, 'floor');
  }

  // Each tray a chain of tray edges through its nodes.
  const segments: TraySegment[] = [];
  for (const tray of hTrays) {
    const marks = tray.marks.sort((p, q) => p.t - q.t);
    for (let k = 1; k < marks.length; k++) {
      const [a, b] = [marks[k - 1]!.node, marks[k]!.node];
      if (a === b) continue;
      addEdge(g, a, b, 'tray');
      segments.push({ a, b, points: [] });
    }
  }
  return { info, ceilingZ, centroid, doors: roomDoors, points: rooms.map(() => []), segments };
}

/** The routing graph of a building and its trays; `wallPenalty` other than WALL_PENALTY for the bench's comparison only. */
export function buildRoutingGraph(input: { arch: Arch; elec?: Elec; wallPenalty?: number }): RoutingGraph {
  const { arch } = input;
  const trays = Object.values(input.elec?.trays ?? {}).filter(
    (t) => [...t.start, ...t.end].every(Number.isFinite) && arch.storeys[t.storey_id] !== undefined,
  );
  const g: RoutingGraph = { nodes: [], edges: [], storeys: new Map() };
  const building = indexBuilding(arch);

  // Vertical trays first: their ends are tray ends on both storeys.
  const verticalEnds = new Map<string, number[]>();
  const linked = new Set<string>();
  const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);
  for (const t of trays) {
    const to = arch.storeys[t.to_storey_id];
    if (!to) continue;
    const from = arch.storeys[t.storey_id]!;
    const [low, high] = t.start[2] <= t.end[2] ? [t.start, t.end] : [t.end, t.start];
    const [lowStorey, highStorey] = from.height.min_z <= to.height.min_z ? [from, to] : [to, from];
    const a = addNode(g, { storeyId: lowStorey.id, x: low[0], y: low[1], z: low[2], kind: 'tray' });
    const b = addNode(g, { storeyId: highStorey.id, x: high[0], y: high[1], z: high[2], kind: 'tray' });
    const rise = Math.abs(high[2] - low[2]) || Math.abs(highStorey.height.max_z - lowStorey.height.max_z);
    addEdge(g, a, b, 'tray', rise + dist2(low[0], low[1], high[0], high[1]));
    verticalEnds.set(lowStorey.id, [...(verticalEnds.get(lowStorey.id) ?? []), a]);
    verticalEnds.set(highStorey.id, [...(verticalEnds.get(highStorey.id) ?? []), b]);
    linked.add(pairKey(lowStorey.id, highStorey.id));
  }

  for (const info of building.storeys) {
    const id = info.storey.id;
    const doors = info.storey.doors.flatMap((d) => (arch.doors[d] ? [arch.doors[d]] : []));
    const horizontal = trays.filter(
      (t) => t.storey_id === id && !arch.storeys[t.to_storey_id] && dist2(t.start[0], t.start[1], t.end[0], t.end[1]) > 1e-6,
    );
    g.storeys.set(id, buildStorey(g, info, doors, horizontal, verticalEnds.get(id) ?? [], input.wallPenalty ?? WALL_PENALTY));
  }

  // Storey to storey: stairwells and shafts over each other, stair objects; else any rooms over each other, at a cost.
  const vertical = (room: RoomInfo) => room.room.type === 'Stairwell' || room.room.type === 'Shaft';
  const over = (a: RoomInfo, b: RoomInfo) =>
    pointInRings(a.centroid[0], a.centroid[1], b.rings) || pointInRings(b.centroid[0], b.centroid[1], a.rings);
  for (const all of storeyColumns(arch)) {
    // Storeys without rooms (a foundation, a ceiling level) have nothing to link: the storeys either side meet.
    const column = all.filter((s) => (g.storeys.get(s.id)?.info.rooms.length ?? 0) > 0);
    for (let k = 1; k < column.length; k++) {
      const lo = g.storeys.get(column[k - 1]!.id);
      const hi = g.storeys.get(column[k]!.id);
      if (!lo || !hi) continue;
      const rise = Math.abs(hi.ceilingZ - lo.ceilingZ);
      let links = 0;
      const link = (i: number, j: number, kind: RoutingEdgeKind) => {
        addEdge(g, lo.centroid[i]!, hi.centroid[j]!, kind, rise);
        links++;
      };
      const done = new Set<string>();
      lo.info.rooms.forEach((a, i) => {
        if (!vertical(a)) return;
        hi.info.rooms.forEach((b, j) => {
          if (vertical(b) && over(a, b)) {
            done.add(`${i},${j}`);
            link(i, j, 'vertical');
          }
        });
      });
      for (const id of lo.info.storey.stairs) {
        const stair = arch.stairs[id];
        if (!stair || !stair.shape.exterior.every((p) => p.every(Number.isFinite))) continue;
        const [x, y] = ringCentroid(stair.shape.exterior);
        const i = lo.info.rooms.findIndex((r) => pointInRings(x, y, r.rings));
        const j = hi.info.rooms.findIndex((r) => pointInRings(x, y, r.rings));
        if (i >= 0 && j >= 0 && !done.has(`${i},${j}`)) {
          done.add(`${i},${j}`);
          link(i, j, 'vertical');
        }
      }
      if (links > 0 || linked.has(pairKey(lo.info.storey.id, hi.info.storey.id))) continue;
      const loBoxes = lo.info.rooms.map((r) => boxOf(r.rings));
      hi.info.rooms.forEach((b, j) => {
        const box = boxOf(b.rings);
        for (let i = 0; i < loBoxes.length; i++) if (boxesMeet(loBoxes[i]!, box) && over(lo.info.rooms[i]!, b)) link(i, j, 'riser');
      });
    }
  }
  return g;
}

/**
 * Joins a point (a rack, a unit) to the graph on its storey: to its room's centroid, doors and the other points
 * attached in it, and to the nearest point of every tray stretch in its room (or within TRAY_REACH). A point in no
 * room joins the nearest room. Returns its node; a point on a storey the graph does not have stays alone.
 */
export function attachPoint(
  g: RoutingGraph,
  storeyId: string,
  coord: readonly [number, number, number],
  opts: { unitId?: string; terminal?: boolean } = {},
): number {
  const [x, y, z] = coord;
  const node = addNode(g, { storeyId, x, y, z, kind: 'point', unitId: opts.unitId ?? '', terminal: opts.terminal ?? true });
  const sg = g.storeys.get(storeyId);
  if (!sg || ![x, y, z].every(Number.isFinite)) return node;
  const rooms = sg.info.rooms;
  let room = roomAt(sg.info, x, y);
  if (!room && rooms.length > 0)
    room = rooms.reduce((best, r) => (distanceToRings(x, y, r.rings) < distanceToRings(x, y, best.rings) ? r : best));
  const index = room ? rooms.indexOf(room) : -1;
  if (index >= 0) {
    addEdge(g, node, sg.centroid[index]!, 'floor');
    for (const d of sg.doors[index]!) addEdge(g, node, d, 'floor');
    for (const p of sg.points[index]!) addEdge(g, node, p, 'floor');
    sg.points[index]!.push(node);
  }
  for (const seg of sg.segments) {
    const a = g.nodes[seg.a]!;
    const b = g.nodes[seg.b]!;
    const t = projectT(x, y, [a.x, a.y], [b.x, b.y]);
    const px = a.x + t * (b.x - a.x);
    const py = a.y + t * (b.y - a.y);
    const inRoom = room !== undefined && pointInRings(px, py, room.rings) && pointInRings(x, y, room.rings);
    if (!inRoom && dist2(x, y, px, py) > TRAY_REACH) continue;
    let on: number;
    if (t <= 1e-9) on = seg.a;
    else if (t >= 1 - 1e-9) on = seg.b;
    else {
      on = addNode(g, { storeyId, x: px, y: py, z: a.z + t * (b.z - a.z), kind: 'tray' });
      const len = dist2(a.x, a.y, b.x, b.y);
      addEdge(g, on, seg.a, 'tray', t * len);
      addEdge(g, on, seg.b, 'tray', (1 - t) * len);
      for (const other of seg.points) addEdge(g, on, other.node, 'tray', Math.abs(other.t - t) * len);
      seg.points.push({ t, node: on });
    }
    addEdge(g, node, on, 'floor');
  }
  return node;
}

export interface ShortestPaths {
  source: number;
  /** Cost from the source per node (Infinity where unreachable). */
  cost: Float64Array;
  /** The node before each on its cheapest path (-1 for the source and unreachable nodes). */
  prev: Int32Array;
}

/** Dijkstra from one node. Paths do not pass through terminal nodes other than the source. */
export function shortestPaths(g: RoutingGraph, source: number): ShortestPaths {
  const n = g.nodes.length;
  const cost = new Float64Array(n).fill(Infinity);
  const prev = new Int32Array(n).fill(-1);
  const done = new Uint8Array(n);
  // Lazily deleted: a node is pushed again when it gets cheaper.
  const heap = new NodeHeap();
  cost[source] = 0;
  heap.push(0, source);
  while (heap.size > 0) {
    const v = heap.pop();
    if (done[v]) continue;
    done[v] = 1;
    if (v !== source && g.nodes[v]!.terminal) continue;
    for (const e of g.edges[v]!) {
      const c = cost[v]! + e.cost;
      if (c < cost[e.to]!) {
        cost[e.to] = c;
        prev[e.to] = v;
        heap.push(c, e.to);
      }
    }
  }
  return { source, cost, prev };
}

/** The nodes of the cheapest path from the tree's source to a node, source first; [] when it cannot be reached. */
export function pathTo(tree: ShortestPaths, target: number): number[] {
  if (!Number.isFinite(tree.cost[target]!)) return [];
  const path: number[] = [];
  for (let v = target; v !== -1; v = tree.prev[v]!) path.push(v);
  return path.reverse();
}

/** The metres of a path (edge lengths, vertical links included). */
export function pathLength(g: RoutingGraph, path: readonly number[]): number {
  let total = 0;
  for (let k = 1; k < path.length; k++) {
    const edge = g.edges[path[k - 1]!]!.filter((e) => e.to === path[k]).sort((a, b) => a.cost - b.cost)[0];
    total += edge?.length ?? 0;
  }
  return total;
}

/** The connected part of the graph each node lies in (a number per node): no path joins nodes of different parts. */
export function graphComponents(g: RoutingGraph): Int32Array {
  const part = new Int32Array(g.nodes.length).fill(-1);
  let next = 0;
  for (let s = 0; s < g.nodes.length; s++) {
    if (part[s]! >= 0) continue;
    part[s] = next;
    const stack = [s];
    while (stack.length > 0) {
      const v = stack.pop()!;
      for (const e of g.edges[v]!)
        if (part[e.to]! < 0) {
          part[e.to] = next;
          stack.push(e.to);
        }
    }
    next++;
  }
  return part;
}
