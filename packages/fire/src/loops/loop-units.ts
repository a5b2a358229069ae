import type { Fire, OtherUnitType, Section } from '@edrf/model';
import type { Pt } from '../geometry/ring.js';
import { sectionLocator, type SectionBuilding } from '../sections/section-index.js';
import { compareSectionNames } from '../sections/calc-sections.js';

/** A unit a loop must reach: where it stands, its section, and what it draws in alarm. */
export interface LoopUnit {
  id: string;
  storeyId: string;
  coord: [number, number, number];
  /** '' when it stands in no section. */
  sectionId: string;
  /** A, in alarm: a sounder's or beacon's alarm current, another unit's quiescent current. */
  alarmCurrent: number;
  /** A, in standby (the product's min_milliamperes). */
  quiescentCurrent: number;
  /** V, the product's min_voltage (0: not checked). */
  minVoltage: number;
}

/**
 * Other units on the loop: those with an address of their own on a loop in practice (a beacon, a damper or sprinkler
 * interface, a door holder at an entryway). Annunciators, info and delay panels hang on the central's own ports, an
 * end-of-line resistor closes a conventional circuit: not loop units.
 */
export const LOOP_OTHER_TYPES: readonly OtherUnitType[] = ['strobelight', 'firedamper', 'sprinklercentral', 'entryway'];

/**
 * Every addressable unit (issue 26): detectors (hidden too), addressable sirens (a sounder base in a detector's socket
 * included), buttons, I/O units and LOOP_OTHER_TYPES, with its section (the first by name whose part holds it).
 */
export function loopUnits(fire: Fire, building: SectionBuilding): LoopUnit[] {
  const products = fire.config.products;
  const sections = Object.values(fire.sections).sort(
    (a: Section, b: Section) => compareSectionNames(a.name, b.name) || a.id.localeCompare(b.id),
  );
  const locate = sectionLocator(sections, building);
  // In alarm every sounder and beacon draws its alarm current (max_milliamperes); detectors, call points and I/O
  // units stay at their quiescent current (min_milliamperes) but for the few that raise the alarm.
  type Listed = readonly { id: string; electrical: { min_milliamperes: number; max_milliamperes: number; min_voltage: number } }[];
  const electrical = (list: Listed, id: string, alarm: 'max' | 'min') => {
    const e = list.find((p) => p.id === id)?.electrical;
    const mA = alarm === 'max' ? e?.max_milliamperes : e?.min_milliamperes;
    return { alarmCurrent: (mA ?? 0) / 1000, quiescentCurrent: (e?.min_milliamperes ?? 0) / 1000, minVoltage: e?.min_voltage ?? 0 };
  };
  const unit = (
    u: { id: string; storey_id: string; coord: [number, number, number] },
    e: { alarmCurrent: number; quiescentCurrent: number; minVoltage: number },
  ): LoopUnit => ({
    id: u.id,
    storeyId: u.storey_id,
    coord: u.coord,
    sectionId: locate(u.storey_id, [u.coord[0], u.coord[1]] as Pt)?.section.id ?? '',
    ...e,
  });
  const units = fire.units;
  return [
    ...Object.values(units.detectors).map((d) => unit(d, electrical(products.detectors, d.product_id, 'min'))),
    ...Object.values(units.sirens)
      .filter((s) => {
        const product = products.sirens.find((p) => p.id === s.product_id);
        return !product || product.addressable || product.detector_socket;
      })
      .map((s) => unit(s, electrical(products.sirens, s.product_id, 'max'))),
    ...Object.values(units.buttons).map((b) => unit(b, electrical(products.buttons, b.product_id, 'min'))),
    ...Object.values(units.ios).map((io) => unit(io, electrical(products.ios, io.product_id, 'min'))),
    ...Object.values(units.others)
      .filter((o) => LOOP_OTHER_TYPES.includes(o.unit_type))
      .map((o) => unit(o, { alarmCurrent: 0, quiescentCurrent: 0, minVoltage: 0 })),
  ];
}
