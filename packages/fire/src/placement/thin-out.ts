import type { RoomGrid } from './grid.js';
import { balanceParts } from './parts.js';
import type { SightFields } from './sight-fields.js';

/** How many feasible cells nearest the middle of what some units alone reach are tried for the one replacing them. */
const NEAR_MIDDLE = 6;
/** How many candidates reaching most of what three units alone reach are tried as the first of the two replacing them. */
const SECOND_TRIES = 4;
/** Rounds of swaps at most (each leaves one unit fewer). */
const MOST_ROUNDS = 64;

/**
 * Fewer units for a cover of the room's cells (greedy-cover.ts), by swaps of set-cover local search, which the greedy's
 * one-at-a-time choice misses in a room of alcoves: two units replaced by one wherever one place reaches everything
 * only those two reach, else three near each other by two. The places tried: the candidate lattice, then the feasible
 * cells nearest the middle of what the one must reach. A swap is kept only where the units' parts can still be kept
 * within `maxArea` by weights alone (parts.ts), after a quick test that no unit is left the only one to reach more than
 * that. Repeated, nearest units first, while a swap is found. Units at `fixed` stay and count.
 */
export function thinOut(
  grid: RoomGrid,
  fields: SightFields,
  feasible: Uint8Array,
  fixed: readonly number[],
  sites: readonly number[],
  candidates: readonly number[],
  maxArea: number,
): number[] {
  const state = thinningState(grid, fields, feasible, fixed, sites, candidates, maxArea);
  const { radius, count, current, px, py } = state;
  const reachOf = (site: number) => fields.reached(site);
  const fits = areaRule(state);
  const { replacement, twoFor } = placeFinder(state);

  /** The cells only the units at places `group` of current reach (of the current ones and the fixed). */
  const local = new Uint16Array(state.total);
  const aloneOf = (group: readonly number[]): number[] => {
    const touched: number[] = [];
    for (const g of group)
      for (const c of reachOf(current[g]!)) {
        if (local[c] === 0) touched.push(c);
        local[c]!++;
      }
    const alone = touched.filter((c) => count[c] === local[c]);
    for (const c of touched) local[c] = 0;
    return alone;
  };
  const apart = (a: number, b: number) => Math.hypot(px(current[a]!) - px(current[b]!), py(current[a]!) - py(current[b]!));
  const swap = (group: readonly number[], by: readonly number[]) => {
    for (const g of group) for (const c of reachOf(current[g]!)) count[c]!--;
    for (const s of by) for (const c of reachOf(s)) count[c]!++;
    const kept = current.filter((_, k) => !group.includes(k));
    current.length = 0;
    current.push(...kept, ...by);
  };
  const twoByOne = (): boolean => {
    const pairs: [number, number, number][] = [];
    for (let a = 0; a < current.length; a++)
      for (let b = a + 1; b < current.length; b++) if (apart(a, b) <= 3 * radius) pairs.push([a, b, apart(a, b)]);
    pairs.sort((p, q) => p[2] - q[2]);
    for (const [a, b] of pairs) {
      const one = replacement(aloneOf([a, b]), (s) => fits([a, b], [s]));
      if (one === undefined) continue;
      swap([a, b], [one]);
      return true;
    }
    return false;
  };
  const threeByTwo = (): boolean => {
    const n = current.length;
    for (let a = 0; a < n; a++)
      for (let b = a + 1; b < n; b++) {
        if (apart(a, b) > 3 * radius) continue;
        for (let c = b + 1; c < n; c++) {
          if (apart(a, c) > 3 * radius || apart(b, c) > 3 * radius) continue;
          const two = twoFor(aloneOf([a, b, c]), (by) => fits([a, b, c], by));
          if (!two) continue;
          swap([a, b, c], two);
          return true;
        }
      }
    return false;
  };
  for (let round = 0; round < MOST_ROUNDS && (twoByOne() || threeByTwo()); round++);
  return current;
}

/** What thinning out a room's units works on: the units' counts per cell, the candidates reaching each cell, scratch marks. */
interface ThinningState {
  grid: RoomGrid;
  fields: SightFields;
  feasible: Uint8Array;
  fixed: readonly number[];
  candidates: readonly number[];
  maxArea: number;
  radius: number;
  total: number;
  px: (c: number) => number;
  py: (c: number) => number;
  /** How many units (fixed and current) reach each cell. */
  count: Uint16Array;
  /** The places of the units being thinned out, changed in place by each swap. */
  current: number[];
  /** Cells none of the units reaches (none of the candidates does): the swaps leave them to cover.ts. */
  unreached: number;
  mark: Uint32Array;
  stamp: number;
  /** The candidates reaching each cell (byCell[byCellStart[c]..byCellStart[c + 1]], indices into candidates). */
  byCellStart: Int32Array;
  byCell: Int32Array;
  gain: Uint32Array;
}

function thinningState(
  grid: RoomGrid,
  fields: SightFields,
  feasible: Uint8Array,
  fixed: readonly number[],
  sites: readonly number[],
  candidates: readonly number[],
  maxArea: number,
): ThinningState {
  const total = grid.state.length;
  const reachOf = (site: number) => fields.reached(site);
  const count = new Uint16Array(total);
  for (const s of [...fixed, ...sites]) for (const c of reachOf(s)) count[c]!++;
  const unreached = grid.cells.reduce((n, c) => n + (count[c] === 0 ? 1 : 0), 0);
  const byCellStart = new Int32Array(total + 1);
  for (const c of candidates) for (const q of reachOf(c)) byCellStart[q + 1]!++;
  for (let q = 0; q < total; q++) byCellStart[q + 1]! += byCellStart[q]!;
  const byCell = new Int32Array(byCellStart[total]!);
  const fill = byCellStart.slice(0, total);
  candidates.forEach((c, k) => {
    for (const q of reachOf(c)) byCell[fill[q]!++] = k;
  });
  return {
    grid,
    fields,
    feasible,
    fixed,
    candidates,
    maxArea,
    radius: fields.radius,
    total,
    px: (c: number) => grid.repX[c]!,
    py: (c: number) => grid.repY[c]!,
    count,
    current: [...sites],
    unreached,
    mark: new Uint32Array(total),
    stamp: 0,
    byCellStart,
    byCell,
    gain: new Uint32Array(candidates.length),
  };
}

/**
 * The area rule of a swap: whether, with the units at places `group` of current replaced by units at `by`, no unit
 * is the only one to reach more than maxArea (the rule could not be met then, whatever each unit's part), and then
 * weights that keep each part within it (balanceParts).
 */
function areaRule(s: ThinningState): (group: readonly number[], by: readonly number[]) => boolean {
  const { grid, fields, fixed, current, count, maxArea, radius, total, unreached, px, py } = s;
  const reachOf = (site: number) => fields.reached(site);
  const delta = new Int32Array(total);
  const owner = new Int32Array(total);
  const key = new Float64Array(total);
  return (group: readonly number[], by: readonly number[]): boolean => {
    if (!Number.isFinite(maxArea)) return true;
    const touched: number[] = [];
    const change = (site: number, d: number) => {
      for (const c of reachOf(site)) {
        if (delta[c] === 0) touched.push(c);
        delta[c]! += d;
      }
    };
    for (const g of group) change(current[g]!, -1);
    for (const b of by) change(b, 1);
    const near = (s: number) => group.some((g) => Math.hypot(px(s) - px(current[g]!), py(s) - py(current[g]!)) <= 2 * radius);
    const others = [...fixed, ...current.filter((_, k) => !group.includes(k))].filter(near);
    let ok = true;
    for (const s of [...by, ...others]) {
      let alone = 0;
      for (const c of reachOf(s)) if (count[c]! + delta[c]! === 1) alone += grid.weight[c]!;
      if (alone > maxArea * (1 + 1e-9)) {
        ok = false;
        break;
      }
    }
    for (const c of touched) delta[c] = 0;
    // Then the parts themselves: weights that keep each within maxArea (as cover.ts will look for them).
    if (!ok) return false;
    const after = [...fixed, ...current.filter((_, k) => !group.includes(k)), ...by];
    return balanceParts(grid, fields, after, maxArea, unreached, owner, key) !== undefined;
  };
}

/** Places for the units of a swap: one reaching all of some cells, or two. */
function placeFinder(s: ThinningState) {
  const { grid, fields, feasible, candidates, radius, px, py, mark, byCellStart, byCell, gain } = s;
  const reachOf = (site: number) => fields.reached(site);
  /** Whether a unit at `site` reaches every cell of `cells`. */
  const reachesAll = (site: number, cells: readonly number[]) => {
    const own = ++s.stamp;
    for (const c of reachOf(site)) mark[c] = own;
    return cells.every((c) => mark[c] === own);
  };

  /**
   * A place reaching all of `cells` that `accept` takes: of the candidates, else of the feasible cells nearest the
   * middle of them.
   */
  const replacement = (cells: readonly number[], accept: (site: number) => boolean): number | undefined => {
    const [x0, y0, x1, y1] = boxOf(grid, cells);
    if (x1 - x0 > 2 * radius || y1 - y0 > 2 * radius) return undefined;
    // A place reaching them all is within the radius of each in a straight line: of the corners of their hull.
    const hull = convexHull(cells.map((c) => [px(c), py(c)] as [number, number]));
    const farthest = (x: number, y: number) => hull.reduce((far, [hx, hy]) => Math.max(far, Math.hypot(hx - x, hy - y)), 0);
    for (const c of candidates) {
      if (px(c) < x1 - radius || px(c) > x0 + radius || py(c) < y1 - radius || py(c) > y0 + radius) continue;
      if (farthest(px(c), py(c)) <= radius && reachesAll(c, cells) && accept(c)) return c;
    }
    const near: { c: number; far: number }[] = [];
    const i0 = Math.max(0, Math.floor((x1 - radius - grid.x0) / grid.h));
    const i1 = Math.min(grid.nx - 1, Math.floor((x0 + radius - grid.x0) / grid.h));
    const j0 = Math.max(0, Math.floor((y1 - radius - grid.y0) / grid.h));
    const j1 = Math.min(grid.ny - 1, Math.floor((y0 + radius - grid.y0) / grid.h));
    for (let j = j0; j <= j1; j++)
      for (let i = i0; i <= i1; i++) {
        const c = i + j * grid.nx;
        if (!feasible[c]) continue;
        const far = farthest(px(c), py(c));
        if (far <= radius) near.push({ c, far });
      }
    near.sort((a, b) => a.far - b.far);
    return near.slice(0, NEAR_MIDDLE).find(({ c }) => reachesAll(c, cells) && accept(c))?.c;
  };

  /** Two places reaching all of `cells`: of the candidates reaching most of them, one whose rest one place reaches. */
  const twoFor = (cells: readonly number[], accept: (sites: readonly number[]) => boolean): [number, number] | undefined => {
    // How much of them each candidate reaches, by the candidates reaching each cell.
    const touched: number[] = [];
    for (const q of cells)
      for (let k = byCellStart[q]!; k < byCellStart[q + 1]!; k++) {
        const c = byCell[k]!;
        if (gain[c] === 0) touched.push(c);
        gain[c]!++;
      }
    const firsts = touched
      .map((c) => ({ c: candidates[c]!, gain: gain[c]! }))
      .sort((p, q) => q.gain - p.gain)
      .slice(0, SECOND_TRIES);
    for (const c of touched) gain[c] = 0;
    for (const { c } of firsts) {
      const own = ++s.stamp;
      for (const q of reachOf(c)) mark[q] = own;
      const rest = cells.filter((q) => mark[q] !== own);
      const other = rest.length ? replacement(rest, (o) => accept([c, o])) : undefined;
      if (other !== undefined) return [c, other];
    }
    return undefined;
  };

  return { replacement, twoFor };
}

/** The box of the cells' points: x0, y0, x1, y1. */
function boxOf(grid: RoomGrid, cells: readonly number[]): [number, number, number, number] {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const c of cells) {
    x0 = Math.min(x0, grid.repX[c]!);
    y0 = Math.min(y0, grid.repY[c]!);
    x1 = Math.max(x1, grid.repX[c]!);
    y1 = Math.max(y1, grid.repY[c]!);
  }
  return [x0, y0, x1, y1];
}

/** The convex hull of points (Andrew's monotone chain), its corners. */
function convexHull(points: [number, number][]): [number, number][] {
  if (points.length <= 2) return points;
  const sorted = [...points].sort((p, q) => p[0] - q[0] || p[1] - q[1]);
  const cross = (o: [number, number], a: [number, number], b: [number, number]) =>
    (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: [number, number][] = [];
  for (const p of sorted) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: [number, number][] = [];
  for (let i = sorted.length - 1; i >= 0; i--) {
    const p = sorted[i]!;
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 0) upper.pop();
    upper.push(p);
  }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)];
}
