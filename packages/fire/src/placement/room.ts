import { distanceToRings, type Pt, type Ring } from '../geometry/ring.js';
import { cellAt, coverRoom, nearestFeasible } from './cover.js';
import { buildGrid, feasibleCells, INTERIOR, type RoomGrid } from './grid.js';
import { roomLowerBound } from './lower-bound.js';
import { powerCells } from './power-cells.js';
import { stripPlacement, type Piece } from './strips.js';

export interface RoomRules {
  radius: number;
  /** Infinity for none. */
  maxArea: number;
  wallDistance: number;
  obstacles: readonly Ring[];
  obstacleDistance: number;
}

export interface RoomPlacement {
  /** New units. */
  added: Pt[];
  /** The part of the room each unit stands for: the units already there first, then the new ones. */
  pieces: Piece[];
  /** Whether the whole room is reached and no unit stands for more than maxArea. */
  ok: boolean;
  /** Whether some new unit had to break the wall or inlet distance, for want of any place keeping them. */
  cramped: boolean;
  lowerBound: number;
  grid: RoomGrid;
}

/** Places the units a room needs, keeping those already in it (fixed). */
export function placeInRoom(rings: readonly Ring[], rules: RoomRules, fixed: readonly Pt[], withBound = true): RoomPlacement {
  const grid = buildGrid(rings);
  let feasible = feasibleCells(grid, rules.wallDistance, rules.obstacles, rules.obstacleDistance);
  let cramped = false;
  if (!grid.cells.some((c) => feasible[c])) {
    // No point keeps the distances (a narrow room): the point farthest from the walls.
    cramped = true;
    feasible = new Uint8Array(grid.state.length);
    let best = -1;
    let bestDistance = -1;
    for (const c of grid.cells) {
      if (grid.state[c] !== INTERIOR && best >= 0) continue;
      const d = distanceToRings(grid.repX[c]!, grid.repY[c]!, rings);
      if (d > bestDistance || (best >= 0 && grid.state[best] !== INTERIOR)) {
        bestDistance = d;
        best = c;
      }
    }
    if (best >= 0) feasible[best] = 1;
  }
  const nearest = nearestFeasible(grid, feasible);
  const lowerBound = withBound ? roomLowerBound(grid, rules.radius, rules.maxArea) : 1;
  const siting = {
    wallDistance: rules.wallDistance,
    obstacles: rules.obstacles,
    obstacleDistance: rules.obstacleDistance,
    feasible,
    nearest,
  };
  if (fixed.length === 0 && !cramped) {
    const pieces = stripPlacement(grid, rules.radius, rules.maxArea, siting);
    if (pieces) return { added: pieces.map((p) => p.at), pieces, ok: true, cramped, lowerBound, grid };
  }
  const fixedCells = fixed.map((p) => cellAt(grid, p[0], p[1]));
  const cover = coverRoom(grid, { radius: rules.radius, maxArea: rules.maxArea, feasible, fixed: fixedCells, minCount: lowerBound });
  const at: Pt[] = cover.sites.map((c, i) => (i < fixed.length ? fixed[i]! : [grid.repX[c]!, grid.repY[c]!]));
  const pieces = powerCells(rings, at, cover.weights, rules.radius);
  return { added: at.slice(fixed.length), pieces, ok: cover.ok, cramped, lowerBound, grid };
}
