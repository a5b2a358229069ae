import { SECTION_PALETTE } from '@edrf/model';

/**
 * Palette colours for sections so that neighbours differ (issue 24): greedy colouring, most-connected first, each
 * taking the first pair of the 8 that no coloured neighbour has. Sections already coloured (`fixed`) keep theirs.
 * Room graphs of a storey are near-planar, so 8 colours are nearly always enough; when not, the least used is reused.
 */
export function paletteIndices(neighbours: readonly (readonly number[])[], fixed: ReadonlyMap<number, number>): number[] {
  const colour = new Map(fixed);
  const order = neighbours.map((_, i) => i).filter((i) => !colour.has(i));
  order.sort((a, b) => neighbours[b]!.length - neighbours[a]!.length || a - b);
  for (const i of order) {
    const taken = new Set(neighbours[i]!.map((j) => colour.get(j)).filter((c) => c !== undefined));
    let pick = SECTION_PALETTE.findIndex((_, c) => !taken.has(c));
    if (pick < 0) {
      const uses = SECTION_PALETTE.map((_, c) => [...colour.values()].filter((v) => v === c).length);
      pick = uses.indexOf(Math.min(...uses));
    }
    colour.set(i, pick);
  }
  return neighbours.map((_, i) => colour.get(i) ?? 0);
}

/** The palette index of a colour pair, or -1 for a colour of the user's own. */
export const paletteIndexOf = (color: string): number =>
  SECTION_PALETTE.findIndex((pair) => pair.color.toLowerCase() === color.toLowerCase());
