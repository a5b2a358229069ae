import type { Pt, Ring } from '../geometry/ring.js';

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

/**
 * The search distance of a section: from the room a searcher would enter by (the one that makes it least), the
 * longest walk to a room's middle, stepping from room to neighbouring room between their middles. Dijkstra from
 * each room of the section.
 */
export function searchDistance(rooms: readonly number[], neighbours: readonly (readonly number[])[], at: readonly Pt[]): number {
  const inside = new Set(rooms);
  let best = Infinity;
  for (const start of rooms) {
    const dist = new Map<number, number>([[start, 0]]);
    const open = [start];
    let farthest = 0;
    while (open.length > 0) {
      let k = 0;
      for (let i = 1; i < open.length; i++) if (dist.get(open[i]!)! < dist.get(open[k]!)!) k = i;
      const r = open.splice(k, 1)[0]!;
      const d = dist.get(r)!;
      farthest = Math.max(farthest, d);
      if (farthest >= best) break;
      for (const m of neighbours[r]!) {
        if (!inside.has(m)) continue;
        const next = d + Math.hypot(at[m]![0] - at[r]![0], at[m]![1] - at[r]![1]);
        if (next < (dist.get(m) ?? Infinity)) {
          if (!dist.has(m)) open.push(m);
          dist.set(m, next);
        }
      }
    }
    // A room it cannot reach: the section falls apart, which the contiguity check reports.
    if (dist.size < inside.size) continue;
    best = Math.min(best, farthest);
  }
  return best === Infinity ? 0 : best;
}
