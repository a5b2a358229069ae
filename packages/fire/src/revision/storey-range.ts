import type { Arch } from '@edrf/model';
import { storeyOrder } from '../analysis/storey-order.js';

/**
 * The storeys from the lowest to the highest of `ids` in the engine's order (every storey between them too): the
 * routing graph links each storey to the next of its building, so a graph of a run of storeys is, on those storeys,
 * the graph of the whole building. A re-route reads them, not the building (issue 40: work proportional to the change).
 */
export function storeyRun(arch: Arch, ids: Iterable<string>): Set<string> {
  const order = storeyOrder(arch);
  const wanted = new Set(ids);
  const places = order.flatMap((s, k) => (wanted.has(s.id) ? [k] : []));
  if (places.length === 0) return new Set();
  return new Set(order.slice(Math.min(...places), Math.max(...places) + 1).map((s) => s.id));
}

/**
 * The architecture with only these storeys and their rooms (their buildings' lists cut to them); doors, walls and the
 * rest stay, read through the storeys.
 */
export function withStoreys(arch: Arch, ids: ReadonlySet<string>): Arch {
  if (ids.size === Object.keys(arch.storeys).length) return arch;
  const storeys = Object.values(arch.storeys).filter((s) => ids.has(s.id));
  return {
    ...arch,
    storeys: Object.fromEntries(storeys.map((s) => [s.id, s])),
    rooms: Object.fromEntries(storeys.flatMap((s) => s.rooms.flatMap((id) => (arch.rooms[id] ? [[id, arch.rooms[id]] as const] : [])))),
    buildings: Object.fromEntries(
      Object.entries(arch.buildings).map(([id, b]) => [id, { ...b, storeys: b.storeys.filter((s) => ids.has(s)) }]),
    ),
  };
}
