import { ringArea, ringIsConvex, type Pt, type Ring } from '../geometry/ring.js';
import { cellAt } from '../placement/cover.js';
import { Fields } from '../placement/fields.js';
import { buildGrid, cellSizeFor, type RoomGrid } from '../placement/grid.js';

/** Cells no finer than this for sounders (m): a 15 m range needs no detector's 0.1 m, and fields cost by the cell. */
const SOUNDER_CELL = 0.4;

/**
 * Which parts of a room sounders reach: every point within `range` of one, measured inside the room (round corners in
 * an L; straight in a convex room). The room's grid (placement/grid.ts) stands for its points; a sounder measures from
 * the cell it stands in. The check reads `range`; the design places by `range` less a cell, so that what it places
 * passes the check and the points between the cells are reached too.
 */
export class SirenReach {
  private grid: RoomGrid | undefined;
  private fields: Fields | undefined;
  private readonly convex: boolean;

  constructor(
    private readonly rings: readonly Ring[],
    readonly range: number,
  ) {
    this.convex = rings.length === 1 && ringIsConvex(rings[0]!);
  }

  /** In a convex room the farthest point from a sounder is a corner: one reaching every corner reaches all of it. */
  reachesAll(at: Pt, radius = this.range): boolean {
    return this.convex && this.rings[0]!.every((p) => Math.hypot(p[0] - at[0], p[1] - at[1]) <= radius + 1e-9);
  }

  private built(): { grid: RoomGrid; fields: Fields } {
    this.grid ??= buildGrid(this.rings, Math.max(SOUNDER_CELL, cellSizeFor(roomArea(this.rings), this.convex)));
    this.fields ??= new Fields(this.grid, this.range);
    return { grid: this.grid, fields: this.fields };
  }

  /** The design's radius: the range less a cell. */
  get designRadius(): number {
    return this.range - this.built().grid.h;
  }

  /** The room's cells no sounder at `sites` reaches within `radius` (none when one reaches all of a convex room). */
  unreached(sites: readonly Pt[], radius = this.range): Set<number> {
    if (sites.some((s) => this.reachesAll(s, radius))) return new Set();
    const { grid } = this.built();
    const left = new Set<number>(grid.cells);
    for (const s of sites) for (const c of this.reached(s, radius)) left.delete(c);
    return left;
  }

  /** The cells a sounder at `at` reaches within `radius`. */
  reached(at: Pt, radius: number): number[] {
    const { grid, fields } = this.built();
    const site = cellAt(grid, at[0], at[1]);
    if (!grid.state[site]) return [];
    const field = fields.from(site);
    const out: number[] = [];
    for (let k = 0; k < field.cells.length; k++) if (field.dist[k]! <= radius + 1e-9) out.push(field.cells[k]!);
    return out;
  }

  /**
   * Sounders from `candidates` (in order of preference) until `left` is reached: each time the one reaching most of
   * what is left, the earlier on a tie (greedy set cover). Answers the indices taken, and whether all was reached.
   */
  cover(candidates: readonly Pt[], left: Set<number>): { taken: number[]; ok: boolean } {
    const radius = this.designRadius;
    // Reaches are measured lazily, best candidates first: one reaching all that is left ends the round (most rooms
    // need one sounder, and a field inside an irregular room is the costly part).
    const reach: (number[] | undefined)[] = candidates.map(() => undefined);
    const reachOf = (i: number) => (reach[i] ??= this.reached(candidates[i]!, radius));
    const taken: number[] = [];
    if (left.size === 0) return { taken, ok: true };
    const { grid } = this.built();
    // What is left as a mask over the grid's cells (each round counts every candidate's cells in it).
    const mask = new Uint8Array(grid.state.length);
    for (const c of left) mask[c] = 1;
    let size = left.size;
    while (size > 0) {
      let best = -1;
      let bestCount = 0;
      for (let i = 0; i < candidates.length && bestCount < size; i++) {
        let count = 0;
        for (const c of reachOf(i)) count += mask[c]!;
        if (count > bestCount) [best, bestCount] = [i, count];
      }
      if (best < 0) return { taken, ok: false };
      taken.push(best);
      for (const c of reachOf(best)) {
        if (mask[c]) size--;
        mask[c] = 0;
        left.delete(c);
      }
    }
    return { taken, ok: true };
  }
}

const roomArea = (rings: readonly Ring[]) => Math.abs(ringArea(rings[0]!)) - rings.slice(1).reduce((s, r) => s + Math.abs(ringArea(r)), 0);
