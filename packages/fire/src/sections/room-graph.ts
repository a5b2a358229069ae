import type { Door } from '@edrf/model';
import type { RoomInfo } from '../building.js';
import { distanceToRings, type Pt, type Ring } from '../geometry/ring.js';

/**
 * Rooms of one storey as a graph (issue 24): two rooms are neighbours when a door joins them or they share a
 * wall — stretches of their outlines run parallel at most a wall's thickness apart for WALL_MIN_SHARED or more.
 */
export interface RoomGraph {
  rooms: readonly RoomInfo[];
  /** Neighbours of each room (indices into rooms), each list sorted. */
  neighbours: number[][];
}

/** Outlines at most this far apart face each other across one wall (thick outer and fire walls included). */
export const WALL_GAP = 0.6;
/** A shared wall shorter than this (a corner touching, a pillar) joins nothing. */
export const WALL_MIN_SHARED = 0.5;
/** A door joins the rooms its middle is within this distance of (its leaf stands in the wall between them). */
export const DOOR_REACH = 0.6;

interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

const boxOf = (rings: readonly Ring[]): Box => {
  const box = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  for (const [x, y] of rings[0]!) {
    box.minX = Math.min(box.minX, x);
    box.minY = Math.min(box.minY, y);
    box.maxX = Math.max(box.maxX, x);
    box.maxY = Math.max(box.maxY, y);
  }
  return box;
};

/** The boxes by the squares of a uniform grid they reach into, grown by `reach`; the square's side from the median box. */
function boxGrid(boxes: readonly Box[], reach: number): { cell: number; grid: Map<string, number[]> } {
  const sizes = boxes.map((b) => Math.max(b.maxX - b.minX, b.maxY - b.minY));
  const cell = Math.max(1, (sizes.slice().sort((a, b) => a - b)[Math.floor(sizes.length / 2)] ?? 0) + reach);
  const grid = new Map<string, number[]>();
  boxes.forEach((b, i) => {
    for (let gx = Math.floor((b.minX - reach) / cell); gx <= Math.floor((b.maxX + reach) / cell); gx++)
      for (let gy = Math.floor((b.minY - reach) / cell); gy <= Math.floor((b.maxY + reach) / cell); gy++) {
        const key = `${gx},${gy}`;
        const list = grid.get(key);
        if (list) list.push(i);
        else grid.set(key, [i]);
      }
  });
  return { cell, grid };
}

/** Room pairs whose boxes, grown by `reach`, meet: a uniform grid keeps this near-linear on a storey of thousands of rooms. */
function nearPairs(boxes: readonly Box[], reach: number): [number, number][] {
  if (boxes.length < 2) return [];
  const { grid } = boxGrid(boxes, reach);
  const seen = new Set<number>();
  const pairs: [number, number][] = [];
  const n = boxes.length;
  for (const list of grid.values())
    for (let a = 0; a < list.length; a++)
      for (let b = a + 1; b < list.length; b++) {
        const [i, j] = list[a]! < list[b]! ? [list[a]!, list[b]!] : [list[b]!, list[a]!];
        const key = i * n + j;
        if (seen.has(key)) continue;
        seen.add(key);
        const [p, q] = [boxes[i]!, boxes[j]!];
        if (p.minX - reach <= q.maxX && q.minX - reach <= p.maxX && p.minY - reach <= q.maxY && q.minY - reach <= p.maxY)
          pairs.push([i, j]);
      }
  return pairs;
}

/** A stretch of outline `a` that runs along outline `b` across one wall: its ends, on `a`. */
export interface SharedStretch {
  from: Pt;
  to: Pt;
}

/** Where two outlines run side by side at most `gap` apart, facing each other (anti-parallel edges): stretches of `a`. */
export function sharedStretches(a: readonly Ring[], b: readonly Ring[], gap = WALL_GAP): SharedStretch[] {
  const out: SharedStretch[] = [];
  for (const ra of a)
    for (let i = 0; i < ra.length; i++) {
      const p0 = ra[i]!;
      const p1 = ra[(i + 1) % ra.length]!;
      const len = Math.hypot(p1[0] - p0[0], p1[1] - p0[1]);
      if (len < 1e-9) continue;
      const ux = (p1[0] - p0[0]) / len;
      const uy = (p1[1] - p0[1]) / len;
      for (const rb of b)
        for (let j = 0; j < rb.length; j++) {
          const q0 = rb[j]!;
          const q1 = rb[(j + 1) % rb.length]!;
          // Parallel within about 10°, either way round (outlines may wind either way).
          const lq = Math.hypot(q1[0] - q0[0], q1[1] - q0[1]);
          if (lq < 1e-9) continue;
          const cross = (ux * (q1[1] - q0[1]) - uy * (q1[0] - q0[0])) / lq;
          if (Math.abs(cross) > 0.17) continue;
          // Apart across the edge no more than the gap.
          const d0 = Math.abs((q0[0] - p0[0]) * uy - (q0[1] - p0[1]) * ux);
          const d1 = Math.abs((q1[0] - p0[0]) * uy - (q1[1] - p0[1]) * ux);
          if (Math.min(d0, d1) > gap) continue;
          // Overlap of the projections along the edge.
          const t0 = (q0[0] - p0[0]) * ux + (q0[1] - p0[1]) * uy;
          const t1 = (q1[0] - p0[0]) * ux + (q1[1] - p0[1]) * uy;
          const lo = Math.max(0, Math.min(t0, t1));
          const hi = Math.min(len, Math.max(t0, t1));
          if (hi > lo) out.push({ from: [p0[0] + ux * lo, p0[1] + uy * lo], to: [p0[0] + ux * hi, p0[1] + uy * hi] });
        }
    }
  return out;
}

/** The length over which two outlines run side by side at most `gap` apart, facing each other. */
export const sharedLength = (a: readonly Ring[], b: readonly Ring[], gap = WALL_GAP): number =>
  sharedStretches(a, b, gap).reduce((sum, s) => sum + Math.hypot(s.to[0] - s.from[0], s.to[1] - s.from[1]), 0);

/** The neighbours of the rooms of one storey (a door between them, or a shared wall). */
export function roomGraph(rooms: readonly RoomInfo[], doors: readonly Door[]): RoomGraph {
  const boxes = rooms.map((r) => boxOf(r.rings));
  const sets = rooms.map(() => new Set<number>());
  const join = (i: number, j: number) => {
    if (i === j) return;
    sets[i]!.add(j);
    sets[j]!.add(i);
  };
  for (const [i, j] of nearPairs(boxes, WALL_GAP)) if (sharedLength(rooms[i]!.rings, rooms[j]!.rings) >= WALL_MIN_SHARED) join(i, j);
  // Doors: the rooms within reach of the door's middle (one door may join two rooms across a thick wall).
  const doorBoxes: Box[] = doors.map((d) => {
    const m: Pt = [(d.left[0] + d.right[0]) / 2, (d.left[1] + d.right[1]) / 2];
    return { minX: m[0], minY: m[1], maxX: m[0], maxY: m[1] };
  });
  if (doors.length > 0 && rooms.length > 0) {
    // The rooms' grid alone, each door's middle looked up in its square: sized by the rooms, not by the doors (points,
    // which would make the squares a metre wide and a large room reach into a thousand of them).
    const { cell, grid } = boxGrid(boxes, DOOR_REACH);
    for (const m of doorBoxes) {
      const list = (grid.get(`${Math.floor(m.minX / cell)},${Math.floor(m.minY / cell)}`) ?? []).filter((i) => {
        const p = boxes[i]!;
        const near =
          p.minX - DOOR_REACH <= m.minX && m.minX <= p.maxX + DOOR_REACH && p.minY - DOOR_REACH <= m.minY && m.minY <= p.maxY + DOOR_REACH;
        return near && distanceToRings(m.minX, m.minY, rooms[i]!.rings) <= DOOR_REACH;
      });
      for (let a = 0; a < list.length; a++) for (let b = a + 1; b < list.length; b++) join(list[a]!, list[b]!);
    }
  }
  return { rooms, neighbours: sets.map((s) => [...s].sort((a, b) => a - b)) };
}
