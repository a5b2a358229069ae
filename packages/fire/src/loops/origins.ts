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
