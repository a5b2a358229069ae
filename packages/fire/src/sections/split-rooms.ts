import type { Polygon } from '@edrf/model';
import type { RoomInfo } from '../building.js';
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

/**
 * A room larger than the cap cannot be one section's: it is cut across its longer side into the fewest strips of
 * equal area under the cap (each cut found by bisection), each a part of its own with the strip as its shape. A
 * room within the cap is one item.
 */
export function sectionItems(info: RoomInfo, cap: number): SectionItem[] {
  const whole: SectionItem = { roomId: info.room.id, rings: info.rings, area: info.area, centroid: info.centroid, shape: null };
  const count = Math.ceil(info.area / cap - 1e-9);
  if (!(count > 1) || !Number.isFinite(count)) return [whole];
  const xs = info.rings[0]!.map((p) => p[0]);
  const ys = info.rings[0]!.map((p) => p[1]);
  const u: Pt = Math.max(...xs) - Math.min(...xs) >= Math.max(...ys) - Math.min(...ys) ? [1, 0] : [0, 1];
  const along = info.rings[0]!.map((p) => p[0] * u[0] + p[1] * u[1]);
  const [lo, hi] = [Math.min(...along), Math.max(...along)];
  const cuts = [lo];
  for (let k = 1; k < count; k++) {
    const target = (info.area * k) / count;
    let [a, b] = [cuts.at(-1)!, hi];
    for (let step = 0; step < 50; step++) {
      const mid = (a + b) / 2;
      const rings = band(info.rings, u, lo, mid);
      if ((rings.length > 0 ? areaOf(rings) : 0) < target) a = mid;
      else b = mid;
    }
    cuts.push((a + b) / 2);
  }
  cuts.push(hi);
  const items: SectionItem[] = [];
  for (let k = 0; k < count; k++) {
    const rings = band(info.rings, u, cuts[k]!, cuts[k + 1]!);
    if (rings.length === 0) continue;
    const toPairs = (ring: Ring) => ring.map((p) => [p[0], p[1]] as [number, number]);
    items.push({
      roomId: info.room.id,
      rings,
      area: areaOf(rings),
      centroid: ringCentroid(rings[0]!),
      shape: { exterior: toPairs(rings[0]!), interiors: rings.slice(1).map(toPairs) },
    });
  }
  return items.length > 0 ? items : [whole];
}
