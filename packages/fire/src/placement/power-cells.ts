import { clipRingToHalfPlane, ringArea, type Pt, type Ring } from '../geometry/ring.js';
import type { Piece } from './strips.js';

/**
 * The part of the room each unit stands for when units were spread by the Lloyd cover: its
 * power-diagram cell (|x - s|² - w least) clipped to the room, holes included.
 */
export function powerCells(rings: readonly Ring[], sites: readonly Pt[], weights: readonly number[], reach: number): Piece[] {
  return sites.map((s, i) => {
    let exterior: Pt[] = [...rings[0]!];
    let interiors: Pt[][] = rings.slice(1).map((hole) => [...hole]);
    sites.forEach((t, j) => {
      if (j === i || Math.hypot(t[0] - s[0], t[1] - s[1]) > 2 * reach + 1) return;
      const nx = 2 * (t[0] - s[0]);
      const ny = 2 * (t[1] - s[1]);
      const c = t[0] * t[0] + t[1] * t[1] - s[0] * s[0] - s[1] * s[1] - weights[j]! + weights[i]!;
      exterior = clipRingToHalfPlane(exterior, nx, ny, c);
      interiors = interiors.map((hole) => clipRingToHalfPlane(hole, nx, ny, c)).filter((hole) => hole.length >= 3);
    });
    const area =
      exterior.length >= 3 ? Math.abs(ringArea(exterior)) - interiors.reduce((sum, hole) => sum + Math.abs(ringArea(hole)), 0) : 0;
    return { at: s, shape: { exterior, interiors }, area: Math.max(0, area) };
  });
}
