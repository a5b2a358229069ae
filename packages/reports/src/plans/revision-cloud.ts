// Revision clouds (issue 40): the plan drawings mark the areas the design's latest revision changed, as drawing offices
// do — a scalloped outline round each changed room's extent, and a triangle holding the revision's letter beside it.
import type { Model } from '@edrf/model';
import { latestRevision } from '@edrf/fire';
import type { Pt, Rect } from '../drawing/items.js';
import type { LineStyle, PlanCanvas } from '../drawing/plan-canvas.js';
import type { Box } from './geometry.js';

/** What the plans mark of the latest revision on one storey: its letter and the extents of the rooms it changed there. */
export interface RevisionMark {
  letter: string;
  areas: Box[];
}

/** Where a room of the architecture is now: its storey and the box of its outline. */
export type RoomNow = (roomId: string) => { storeyId: string; box: Box } | undefined;

/**
 * The latest revision's marks by storey id: the rooms it added, reshaped or re-typed as they are now, a room it removed
 * by the box it recorded (a record older than that box has nothing to mark it by). Empty when the design has no
 * revision; a storey the revision left alone has no entry.
 */
export function revisionMarks(model: Pick<Model, 'fire'>, roomNow: RoomNow): Map<string, RevisionMark> {
  const marks = new Map<string, RevisionMark>();
  const revision = latestRevision(model.fire?.revisions);
  if (!revision) return marks;
  const mark = (storeyId: string, box: Box) => {
    const found = marks.get(storeyId);
    if (found) found.areas.push(box);
    else marks.set(storeyId, { letter: revision.letter, areas: [box] });
  };
  const { added, reshaped, retyped, removed } = revision.changes;
  const seen = new Set<string>();
  for (const room of [...added, ...reshaped, ...retyped]) {
    const now = seen.has(room.id) ? undefined : roomNow(room.id);
    seen.add(room.id);
    if (now) mark(now.storeyId, now.box);
  }
  for (const room of removed) if (room.box) mark(room.storey_id, { min: [room.box[0], room.box[1]], max: [room.box[2], room.box[3]] });
  return marks;
}

/**
 * The outlines a storey's clouds follow: the boxes grown by `pad`, those that then meet joined into the outline of their
 * union (rectilinear, counter-clockwise, its holes left out: a cloud goes round the outside of a changed area), so that
 * neighbouring changed rooms share one cloud.
 */
export function cloudOutlines(boxes: readonly Box[], pad: number): Pt[][] {
  const grown = boxes
    .filter((b) => [...b.min, ...b.max].every(Number.isFinite))
    .map((b) => ({ min: [b.min[0] - pad, b.min[1] - pad] as Pt, max: [b.max[0] + pad, b.max[1] + pad] as Pt }));
  return groupsOf(grown).flatMap(unionOutline);
}

/** The boxes in groups that meet, directly or through others (union–find). */
function groupsOf(boxes: readonly { min: Pt; max: Pt }[]): { min: Pt; max: Pt }[][] {
  const parent = boxes.map((_, i) => i);
  const root = (i: number): number => (parent[i] === i ? i : (parent[i] = root(parent[i]!)));
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) {
      const [a, b] = [boxes[i]!, boxes[j]!];
      if (a.min[0] <= b.max[0] && b.min[0] <= a.max[0] && a.min[1] <= b.max[1] && b.min[1] <= a.max[1]) parent[root(i)] = root(j);
    }
  const groups = new Map<number, { min: Pt; max: Pt }[]>();
  boxes.forEach((b, i) => {
    const r = root(i);
    groups.set(r, [...(groups.get(r) ?? []), b]);
  });
  return [...groups.values()];
}

/**
 * The outer outline of a union of boxes: the grid of their edges' coordinates, its cells inside a box filled, the
 * cell sides between filled and empty chained with the filled side on the left; the loops turning counter-clockwise
 * are the outside ones.
 */
function unionOutline(boxes: readonly { min: Pt; max: Pt }[]): Pt[][] {
  const xs = [...new Set(boxes.flatMap((b) => [b.min[0], b.max[0]]))].sort((a, b) => a - b);
  const ys = [...new Set(boxes.flatMap((b) => [b.min[1], b.max[1]]))].sort((a, b) => a - b);
  const [nx, ny] = [xs.length - 1, ys.length - 1];
  const filled = (i: number, j: number) => {
    if (i < 0 || j < 0 || i >= nx || j >= ny) return false;
    const [cx, cy] = [(xs[i]! + xs[i + 1]!) / 2, (ys[j]! + ys[j + 1]!) / 2];
    return boxes.some((b) => cx > b.min[0] && cx < b.max[0] && cy > b.min[1] && cy < b.max[1]);
  };
  const cells = Array.from({ length: nx }, (_, i) => Array.from({ length: ny }, (_, j) => filled(i, j)));
  const on = (i: number, j: number) => i >= 0 && j >= 0 && i < nx && j < ny && cells[i]![j]!;
  // Directed sides by their start corner (grid indices), the filled cell on their left.
  const next = new Map<string, [number, number][]>();
  const side = (a: [number, number], b: [number, number]) => {
    const key = `${a[0]},${a[1]}`;
    next.set(key, [...(next.get(key) ?? []), b]);
  };
  for (let i = 0; i < nx; i++)
    for (let j = 0; j < ny; j++) {
      if (!cells[i]![j]) continue;
      if (!on(i, j - 1)) side([i, j], [i + 1, j]);
      if (!on(i + 1, j)) side([i + 1, j], [i + 1, j + 1]);
      if (!on(i, j + 1)) side([i + 1, j + 1], [i, j + 1]);
      if (!on(i - 1, j)) side([i, j + 1], [i, j]);
    }
  const rings: Pt[][] = [];
  for (const [startKey, ends] of next) {
    while (ends.length) {
      const start = startKey.split(',').map(Number) as [number, number];
      const loop: [number, number][] = [start];
      let at = ends.pop()!;
      while (`${at[0]},${at[1]}` !== startKey) {
        loop.push(at);
        const out = next.get(`${at[0]},${at[1]}`);
        if (!out?.length) break;
        at = out.pop()!;
      }
      const ring = withoutStraightCorners(loop.map(([i, j]) => [xs[i]!, ys[j]!] as Pt));
      if (ring.length >= 4 && signedArea(ring) > 0) rings.push(ring);
    }
  }
  return rings;
}

/** The ring without the corners that lie on a straight run (the grid's inner lines). */
function withoutStraightCorners(ring: readonly Pt[]): Pt[] {
  return ring.filter((p, i) => {
    const a = ring[(i + ring.length - 1) % ring.length]!;
    const b = ring[(i + 1) % ring.length]!;
    return Math.abs((p[0] - a[0]) * (b[1] - p[1]) - (p[1] - a[1]) * (b[0] - p[0])) > 1e-12;
  });
}

function signedArea(ring: readonly Pt[]): number {
  let twice = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) twice += ring[j]![0] * ring[i]![1] - ring[i]![0] * ring[j]![1];
  return twice / 2;
}

/** A scallop's bulge: arcs of 120°, round enough to read as a cloud, shallow enough to stay near the outline. */
export const SCALLOP_BULGE = Math.tan((120 * Math.PI) / 180 / 4);

/**
 * A counter-clockwise outline as a cloud: each side cut into arcs about `chord` long (a whole number of them per side,
 * at least one), each bulging outward. Returns the arcs' ends and their bulges (arcs.ts).
 */
export function scallops(ring: readonly Pt[], chord: number): { points: Pt[]; bulges: number[] } {
  const points: Pt[] = [];
  for (let i = 0; i < ring.length; i++) {
    const [a, b] = [ring[i]!, ring[(i + 1) % ring.length]!];
    const n = Math.max(1, Math.round(Math.hypot(b[0] - a[0], b[1] - a[1]) / chord));
    for (let k = 0; k < n; k++) points.push([a[0] + ((b[0] - a[0]) * k) / n, a[1] + ((b[1] - a[1]) * k) / n]);
  }
  // A positive bulge turns counter-clockwise, bulging to the right of the way round: outward on a counter-clockwise ring.
  return { points, bulges: points.map(() => SCALLOP_BULGE) };
}

/** How far a scallop stands out of the outline it follows, for arcs `chord` long. */
export const scallopDepth = (chord: number) => (chord / 2) * SCALLOP_BULGE;

/** The cloud's pen: a medium line in a colour of its own, so that it reads apart from walls, zones and cables. */
export const CLOUD_STYLE: LineStyle = { stroke: '#b0186b', width: 0.35 };
/** Paper mm: the cloud this far outside the rooms' boxes (past their walls at the usual scales), arcs this long. */
const CLOUD_PAD = 3;
const CLOUD_CHORD = 7;
/** Paper mm: the revision triangle's side and its letter's height. */
const TRIANGLE_SIDE = 8;
const LETTER_SIZE = 2.6;

/**
 * A storey's revision clouds on a sheet, under the units and texts (which keep clear of the triangles): the clouds'
 * size follows the paper, not the building, so that they look alike at any scale. Each cloud gets its triangle with
 * the revision's letter, at the first of its corners (top right first) clear of what is drawn, in the viewport.
 */
export function drawRevisionClouds(canvas: PlanCanvas, layer: string, mark: RevisionMark): Pt[][] {
  const perMetre = canvas.t.mmPerMetre;
  const rings = cloudOutlines(mark.areas, CLOUD_PAD / perMetre);
  for (const ring of rings) {
    const { points, bulges } = scallops(ring, CLOUD_CHORD / perMetre);
    canvas.arcRing(layer, points, bulges, CLOUD_STYLE);
  }
  return rings;
}

/** The triangles of the clouds drawn by drawRevisionClouds: after the unit symbols, so that they keep clear of them. */
export function drawRevisionTriangles(canvas: PlanCanvas, layer: string, rings: readonly Pt[][], letter: string): void {
  const height = (TRIANGLE_SIDE * Math.sqrt(3)) / 2;
  const standOff = scallopDepth(CLOUD_CHORD) + (2 * height) / 3 + 0.8;
  const v = canvas.viewport;
  for (const ring of rings) {
    let best: { at: Pt; box: Rect; score: number } | null = null;
    for (const [corner, out] of triangleSpots(ring)) {
      const p = canvas.t.toPaper(corner[0], corner[1]);
      const at: Pt = [p[0] + out[0] * standOff, p[1] + out[1] * standOff];
      const box: Rect = { x: at[0] - TRIANGLE_SIDE / 2, y: at[1] - height / 3, w: TRIANGLE_SIDE, h: height };
      if (box.x < v.x || box.y < v.y || box.x + box.w > v.x + v.w || box.y + box.h > v.y + v.h) continue;
      const score = canvas.overlaps(box);
      if (!best || score < best.score) best = { at, box, score };
      if (score === 0) break;
    }
    if (!best) continue;
    const { at, box } = best;
    canvas.occupy(box);
    canvas.items.push({
      kind: 'path',
      layer,
      points: [
        [box.x, box.y],
        [box.x + box.w, box.y],
        [at[0], box.y + box.h],
      ],
      closed: true,
      ...CLOUD_STYLE,
      fill: '#ffffff',
    });
    // A longer letter ('AA') smaller, to stay inside the triangle.
    const size = Math.min(LETTER_SIZE, 3.6 / (letter.length * 0.82));
    canvas.items.push({
      kind: 'text',
      layer,
      at: [at[0], box.y + height * 0.14],
      text: letter,
      size,
      anchor: 'centre',
      bold: true,
      colour: CLOUD_STYLE.stroke!,
    });
  }
}

/**
 * Where a cloud's triangle may go: its outline's outer corners, top right first, each with the way out of it (the two
 * sides' outward normals summed); then the middle of each side, straight out of it.
 */
function triangleSpots(ring: readonly Pt[]): [Pt, Pt][] {
  const n = ring.length;
  const normal = (a: Pt, b: Pt): Pt => {
    const d = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
    return [(b[1] - a[1]) / d, -(b[0] - a[0]) / d];
  };
  const corners: [Pt, Pt][] = [];
  const sides: [Pt, Pt][] = [];
  for (let i = 0; i < n; i++) {
    const [a, p, b] = [ring[(i + n - 1) % n]!, ring[i]!, ring[(i + 1) % n]!];
    const turn = (p[0] - a[0]) * (b[1] - p[1]) - (p[1] - a[1]) * (b[0] - p[0]);
    const [n1, n2] = [normal(a, p), normal(p, b)];
    const out: Pt = [n1[0] + n2[0], n1[1] + n2[1]];
    const len = Math.hypot(out[0], out[1]) || 1;
    if (turn > 0) corners.push([p, [out[0] / len, out[1] / len]]);
    sides.push([[(p[0] + b[0]) / 2, (p[1] + b[1]) / 2], n2]);
  }
  corners.sort((x, y) => y[0][0] + y[0][1] - (x[0][0] + x[0][1]));
  return [...corners, ...sides];
}
