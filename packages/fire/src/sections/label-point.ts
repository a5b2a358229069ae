import { distanceToRings, pointInRings, ringCentroid, type Pt, type Ring } from '../geometry/ring.js';

/**
 * Where a section's label goes in an outline: the centroid when it lies well inside, else the point of a 24 × 24
 * grid over the outline farthest from its edges (an L-shaped or ring-shaped room has its centroid outside).
 */
export function labelPoint(rings: readonly Ring[]): Pt {
  const centroid = ringCentroid(rings[0]!);
  let best: Pt = centroid;
  let bestDepth = pointInRings(centroid[0], centroid[1], rings) ? distanceToRings(centroid[0], centroid[1], rings) : -1;
  const xs = rings[0]!.map((p) => p[0]);
  const ys = rings[0]!.map((p) => p[1]);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  let gridBest = -1;
  let gridPoint: Pt = centroid;
  for (let i = 0; i < 24; i++)
    for (let j = 0; j < 24; j++) {
      const p: Pt = [x0 + ((i + 0.5) / 24) * (x1 - x0), y0 + ((j + 0.5) / 24) * (y1 - y0)];
      if (!pointInRings(p[0], p[1], rings)) continue;
      const depth = distanceToRings(p[0], p[1], rings);
      if (depth > gridBest) [gridBest, gridPoint] = [depth, p];
    }
  // The centroid wins unless it is outside or much nearer an edge than the deepest point.
  if (bestDepth < gridBest / 2) [best, bestDepth] = [gridPoint, gridBest];
  return best;
}
