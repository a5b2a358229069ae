import type { Arch, Door, Elec, Storey, Tray, WallOpening } from '@edrf/model';
import { indexBuilding, roomAt, type RoomInfo, type StoreyInfo } from '../building.js';
import { distanceToRings, pointInRings, ringArea, ringCentroid, segmentsCross, type Pt, type Ring } from '../geometry/ring.js';
import { isLiftShaft, lanePoint, laneT, roomLane, squareToLane, type Lane } from './room-lanes.js';
import { DOOR_REACH, roomGraph, sharedStretches, WALL_GAP, WALL_MIN_SHARED } from '../sections/room-graph.js';

/**
 * The routing graph of cables (docs/fire-cabling.md; research fire-next §5.1): per storey, nodes at tray ends,
 * tray crossings and junctions, room centroids and door middles; vertical links between storeys at stairwells,
 * shafts, stair objects and vertical trays. Points (racks, units) join it with `attachPoint`; GraphSearch
 * (graph-search.ts) finds the cheapest ways on it. Costs are metres weighted: on a tray × TRAY_FACTOR, a wall crossed without a door + WALL_PENALTY.
 */

/** A metre on a tray costs this much of a metre elsewhere: cables follow trays where they exist. */
export const TRAY_FACTOR = 0.5;
/**
 * What a cable through a wall without a door costs beyond its length, in metres of cable (issue 34): drilling, a sleeve
 * and its fire-stopping seal, and the line in the installer's penetration record take about an hour and €60–90, the
 * price of some 15 m of loop cable laid and clipped (€4–6 a metre). A door or opening is used unless it is more than
 * this farther (docs/fire-cabling.md, "Walls").
 */
export const WALL_PENALTY = 15;
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
/** Walls are looked up in squares this wide (m). */
const WALL_CELL = 5;
/** The ends of a straight edge in a room this close to its outline are not looked at (doors, passages, units by a wall). */
const EDGE_END_SLACK = 0.7;
/** A node stands this far inside each of a room's inner corners; at most REFLEX_MAX a room, the sharpest. */
const REFLEX_INSET = 0.3;
const REFLEX_MAX = 8;

/**
 * Whether the straight edge ab between two nodes of a room leaves it (crosses its outline away from its ends, or
 * passes outside): in an L-shaped room the edge from a unit to the centroid or to a door ran through a wall.
 */
function leavesRoom(rings: readonly Ring[], a: Pt, b: Pt): boolean {
  const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
  if (len <= 2 * EDGE_END_SLACK) return false;
  if (!pointInRings((a[0] + b[0]) / 2, (a[1] + b[1]) / 2, rings)) return true;
  const f = EDGE_END_SLACK / len;
  const p: Pt = [a[0] + f * (b[0] - a[0]), a[1] + f * (b[1] - a[1])];
  const q: Pt = [b[0] - f * (b[0] - a[0]), b[1] - f * (b[1] - a[1])];
  for (const ring of rings)
    for (let k = 0; k < ring.length; k++) if (segmentsCross(p, q, ring[k]!, ring[(k + 1) % ring.length]!)) return true;
  return false;
}

/** An edge inside a room: on the floor, or, where the straight line leaves the room, out and back through its wall (two holes). */
function roomEdge(g: RoutingGraph, rings: readonly Ring[], a: number, b: number, wallPenalty: number): void {
  const [p, q] = [g.nodes[a]!, g.nodes[b]!];
  if (leavesRoom(rings, [p.x, p.y], [q.x, q.y])) addEdge(g, a, b, 'wall', undefined, 2 * wallPenalty);
  else addEdge(g, a, b, 'floor');
}

/** Points just inside a room's inner (reflex) corners, the sharpest REFLEX_MAX: a cable goes round a corner there. */
function reflexCorners(rings: readonly Ring[]): Pt[] {
  const found: { at: Pt; turn: number }[] = [];
  rings.forEach((ring, r) => {
    const n = ring.length;
    if (n < 4) return;
    // The room lies left of an exterior ring walked counter-clockwise and right of a hole's ring walked so.
    const ccw = ringArea(ring) > 0 === (r === 0);
    for (let k = 0; k < n; k++) {
      const [o, p, q] = [ring[(k + n - 1) % n]!, ring[k]!, ring[(k + 1) % n]!];
      const [ux, uy, vx, vy] = [p[0] - o[0], p[1] - o[1], q[0] - p[0], q[1] - p[1]];
      const [lu, lv] = [Math.hypot(ux, uy), Math.hypot(vx, vy)];
      if (lu < 1e-6 || lv < 1e-6) continue;
      const cross = (ux * vy - uy * vx) / (lu * lv);
      // A right turn walking with the room on the left is an inner corner.
      if ((ccw ? -cross : cross) < Math.sin(Math.PI / 9)) continue;
      const [bx, by] = [-ux / lu + vx / lv, -uy / lu + vy / lv];
      const lb = Math.hypot(bx, by);
      if (lb < 1e-9) continue;
      // The bisector of the edges' directions points out of the corner's narrow wedge, the wall; into the room is the other way.
      const at: Pt = [p[0] - (bx / lb) * REFLEX_INSET, p[1] - (by / lb) * REFLEX_INSET];
      if (pointInRings(at[0], at[1], rings)) found.push({ at, turn: Math.abs(cross) });
    }
  });
  return found
    .sort((a, b) => b.turn - a.turn)
    .slice(0, REFLEX_MAX)
    .map((f) => f.at);
}

export type RoutingNodeKind = 'tray' | 'room' | 'door' | 'wall' | 'point' | 'riser';
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
  /** What the searches minimise. */
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

/** A corridor's centre line in the graph: its nodes by position 0..1 along it, each joined to the next. */
interface LaneChain {
  lane: Lane;
  marks: { t: number; node: number }[];
}

interface StoreyGraph {
  info: StoreyInfo;
  ceilingZ: number;
  /** Per room (index into info.rooms): its centroid node, its door nodes and the points attached in it. */
  centroid: number[];
  doors: number[][];
  points: number[][];
  segments: TraySegment[];
  /** Per room: its centre line where it is a corridor (room-lanes.ts), else null. */
  lanes: (LaneChain | null)[];
  /** Per room: a lift shaft, closed to cable (its doors reach only what is attached in it). */
  lifts: boolean[];
}

/**
 * The node on a corridor's centre line square to (x, y): one there already (within 1 cm), else a new one joined to
 * its neighbours along the line.
 */
function laneNode(g: RoutingGraph, storeyId: string, z: number, chain: LaneChain, x: number, y: number): number {
  const t = laneT(chain.lane, x, y);
  const [px, py] = lanePoint(chain.lane, t);
  const length = Math.hypot(chain.lane.to[0] - chain.lane.from[0], chain.lane.to[1] - chain.lane.from[1]);
  let k = 0;
  while (k < chain.marks.length && chain.marks[k]!.t < t) k++;
  for (const m of [chain.marks[k - 1], chain.marks[k]]) if (m && Math.abs(m.t - t) * length < 0.01) return m.node;
  const node = addNode(g, { storeyId, x: px, y: py, z, kind: 'room' });
  const [before, after] = [chain.marks[k - 1], chain.marks[k]];
  if (before) addEdge(g, before.node, node, 'floor');
  if (after) addEdge(g, node, after.node, 'floor');
  chain.marks.splice(k, 0, { t, node });
  return node;
}

/** A straight edge in a corridor where it runs along it or straight across (never diagonally). */
function squareEdge(
  g: RoutingGraph,
  rings: readonly Ring[],
  chain: LaneChain,
  a: number,
  b: number,
  wallPenalty: number,
  acrossOnly = false,
): void {
  const [p, q] = [g.nodes[a]!, g.nodes[b]!];
  if (squareToLane(chain.lane, [p.x, p.y], [q.x, q.y], acrossOnly)) roomEdge(g, rings, a, b, wallPenalty);
}

/** Joins a node to a corridor's centre line, square to it: a cable turns into the corridor and runs along it. */
function joinLane(g: RoutingGraph, storeyId: string, z: number, chain: LaneChain, node: number): void {
  const p = g.nodes[node]!;
  addEdge(g, node, laneNode(g, storeyId, z, chain, p.x, p.y), 'floor');
}

export interface RoutingGraph {
  nodes: RoutingNode[];
  edges: RoutingEdge[][];
  storeys: Map<string, StoreyGraph>;
  /** The wall penalty the graph was built with (WALL_PENALTY unless the bench set another), for attachPoint's edges. */
  wallPenalty?: number;
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
  openings: WallOpening[],
  walls: Ring[],
  trays: Tray[],
  verticalEnds: number[],
  wallPenalty: number,
): StoreyGraph {
  const ceilingZ = info.storey.height.max_z - CEILING_OFFSET;
  const storeyId = info.storey.id;
  // The node order is the graph's: trays, then rooms and their passages, walls, corners (searches break ties by it).
  const { hTrays, mark } = storeyTrays(g, storeyId, trays, verticalEnds);
  const rooms = info.rooms;
  const { boxes, lifts, lanes, centroid, roomDoors } = roomNodes(g, storeyId, ceilingZ, rooms, doors, openings);
  wallPassages(g, storeyId, ceilingZ, rooms, walls, roomDoors, wallPenalty);
  joinRooms(g, storeyId, ceilingZ, rooms, lifts, lanes, centroid, roomDoors, wallPenalty);
  // Rooms reach the trays through them: the centroid's and each door's nearest point on each tray, in the room.
  rooms.forEach((room, i) => {
    if (lifts[i]) return;
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
    if (room >= 0 && !lifts[room]) addEdge(g, node, centroid[room]!, 'floor');
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
  return { info, ceilingZ, centroid, doors: roomDoors, points: rooms.map(() => []), segments, lanes, lifts };
}

/** A storey's horizontal trays as nodes: their ends, crossings and junctions (a tray end near another joins it there). */
function storeyTrays(g: RoutingGraph, storeyId: string, trays: Tray[], verticalEnds: number[]) {
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

  return { hTrays, mark };
}

/** Rooms: a centroid node each, door nodes, and the doors' rooms; which are lift shafts and which corridors. */
function roomNodes(
  g: RoutingGraph,
  storeyId: string,
  ceilingZ: number,
  rooms: readonly RoomInfo[],
  doors: Door[],
  openings: WallOpening[],
) {
  const boxes = rooms.map((r) => boxOf(r.rings));
  // Lift shafts are closed to cable; corridors are crossed along their centre line (issue 34).
  const lifts = rooms.map((r) => isLiftShaft(r.room));
  const lanes = rooms.map((r, i): LaneChain | null => {
    const lane = lifts[i] ? null : roomLane(r.rings);
    if (!lane || !pointInRings(lane.from[0], lane.from[1], r.rings) || leavesRoom(r.rings, lane.from, lane.to)) return null;
    return { lane, marks: [] };
  });
  const centroid = rooms.map((r) => addNode(g, { storeyId, x: r.centroid[0], y: r.centroid[1], z: ceilingZ, kind: 'room' }));
  const roomDoors: number[][] = rooms.map(() => []);
  // Doors by their middle, wall openings (an arch, a doorway without a door leaf) by their outline's centroid: both are
  // passages a cable takes without a hole.
  const passages: Pt[] = [
    ...doors.map((door): Pt => [(door.left[0] + door.right[0]) / 2, (door.left[1] + door.right[1]) / 2]),
    ...openings.flatMap((o): Pt[] =>
      o.shape.exterior.length >= 3 && o.shape.exterior.every((p) => p.every(Number.isFinite)) ? [ringCentroid(o.shape.exterior)] : [],
    ),
  ];
  for (const [mx, my] of passages) {
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
  return { boxes, lifts, lanes, centroid, roomDoors };
}

/**
 * Through a shared wall, at a cost: passages along it, a node on each side (joined like a door to its room), the
 * crossing between them costing WALL_PENALTY. Units beside a wall thus reach the next room straight through it when
 * that saves more than the hole costs. On a storey whose walls the model has, rooms meeting where no wall stands (the
 * space boundaries of an open plan) are open floor: no hole, no penalty (as routeWallCrossings counts them).
 */
function wallPassages(
  g: RoutingGraph,
  storeyId: string,
  ceilingZ: number,
  rooms: readonly RoomInfo[],
  walls: Ring[],
  roomDoors: number[][],
  wallPenalty: number,
): void {
  // Walls bucketed in WALL_CELL squares by their box grown by WALL_GAP (a storey of the campus has thousands).
  const wallGrid = new Map<string, number[]>();
  walls.forEach((w, k) => {
    const b = boxOf([w]);
    for (let gx = Math.floor((b.minX - WALL_GAP) / WALL_CELL); gx <= Math.floor((b.maxX + WALL_GAP) / WALL_CELL); gx++)
      for (let gy = Math.floor((b.minY - WALL_GAP) / WALL_CELL); gy <= Math.floor((b.maxY + WALL_GAP) / WALL_CELL); gy++) {
        const key = `${gx},${gy}`;
        wallGrid.set(key, [...(wallGrid.get(key) ?? []), k]);
      }
  });
  const wallAt = (x: number, y: number) =>
    (wallGrid.get(`${Math.floor(x / WALL_CELL)},${Math.floor(y / WALL_CELL)}`) ?? []).some(
      (k) => pointInRings(x, y, [walls[k]!]) || distanceToRings(x, y, [walls[k]!]) <= WALL_GAP,
    );
  const neighbours = roomGraph(rooms, []);
  neighbours.neighbours.forEach((list, i) => {
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
          if (walls.length > 0 && !wallAt(x, y)) addEdge(g, a, b, 'floor', 0);
          else addEdge(g, a, b, 'wall', 0, wallPenalty);
          roomDoors[i]!.push(a);
          roomDoors[j]!.push(b);
        }
      }
    }
  });
}

/** Each room's nodes joined: round inner corners, along a corridor's centre line, or door to door (nearest where many). */
function joinRooms(
  g: RoutingGraph,
  storeyId: string,
  ceilingZ: number,
  rooms: readonly RoomInfo[],
  lifts: boolean[],
  lanes: (LaneChain | null)[],
  centroid: number[],
  roomDoors: number[][],
  wallPenalty: number,
): void {
  // A node inside each inner corner, joined like a door: in an L-shaped room the cable goes round the corner.
  rooms.forEach((room, i) => {
    if (lifts[i] || lanes[i]) return;
    for (const [x, y] of reflexCorners(room.rings)) roomDoors[i]!.push(addNode(g, { storeyId, x, y, z: ceilingZ, kind: 'room' }));
  });
  rooms.forEach((room, i) => {
    const c = centroid[i]!;
    const list = roomDoors[i]!;
    // A lift shaft: nothing passes through it (its doors and wall passages are not joined inside it).
    if (lifts[i]) return;
    // A corridor: its centroid and each door joined square to its centre line, which they reach along it.
    const chain = lanes[i];
    if (chain) {
      for (const d of [c, ...list]) joinLane(g, storeyId, ceilingZ, chain, d);
      // Doors straight across the corridor from each other are joined straight too (along it, the centre line serves).
      for (let a = 0; a < list.length; a++)
        for (let b = a + 1; b < list.length; b++) squareEdge(g, room.rings, chain, list[a]!, list[b]!, wallPenalty, true);
      return;
    }
    for (const d of list) roomEdge(g, room.rings, c, d, wallPenalty);
    for (let a = 0; a < list.length; a++) {
      if (list.length <= ROOM_CLIQUE_MAX) {
        for (let b = a + 1; b < list.length; b++) roomEdge(g, room.rings, list[a]!, list[b]!, wallPenalty);
        continue;
      }
      const p = g.nodes[list[a]!]!;
      const nearest = list
        .filter((d) => d !== list[a])
        .map((d) => ({ d, len: dist2(p.x, p.y, g.nodes[d]!.x, g.nodes[d]!.y) }))
        .sort((x, y) => x.len - y.len)
        .slice(0, ROOM_DOOR_NEIGHBOURS);
      for (const { d } of nearest) roomEdge(g, room.rings, list[a]!, d, wallPenalty);
    }
  });
}

/** The routing graph of a building and its trays; `wallPenalty` other than WALL_PENALTY for the bench's comparison only. */
export function buildRoutingGraph(input: { arch: Arch; elec?: Elec; wallPenalty?: number }): RoutingGraph {
  const { arch } = input;
  const trays = Object.values(input.elec?.trays ?? {}).filter(
    (t) => [...t.start, ...t.end].every(Number.isFinite) && arch.storeys[t.storey_id] !== undefined,
  );
  const g: RoutingGraph = { nodes: [], edges: [], storeys: new Map(), wallPenalty: input.wallPenalty ?? WALL_PENALTY };
  const building = indexBuilding(arch);
  const columns = storeyColumns(arch);
  // Vertical trays first: their ends are tray ends on both storeys.
  const { verticalEnds, linked } = verticalTrays(g, arch, trays, columns);
  for (const info of building.storeys) {
    const id = info.storey.id;
    const doors = info.storey.doors.flatMap((d) => (arch.doors[d] ? [arch.doors[d]] : []));
    const openings = info.storey.wall_openings.flatMap((o) => (arch.wall_openings[o] ? [arch.wall_openings[o]] : []));
    const walls = info.storey.walls.flatMap((w): Ring[] => {
      const ring = arch.walls[w]?.shape.exterior.map((p): Pt => [p[0], p[1]]);
      return ring && ring.every((p) => p.every(Number.isFinite)) ? [ring] : [];
    });
    const horizontal = trays.filter(
      (t) => t.storey_id === id && !arch.storeys[t.to_storey_id] && dist2(t.start[0], t.start[1], t.end[0], t.end[1]) > 1e-6,
    );
    g.storeys.set(
      id,
      buildStorey(g, info, doors, openings, walls, horizontal, verticalEnds.get(id) ?? [], input.wallPenalty ?? WALL_PENALTY),
    );
  }

  linkStoreys(g, arch, columns, linked);
  return g;
}

/** A pair of storeys, either way round. */
const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

/**
 * The trays rising from storey to storey: a node where each meets a storey and tray edges between. Returns each
 * storey's vertical tray ends and the pairs of storeys a tray links.
 */
function verticalTrays(g: RoutingGraph, arch: Arch, trays: readonly Tray[], columns: readonly Storey[][]) {
  const verticalEnds = new Map<string, number[]>();
  const linked = new Set<string>();
  for (const t of trays) {
    const to = arch.storeys[t.to_storey_id];
    if (!to) continue;
    const from = arch.storeys[t.storey_id]!;
    const [low, high] = t.start[2] <= t.end[2] ? [t.start, t.end] : [t.end, t.start];
    const [lowStorey, highStorey] = from.height.min_z <= to.height.min_z ? [from, to] : [to, from];
    // One storey at a time (issue 34): a tray rising past storeys has a node on each at its ceiling, so a cable up it
    // passes them as a slice rather than jumping from the top to the bottom.
    const column = columns.find((c) => c.includes(lowStorey) && c.includes(highStorey));
    const between = column ? column.slice(column.indexOf(lowStorey) + 1, column.indexOf(highStorey)) : [];
    const span = high[2] - low[2];
    const stops = [
      { storey: lowStorey, at: low as readonly number[] },
      ...between.map((storey) => {
        const z = Math.min(high[2], Math.max(low[2], storey.height.max_z - CEILING_OFFSET));
        const f = span > 0 ? (z - low[2]) / span : 0.5;
        return { storey, at: [low[0] + f * (high[0] - low[0]), low[1] + f * (high[1] - low[1]), z] };
      }),
      { storey: highStorey, at: high as readonly number[] },
    ];
    let prev = -1;
    stops.forEach(({ storey, at }, k) => {
      const node = addNode(g, { storeyId: storey.id, x: at[0]!, y: at[1]!, z: at[2]!, kind: 'tray' });
      if (k > 0) {
        const p = g.nodes[prev]!;
        const rise = Math.abs(at[2]! - p.z) || Math.abs(storey.height.max_z - stops[k - 1]!.storey.height.max_z);
        addEdge(g, prev, node, 'tray', rise + dist2(p.x, p.y, at[0]!, at[1]!));
        linked.add(pairKey(stops[k - 1]!.storey.id, storey.id));
      }
      verticalEnds.set(storey.id, [...(verticalEnds.get(storey.id) ?? []), node]);
      prev = node;
    });
  }

  return { verticalEnds, linked };
}

/**
 * Storey to storey, each to the next in its building's order (issue 34: never through a storey): stairwells and
 * shafts over each other, stair objects; else rooms over each other, at a cost, beside a wall both storeys have.
 * Each link is a riser node on each storey at one plan point, the place the cable rises (not a room's centre),
 * joined like a door to its room; one per storey, room and point, so a cable passing a storey enters and leaves there.
 * A lift shaft is typed Shaft too, but no cable rises in it (EN 81-20).
 */
function linkStoreys(g: RoutingGraph, arch: Arch, columns: readonly Storey[][], linked: ReadonlySet<string>): void {
  const vertical = (room: RoomInfo) => (room.room.type === 'Stairwell' || room.room.type === 'Shaft') && !isLiftShaft(room.room);
  const over = (a: RoomInfo, b: RoomInfo) =>
    pointInRings(a.centroid[0], a.centroid[1], b.rings) || pointInRings(b.centroid[0], b.centroid[1], a.rings);
  const risers = new Map<string, number>();
  const riserNode = (sg: StoreyGraph, i: number, x: number, y: number) => {
    const key = `${sg.info.storey.id}|${i}|${Math.round(x * 100)},${Math.round(y * 100)}`;
    let node = risers.get(key);
    if (node === undefined) {
      node = addNode(g, { storeyId: sg.info.storey.id, x, y, z: sg.ceilingZ, kind: 'riser' });
      const chain = sg.lanes[i];
      if (chain) joinLane(g, sg.info.storey.id, sg.ceilingZ, chain, node);
      else {
        addEdge(g, node, sg.centroid[i]!, 'floor');
        for (const d of sg.doors[i]!) addEdge(g, node, d, 'floor');
      }
      sg.doors[i]!.push(node);
      risers.set(key, node);
    }
    return node;
  };
  for (const all of columns) {
    // Storeys without rooms (a foundation, a ceiling level) have nothing to link: the storeys either side meet.
    const column = all.filter((s) => (g.storeys.get(s.id)?.info.rooms.length ?? 0) > 0);
    for (let k = 1; k < column.length; k++) {
      const lo = g.storeys.get(column[k - 1]!.id);
      const hi = g.storeys.get(column[k]!.id);
      if (!lo || !hi) continue;
      const rise = Math.abs(hi.ceilingZ - lo.ceilingZ);
      let links = 0;
      const link = (i: number, j: number, [x, y]: Pt, kind: RoutingEdgeKind) => {
        addEdge(g, riserNode(lo, i, x, y), riserNode(hi, j, x, y), kind, rise);
        links++;
      };
      const done = new Set<string>();
      lo.info.rooms.forEach((a, i) => {
        if (!vertical(a)) return;
        hi.info.rooms.forEach((b, j) => {
          if (vertical(b) && over(a, b)) {
            done.add(`${i},${j}`);
            link(i, j, pointInRings(a.centroid[0], a.centroid[1], b.rings) ? a.centroid : b.centroid, 'vertical');
          }
        });
      });
      // A stairwell or shaft under or over a room of another type (a stair up into a hall, a shaft ending under a plant
      // room) rises inside itself, at its centroid where the other room holds it (issue 34: not in a room beside it).
      const linkedRoom = new Set([...done].flatMap((key) => key.split(',').map((n, s) => `${s}:${n}`)));
      // Only a pair with a stairwell or shaft not yet linked can rise: the rest of the rooms, most of them, are passed
      // over (the pairs still taken in order, so the nodes are made in the same order).
      const rises = (room: RoomInfo, k: number, side: number) => vertical(room) && !linkedRoom.has(`${side}:${k}`);
      const hiRising = hi.info.rooms.flatMap((b, j) => (rises(b, j, 1) ? [j] : []));
      lo.info.rooms.forEach((a, i) => {
        const aRises = rises(a, i, 0);
        for (const j of aRises ? hi.info.rooms.keys() : hiRising) {
          const b = hi.info.rooms[j]!;
          if (done.has(`${i},${j}`) || isLiftShaft(a.room) || isLiftShaft(b.room)) continue;
          const at = aRises ? a.centroid : b.centroid;
          if (!pointInRings(at[0], at[1], a.rings) || !pointInRings(at[0], at[1], b.rings)) continue;
          done.add(`${i},${j}`);
          link(i, j, at, 'vertical');
        }
      });
      // A stair object rises at its own centroid (in an open hall, not at the hall's centre).
      for (const id of lo.info.storey.stairs) {
        const stair = arch.stairs[id];
        if (!stair || !stair.shape.exterior.every((p) => p.every(Number.isFinite))) continue;
        const at = ringCentroid(stair.shape.exterior);
        const i = lo.info.rooms.findIndex((r) => pointInRings(at[0], at[1], r.rings));
        const j = hi.info.rooms.findIndex((r) => pointInRings(at[0], at[1], r.rings));
        if (i >= 0 && j >= 0 && !done.has(`${i},${j}`) && !lo.lifts[i] && !hi.lifts[j]) {
          done.add(`${i},${j}`);
          link(i, j, at, 'vertical');
        }
      }
      if (links > 0 || linked.has(pairKey(lo.info.storey.id, hi.info.storey.id))) continue;
      const loBoxes = lo.info.rooms.map((r) => boxOf(r.rings));
      hi.info.rooms.forEach((b, j) => {
        const box = boxOf(b.rings);
        for (let i = 0; i < loBoxes.length; i++) {
          const a = lo.info.rooms[i]!;
          if (lo.lifts[i] || hi.lifts[j]) continue;
          if (boxesMeet(loBoxes[i]!, box) && over(a, b)) link(i, j, besideWall(a, b), 'riser');
        }
      });
    }
  }
}

/** A riser stands this far inside a room from the corner it is beside (m): on the ceiling, clear of the wall. */
const RISER_INSET = 0.3;

/**
 * Where a cable rises between two rooms over each other without a stair, shaft or tray (issue 34): beside a wall both
 * storeys have, a corner of the lower room whose outline the upper room's follows there (within WALL_GAP), RISER_INSET
 * inside both; of such corners the nearest the lower room's centroid. None: the centroid inside the other room.
 */
function besideWall(lo: RoomInfo, hi: RoomInfo): Pt {
  const [cx, cy] = lo.centroid;
  let best: Pt | null = null;
  let bestD = Infinity;
  for (const [x, y] of lo.rings[0]!) {
    if (distanceToRings(x, y, hi.rings) > WALL_GAP) continue;
    const d = Math.hypot(cx - x, cy - y);
    if (d <= RISER_INSET || d >= bestD) continue;
    const at: Pt = [x + ((cx - x) * RISER_INSET) / d, y + ((cy - y) * RISER_INSET) / d];
    if (!pointInRings(at[0], at[1], lo.rings) || !pointInRings(at[0], at[1], hi.rings)) continue;
    [best, bestD] = [at, d];
  }
  return best ?? (pointInRings(cx, cy, hi.rings) ? lo.centroid : hi.centroid);
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
  const chain = index >= 0 ? sg.lanes[index] : null;
  if (chain) {
    // In a corridor: square onto its centre line; the doors and other points are reached along it, or straight where
    // that runs along the corridor or across it.
    joinLane(g, storeyId, sg.ceilingZ, chain, node);
    const [rings, penalty] = [rooms[index]!.rings, g.wallPenalty ?? WALL_PENALTY];
    for (const d of sg.doors[index]!) squareEdge(g, rings, chain, node, d, penalty, true);
    for (const p of sg.points[index]!) squareEdge(g, rings, chain, node, p, penalty);
    sg.points[index]!.push(node);
  } else if (index >= 0) {
    const rings = rooms[index]!.rings;
    const penalty = g.wallPenalty ?? WALL_PENALTY;
    // In a lift shaft (a detector at its head): reached through its doors, never passed through (a point is a terminal).
    if (!sg.lifts[index]) roomEdge(g, rings, node, sg.centroid[index]!, penalty);
    for (const d of sg.doors[index]!) roomEdge(g, rings, node, d, penalty);
    for (const p of sg.points[index]!) roomEdge(g, rings, node, p, penalty);
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
