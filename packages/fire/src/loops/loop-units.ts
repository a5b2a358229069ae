import type { Fire, OtherUnitType } from '@edrf/model';
import type { Pt } from '../geometry/ring.js';
import { sectionLocator, type SectionBuilding } from '../sections/section-index.js';
import { sectionsInOrder } from '../sections/section-order.js';

/** What a unit draws: A in alarm and in standby, V at least (0: not checked), and whether its product says so. */
export interface UnitLoad {
  /** A, in alarm. */
  alarmCurrent: number;
  /** A, in standby (the product's min_milliamperes). */
  quiescentCurrent: number;
  /** V, the product's min_voltage (0: not checked). */
  minVoltage: number;
  /** The unit's product id ('' for none). */
  productId: string;
  /** The product's name, else its id; '' when the unit has no product. */
  productName: string;
  /** False when the product is missing or its electrical data are all zero: its current is then warned of, not counted. */
  known: boolean;
}

/** A unit a loop must reach: where it stands, its section, and what it draws. */
export interface LoopUnit extends UnitLoad {
  id: string;
  storeyId: string;
  coord: [number, number, number];
  /** '' when it stands in no section. */
  sectionId: string;
}

/** A unit fed outside the loops (a conventional sounder, an annunciator, an info or delay panel): it loads a central or power supply. */
export interface FedUnit extends UnitLoad {
  id: string;
  storeyId: string;
  coord: [number, number, number];
}

/**
 * Other units on the loop: those with an address of their own on a loop in practice (a beacon, a damper or sprinkler
 * interface, a door holder at an entryway). Annunciators, info and delay panels hang on the central's own ports, an
 * end-of-line resistor closes a conventional circuit: not loop units.
 */
export const LOOP_OTHER_TYPES: readonly OtherUnitType[] = ['strobelight', 'firedamper', 'sprinklercentral', 'entryway'];

/** Other units powered from a central's ports or a power supply (docs/fire-electrical.md). */
export const FED_OTHER_TYPES: readonly OtherUnitType[] = ['annunciator', 'infopanel', 'delaypanel'];

/**
 * Other units that draw their alarm current (max_milliamperes) in alarm: a strobe flashes, an entryway's indicator
 * lights, a damper or sprinkler interface operates its output. Detectors and call points stay at their quiescent
 * current, as fire-next.md's worked examples count them (the 898 mA loop does the same).
 */
const OTHERS_AT_ALARM: readonly OtherUnitType[] = ['strobelight', 'entryway', 'firedamper', 'sprinklercentral'];

type Listed = readonly {
  id: string;
  name: string;
  electrical: { min_milliamperes: number; max_milliamperes: number; min_voltage: number; max_voltage: number };
}[];

/** The load of a unit of product `productId` in `list`; `alarm` 'max' for what signals or operates in alarm. */
export function unitLoad(list: Listed, productId: string, alarm: 'max' | 'min'): UnitLoad {
  const product = productId === '' ? undefined : list.find((p) => p.id === productId);
  const e = product?.electrical;
  const known = !!e && (e.min_milliamperes > 0 || e.max_milliamperes > 0 || e.min_voltage > 0 || e.max_voltage > 0);
  const mA = alarm === 'max' ? (e?.max_milliamperes ?? 0) : (e?.min_milliamperes ?? 0);
  return {
    alarmCurrent: mA / 1000,
    quiescentCurrent: (e?.min_milliamperes ?? 0) / 1000,
    minVoltage: e?.min_voltage ?? 0,
    productId,
    productName: product ? product.name || product.id : productId,
    known,
  };
}

const isLoopSiren = (fire: Fire, productId: string) => {
  const product = fire.config.products.sirens.find((p) => p.id === productId);
  return !product || product.addressable || product.detector_socket;
};

/**
 * Every addressable unit (issue 26): detectors (hidden too), addressable sirens (a sounder base in a detector's socket
 * included), buttons, I/O units and LOOP_OTHER_TYPES, with its section (the first by name whose part holds it) and its
 * load (issue 33): sounders, beacons, I/O units and the interfaces at their alarm current in alarm, the others at their
 * quiescent current.
 */
export function loopUnits(fire: Fire, building: SectionBuilding): LoopUnit[] {
  const products = fire.config.products;
  // The sections in F§4's order and a call point's door: the rule calc_fire_sections addresses by (unit-sections.ts).
  const locate = sectionLocator(sectionsInOrder(fire.sections), building);
  const unit = (u: { id: string; storey_id: string; coord: [number, number, number]; door_id?: string }, e: UnitLoad): LoopUnit => ({
    id: u.id,
    storeyId: u.storey_id,
    coord: u.coord,
    sectionId: locate(u.storey_id, [u.coord[0], u.coord[1]] as Pt, u.door_id)?.section.id ?? '',
    ...e,
  });
  const units = fire.units;
  return [
    ...Object.values(units.detectors).map((d) => unit(d, unitLoad(products.detectors, d.product_id, 'min'))),
    ...Object.values(units.sirens)
      .filter((s) => isLoopSiren(fire, s.product_id))
      .map((s) => unit(s, unitLoad(products.sirens, s.product_id, 'max'))),
    ...Object.values(units.buttons).map((b) => unit(b, unitLoad(products.buttons, b.product_id, 'min'))),
    ...Object.values(units.ios).map((io) => unit(io, unitLoad(products.ios, io.product_id, 'max'))),
    ...Object.values(units.others)
      .filter((o) => LOOP_OTHER_TYPES.includes(o.unit_type))
      .map((o) => unit(o, unitLoad(products.other_units, o.product_id, OTHERS_AT_ALARM.includes(o.unit_type) ? 'max' : 'min'))),
  ];
}

/** The units fed outside the loops: conventional (non-addressable, not socketed) sirens at alarm current, and FED_OTHER_TYPES. */
export function fedUnits(fire: Fire): FedUnit[] {
  const products = fire.config.products;
  const unit = (u: { id: string; storey_id: string; coord: [number, number, number] }, e: UnitLoad): FedUnit => ({
    id: u.id,
    storeyId: u.storey_id,
    coord: u.coord,
    ...e,
  });
  return [
    ...Object.values(fire.units.sirens)
      .filter((s) => !isLoopSiren(fire, s.product_id))
      .map((s) => unit(s, unitLoad(products.sirens, s.product_id, 'max'))),
    ...Object.values(fire.units.others)
      .filter((o) => FED_OTHER_TYPES.includes(o.unit_type))
      .map((o) => unit(o, unitLoad(products.other_units, o.product_id, 'max'))),
  ];
}
