import type { Arch, Route } from '@edrf/model';
import { indexBuilding, type RoomInfo } from '../building.js';
import { distanceToRings, pointInRing, pointInRings, segmentClosest, segmentsCross, type Pt, type Ring } from '../geometry/ring.js';
import { WALL_GAP } from '../sections/room-graph.js';

/**
 * Where a route passes through a wall without a door (docs/fire-cabling.md, "Wall crossings"): a hole to drill and
 * seal, which the designer sees per loop. Walls are read as the routing graph reads them: room outlines, a wall being
 * the gap of at most WALL_GAP between two rooms' outlines, or a room's outline towards no room at all; where the
 * model has walls, only where one of them stands. A door's leaf or a wall opening the cable passes through is no crossing.
 */
export interface WallCrossing {
  storeyId: string;
  /**
   * The model's wall at the crossing (arch.walls of the storey, within WALL_GAP); '' on a storey without walls in the
   * model, where room outlines stand for them. On a storey with walls, rooms meeting where none stands are no crossing.
   */
  wallId: string;
  point: [number, number];
  /** The room the cable leaves and the room it enters ('' for no room). */
  rooms: [string, string];
}

/** A cable passing this close to a door's leaf or a wall opening goes through it (m). */
const DOOR_SLACK = 0.1;
/** The stretch looked at for a door reaches this far either side of the wall's faces (m): a door line may lie anywhere in a wall's thickness. */
const FACE_REACH = 0.3;
/** Closer than this to a room's outline, a point is on the outline (m). */
const ON_OUTLINE = 1e-6;
/** A stretch outside every room is sampled this often to tell a wall's thickness from open space (m). */
const GAP_SAMPLE = 0.25;

interface Door2 {
  a: Pt;
  b: Pt;
}

interface StoreyWalls {
  /** Rooms, smallest first: a room inside another is the one a point stands in. */
  rooms: RoomInfo[];
  boxes: Box[];
  doors: Door2[];
  openings: Ring[][];
  walls: { id: string; ring: Ring; box: Box }[];
  /** The same by grid cell (a storey of the 185,000 m² building has thousands of each): the index of each list. */
  roomGrid: ItemIndex;
  doorGrid: ItemIndex;
  openingGrid: ItemIndex;
  wallGrid: ItemIndex;
}

/** The items of a list a query may concern, in index order: all of them, or those a grid finds near (BoxGrid). */
interface ItemIndex {
  near(minX: number, minY: number, maxX: number, maxY: number, reach?: number): number[];
}

/** Every item for every query: the scan the grid replaced, kept as its tests' oracle (wall-crossings-index.test.ts). */
class AllItems implements ItemIndex {
  private readonly all: number[];
  constructor(boxes: readonly Box[]) {
    this.all = boxes.map((_, i) => i);
  }
  near(): number[] {
    return this.all;
  }
}

interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

const boxOf = (ring: readonly (readonly number[])[]): Box => {
  const box = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  for (const p of ring) {
    box.minX = Math.min(box.minX, p[0]!);
    box.minY = Math.min(box.minY, p[1]!);
    box.maxX = Math.max(box.maxX, p[0]!);
    box.maxY = Math.max(box.maxY, p[1]!);
  }
  return box;
};
const nearBox = (b: Box, x: number, y: number, reach: number) =>
  x >= b.minX - reach && x <= b.maxX + reach && y >= b.minY - reach && y <= b.maxY + reach;

/** Queries of the grids reach this much further (m): a superset of the items, whatever the rounding of a sum. */
const GRID_PAD = 1e-3;

/**
 * A uniform grid over a storey's items: each item's index in every cell its box meets. A query gives the items whose
 * box meets the query's box, and maybe a few more, in index order; the caller then tests each exactly as it tested
 * every item before, so the answers are the same and only the items far away are not looked at.
 */
class BoxGrid implements ItemIndex {
  private readonly cells = new Map<number, number[]>();
  /** Per item, the last query that took it: an item in several cells is taken once. */
  private readonly seen: Uint32Array;
  private query = 0;
  private readonly x0: number;
  private readonly y0: number;
  private readonly size: number;
  /** Cells a side: items lie in cells 0 … n − 1, so a query is cut to them. */
  private readonly nx: number;
  private readonly ny: number;

  constructor(boxes: readonly Box[]) {
    this.seen = new Uint32Array(boxes.length);
    const all = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
    let count = 0;
    for (const b of boxes)
      if (finiteBox(b)) {
        count++;
        all.minX = Math.min(all.minX, b.minX);
        all.minY = Math.min(all.minY, b.minY);
        all.maxX = Math.max(all.maxX, b.maxX);
        all.maxY = Math.max(all.maxY, b.maxY);
      }
    [this.x0, this.y0] = count ? [all.minX, all.minY] : [0, 0];
    const w = count ? all.maxX - all.minX : 0;
    const h = count ? all.maxY - all.minY : 0;
    // About one item a cell, no finer than 1 m, and at most 2,048 cells a side.
    this.size = Math.max(1, Math.sqrt((w * h) / Math.max(1, count)), w / 2048, h / 2048);
    this.nx = Math.floor(w / this.size) + 1;
    this.ny = Math.floor(h / this.size) + 1;
    boxes.forEach((b, index) => {
      if (!finiteBox(b)) return;
      this.visit(b.minX, b.minY, b.maxX, b.maxY, (key) => {
        const list = this.cells.get(key);
        if (list) list.push(index);
        else this.cells.set(key, [index]);
      });
    });
  }

  private visit(minX: number, minY: number, maxX: number, maxY: number, cell: (key: number) => void): void {
    const i0 = Math.max(0, Math.floor((minX - this.x0) / this.size));
    const i1 = Math.min(this.nx - 1, Math.floor((maxX - this.x0) / this.size));
    const j0 = Math.max(0, Math.floor((minY - this.y0) / this.size));
    const j1 = Math.min(this.ny - 1, Math.floor((maxY - this.y0) / this.size));
    for (let i = i0; i <= i1; i++) for (let j = j0; j <= j1; j++) cell(i * this.ny + j);
  }

  /** The items whose box may meet the box of (minX, minY)–(maxX, maxY) grown by `reach`, in index order. */
  near(minX: number, minY: number, maxX: number, maxY: number, reach = 0): number[] {
    const r = reach + GRID_PAD;
    const out: number[] = [];
    if (!finiteBox({ minX, minY, maxX, maxY })) return out;
    if (++this.query === 0xffffffff) {
      this.seen.fill(0);
      this.query = 1;
    }
    const query = this.query;
    this.visit(minX - r, minY - r, maxX + r, maxY + r, (key) => {
      for (const index of this.cells.get(key) ?? [])
        if (this.seen[index] !== query) {
          this.seen[index] = query;
          out.push(index);
        }
    });
    return out.sort((a, b) => a - b);
  }
}

const finiteBox = (b: Box) => Number.isFinite(b.minX) && Number.isFinite(b.minY) && Number.isFinite(b.maxX) && Number.isFinite(b.maxY);

// The bench and the routes panel ask for every loop of one arch: its storeys are read once (per kind of index).
const caches = { grid: new WeakMap<Arch, Map<string, StoreyWalls>>(), all: new WeakMap<Arch, Map<string, StoreyWalls>>() };

function storeyWalls(arch: Arch, scan: 'grid' | 'all'): Map<string, StoreyWalls> {
  const cache = caches[scan];
  const known = cache.get(arch);
  if (known) return known;
  const Index = scan === 'grid' ? BoxGrid : AllItems;
  const out = new Map<string, StoreyWalls>();
  for (const info of indexBuilding(arch).storeys) {
    const storey = info.storey;
    const rooms = info.rooms.slice().sort((p, q) => p.area - q.area);
    const doors = storey.doors.flatMap((id) => {
      const d = arch.doors[id];
      if (!d || ![...d.left, ...d.right].every(Number.isFinite)) return [];
      return [{ a: [d.left[0], d.left[1]] as Pt, b: [d.right[0], d.right[1]] as Pt }];
    });
    const openings = storey.wall_openings.flatMap((id) => {
      const o = arch.wall_openings[id];
      return o ? [[o.shape.exterior, ...o.shape.interiors] as Ring[]] : [];
    });
    const walls = storey.walls.flatMap((id) => {
      const w = arch.walls[id];
      if (!w) return [];
      const ring: Ring = w.shape.exterior.map((p) => [p[0], p[1]] as Pt);
      return [{ id, ring, box: boxOf(ring) }];
    });
    const boxes = rooms.map((r) => boxOf(r.rings[0]!));
    out.set(storey.id, {
      rooms,
      boxes,
      doors,
      openings,
      walls,
      roomGrid: new Index(boxes),
      doorGrid: new Index(doors.map((d) => boxOf([d.a, d.b]))),
      // Every ring of an opening: a point in a hole that lies outside the outline is inside by the ray count.
      openingGrid: new Index(openings.map((rings) => boxOf(rings.flat()))),
      wallGrid: new Index(walls.map((w) => w.box)),
    });
  }
  cache.set(arch, out);
  return out;
}

/** The room a point stands inside (off its outline), or -1. */
function roomIndexAt(s: StoreyWalls, x: number, y: number): number {
  for (const i of s.roomGrid.near(x, y, x, y)) {
    if (!nearBox(s.boxes[i]!, x, y, 0)) continue;
    const rings = s.rooms[i]!.rings;
    if (pointInRings(x, y, rings) && distanceToRings(x, y, rings) > ON_OUTLINE) return i;
  }
  return -1;
}

const nearOutline = (s: StoreyWalls, x: number, y: number) =>
  s.roomGrid
    .near(x, y, x, y, WALL_GAP)
    .some((i) => nearBox(s.boxes[i]!, x, y, WALL_GAP) && distanceToRings(x, y, s.rooms[i]!.rings) <= WALL_GAP);

/** Distance between segments ab and cd (0 where they cross). */
function segmentDistance(a: Pt, b: Pt, c: Pt, d: Pt): number {
  if (segmentsCross(a, b, c, d)) return 0;
  return Math.min(
    segmentClosest(a[0], a[1], c, d).d,
    segmentClosest(b[0], b[1], c, d).d,
    segmentClosest(c[0], c[1], a, b).d,
    segmentClosest(d[0], d[1], a, b).d,
  );
}

/** Whether the stretch of the slice through a wall passes a door's leaf or lies in a wall opening. */
function throughDoor(s: StoreyWalls, stretch: readonly Pt[]): boolean {
  for (let k = 1; k < stretch.length; k++) {
    const [p, q] = [stretch[k - 1]!, stretch[k]!];
    const near = s.doorGrid.near(Math.min(p[0], q[0]), Math.min(p[1], q[1]), Math.max(p[0], q[0]), Math.max(p[1], q[1]), DOOR_SLACK);
    for (const i of near) {
      const { a, b } = s.doors[i]!;
      if (segmentDistance(p, q, a, b) <= DOOR_SLACK) return true;
    }
  }
  // An opening: the stretch enters its outline or passes within DOOR_SLACK of it.
  const box = boxOf(stretch);
  const near = s.openingGrid.near(box.minX, box.minY, box.maxX, box.maxY, DOOR_SLACK);
  return near.some((i) => {
    const rings = s.openings[i]!;
    return stretch.some((p, k) => {
      if (pointInRings(p[0], p[1], rings)) return true;
      if (k === 0) return false;
      return rings.some((ring) => ring.some((c, e) => segmentDistance(stretch[k - 1]!, p, c, ring[(e + 1) % ring.length]!) <= DOOR_SLACK));
    });
  });
}

function wallAt(s: StoreyWalls, x: number, y: number): string {
  let best = '';
  let bestD = WALL_GAP;
  for (const i of s.wallGrid.near(x, y, x, y, WALL_GAP)) {
    const w = s.walls[i]!;
    if (w.ring.length < 3 || !nearBox(w.box, x, y, WALL_GAP)) continue;
    const d = pointInRing(x, y, w.ring) ? 0 : distanceToRings(x, y, [w.ring]);
    if (d <= bestD) [best, bestD] = [w.id, d];
  }
  return best;
}

/** A stretch of the slice between two breakpoints: in a room (its index), in a wall's thickness (-1) or in open space (-2). */
interface Piece {
  from: number;
  to: number;
  state: number;
}

/**
 * Where each slice of a route crosses a wall away from every door and opening, in route order. `scan: 'all'` tests
 * every room, wall, door and opening of the storey instead of those the grid finds near: the same answers, slowly.
 */
export function routeWallCrossings(arch: Arch, route: Route, scan: 'grid' | 'all' = 'grid'): WallCrossing[] {
  const storeys = storeyWalls(arch, scan);
  const out: WallCrossing[] = [];
  for (const slice of route.slices) {
    const s = storeys.get(slice.storey_id);
    if (!s) continue;
    const pts: Pt[] = [];
    for (const n of slice.nodes) {
      const p: Pt = [n.coord[0], n.coord[1]];
      const last = pts[pts.length - 1];
      if (Number.isFinite(p[0]) && Number.isFinite(p[1]) && (!last || Math.hypot(p[0] - last[0], p[1] - last[1]) > 1e-9)) pts.push(p);
    }
    if (pts.length < 2) continue;
    // Positions along the slice (m from its start) where it meets an outline or turns: between two of them it is in
    // one room, or in none.
    const cum = [0];
    for (let k = 1; k < pts.length; k++) cum.push(cum[k - 1]! + Math.hypot(pts[k]![0] - pts[k - 1]![0], pts[k]![1] - pts[k - 1]![1]));
    const breaks = [...cum];
    for (let k = 1; k < pts.length; k++) {
      const [p, q] = [pts[k - 1]!, pts[k]!];
      const seg = { minX: Math.min(p[0], q[0]), minY: Math.min(p[1], q[1]), maxX: Math.max(p[0], q[0]), maxY: Math.max(p[1], q[1]) };
      const rx = q[0] - p[0];
      const ry = q[1] - p[1];
      for (const i of s.roomGrid.near(seg.minX, seg.minY, seg.maxX, seg.maxY)) {
        const room = s.rooms[i]!;
        const b = s.boxes[i]!;
        if (b.minX > seg.maxX || seg.minX > b.maxX || b.minY > seg.maxY || seg.minY > b.maxY) continue;
        for (const ring of room.rings)
          for (let e = 0, n = ring.length; e < n; e++) {
            const c = ring[e]!;
            const d = ring[(e + 1) % n]!;
            const sx = d[0] - c[0];
            const sy = d[1] - c[1];
            const den = rx * sy - ry * sx;
            if (Math.abs(den) < 1e-12) continue;
            const qx = c[0] - p[0];
            const qy = c[1] - p[1];
            const t = (qx * sy - qy * sx) / den;
            const u = (qx * ry - qy * rx) / den;
            if (t >= -1e-9 && t <= 1 + 1e-9 && u >= -1e-9 && u <= 1 + 1e-9)
              breaks.push(cum[k - 1]! + Math.min(1, Math.max(0, t)) * (cum[k]! - cum[k - 1]!));
          }
      }
    }
    breaks.sort((a, b) => a - b);
    const at = (pos: number): Pt => {
      let k = 1;
      while (k < cum.length - 1 && cum[k]! < pos) k++;
      const span = cum[k]! - cum[k - 1]!;
      const t = span > 0 ? (pos - cum[k - 1]!) / span : 0;
      const [p, q] = [pts[k - 1]!, pts[k]!];
      return [p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])];
    };
    const pieces: Piece[] = [];
    for (let k = 1; k < breaks.length; k++) {
      const [from, to] = [breaks[k - 1]!, breaks[k]!];
      if (to - from < 1e-7) continue;
      const [mx, my] = at((from + to) / 2);
      let state = roomIndexAt(s, mx, my);
      if (state < 0) {
        const samples = Math.min(200, Math.ceil((to - from) / GAP_SAMPLE));
        let inWall = true;
        for (let j = 0; j <= samples && inWall; j++) {
          const [x, y] = at(from + ((to - from) * j) / samples);
          inWall = nearOutline(s, x, y);
        }
        state = inWall ? -1 : -2;
      }
      const last = pieces[pieces.length - 1];
      if (last && last.state === state) last.to = to;
      else pieces.push({ from, to, state });
    }
    /** The slice between two positions, its turns included. */
    const stretch = (lo: number, hi: number): Pt[] => {
      const [a, b] = [Math.max(0, lo), Math.min(cum[cum.length - 1]!, hi)];
      return [at(a), ...pts.filter((_, k) => cum[k]! > a && cum[k]! < b), at(b)];
    };
    const crossing = (pos: number, lo: number, hi: number, from: number, to: number) => {
      if (throughDoor(s, stretch(lo - FACE_REACH, hi + FACE_REACH))) return;
      const point = at(pos);
      const wallId = wallAt(s, point[0], point[1]);
      // A storey whose walls the model has: rooms meeting where it has none part at a space boundary (an open plan).
      if (wallId === '' && s.walls.length > 0) return;
      const roomId = (i: number) => (i >= 0 ? s.rooms[i]!.room.id : '');
      out.push({ storeyId: slice.storey_id, wallId, point: [point[0], point[1]], rooms: [roomId(from), roomId(to)] });
    };
    // Walk room to room: the stretches between two rooms (a wall's thickness, open space) are one gap.
    let prevRoom = -3;
    let gapStart = 0;
    let gapOpen = false;
    let inGap = false;
    for (const piece of pieces) {
      if (piece.state < 0) {
        if (!inGap) [gapStart, gapOpen, inGap] = [piece.from, false, true];
        gapOpen ||= piece.state === -2;
        continue;
      }
      const gapEnd = piece.from;
      if (!inGap) gapStart = gapEnd;
      if (prevRoom === -3) {
        // The slice starts outside every room: entering one from open space is through its wall.
        if (inGap && gapOpen) crossing(gapEnd, gapEnd, gapEnd, -1, piece.state);
      } else if (gapOpen) {
        // Out of one room into open space and into the next: two walls.
        crossing(gapStart, gapStart, gapStart, prevRoom, -1);
        crossing(gapEnd, gapEnd, gapEnd, -1, piece.state);
      } else if (prevRoom !== piece.state) {
        // Through one wall: its middle where the wall is thin, else where the cable comes out of it.
        crossing(gapEnd - gapStart <= 2 * WALL_GAP ? (gapStart + gapEnd) / 2 : gapEnd, gapStart, gapEnd, prevRoom, piece.state);
      }
      [prevRoom, inGap] = [piece.state, false];
    }
    // Ending in open space after a room: out through its wall.
    if (prevRoom >= 0 && inGap && gapOpen) crossing(gapStart, gapStart, gapStart, prevRoom, -1);
  }
  return out;
}
