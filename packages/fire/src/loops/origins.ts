import type { Fire, RackUnit } from '@edrf/model';
import { startVoltage } from '../electrical/voltage-drop.js';

/** Where a central's loops start and end (its rack, or a rack when no rack holds a central), and what the central can take. */
export interface Origin {
  id: string;
  rack: RackUnit;
  /** Loops the central can drive: its product's built-in routes plus its fitted Route extensions (at least 1). */
  capacity: number;
  maxUnits: number;
  startVoltage: number;
  /** A, what the central draws itself; Ah of its built-in supply's battery (null: none configured). */
  ownCurrent: number;
  battery: number | null;
  /** The central product's per-loop limits (null: not checked) and its isolators. */
  maxLoopCurrent: number | null;
  maxLoopResistance: number | null;
  maxLoopLength: number | null;
  isolatorResistance: number;
  isolatorsCountAsUnits: boolean;
}

const NO_LIMITS = {
  maxLoopCurrent: null,
  maxLoopResistance: null,
  maxLoopLength: null,
  isolatorResistance: 0,
  isolatorsCountAsUnits: false,
} as const;

/** The centrals in racks, the main one first; without any, every rack (so the design can be seen before a central is added). */
export function loopOrigins(fire: Fire): Origin[] {
  const { products, cabling } = fire.config;
  const racks = fire.units.racks;
  const list = Object.values(fire.connections.centrals)
    .filter((c) => racks[c.rack_id])
    .sort((a, b) => Number(b.main_central) - Number(a.main_central) || a.id.localeCompare(b.id))
    .map((central): Origin => {
      const product = products.centrals.find((p) => p.id === central.product_id);
      const routePorts = (product?.extension_ports ?? []).filter(
        (kind, k) => (kind === 'Route' || kind === 'Any') && (central.extensions[k] ?? '') !== '',
      );
      return {
        id: central.id,
        rack: racks[central.rack_id]!,
        capacity: Math.max(1, (product?.builtin.num_routes ?? 1) + routePorts.length),
        maxUnits: Math.min(cabling.route_max_units, product?.route_max_units ?? Infinity),
        startVoltage: startVoltage(product?.voltage_output[0] ?? 0, cabling.start_voltage_margin),
        ownCurrent: (product?.milliamperes ?? 0) / 1000,
        battery: product?.builtin_psu && product.builtin_psu.ampere_hours > 0 ? product.builtin_psu.ampere_hours : null,
        maxLoopCurrent: product?.max_loop_milliamperes == null ? null : product.max_loop_milliamperes / 1000,
        maxLoopResistance: product?.max_loop_ohms ?? null,
        maxLoopLength: product?.max_loop_metres ?? null,
        isolatorResistance: product?.isolator_ohms ?? 0,
        isolatorsCountAsUnits: product?.isolators_count_as_units ?? false,
      };
    });
  if (list.length > 0) return list;
  return Object.values(racks).map((rack) => ({
    id: rack.id,
    rack,
    capacity: 1,
    maxUnits: cabling.route_max_units,
    startVoltage: 0,
    ownCurrent: 0,
    battery: null,
    ...NO_LIMITS,
  }));
}

/**
 * Each unit's central (issue 26): all the units of a section to one central, the one nearest them in sum among the
 * centrals their part of the building joins (`joined`, one list per part), so a section's loops start at one rack;
 * units in no section each to their nearest. Nearest unit by unit split the generated building's sections over 3–9
 * centrals, each piece a loop's worth of legs to its own rack. `dist` is the distance a loop is ordered on.
 */
export function assignCentrals<U extends { sectionId: string }>(
  units: readonly U[],
  joined: (unit: U) => readonly Origin[],
  dist: (unit: U, origin: Origin) => number,
): Map<U, Origin> {
  const out = new Map<U, Origin>();
  // A section's units per part of the building (named by its centrals).
  const groups = new Map<string, { among: readonly Origin[]; bySection: Map<string, U[]> }>();
  for (const u of units) {
    const among = joined(u);
    if (u.sectionId === '') {
      out.set(
        u,
        nearestBy(among, (o) => dist(u, o)),
      );
      continue;
    }
    const key = among.map((o) => o.id).join('\n');
    const group = groups.get(key) ?? { among, bySection: new Map<string, U[]>() };
    groups.set(key, group);
    const list = group.bySection.get(u.sectionId);
    if (list) list.push(u);
    else group.bySection.set(u.sectionId, [u]);
  }
  for (const { among, bySection } of groups.values())
    for (const list of bySection.values()) {
      const best = nearestBy(among, (o) => list.reduce((s, u) => s + dist(u, o), 0));
      for (const u of list) out.set(u, best);
    }
  return out;
}

/** The origin of least cost, the first on ties. */
function nearestBy(among: readonly Origin[], cost: (o: Origin) => number): Origin {
  let best = among[0]!;
  let least = Infinity;
  for (const o of among) {
    const c = cost(o);
    if (c < least) [best, least] = [o, c];
  }
  return best;
}
