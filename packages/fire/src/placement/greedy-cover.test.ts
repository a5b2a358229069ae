/**
 * A room of alcoves (issue 34: Janesville's dining rooms, banquet halls and bars merged by Clean): the placement finds
 * a unit for each alcove, standing at its mouth, where spreading units evenly over the area needs more; the greedy
 * cover's sites reach every cell any site could, none of them idle; and Janesville's own dining room gets few.
 */
import { describe, expect, it } from 'vitest';
import type { Ring } from '../geometry/ring.js';
import { worstDistance, wallDistance } from '../test-support/coverage-check.js';
import { JANESVILLE_DINING } from '../test-support/janesville-dining.js';
import { greedySites } from './greedy-cover.js';
import { buildGrid, feasibleCells } from './grid.js';
import { placeInRoom, type RoomRules } from './room.js';
import { SightFields } from './sight-fields.js';

/** SBF 110:8 smoke detectors: 6.2 m, 75 m², 0.5 m from walls. */
const RULES: RoomRules = { radius: 6.2, maxArea: 75, wallDistance: 0.5, obstacles: [], obstacleDistance: 1 };

/** A 24 m corridor `corridor` m deep with four alcoves `depth` m deep above it, 5.8 m wide, 0.2 m walls between them. */
function comb(corridor: number, depth: number): Ring[] {
  const ring: [number, number][] = [
    [0, 0],
    [24, 0],
  ];
  for (let k = 3; k >= 0; k--) {
    const x = 6 * k;
    const right = x + 5.8 + (k === 3 ? 0.2 : 0);
    ring.push([right, corridor], [right, corridor + depth], [x, corridor + depth], [x, corridor]);
  }
  return [ring.filter((p, i, all) => i === 0 || p[0] !== all[i - 1]![0] || p[1] !== all[i - 1]![1])];
}

describe('a room of alcoves', () => {
  it('gets one detector an alcove (the least: each alcove’s far corners are 2r apart from the next’s), the whole room reached', () => {
    const rings = comb(2, 6);
    const placed = placeInRoom(rings, RULES, []);
    expect(placed.ok).toBe(true);
    expect(placed.added).toHaveLength(4);
    expect(worstDistance(rings, placed.added, 0.25).distance).toBeLessThanOrEqual(RULES.radius + 1e-6);
  });

  it('is not reached through a wall thinner than the placement grid’s cells (deep alcoves: 0.2 m walls)', () => {
    const rings = comb(2.5, 7);
    const placed = placeInRoom(rings, RULES, []);
    expect(placed.ok).toBe(true);
    expect(worstDistance(rings, placed.added, 0.25).distance).toBeLessThanOrEqual(RULES.radius + 1e-6);
  });

  it('greedy sites reach every cell some feasible site reaches, and each reaches a cell no other does', () => {
    const rings = comb(2, 6);
    const grid = buildGrid(rings, 0.3);
    const feasible = feasibleCells(grid, RULES.wallDistance, [], 0);
    const fields = new SightFields(grid, RULES.radius);
    const sites = greedySites(grid, fields, feasible, []);
    const reach = (s: number) => {
      const f = fields.from(s);
      return new Set(Array.from(f.cells).filter((c, k) => f.dist[k]! + fields.slack[c]! <= RULES.radius));
    };
    const anyReach = new Set<number>();
    for (const c of grid.cells) if (feasible[c]) for (const r of reach(c)) anyReach.add(r);
    const reached = sites.map(reach);
    for (const c of anyReach) expect(reached.some((r) => r.has(c))).toBe(true);
    reached.forEach((own, i) => {
      const others = reached.filter((_, j) => j !== i);
      expect([...own].some((c) => others.every((r) => !r.has(c)))).toBe(true);
    });
  });
});

describe('Janesville’s dining room after Clean (321 m² of alcoves and partitions that stop short)', () => {
  it('gets at most 8 detectors, every point reached (inside the room), none standing for more than 75 m²', () => {
    const placed = placeInRoom(JANESVILLE_DINING, RULES, []);
    expect(placed.ok).toBe(true);
    expect(placed.added.length).toBeLessThanOrEqual(8);
    // The independent check: room points every 0.25 m, each measured exactly inside the room to its nearest detector.
    expect(worstDistance(JANESVILLE_DINING, placed.added, 0.25).distance).toBeLessThanOrEqual(RULES.radius + 1e-6);
    for (const at of placed.added) expect(wallDistance(JANESVILLE_DINING, at)).toBeGreaterThanOrEqual(RULES.wallDistance - 1e-9);
    for (const piece of placed.pieces) expect(piece.area).toBeLessThanOrEqual(RULES.maxArea * (1 + 1e-9));
    expect(placed.pieces.reduce((sum, piece) => sum + piece.area, 0)).toBeCloseTo(placed.area, 6);
  });
});
