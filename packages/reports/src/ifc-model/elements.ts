// Every unit of the design as an element of the file's schema, with its type object, body and placement. IFC4 has
// the fire alarm's own classes (IfcSensor, IfcAlarm, IfcUnitaryControlElement); IFC2X3 has only their types, so a
// device is an IfcDistributionControlElement defined by an IfcSensorType or IfcAlarmType, and a panel an
// IfcElectricDistributionPoint with its function (fire-next.md §7).
import type { Fire, OtherUnitType, Regulation } from '@edrf/model';
import {
  IFCALARM,
  IFCALARMTYPE,
  IFCDISTRIBUTIONCONTROLELEMENT,
  IFCELECTRICDISTRIBUTIONPOINT,
  IFCRELDEFINESBYTYPE,
  IFCSENSOR,
  IFCSENSORTYPE,
  IFCUNITARYCONTROLELEMENT,
  IFCUNITARYCONTROLELEMENTTYPE,
} from 'web-ifc';
import type { BodyKind } from './bodies.js';
import type { Scene, Written } from './scene.js';
import type { Ref } from './writer.js';

/** The unit groups that are things in the building (labels are text on the plans). */
export const ELEMENT_GROUPS = ['racks', 'detectors', 'sirens', 'buttons', 'ios', 'others'] as const;
export type ElementGroup = (typeof ELEMENT_GROUPS)[number];

type Family = 'sensor' | 'alarm' | 'control';

/** What a unit is in IFC: its family of classes, predefined type, the words for it and its body. */
export interface UnitKind {
  family: Family;
  /** An enumeration value of the family's type enum (USERDEFINED: `label` is the user-defined type). */
  predefined: string;
  label: string;
  body: BodyKind;
}

const kind = (family: Family, predefined: string, label: string, body: BodyKind): UnitKind => ({ family, predefined, label, body });

/** Other units by their type [our reading]: panels as panels, a strobe as a visual alarm, interfaces user-defined. */
const OTHER_KINDS: Record<OtherUnitType, UnitKind> = {
  annunciator: kind('control', 'INDICATORPANEL', 'Annunciator', 'panel'),
  infopanel: kind('control', 'INDICATORPANEL', 'Information panel', 'panel'),
  delaypanel: kind('control', 'CONTROLPANEL', 'Delay panel', 'panel'),
  strobelight: kind('alarm', 'LIGHT', 'Strobe light', 'sounder'),
  sprinklercentral: kind('control', 'USERDEFINED', 'Sprinkler central interface', 'unit'),
  firedamper: kind('control', 'USERDEFINED', 'Fire damper interface', 'unit'),
  entryway: kind('control', 'USERDEFINED', 'Entryway unit', 'unit'),
  endoflineresistor: kind('control', 'USERDEFINED', 'End-of-line resistor', 'unit'),
  other: kind('control', 'USERDEFINED', 'Other unit', 'unit'),
};

/** A unit of any element group, as the export reads it. */
export interface FireUnit {
  id: string;
  group: ElementGroup;
  storey_id: string;
  coord: [number, number, number];
  angle?: number;
}

/** The units of the design that are elements, in group order. */
export const fireUnits = (fire: Fire): FireUnit[] =>
  ELEMENT_GROUPS.flatMap((group) => Object.values<Omit<FireUnit, 'group'>>(fire.units[group]).map((unit) => ({ ...unit, group })));

const nameOf = (list: readonly { id: string; name: string }[], id: string): string => list.find((p) => p.id === id)?.name ?? '';

/** The unit's kind and its product's name ('' without one; a rack: the names of the centrals it holds). */
export function unitKind(fire: Fire, unit: FireUnit, regulation: Regulation): { kind: UnitKind; product: string } {
  const { products } = fire.config;
  switch (unit.group) {
    case 'detectors': {
      const { product_id } = fire.units.detectors[unit.id]!;
      const type = products.detectors.find((p) => p.id === product_id)?.type;
      const k =
        type === 'Heat'
          ? kind('sensor', 'HEATSENSOR', 'Heat detector', 'detector')
          : type === 'Smoke'
            ? kind('sensor', 'SMOKESENSOR', 'Smoke detector', 'detector')
            : kind('sensor', 'FIRESENSOR', 'Detector', 'detector');
      return { kind: k, product: nameOf(products.detectors, product_id) };
    }
    case 'sirens': {
      const { product_id } = fire.units.sirens[unit.id]!;
      const light = products.sirens.find((p) => p.id === product_id)?.type === 'Light';
      return {
        kind: light ? kind('alarm', 'LIGHT', 'Visual alarm device', 'sounder') : kind('alarm', 'SIREN', 'Sounder', 'sounder'),
        product: nameOf(products.sirens, product_id),
      };
    }
    case 'buttons': {
      // NFPA 72 calls it a manual fire alarm box (a pull station); BS 5839 and SBF 110:8 a break-glass call point.
      const k =
        regulation === 'Nfpa72'
          ? kind('alarm', 'MANUALPULLBOX', 'Manual pull station', 'callPoint')
          : kind('alarm', 'BREAKGLASSBUTTON', 'Manual call point', 'callPoint');
      return { kind: k, product: nameOf(products.buttons, fire.units.buttons[unit.id]!.product_id) };
    }
    case 'ios':
      return {
        kind: kind('control', 'USERDEFINED', 'I/O unit', 'module'),
        product: nameOf(products.ios, fire.units.ios[unit.id]!.product_id),
      };
    case 'others': {
      const other = fire.units.others[unit.id]!;
      return { kind: OTHER_KINDS[other.unit_type], product: nameOf(products.other_units, other.product_id) };
    }
    case 'racks': {
      const centrals = Object.values(fire.connections.centrals).filter((c) => c.rack_id === unit.id);
      const product = centrals.map((c) => nameOf(products.centrals, c.product_id)).filter((name) => name !== '');
      const k =
        centrals.length > 0
          ? kind('control', 'ALARMPANEL', 'Fire alarm panel', 'rack')
          : kind('control', 'USERDEFINED', 'Equipment rack', 'rack');
      return { kind: k, product: [...new Set(product)].join(', ') };
    }
  }
}

/** The classes of a family in a schema family: the occurrence and its type object (none for IFC2X3's panels and interfaces). */
function classes(scene: Scene, k: UnitKind): { entity: number; type: number | null } {
  if (scene.w.schema === 'IFC4') {
    const entity = k.family === 'sensor' ? IFCSENSOR : k.family === 'alarm' ? IFCALARM : IFCUNITARYCONTROLELEMENT;
    const type = k.family === 'sensor' ? IFCSENSORTYPE : k.family === 'alarm' ? IFCALARMTYPE : IFCUNITARYCONTROLELEMENTTYPE;
    return { entity, type };
  }
  if (k.family === 'sensor') return { entity: IFCDISTRIBUTIONCONTROLELEMENT, type: IFCSENSORTYPE };
  if (k.family === 'alarm') return { entity: IFCDISTRIBUTIONCONTROLELEMENT, type: IFCALARMTYPE };
  // IFC2X3's IfcElectricDistributionPointFunctionEnum has the panels; an I/O unit or interface is a control element.
  const panel = k.predefined !== 'USERDEFINED' || k.body === 'rack';
  return { entity: panel ? IFCELECTRICDISTRIBUTIONPOINT : IFCDISTRIBUTIONCONTROLELEMENT, type: null };
}

export interface UnitElement {
  unit: FireUnit;
  kind: UnitKind;
  product: string;
  /** The address as printed ('section.address'), '' when the unit has none. */
  address: string;
  /** The rack's label, a unit's comment: what the element's name carries besides its kind. */
  note: string;
}

/** Writes the units as elements and their type objects; answers them by unit id. */
export function writeUnits(scene: Scene, units: readonly UnitElement[]): Map<string, Written> {
  const { w } = scene;
  const written = new Map<string, Written>();
  const typed = new Map<string, { type: Ref; elements: Ref[] }>();
  for (const { unit, kind: k, product, address, note } of units) {
    const place = scene.storeys.get(unit.storey_id);
    if (!place) continue;
    const { entity, type } = classes(scene, k);
    const placement = scene.at.unit(place.frame, place.target.placement, unit.coord, unit.angle ?? 0);
    const body = scene.bodies.unit(k.body);
    const name = [k.label, address || note].filter(Boolean).join(' ');
    const userDefined = k.predefined === 'USERDEFINED';
    // IFC2X3's control elements say what they are in ObjectType (their type object has the enumeration); a
    // user-defined kind says it there in every schema.
    const objectType = userDefined || entity === IFCDISTRIBUTIONCONTROLELEMENT ? w.label(k.label) : null;
    const attributes = [
      w.guid(`unit:${unit.id}`),
      scene.owner,
      w.label(name),
      w.text(product),
      objectType,
      placement,
      body,
      w.identifier(address || note),
    ];
    const ref =
      entity === IFCELECTRICDISTRIBUTIONPOINT
        ? w.add(entity, ...attributes, w.enumeration(k.predefined), userDefined ? w.label(k.label) : null)
        : entity === IFCDISTRIBUTIONCONTROLELEMENT
          ? w.add(entity, ...attributes, null)
          : w.add(entity, ...attributes, w.enumeration(k.predefined));
    written.set(unit.id, { id: unit.id, ref, storey: place.target });
    if (type !== null) {
      const key = [type, k.predefined, k.label, product].join('|');
      let found = typed.get(key);
      if (!found) {
        const typeRef = w.add(
          type,
          w.guid(`type:${key}`),
          scene.owner,
          w.label(product || k.label),
          null,
          null,
          null,
          [scene.bodies.map(k.body)],
          null,
          w.label(k.label),
          w.enumeration(k.predefined),
        );
        typed.set(key, (found = { type: typeRef, elements: [] }));
      }
      found.elements.push(ref);
    }
  }
  for (const [key, { type, elements }] of typed)
    w.add(IFCRELDEFINESBYTYPE, w.guid(`type-of:${key}`), scene.owner, null, null, elements, type);
  return written;
}
