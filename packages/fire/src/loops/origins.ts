import type { Fire, RackUnit } from '@edrf/model';
import { startVoltage } from '../electrical/voltage-drop.js';

/** Where a central's loops start and end (its rack, or a rack when no rack holds a central), and what the central can take. */
export interface Origin {
  id: string;
  rack: RackUnit;
  /** Loops the central can drive: its product's built-in routes plus those of its fitted Route extensions (at least 1). */
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
      // A fitted Route (or Any) extension drives the loops its product says (the catalogue's loop card: 2); one whose
      // product says none or is not in the list, one, as a Route card; a card of another kind in an Any port, none.
      const extensionRoutes = (product?.extension_ports ?? []).reduce((sum, kind, k) => {
        const id = central.extensions[k] ?? '';
        if (id === '' || (kind !== 'Route' && kind !== 'Any')) return sum;
        const extension = products.central_extensions.find((e) => e.id === id);
        if (extension && extension.properties.num_routes > 0) return sum + extension.properties.num_routes;
        return sum + (extension && extension.port !== 'Route' && extension.port !== 'Any' ? 0 : 1);
      }, 0);
      return {
        id: central.id,
        rack: racks[central.rack_id]!,
        capacity: Math.max(1, (product?.builtin.num_routes ?? 1) + extensionRoutes),
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

/** What a section (or a unit in none) takes of a central, and what a central has room for, per resource. */
export interface CentralRoom<U> {
  load: (units: readonly U[], origin: Origin) => readonly number[];
  room: (origin: Origin) => readonly number[];
}

/**
 * A central's room on its loops: its loop count times a loop's limits, in units (isolators counted where the central's
 * product says so, as loop-groups.ts packs them: one per `isolatorMaxUnits` units of a section, one at least; a unit in
 * no section its share of one), m² of sections (`areaOf`: a unit's share of its section) and A in alarm.
 */
export function loopRoom<U extends { sectionId: string; alarmCurrent: number }>(
  maxArea: number,
  isolatorMaxUnits: number,
  areaOf: (unit: U) => number,
): CentralRoom<U> {
  const per = Math.max(1, Math.floor(isolatorMaxUnits));
  return {
    load: (units, o) => {
      let area = 0;
      let amps = 0;
      for (const u of units) {
        area += areaOf(u);
        amps += u.alarmCurrent;
      }
      const k = units.length;
      const isolators = !o.isolatorsCountAsUnits ? 0 : units[0]?.sectionId ? Math.ceil(k / per) : k / per;
      return [k + isolators, area, amps];
    },
    room: (o) => [o.capacity * o.maxUnits, o.capacity * maxArea, o.capacity * (o.maxLoopCurrent ?? Infinity)],
  };
}

export { assignCentrals } from './assign-centrals.js';
