import type { Ring } from '../geometry/ring.js';

/** A wall no thicker than this (m) between two parts of one room: Clean's merged rooms keep their partitions as such. */
const THIN = 0.6;
/**
 * Beside each other for more than this share of the radius: across the wall at its root, points are then about twice
 * that apart round its end, more than a piece's unit reaches with the rest of the piece (Janesville's dining room: a
 * 6.1 m partition, 0.14 m thick, with 6.2 m detectors).
 */
const DEEP = 0.75;
/** A wall's two sides run opposite ways within 2° (the cosine): a wall's faces are parallel. */
const OPPOSITE = Math.cos((2 * Math.PI) / 180);

/**
 * Whether the room holds a thin wall longer than the radius: two edges of its outline running opposite ways with the
 * room on their far sides (a partition that stops short of the outline, merged rooms' bays, an alcove's side), less
 * than THIN apart and beside each other for more than DEEP × `radius`. Strip and grid pieces are rectangles, and one lying
 * across such a wall holds points a unit cannot both reach round its end (twice its length from the wall's root), so
 * strips and grid fail there after a long search: such a room goes to the cover (room.ts).
 */
export function hasDeepThinWall(rings: readonly Ring[], radius: number): boolean {
  // Each edge long enough, with its direction and the side the room is on.
  const edges: { ax: number; ay: number; ux: number; uy: number; length: number; outX: number; outY: number }[] = [];
  rings.forEach((ring, r) => {
    let twice = 0;
    for (let k = 0; k < ring.length; k++) {
      const a = ring[k]!;
      const b = ring[(k + 1) % ring.length]!;
      twice += a[0] * b[1] - b[0] * a[1];
    }
    // The room lies left of the exterior when it runs anticlockwise, right of a hole then.
    const roomLeft = twice > 0 === (r === 0);
    for (let k = 0; k < ring.length; k++) {
      const a = ring[k]!;
      const b = ring[(k + 1) % ring.length]!;
      const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
      if (!(length > DEEP * radius)) continue;
      const ux = (b[0] - a[0]) / length;
      const uy = (b[1] - a[1]) / length;
      // Outward: away from the room.
      const [outX, outY] = roomLeft ? [uy, -ux] : [-uy, ux];
      edges.push({ ax: a[0], ay: a[1], ux, uy, length, outX, outY });
    }
  });
  for (let i = 0; i < edges.length; i++)
    for (let j = i + 1; j < edges.length; j++) {
      const e = edges[i]!;
      const f = edges[j]!;
      // Opposite directions.
      if (e.ux * f.ux + e.uy * f.uy > -OPPOSITE) continue;
      // f lies on e's outer side, less than THIN away, and e on f's.
      const across = (f.ax - e.ax) * e.outX + (f.ay - e.ay) * e.outY;
      const back = (e.ax - f.ax) * f.outX + (e.ay - f.ay) * f.outY;
      if (!(across > 0 && across < THIN && back > 0 && back < THIN)) continue;
      // Beside each other: the overlap of f's projection on e.
      const s0 = (f.ax - e.ax) * e.ux + (f.ay - e.ay) * e.uy;
      const s1 = s0 - f.length * (e.ux * -f.ux + e.uy * -f.uy);
      const overlap = Math.min(e.length, Math.max(s0, s1)) - Math.max(0, Math.min(s0, s1));
      if (overlap > DEEP * radius) return true;
    }
  return false;
}
