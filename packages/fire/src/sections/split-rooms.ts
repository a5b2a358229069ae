import type { Polygon } from '@edrf/model';
import type { RoomInfo } from '../building.js';
import { extentOf } from './extent.js';
import { clipRingToHalfPlane, ringArea, ringCentroid, type Pt, type Ring } from '../geometry/ring.js';

/** What sections are made of: a whole room, or a strip of a room too large for one section (a part with a shape). */
export interface SectionItem {
  roomId: string;
  rings: Ring[];
  area: number;
  centroid: Pt;
  /** The strip's outline for the part's custom shape; null for the whole room. */
  shape: Polygon | null;
}

const areaOf = (rings: readonly Ring[]) => Math.abs(ringArea(rings[0]!)) - rings.slice(1).reduce((s, r) => s + Math.abs(ringArea(r)), 0);

/** The rings between two cuts across the axis (a ≤ t ≤ b along the unit direction u). */
function band(rings: readonly Ring[], u: Pt, a: number, b: number): Ring[] {
  const cut = (ring: Ring) => clipRingToHalfPlane(clipRingToHalfPlane(ring, u[0], u[1], b), -u[0], -u[1], -a);
  const exterior = cut(rings[0]!);
  if (exterior.length < 3) return [];
  return [
    exterior,
    ...rings
      .slice(1)
      .map(cut)
      .filter((h) => h.length >= 3 && Math.abs(ringArea(h)) > 1e-9),
  ];
}

/** The outline's box extent along the unit direction u. */
const spanAlong = (ring: Ring, u: Pt) => {
  const along = ring.map((p) => p[0] * u[0] + p[1] * u[1]);
  return [Math.min(...along), Math.max(...along)] as const;
};

/** Rings cut across their longer side into `count` strips of equal area (each cut found by bisection). */
function strips(rings: Ring[], count: number): Ring[][] {
  const xs = rings[0]!.map((p) => p[0]);
  const ys = rings[0]!.map((p) => p[1]);
  const u: Pt = Math.max(...xs) - Math.min(...xs) >= Math.max(...ys) - Math.min(...ys) ? [1, 0] : [0, 1];
  const [lo, hi] = spanAlong(rings[0]!, u);
  const total = areaOf(rings);
  const cuts = [lo];
  for (let k = 1; k < count; k++) {
    const target = (total * k) / count;
    let [a, b] = [cuts.at(-1)!, hi];
    for (let step = 0; step < 50; step++) {
      const mid = (a + b) / 2;
      const part = band(rings, u, lo, mid);
      if ((part.length > 0 ? areaOf(part) : 0) < target) a = mid;
      else b = mid;
    }
    cuts.push((a + b) / 2);
  }
  cuts.push(hi);
  const out: Ring[][] = [];
  for (let k = 0; k < count; k++) {
    const part = band(rings, u, cuts[k]!, cuts[k + 1]!);
    if (part.length > 0) out.push(part);
  }
  return out;
}

/** Cuts stop here: a strip this thin is no place for a section (and a shape that never fits must not recurse forever). */
const MAX_DEPTH = 4;

/**
 * A room larger than the cap, or longer than `maxLength` (NFPA 72's zone length, BS 5839's search distance: issue 33),
 * cannot be one section's: it is cut across its longer side into the fewest strips of equal area under the cap and at
 * most maxLength along that side (each cut found by bisection); a strip still longer than maxLength (extentOf, the
 * measure the analysis uses) is cut again across its own longer side. Each strip is a part with its own shape. A room
 * within both is one item.
 */
export function sectionItems(info: RoomInfo, cap: number, maxLength: number | null = null): SectionItem[] {
  const whole: SectionItem = { roomId: info.room.id, rings: info.rings, area: info.area, centroid: info.centroid, shape: null };
  const tooLong = (rings: readonly Ring[]) => maxLength !== null && extentOf(rings) > maxLength;
  const cut = (rings: Ring[], depth: number): Ring[][] => {
    const xs = rings[0]!.map((p) => p[0]);
    const ys = rings[0]!.map((p) => p[1]);
    const side = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
    const byArea = Math.ceil(areaOf(rings) / cap - 1e-9);
    // The diagonal counts too (extentOf measures 8 directions): aim each strip a little under the length.
    const byLength = maxLength === null ? 1 : Math.ceil(side / (maxLength * 0.95) - 1e-9);
    const count = Math.max(Number.isFinite(byArea) ? byArea : 1, byLength, 1);
    if (count <= 1 && !tooLong(rings)) return [rings];
    const pieces = strips(rings, Math.max(count, 2));
    return depth >= MAX_DEPTH ? pieces : pieces.flatMap((p) => (tooLong(p) ? cut(p, depth + 1) : [p]));
  };
  const count = Math.ceil(info.area / cap - 1e-9);
  if (!(count > 1 || tooLong(info.rings)) || !Number.isFinite(info.area / cap)) return [whole];
  const pieces = cut(info.rings, 0);
  if (pieces.length <= 1) return [whole];
  const toPairs = (ring: Ring) => ring.map((p) => [p[0], p[1]] as [number, number]);
  return pieces.map((rings) => ({
    roomId: info.room.id,
    rings,
    area: areaOf(rings),
    centroid: ringCentroid(rings[0]!),
    shape: { exterior: toPairs(rings[0]!), interiors: rings.slice(1).map(toPairs) },
  }));
}
