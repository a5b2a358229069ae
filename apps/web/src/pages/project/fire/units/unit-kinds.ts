import type { OtherUnitType, UnitGroup } from '@edrf/model';

/**
 * The kinds of unit the units page places by hand (F§2 tools, F§3 unit groups): each names its group in
 * fire.units, its product list, the unit_type of an other unit, the prefix of its new ids and how the
 * page names it. Racks (with their central and plinth) are another engineer's: see slots.ts.
 */

/** The unit groups this page draws, picks and edits (racks are drawn by the rack tools' own layer). */
export const PLACED_GROUPS = ['detectors', 'sirens', 'buttons', 'ios', 'others', 'labels'] as const satisfies readonly UnitGroup[];
export type PlacedGroup = (typeof PLACED_GROUPS)[number];

/** The other units a tool places (F§2: Annunciator in the toolbar, the rest in the More menu). */
export type PlacedOtherType = Exclude<OtherUnitType, 'other'>;

export type UnitKind = 'detector' | 'siren' | 'button' | 'io' | PlacedOtherType | 'label';

export interface UnitKindInfo {
  kind: UnitKind;
  group: PlacedGroup;
  /** The product list in config.products; null: a label has no product. */
  products: 'detectors' | 'sirens' | 'buttons' | 'ios' | 'other_units' | null;
  /** unit_type of an other unit (its products are the other_units of this type). */
  unitType?: PlacedOtherType;
  /** New ids are '{prefix}-{n}', the first n free over every unit group. */
  prefix: string;
  /** The tool's name (F§2). */
  label: string;
  /** In the More menu rather than the toolbar (F§2). */
  more: boolean;
}

const other = (unitType: PlacedOtherType, prefix: string, label: string, more = true): UnitKindInfo => ({
  kind: unitType,
  group: 'others',
  products: 'other_units',
  unitType,
  prefix,
  label,
  more,
});

/** In F§2's order: the toolbar's, then the More menu's. */
export const UNIT_KINDS: readonly UnitKindInfo[] = [
  // Prefixes det, sir and btn are the fire engine's own (packages/fire/src/units/ids.ts): placed and designed units share one series.
  { kind: 'detector', group: 'detectors', products: 'detectors', prefix: 'det', label: 'Detector', more: false },
  { kind: 'siren', group: 'sirens', products: 'sirens', prefix: 'sir', label: 'Siren', more: false },
  { kind: 'button', group: 'buttons', products: 'buttons', prefix: 'btn', label: 'Button', more: false },
  { kind: 'io', group: 'ios', products: 'ios', prefix: 'io', label: 'IO', more: false },
  other('annunciator', 'ann', 'Annunciator', false),
  other('infopanel', 'info', 'Info panel'),
  other('delaypanel', 'delay', 'Delay panel'),
  other('endoflineresistor', 'eol', 'End of line resistor'),
  other('sprinklercentral', 'spr', 'Sprinkler central'),
  other('firedamper', 'damper', 'Fire damper'),
  other('entryway', 'entry', 'Entryway'),
  other('strobelight', 'strobe', 'Strobe light'),
  { kind: 'label', group: 'labels', products: null, prefix: 'label', label: 'Label', more: true },
];

export const KIND: Readonly<Record<UnitKind, UnitKindInfo>> = Object.fromEntries(UNIT_KINDS.map((info) => [info.kind, info])) as Record<
  UnitKind,
  UnitKindInfo
>;

/** A placed unit's group as an item kind of the model ('fire.units.detectors', …). */
export const unitItemKind = (group: PlacedGroup) => `fire.units.${group}` as const;

/** The group of an item kind, if it is one of the groups this page edits. */
export function placedGroupOf(kind: string): PlacedGroup | null {
  const group = kind.startsWith('fire.units.') ? kind.slice('fire.units.'.length) : '';
  return (PLACED_GROUPS as readonly string[]).includes(group) ? (group as PlacedGroup) : null;
}

/** The kind of an existing unit: its group, and for an other unit its unit_type ('other' has no tool: null). */
export function kindOfUnit(group: PlacedGroup, unitType?: OtherUnitType): UnitKind | null {
  switch (group) {
    case 'detectors':
      return 'detector';
    case 'sirens':
      return 'siren';
    case 'buttons':
      return 'button';
    case 'ios':
      return 'io';
    case 'labels':
      return 'label';
    case 'others':
      return unitType && unitType !== 'other' ? unitType : null;
  }
}
