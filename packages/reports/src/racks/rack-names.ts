// Which rack comes first and what each rack and rack unit is called on every SBF document (the rack documents, the
// lists, the bill): the equipment page's order and labels ('+D1'), and a reference designation per unit (SS-EN
// 81346-2 letter codes, numbered within the rack). The one source: no document names a rack or a rack unit otherwise.
import type { Central, Fire, OtherRackUnit, Plinth, PowerSupply, RackUnit, RackUnitGroup } from '@edrf/model';
import {
  DEFAULT_CENTRAL_RACK_SIZE,
  DEFAULT_EQUIPMENT_RACK_SIZE,
  DEFAULT_PLINTH_RACK_SIZE,
  RACK_PRODUCT_LIST,
  RACK_UNIT_GROUPS,
} from '@edrf/model';

export type RackEquipment =
  | { group: 'centrals'; unit: Central }
  | { group: 'plinths'; unit: Plinth }
  | { group: 'power_supplies'; unit: PowerSupply }
  | { group: 'others'; unit: OtherRackUnit };

/** The connections room record listing the rack, if any (the '+D1' of the equipment page). */
export const roomRecordOf = (fire: Fire, rackId: string) => Object.values(fire.connections.rooms).find((r) => r.racks.includes(rackId));

/**
 * The racks in the equipment page's order: by their room record's label, numerically ('+D2' before '+D10'), racks
 * without a record last, then by id.
 */
export function racksInOrder(fire: Fire): RackUnit[] {
  const key = (rack: RackUnit) => roomRecordOf(fire, rack.id)?.label ?? '\uffff';
  return Object.values(fire.units.racks).sort(
    (a, b) => key(a).localeCompare(key(b), 'en', { numeric: true }) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

/**
 * A rack's name on the documents: the room record's label and the rack's own label ('+D1', '+D1 A'), as the equipment
 * page writes a physical rack; a rack without either goes by its id. A non-physical rack ('Equipment' on the page) is
 * named the same way: the documents say elsewhere that it has no cabinet.
 */
export function rackName(fire: Fire, rack: RackUnit): string {
  const name = [roomRecordOf(fire, rack.id)?.label ?? '', rack.label].filter((t) => t !== '').join(' ');
  return name || rack.id;
}

/** The rack's units of every group, with their group. */
export function rackEquipment(fire: Fire, rackId: string): RackEquipment[] {
  return RACK_UNIT_GROUPS.flatMap((group) =>
    Object.values(fire.connections[group])
      .filter((unit) => unit.rack_id === rackId)
      .map((unit) => ({ group, unit }) as RackEquipment),
  );
}

/** Top to bottom, then left to right, then by id: how a fitter reads a cabinet's front. */
export const byPosition = (
  a: { rack_pos: readonly [number, number]; id: string },
  b: { rack_pos: readonly [number, number]; id: string },
) => a.rack_pos[1] - b.rack_pos[1] || a.rack_pos[0] - b.rack_pos[0] || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The letter of a unit's class in SS-EN 81346-2 (the reference designations SEK Handbok 419 uses): K processes
 * signals (the central), G supplies energy (power supply), X connects (terminal block), T converts a signal for
 * transmission (alarm transmitter), A anything else.
 */
export function classLetter(equipment: RackEquipment): string {
  switch (equipment.group) {
    case 'centrals':
      return 'K';
    case 'power_supplies':
      return 'G';
    case 'plinths':
      return 'X';
    case 'others':
      return equipment.unit.unit_type === 'AlarmTransmitter' ? 'T' : 'A';
  }
}

/**
 * A unit's full reference: its rack's name and a designation (or a designation and port). Written together ('+D1-K1',
 * as SEK Handbok 419 writes location and product aspects) where the rack's name is a location code alone; else with a
 * space between ('+D1 A -K1', 'r1 -K1'), so that the code does not run into the rack's own label.
 */
export const unitReference = (rack: string, code: string): string => (/^\+\S+$/.test(rack) ? `${rack}${code}` : `${rack} ${code}`);

/** Every rack's name and every rack unit's designation of one model, worked out once for a whole document. */
export interface RackNames {
  /** The racks in the equipment page's order. */
  racks: RackUnit[];
  /** '+D1', '+D1 A'; the id given for a rack the model does not have. */
  rack: (rackId: string) => string;
  /** The rack's units, top to bottom, then left to right. */
  equipmentOf: (rackId: string) => RackEquipment[];
  equipment: (unitId: string) => RackEquipment | undefined;
  /** '-K1'; the id given for a unit in no rack. */
  designation: (unitId: string) => string;
  /** '+D1-K1': the unit's rack and designation; the id given for a unit in no rack. */
  reference: (unitId: string) => string;
}

export function rackNames(fire: Fire): RackNames {
  const racks = racksInOrder(fire);
  const names = new Map(racks.map((rack) => [rack.id, rackName(fire, rack)]));
  const equipmentOf = new Map<string, RackEquipment[]>();
  const byUnit = new Map<string, RackEquipment>();
  const codes = new Map<string, string>();
  for (const rack of racks) {
    const units = rackEquipment(fire, rack.id).sort((a, b) => byPosition(a.unit, b.unit));
    equipmentOf.set(rack.id, units);
    // Each unit's designation ('-K1', '-X2'): numbered per letter in position order.
    const count = new Map<string, number>();
    for (const e of units) {
      const letter = classLetter(e);
      const n = (count.get(letter) ?? 0) + 1;
      count.set(letter, n);
      codes.set(e.unit.id, `-${letter}${n}`);
      byUnit.set(e.unit.id, e);
    }
  }
  const rack = (rackId: string) => names.get(rackId) ?? rackId;
  return {
    racks,
    rack,
    equipmentOf: (rackId) => equipmentOf.get(rackId) ?? [],
    equipment: (unitId) => byUnit.get(unitId),
    designation: (unitId) => codes.get(unitId) ?? unitId,
    reference: (unitId) => {
      const e = byUnit.get(unitId);
      return e ? unitReference(rack(e.unit.rack_id), codes.get(unitId)!) : unitId;
    },
  };
}

/** The product's size in rack units of a unit, its product's rack_size, else F§9's default for its group. */
export function rackSizeOf(fire: Fire, group: RackUnitGroup, productId: string): readonly [number, number] {
  const list = fire.config.products[RACK_PRODUCT_LIST[group]] as readonly { id: string; rack_size: readonly [number, number] }[];
  const product = list.find((x) => x.id === productId);
  if (product) return product.rack_size;
  return group === 'centrals' ? DEFAULT_CENTRAL_RACK_SIZE : group === 'plinths' ? DEFAULT_PLINTH_RACK_SIZE : DEFAULT_EQUIPMENT_RACK_SIZE;
}
