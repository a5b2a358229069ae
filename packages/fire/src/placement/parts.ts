import type { RoomGrid } from './grid.js';
import type { SightFields } from './sight-fields.js';

/** Rounds of weights alone that balance('s) parts try. */
const BALANCE_ROUNDS = 30;

/**
 * Each unit's part of the room: every cell goes to the unit reaching it (its distance and slack within the radius)
 * whose power distance (distance² − weight) is least; cells no unit reaches have owner −1. Answers each part's area and
 * how many cells no unit reaches; `owner` is filled in.
 */
export function assignParts(
  grid: RoomGrid,
  fields: SightFields,
  sites: readonly number[],
  weights: readonly number[],
  owner: Int32Array,
  key: Float64Array,
): { areas: number[]; uncovered: number } {
  const { slack, radius } = fields;
  for (const c of grid.cells) {
    owner[c] = -1;
    key[c] = Infinity;
  }
  sites.forEach((site, s) => {
    const f = fields.from(site);
    const w = weights[s]!;
    for (let k = 0; k < f.cells.length; k++) {
      const c = f.cells[k]!;
      const d = f.dist[k]!;
      if (d + slack[c]! > radius) continue;
      const value = d * d - w;
      if (value < key[c]!) {
        key[c] = value;
        owner[c] = s;
      }
    }
  });
  const areas = sites.map(() => 0);
  let uncovered = 0;
  for (const c of grid.cells) {
    const s = owner[c]!;
    if (s < 0) uncovered++;
    else areas[s]! += grid.weight[c]!;
  }
  return { areas, uncovered };
}

/**
 * Weights, the units staying where they are, under which every cell is reached and no part is larger than maxArea, if
 * some are found: each round a unit standing for more than its share gives some up (the weights of cover.ts's Lloyd
 * iterations, without the moves). The units reaching every cell keep doing so whatever the weights; `unreached`: how
 * many cells no unit reaches and none is asked to; `owner` and `key`: scratch arrays over the grid's cells.
 */
export function balanceParts(
  grid: RoomGrid,
  fields: SightFields,
  sites: readonly number[],
  maxArea: number,
  unreached = 0,
  owner = new Int32Array(grid.state.length),
  key = new Float64Array(grid.state.length),
): { weights: number[]; areas: number[] } | undefined {
  const weights = sites.map(() => 0);
  for (let round = 0; round < BALANCE_ROUNDS; round++) {
    const { areas, uncovered } = assignParts(grid, fields, sites, weights, owner, key);
    if (uncovered > unreached) return undefined;
    if (Math.max(0, ...areas) <= maxArea * (1 + 1e-9)) return { weights, areas };
    if (!Number.isFinite(maxArea)) return undefined;
    const target = Math.min(maxArea, grid.area / sites.length);
    for (let s = 0; s < sites.length; s++) weights[s]! += 0.5 * (target - areas[s]!);
  }
  return undefined;
}
