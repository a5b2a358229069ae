import type { Fields } from './fields.js';
import type { RoomGrid } from './grid.js';

/** Candidate sites stand this far apart at most, as a share of the radius: fine enough to find a room's pockets. */
const CANDIDATE_SPACING = 1 / 6;

/**
 * Sites that reach every cell any feasible site reaches, few of them: greedy set cover over candidate sites on a
 * sub-lattice of the feasible cells (each time the site reaching most cells not yet reached), then every site whose
 * cells the others reach dropped. In a room of pockets and alcoves this finds what the Lloyd spreading of cover.ts,
 * which starts from an even split of the area, cannot: a unit at each pocket's mouth. Distances as cover.ts measures
 * them (inside the room, with each cell's margin).
 */
export function greedySites(grid: RoomGrid, fields: Fields, feasible: Uint8Array, fixed: readonly number[], extra: number): number[] {
  const radius = fields.radius;
  const step = Math.max(1, Math.round((radius * CANDIDATE_SPACING) / grid.h));
  const candidates: number[] = [];
  for (const c of grid.cells) {
    if (!feasible[c]) continue;
    const i = c % grid.nx;
    const j = (c - i) / grid.nx;
    if (i % step === 0 && j % step === 0) candidates.push(c);
  }
  const reached = (site: number): number[] => {
    const f = fields.from(site);
    const out: number[] = [];
    for (let k = 0; k < f.cells.length; k++) if (f.dist[k]! + grid.margin[f.cells[k]!]! + extra <= radius) out.push(f.cells[k]!);
    return out;
  };
  const covered = new Uint8Array(grid.state.length);
  const reach = new Map<number, number[]>();
  const reachOf = (site: number) => {
    let r = reach.get(site);
    if (!r) reach.set(site, (r = reached(site)));
    return r;
  };
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
