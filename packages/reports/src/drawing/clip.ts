import type { Pt, Rect } from './items.js';

/**
 * Clipping to the plan's viewport, so that nothing of a plan runs over the panel or the title block in either
 * format (DXF has no clip region that every reader honours).
 */

const inside = (r: Rect, p: Pt) => p[0] >= r.x && p[0] <= r.x + r.w && p[1] >= r.y && p[1] <= r.y + r.h;

/** The part of segment ab inside r (Liang–Barsky), or null. */
export function clipSegment(a: Pt, b: Pt, r: Rect): [Pt, Pt] | null {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  let t0 = 0;
  let t1 = 1;
  const edges: [number, number][] = [
    [-dx, a[0] - r.x],
    [dx, r.x + r.w - a[0]],
    [-dy, a[1] - r.y],
    [dy, r.y + r.h - a[1]],
  ];
  for (const [p, q] of edges) {
    if (p === 0) {
      if (q < 0) return null;
      continue;
    }
    const t = q / p;
    if (p < 0) {
      if (t > t1) return null;
      if (t > t0) t0 = t;
    } else {
      if (t < t0) return null;
      if (t < t1) t1 = t;
    }
  }
  return [
    [a[0] + t0 * dx, a[1] + t0 * dy],
    [a[0] + t1 * dx, a[1] + t1 * dy],
  ];
}

/** An open polyline cut to r: the runs of it inside, each of two points or more. */
export function clipPolyline(points: readonly Pt[], r: Rect): Pt[][] {
  const runs: Pt[][] = [];
  let run: Pt[] = [];
  for (let i = 1; i < points.length; i++) {
    const piece = clipSegment(points[i - 1]!, points[i]!, r);
    if (!piece) {
      if (run.length > 1) runs.push(run);
      run = [];
      continue;
    }
    const last = run.at(-1);
    if (last && last[0] === piece[0][0] && last[1] === piece[0][1]) run.push(piece[1]);
    else {
      if (run.length > 1) runs.push(run);
      run = [piece[0], piece[1]];
    }
  }
  if (run.length > 1) runs.push(run);
  return runs;
}

/** A closed polygon cut to r (Sutherland–Hodgman); fewer than 3 points when nothing is left. */
export function clipPolygon(points: readonly Pt[], r: Rect): Pt[] {
  if (points.every((p) => inside(r, p))) return [...points];
  type Edge = { keep: (p: Pt) => boolean; cross: (a: Pt, b: Pt) => Pt };
  const at = (a: Pt, b: Pt, t: number): Pt => [a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])];
  const xEdge = (x: number, keepAbove: boolean): Edge => ({
    keep: (p) => (keepAbove ? p[0] >= x : p[0] <= x),
    cross: (a, b) => at(a, b, (x - a[0]) / (b[0] - a[0])),
  });
  const yEdge = (y: number, keepAbove: boolean): Edge => ({
    keep: (p) => (keepAbove ? p[1] >= y : p[1] <= y),
    cross: (a, b) => at(a, b, (y - a[1]) / (b[1] - a[1])),
  });
  let out: Pt[] = [...points];
  for (const edge of [xEdge(r.x, true), xEdge(r.x + r.w, false), yEdge(r.y, true), yEdge(r.y + r.h, false)]) {
    const input = out;
    out = [];
    for (let i = 0; i < input.length; i++) {
      const cur = input[i]!;
      const prev = input[(i + input.length - 1) % input.length]!;
      if (edge.keep(cur)) {
        if (!edge.keep(prev)) out.push(edge.cross(prev, cur));
        out.push(cur);
      } else if (edge.keep(prev)) out.push(edge.cross(prev, cur));
    }
    if (out.length === 0) break;
  }
  return out;
}

/** Whether a point lies in r. */
export const inRect = inside;
