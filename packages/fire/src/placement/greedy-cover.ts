import type { RoomGrid } from './grid.js';
import type { SightFields } from './sight-fields.js';

/** Candidate sites stand this far apart at most, as a share of the radius: fine enough to find a room's pockets. */
const CANDIDATE_SPACING = 1 / 6;

/** The feasible cells on a sub-lattice of the grid about CANDIDATE_SPACING × radius apart. */
export function candidateSites(grid: RoomGrid, feasible: Uint8Array, radius: number): number[] {
  const step = Math.max(1, Math.round((radius * CANDIDATE_SPACING) / grid.h));
  const out: number[] = [];
  for (const c of grid.cells) {
    if (!feasible[c]) continue;
    const i = c % grid.nx;
    const j = (c - i) / grid.nx;
    if (i % step === 0 && j % step === 0) out.push(c);
  }
  return out;
}

/**
 * Sites that reach every cell any feasible site reaches, few of them: greedy set cover over candidate sites on a
 * sub-lattice of the feasible cells (each time the site reaching most cells not yet reached), then every site whose
 * cells the others reach dropped. In a room of pockets and alcoves this finds what the Lloyd spreading of cover.ts,
 * which starts from an even split of the area, cannot: a unit at each pocket's mouth. Distances as cover.ts measures
 * them (inside the room, with each cell's slack).
 */
export function greedySites(grid: RoomGrid, fields: SightFields, feasible: Uint8Array, fixed: readonly number[]): number[] {
  const candidates = candidateSites(grid, feasible, fields.radius);
  const covered = new Uint8Array(grid.state.length);
  const reachOf = (site: number) => fields.reached(site);
  for (const s of fixed) for (const c of reachOf(s)) covered[c] = 1;
  // Lazy greedy: a candidate's gain only falls as others are chosen, so a stale gain is an upper bound.
  const gain = candidates.map((s) => reachOf(s).length);
  const chosen: number[] = [];
  for (;;) {
    let best = -1;
    for (;;) {
      best = -1;
      for (let k = 0; k < candidates.length; k++) if (gain[k]! > 0 && (best < 0 || gain[k]! > gain[best]!)) best = k;
      if (best < 0) break;
      const fresh = reachOf(candidates[best]!).reduce((n, c) => n + (covered[c] ? 0 : 1), 0);
      if (fresh === gain[best]) break;
      gain[best] = fresh;
    }
    if (best < 0) break;
    const site = candidates[best]!;
    chosen.push(site);
    gain[best] = 0;
    for (const c of reachOf(site)) covered[c] = 1;
  }
  // A cell no candidate reaches (a pocket whose mouth falls between the lattice's places): the feasible cell nearest it
  // that reaches it, tried nearest first.
  for (const u of grid.cells) {
    if (covered[u]) continue;
    const site = nearestReaching(grid, fields, feasible, u);
    if (site === undefined) continue;
    chosen.push(site);
    for (const c of reachOf(site)) covered[c] = 1;
  }
  // Drop a site whose every cell another site reaches (the later ones first: the greedy's last picks add least).
  const count = new Uint16Array(grid.state.length);
  for (const s of [...fixed, ...chosen]) for (const c of reachOf(s)) count[c]!++;
  const kept: number[] = [];
  for (let k = chosen.length - 1; k >= 0; k--) {
    const cells = reachOf(chosen[k]!);
    if (cells.every((c) => count[c]! > 1)) for (const c of cells) count[c]!--;
    else kept.push(chosen[k]!);
  }
  return kept.reverse();
}

/** How many feasible cells nearest a cell no candidate reaches are tried for one that reaches it. */
const NEAREST_TRIES = 16;

/** Of the feasible cells within the radius of `cell` in a straight line, the nearest that reaches it (a few tried). */
function nearestReaching(grid: RoomGrid, fields: SightFields, feasible: Uint8Array, cell: number): number | undefined {
  const radius = fields.radius;
  const [x, y] = [grid.repX[cell]!, grid.repY[cell]!];
  const i0 = Math.max(0, Math.floor((x - radius - grid.x0) / grid.h));
  const i1 = Math.min(grid.nx - 1, Math.floor((x + radius - grid.x0) / grid.h));
  const j0 = Math.max(0, Math.floor((y - radius - grid.y0) / grid.h));
  const j1 = Math.min(grid.ny - 1, Math.floor((y + radius - grid.y0) / grid.h));
  const near: { c: number; d: number }[] = [];
  for (let j = j0; j <= j1; j++)
    for (let i = i0; i <= i1; i++) {
      const c = i + j * grid.nx;
      if (!feasible[c]) continue;
      const d = Math.hypot(grid.repX[c]! - x, grid.repY[c]! - y);
      if (d <= radius) near.push({ c, d });
    }
  near.sort((a, b) => a.d - b.d);
  return near.slice(0, NEAREST_TRIES).find(({ c }) => fields.reached(c).includes(cell))?.c;
}
