import type { Fire, Route } from '@edrf/model';
import type { Pt } from '../geometry/ring.js';
import { LOOP_OTHER_TYPES } from '../loops/loop-units.js';

/** The unit groups that take an address on a loop (detectors, sounders, call points, I/O units, the loop's other units). */
export const ADDRESSED_GROUPS = ['detectors', 'sirens', 'buttons', 'ios', 'others'] as const;

/** Rows of the serpentine sweep are this deep (about two detector spacings): a short walk from one unit to the next. */
export const SWEEP_ROW = 10;

export interface AddressedUnit {
  id: string;
  at: Pt;
}

/** The order units are met along the loops: each route's slices and nodes in turn (routes by id), first meeting counts. */
export function cableOrder(routes: Readonly<Record<string, Route>>): Map<string, number> {
  const order = new Map<string, number>();
  for (const route of Object.values(routes).sort((a, b) => a.id.localeCompare(b.id)))
    for (const slice of route.slices)
      for (const node of slice.nodes) if (node.unit_id && !order.has(node.unit_id)) order.set(node.unit_id, order.size);
  return order;
}

/**
 * A serpentine sweep: rows SWEEP_ROW deep across the longer side of the units' extent, walked alternately
 * forwards and backwards, so that consecutive addresses stand near each other.
 */
export function sweepOrder(units: readonly AddressedUnit[]): AddressedUnit[] {
  if (units.length === 0) return [];
  const xs = units.map((u) => u.at[0]);
  const ys = units.map((u) => u.at[1]);
  const wide = Math.max(...xs) - Math.min(...xs) >= Math.max(...ys) - Math.min(...ys);
  // Rows run along the longer side; they are stacked across the shorter one, from the top (largest y) or the left.
  const along = (u: AddressedUnit) => (wide ? u.at[0] : u.at[1]);
  const across = (u: AddressedUnit) => (wide ? Math.max(...ys) - u.at[1] : u.at[0] - Math.min(...xs));
  const row = (u: AddressedUnit) => Math.floor(across(u) / SWEEP_ROW);
  return [...units].sort((a, b) => {
    const ra = row(a);
    const rb = row(b);
    if (ra !== rb) return ra - rb;
    const forward = ra % 2 === 0 ? 1 : -1;
    return forward * (along(a) - along(b)) || a.id.localeCompare(b.id);
  });
}

/**
 * The addresses of a section's units: positive integers, unique in the section. Units on a loop come first in
 * cable order, the others by the sweep. Kept addresses stay (unless renumbering); the rest get the lowest unused
 * numbers in that order.
 */
export function sectionAddresses(
  units: readonly AddressedUnit[],
  kept: Readonly<Record<string, number>>,
  cable: ReadonlyMap<string, number>,
  renumber: boolean,
): Record<string, number> {
  const onLoop = units.filter((u) => cable.has(u.id)).sort((a, b) => cable.get(a.id)! - cable.get(b.id)!);
  const ordered = [...onLoop, ...sweepOrder(units.filter((u) => !cable.has(u.id)))];
  const addresses: Record<string, number> = {};
  const used = new Set<number>();
  if (!renumber)
    for (const unit of ordered) {
      const address = kept[unit.id];
      if (address !== undefined && Number.isInteger(address) && address > 0 && !used.has(address)) {
        addresses[unit.id] = address;
        used.add(address);
      }
    }
  let next = 1;
  for (const unit of ordered) {
    if (addresses[unit.id] !== undefined) continue;
    while (used.has(next)) next++;
    addresses[unit.id] = next;
    used.add(next);
  }
  return addresses;
}

/** A unit that takes an address: its group, storey, plan point and, for a call point, its door ('' if none). */
export interface AddressableUnit {
  id: string;
  group: (typeof ADDRESSED_GROUPS)[number];
  storeyId: string;
  at: Pt;
  doorId: string;
}

/**
 * Every unit that takes a loop address (the loops' own list, loops/loop-units.ts): detectors, sirens but those whose
 * product is neither addressable nor socketed (a conventional sounder hangs on a sounder circuit), call points, I/O
 * units and the loop's other units (LOOP_OTHER_TYPES).
 */
export function addressedUnits(fire: Fire): AddressableUnit[] {
  const base = (group: AddressableUnit['group'], u: { id: string; storey_id: string; coord: readonly number[] }, doorId = '') => ({
    id: u.id,
    group,
    storeyId: u.storey_id,
    at: [u.coord[0]!, u.coord[1]!] as Pt,
    doorId,
  });
  const sirenProducts = new Map(fire.config.products.sirens.map((p) => [p.id, p]));
  const addressable = (productId: string) => {
    const product = sirenProducts.get(productId);
    return !product || product.addressable || product.detector_socket;
  };
  return [
    ...Object.values(fire.units.detectors).map((u) => base('detectors', u)),
    ...Object.values(fire.units.sirens)
      .filter((u) => addressable(u.product_id))
      .map((u) => base('sirens', u)),
    ...Object.values(fire.units.buttons).map((u) => base('buttons', u, u.door_id)),
    ...Object.values(fire.units.ios).map((u) => base('ios', u)),
    ...Object.values(fire.units.others)
      .filter((u) => LOOP_OTHER_TYPES.includes(u.unit_type))
      .map((u) => base('others', u)),
  ];
}
