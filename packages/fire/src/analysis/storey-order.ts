import type { Arch, Storey } from '@edrf/model';

/**
 * How the engine reads a building's storeys, in one place: indexBuilding, the units page's storey-scoped analysis and
 * its merging all take storeys in this order and rooms by this owner, so that a scoped answer is the whole one's part.
 */

/** The engine's order of storeys: by floor height, then number (a stable sort keeps the model's order on ties). */
export const compareStoreys = (a: Storey, b: Storey): number => a.height.min_z - b.height.min_z || a.number - b.number;

interface StoreyIndex {
  order: Storey[];
  owner: Map<string, string>;
}

/** Kept per architecture, which the page's store never mutates (edits of units keep the same one). */
const indexes = new WeakMap<Arch, StoreyIndex>();
function storeyIndex(arch: Arch): StoreyIndex {
  let index = indexes.get(arch);
  if (!index) {
    const order = Object.values(arch.storeys).sort(compareStoreys);
    const owner = new Map<string, string>();
    for (const storey of order) for (const id of storey.rooms) if (arch.rooms[id] && !owner.has(id)) owner.set(id, storey.id);
    indexes.set(arch, (index = { order, owner }));
  }
  return index;
}

/** The storeys in compareStoreys' order, kept per architecture (for the page: an architecture the store never mutates). Do not mutate. */
export const storeyOrder = (arch: Arch): readonly Storey[] => storeyIndex(arch).order;

/** Each listed room's storey for the engine: the first storey in order that lists it (a room listed twice is that one's). */
export const roomStoreys = (arch: Arch): ReadonlyMap<string, string> => storeyIndex(arch).owner;
