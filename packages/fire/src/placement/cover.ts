import { INTERIOR, type RoomGrid } from './grid.js';
import { assignParts, balanceParts } from './parts.js';
import { SightFields } from './sight-fields.js';

export interface CoverOptions {
  /** Every point of the room within this distance of a unit (measured inside the room). */
  radius: number;
  /** No unit stands for more than this area (m²); Infinity for none. */
  maxArea: number;
  /** Cells where a new unit may stand. */
  feasible: Uint8Array;
  /** Cells of units already placed: kept where they are, and counted. */
  fixed: readonly number[];
  /** How many units to start from (a lower bound). */
  minCount: number;
  /** Cells to start the new units from (greedy-cover.ts), instead of an even split of the area. */
  seeds?: readonly number[];
  /** Never more units than this (fixed ones included): the cover gives up (not ok) where it would add one more. */
  most?: number;
  /** The room's distances, shared with the other steps of its placement. */
  fields?: SightFields;
}

export interface Cover {
  /** Cells of the units: the fixed ones first, in order, then the new ones. */
  sites: number[];
  /** Power-diagram weights of the sites (m²): a site's part of the room is where |x - s|² - w is least. */
  weights: number[];
  /** Area each site stands for. */
  areas: number[];
  /** Cells no site covers (0 when the rules are met). */
  uncovered: number;
  /** Whether every cell is covered and no site stands for more than maxArea. */
  ok: boolean;
}

const PATIENCE = 14;
const MAX_ITERATIONS = 4000;

/**
 * Places units in a room so that every cell is within the radius of one (allowing for each cell's
 * margin) and no unit's part of the room is larger than maxArea, with few units: start from the
 * lower bound, spread the units by capacity-constrained Lloyd iterations (each unit's part is its
 * power-diagram cell, weights balance the areas, units move to their part's centroid within the
 * feasible cells), and add a unit where the rules are still broken after a while.
 */
export function coverRoom(grid: RoomGrid, opts: CoverOptions): Cover {
  const fields = opts.fields ?? new SightFields(grid, opts.radius);
  const nearest = nearestFeasible(grid, opts.feasible);
  const anyFeasible = nearest.some((c) => c >= 0);
  const fixedCount = opts.fixed.length;
  const sites = [...opts.fixed];
  if (anyFeasible) {
    const wanted = Math.max(opts.minCount - fixedCount, fixedCount === 0 ? 1 : 0);
    const seeds = opts.seeds ?? [];
    for (const c of [...seeds, ...seed(grid, wanted - seeds.length)]) sites.push(snap(grid, nearest, c));
  }
  const weights = sites.map(() => 0);
  const cellCount = grid.cells.length;
  const owner = new Int32Array(grid.state.length);
  const key = new Float64Array(grid.state.length);
  let best: Cover | undefined;
  let lastChange = 0;

  const assign = () => assignParts(grid, fields, sites, weights, owner, key);

  // Seeds that reach every cell (a set cover, thin-out.ts) but leave a unit standing for too much: the weights alone
  // first, the units staying where they are, so that every cell stays reached while the areas even out.
  if (opts.seeds) {
    const balanced = balanceParts(grid, fields, sites, opts.maxArea);
    if (balanced) return { sites: [...sites], weights: balanced.weights, areas: balanced.areas, uncovered: 0, ok: true };
  }
  for (let iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
    const { areas, uncovered } = assign();
    const largest = Math.max(0, ...areas);
    const ok = uncovered === 0 && largest <= opts.maxArea * (1 + 1e-9);
    if (ok || !best || uncovered < best.uncovered) best = { sites: [...sites], weights: [...weights], areas, uncovered, ok };
    if (ok || !anyFeasible || sites.length > Math.min(cellCount, 4 * Math.max(1, opts.minCount) + 10)) break;
    if (iteration - lastChange >= PATIENCE) {
      if (sites.length >= (opts.most ?? Infinity)) break;
      sites.push(snap(grid, nearest, uncovered > 0 ? worstUncovered(grid, owner, sites) : splitPoint(grid, owner, areas)));
      weights.push(weights.reduce((a, b) => a + b, 0) / weights.length || 0);
      lastChange = iteration;
      continue;
    }
    // Balance the areas: a unit standing for too much gives up some of its part.
    const target = Math.min(opts.maxArea, grid.area / sites.length);
    if (Number.isFinite(opts.maxArea)) {
      for (let s = 0; s < sites.length; s++) weights[s]! += 0.5 * (target - areas[s]!);
    }
    moveToCentroids(grid, owner, sites, fixedCount, nearest);
  }
  return best!;
}

/** Moves each new site to the centroid of its part, kept on a feasible cell. */
function moveToCentroids(grid: RoomGrid, owner: Int32Array, sites: number[], fixedCount: number, nearest: Int32Array): void {
  const sx = new Float64Array(sites.length);
  const sy = new Float64Array(sites.length);
  const sw = new Float64Array(sites.length);
  const floor = grid.h * grid.h * 0.25;
  for (const c of grid.cells) {
    const s = owner[c]!;
    if (s < 0) continue;
    const w = grid.weight[c]! || floor;
    sx[s] = sx[s]! + grid.repX[c]! * w;
    sy[s] = sy[s]! + grid.repY[c]! * w;
    sw[s] = sw[s]! + w;
  }
  for (let s = fixedCount; s < sites.length; s++) {
    if (sw[s]! <= 0) continue;
    sites[s] = snap(grid, nearest, cellAt(grid, sx[s]! / sw[s]!, sy[s]! / sw[s]!));
  }
}

export function cellAt(grid: RoomGrid, x: number, y: number): number {
  const i = Math.min(grid.nx - 1, Math.max(0, Math.floor((x - grid.x0) / grid.h)));
  const j = Math.min(grid.ny - 1, Math.max(0, Math.floor((y - grid.y0) / grid.h)));
  return i + j * grid.nx;
}

function snap(grid: RoomGrid, nearest: Int32Array, cell: number): number {
  const n = nearest[cell]!;
  return n >= 0 ? n : cell;
}

/** For every grid index, a feasible cell near it (breadth-first from all feasible cells). */
export function nearestFeasible(grid: RoomGrid, feasible: Uint8Array): Int32Array {
  const total = grid.state.length;
  const nearest = new Int32Array(total).fill(-1);
  const queue = new Int32Array(total);
  let head = 0;
  let tail = 0;
  for (let c = 0; c < total; c++) {
    if (feasible[c]) {
      nearest[c] = c;
      queue[tail++] = c;
    }
  }
  while (head < tail) {
    const c = queue[head++]!;
    const i = c % grid.nx;
    const j = (c - i) / grid.nx;
    const from = nearest[c]!;
    for (const n of [i > 0 ? c - 1 : -1, i < grid.nx - 1 ? c + 1 : -1, j > 0 ? c - grid.nx : -1, j < grid.ny - 1 ? c + grid.nx : -1]) {
      if (n >= 0 && nearest[n]! < 0) {
        nearest[n] = from;
        queue[tail++] = n;
      }
    }
  }
  return nearest;
}

/** Starting cells for n units: the room's cells split recursively into n parts of equal area, one unit at each part's middle. */
function seed(grid: RoomGrid, n: number): number[] {
  if (n <= 0) return [];
  const cells = Array.from(grid.cells).filter((c) => grid.state[c] === INTERIOR);
  const all = cells.length ? cells : Array.from(grid.cells);
  const out: number[] = [];
  const split = (part: number[], k: number) => {
    if (k === 1 || part.length <= 1) {
      let x = 0;
      let y = 0;
      for (const c of part) {
        x += grid.repX[c]!;
        y += grid.repY[c]!;
      }
      const centre = part.length ? cellAt(grid, x / part.length, y / part.length) : all[0]!;
      for (let i = 0; i < k; i++) out.push(centre);
      return;
    }
    let minX = Infinity;
    let maxX = -Infinity;
    let minY = Infinity;
    let maxY = -Infinity;
    for (const c of part) {
      minX = Math.min(minX, grid.repX[c]!);
      maxX = Math.max(maxX, grid.repX[c]!);
      minY = Math.min(minY, grid.repY[c]!);
      maxY = Math.max(maxY, grid.repY[c]!);
    }
    const alongX = maxX - minX >= maxY - minY;
    const coord = alongX ? grid.repX : grid.repY;
    part.sort((a, b) => coord[a]! - coord[b]!);
    const k1 = Math.floor(k / 2);
    const at = Math.round((part.length * k1) / k);
    split(part.slice(0, at), k1);
    split(part.slice(at), k - k1);
  };
  split(all, n);
  return out;
}

/** The uncovered cell farthest from every site: where a new unit helps most. */
function worstUncovered(grid: RoomGrid, owner: Int32Array, sites: readonly number[]): number {
  let best = -1;
  let bestDistance = -1;
  let seen = 0;
  const stride = Math.max(1, Math.floor(grid.cells.length / 20000));
  for (let k = 0; k < grid.cells.length; k += 1) {
    const c = grid.cells[k]!;
    if (owner[c]! >= 0) continue;
    if (seen++ % stride !== 0) continue;
    let d = Infinity;
    for (const s of sites) d = Math.min(d, Math.hypot(grid.repX[c]! - grid.repX[s]!, grid.repY[c]! - grid.repY[s]!));
    if (d > bestDistance) {
      bestDistance = d;
      best = c;
    }
  }
  return best;
}

/** A cell in the part of the site that stands for the largest area, away from that site. */
function splitPoint(grid: RoomGrid, owner: Int32Array, areas: readonly number[]): number {
  let largest = 0;
  areas.forEach((a, s) => {
    if (a > areas[largest]!) largest = s;
  });
  let far = -1;
  let farDistance = -1;
  let cx = 0;
  let cy = 0;
  let n = 0;
  for (const c of grid.cells) {
    if (owner[c] !== largest) continue;
    cx += grid.repX[c]!;
    cy += grid.repY[c]!;
    n++;
  }
  cx /= n || 1;
  cy /= n || 1;
  for (const c of grid.cells) {
    if (owner[c] !== largest) continue;
    const d = Math.hypot(grid.repX[c]! - cx, grid.repY[c]! - cy);
    if (d > farDistance) {
      farDistance = d;
      far = c;
    }
  }
  return far >= 0 ? far : grid.cells[0]!;
}
