import { pointInRings, type Pt, type Ring } from '../geometry/ring.js';

/** The longest extent of outlines in any of 8 directions (every 22.5°): within 2 % of the true diameter. */
export function extentOf(rings: readonly Ring[]): number {
  let longest = 0;
  for (let k = 0; k < 8; k++) {
    const a = (k * Math.PI) / 8;
    const [cx, cy] = [Math.cos(a), Math.sin(a)];
    let min = Infinity;
    let max = -Infinity;
    for (const ring of rings)
      for (const [x, y] of ring) {
        const t = x * cx + y * cy;
        if (t < min) min = t;
        if (t > max) max = t;
      }
    longest = Math.max(longest, max - min);
  }
  return longest;
}

/** A door as the search walk reads it: its middle, and the rooms (ids) it opens into (within DOOR_REACH of it). */
export interface WalkDoor {
  at: Pt;
  rooms: readonly string[];
}

/** A piece of a section to search: a room, or the strip of one (several pieces of one room are one space to walk). */
export interface WalkPiece {
  roomId: string;
  rings: readonly Ring[];
}

/** Grid samples per piece, about: the farthest point is found within half a cell's diagonal of the true one. */
const SAMPLES = 64;

/** The points of a piece the walk must reach: its outline's corners and a grid inside. */
export function walkSamples(rings: readonly Ring[]): Pt[] {
  const outer = rings[0]!;
  const xs = outer.map((p) => p[0]);
  const ys = outer.map((p) => p[1]);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const step = Math.max(0.5, Math.sqrt(((x1 - x0) * (y1 - y0)) / SAMPLES));
  const points: Pt[] = rings.flatMap((ring) => ring.map((p) => [p[0], p[1]] as Pt));
  for (let x = x0 + step / 2; x < x1; x += step)
    for (let y = y0 + step / 2; y < y1; y += step) if (pointInRings(x, y, rings)) points.push([x, y]);
  return points;
}
