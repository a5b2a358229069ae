import { SECTION_PALETTE } from '@edrf/model';

/**
 * Palette colours for sections so that neighbours differ (issue 24): greedy colouring, most-connected first, each
 * taking the least used of the 8 pairs that no coloured neighbour has. Sections already coloured (`fixed`) keep
 * theirs. Room graphs of a storey are near-planar, so 8 colours are nearly always enough; when not, the least used.
 */
export function paletteIndices(neighbours: readonly (readonly number[])[], fixed: ReadonlyMap<number, number>): number[] {
  const colour = new Map(fixed);
  const order = neighbours.map((_, i) => i).filter((i) => !colour.has(i));
  order.sort((a, b) => neighbours[b]!.length - neighbours[a]!.length || a - b);
  const uses = SECTION_PALETTE.map((_, c) => [...colour.values()].filter((v) => v === c).length);
  for (const i of order) {
    const taken = new Set(neighbours[i]!.map((j) => colour.get(j)).filter((c) => c !== undefined));
    // Of the pairs no neighbour has (all of them when none is free), the least used so far: the plan gets variety.
    const free = SECTION_PALETTE.map((_, c) => c).filter((c) => !taken.has(c));
    const pool = free.length > 0 ? free : SECTION_PALETTE.map((_, c) => c);
    const pick = pool.reduce((best, c) => (uses[c]! < uses[best]! ? c : best));
    uses[pick]!++;
    colour.set(i, pick);
  }
  return neighbours.map((_, i) => colour.get(i) ?? 0);
}

/** The palette index of a colour pair, or -1 for a colour of the user's own. */
export const paletteIndexOf = (color: string): number =>
  SECTION_PALETTE.findIndex((pair) => pair.color.toLowerCase() === color.toLowerCase());
