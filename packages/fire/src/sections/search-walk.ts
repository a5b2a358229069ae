import type { Pt, Ring } from '../geometry/ring.js';
import { extentOf, walkSamples, type WalkDoor, type WalkPiece } from './extent.js';

/**
 * The walk made fast for the partitioner, which asks it of thousands of candidate sections on one storey: each room's
 * doors, each piece's points and their straight distances to the room's doors are found once per storey, entrances
 * are tried nearest first and given up when they cannot win, and a question 'within 60 m?' stops as soon as it knows.
 * The answers are the straightforward computation's, bit for bit (search-walk.test.ts).
 */
export interface SearchWalker {
  /** The search distance of the section made of these pieces (indices into the walker's pieces). */
  distance(part: readonly number[]): number;
  /** Whether `distance(part) <= limit`, without finding the distance itself. */
  within(part: readonly number[], limit: number): boolean;
}

/** Rounding the walk's sums may lose against the straight line it is never shorter than: a bound skips only beyond this. */
const beyond = (bound: number, value: number) => bound > value + 1e-9 * (1 + Math.abs(value));

interface PieceTable {
  points: readonly Pt[];
  /** Up to 8 of the points, extreme in 8 directions: the farthest of them from a door bounds the walk from below. */
  extremes: readonly Pt[];
  /** The straight distance from each door of the piece's room (by door index) to each point. */
  gaps: Map<number, Float64Array>;
}

const gap = (a: Pt, b: Pt) => Math.hypot(a[0] - b[0], a[1] - b[1]);

function extremesOf(points: readonly Pt[]): Pt[] {
  if (points.length === 0) return [];
  const picked = new Set<Pt>();
  for (let k = 0; k < 4; k++) {
    const [cx, cy] = [Math.cos((k * Math.PI) / 4), Math.sin((k * Math.PI) / 4)];
    let [lo, hi] = [points[0]!, points[0]!];
    for (const p of points) {
      const t = p[0] * cx + p[1] * cy;
      if (t < lo[0] * cx + lo[1] * cy) lo = p;
      if (t > hi[0] * cx + hi[1] * cy) hi = p;
    }
    picked.add(lo).add(hi);
  }
  return [...picked];
}

/**
 * The walker of a storey's pieces (a room or a strip of one each) and its doors. `samples` gives each piece's points
 * (walkSamples when absent).
 */
export function searchWalker(pieces: readonly WalkPiece[], doors: readonly WalkDoor[], samples?: readonly (readonly Pt[])[]): SearchWalker {
  const doorsOfRoom = new Map<string, number[]>();
  doors.forEach((door, k) => {
    for (const room of new Set(door.rooms)) {
      const list = doorsOfRoom.get(room);
      if (list) list.push(k);
      else doorsOfRoom.set(room, [k]);
    }
  });
  const roomDoors = (room: string) => doorsOfRoom.get(room) ?? [];
  const tables: (PieceTable | undefined)[] = [];
  const table = (k: number): PieceTable => {
    let t = tables[k];
    if (!t) {
      const points = samples?.[k] ?? walkSamples(pieces[k]!.rings);
      const gaps = new Map<number, Float64Array>();
      for (const d of roomDoors(pieces[k]!.roomId))
        gaps.set(
          d,
          Float64Array.from(points, (p) => gap(doors[d]!.at, p)),
        );
      t = { points, extremes: extremesOf(points), gaps };
      tables[k] = t;
    }
    return t;
  };
  // Each room's door-to-door distances, found once: the walk's Dijkstra reads them for every entrance it tries.
  const steps = new Map<string, { at: Map<number, number>; gaps: Float64Array }>();
  const stepsOf = (room: string) => {
    let s = steps.get(room);
    if (!s) {
      const list = roomDoors(room);
      const gaps = new Float64Array(list.length * list.length);
      list.forEach((a, i) => list.forEach((b, j) => (gaps[i * list.length + j] = gap(doors[a]!.at, doors[b]!.at))));
      s = { at: new Map(list.map((d, i) => [d, i])), gaps };
      steps.set(room, s);
    }
    return s;
  };
  const local = new Int32Array(doors.length).fill(-1);

  /** The least farthest walk over the entrances that can beat `bound` (stopping at the first ≤ it when `first`). */
  const walk = (part: readonly number[], bound: number, first: boolean): number => {
    const roomIds = [...new Set(part.map((k) => pieces[k]!.roomId))];
    const inside = new Set(roomIds);
    if (roomIds.some((id) => roomDoors(id).length === 0)) {
      const whole = roomIds.length === 1 ? extentOf(part.flatMap((k): readonly Ring[] => pieces[k]!.rings)) : Infinity;
      return whole;
    }
    // The section's doors, in the storey's order (the order of the straightforward walk: its sums are the same).
    const own = [...new Set(roomIds.flatMap(roomDoors))].sort((a, b) => a - b);
    own.forEach((d, i) => (local[d] = i));
    const leading = own.filter((d) => doors[d]!.rooms.length === 1 || doors[d]!.rooms.some((r) => !inside.has(r)));
    const entrances = leading.length > 0 ? leading : own;
    const tabs = part.map(table);
    // The straight line from the entrance to the section's extreme points: no walk is shorter. Best entrances first.
    const extremes = extremesOf(tabs.flatMap((t) => t.extremes));
    const lower = entrances.map((e) => {
      let most = 0;
      for (const p of extremes) most = Math.max(most, gap(doors[e]!.at, p));
      return most;
    });
    const order = entrances.map((_, i) => i).sort((a, b) => lower[a]! - lower[b]! || a - b);
    const dist = new Float64Array(own.length);
    const done = new Uint8Array(own.length);
    let best = Infinity;
    for (const i of order) {
      const limit = first ? bound : Math.min(bound, best);
      if (beyond(lower[i]!, limit)) break;
      doorDistances({ dist, done, own, local, doors, inside, roomDoors, stepsOf }, entrances[i]!);
      // The farthest point, given up once it cannot make this entrance the answer; the pieces deepest in first.
      const lost = (far: number) => (first ? far > limit : far >= limit);
      const depth = part.map((k) => Math.min(...roomDoors(pieces[k]!.roomId).map((d) => dist[local[d]!]!)));
      const deepest = part.map((_, q) => q).sort((a, b) => depth[b]! - depth[a]! || a - b);
      let farthest = 0;
      for (const q of deepest) {
        if (depth[q] === Infinity) {
          farthest = Infinity;
          break;
        }
        const reach = roomDoors(pieces[part[q]!]!.roomId).filter((d) => dist[local[d]!]! < Infinity);
        const { points, gaps } = tabs[q]!;
        const rows = reach.map((d) => gaps.get(d)!);
        const from = reach.map((d) => dist[local[d]!]!);
        for (let p = 0; p < points.length && !lost(farthest); p++) {
          let d = Infinity;
          for (let r = 0; r < rows.length; r++) d = Math.min(d, from[r]! + rows[r]![p]!);
          if (d > farthest) farthest = d;
        }
        if (lost(farthest)) break;
      }
      if (farthest < best) best = farthest;
      if (first && best <= bound) break;
    }
    for (const d of own) local[d] = -1;
    return best;
  };
  return {
    distance: (part) => walk(part, Infinity, false),
    within: (part, limit) => walk(part, limit, true) <= limit,
  };
}

/** A section's doors (`own`, `local` their index there) and the walks between them within its rooms. */
interface SectionDoors {
  dist: Float64Array;
  done: Uint8Array;
  own: readonly number[];
  local: Int32Array;
  doors: readonly WalkDoor[];
  inside: ReadonlySet<string>;
  roomDoors: (room: string) => number[];
  stepsOf: (room: string) => { at: Map<number, number>; gaps: Float64Array };
}

/** Dijkstra over the section's doors from `entrance` into `dist`: two doors of one room of the section are a straight walk apart. */
function doorDistances({ dist, done, own, local, doors, inside, roomDoors, stepsOf }: SectionDoors, entrance: number): void {
  dist.fill(Infinity);
  done.fill(0);
  dist[local[entrance]!] = 0;
  for (;;) {
    let k = -1;
    for (let j = 0; j < own.length; j++) if (!done[j] && dist[j]! < Infinity && (k < 0 || dist[j]! < dist[k]!)) k = j;
    if (k < 0) break;
    done[k] = 1;
    for (const room of doors[own[k]!]!.rooms) {
      if (!inside.has(room)) continue;
      const list = roomDoors(room);
      const { at: row, gaps } = stepsOf(room);
      const from = row.get(own[k]!)! * list.length;
      for (let j = 0; j < list.length; j++) {
        const next = dist[k]! + gaps[from + j]!;
        const m = local[list[j]!]!;
        if (next < dist[m]!) dist[m] = next;
      }
    }
  }
}

/**
 * BS 5839-1's search distance of a section (issue 33), walked: a searcher comes in by the section's entrance and walks
 * through doors only (never through a wall without one) to the farthest point of it. The entrance is a door of the
 * section that leads out of it (to a room of no or another section, or outdoors: a door opening into one room
 * only), the one that makes the walk least; a section with doors but none leading out is entered by its best door.
 * Inside a room the walk is straight (door to door, door to point). A section of one room and no door is crossed from
 * side to side (its extent). Infinity when a piece cannot be reached through the section's doors from the entrance.
 */
export function walkedSearchDistance(pieces: readonly WalkPiece[], doors: readonly WalkDoor[]): number {
  return searchWalker(pieces, doors).distance(pieces.map((_, k) => k));
}
