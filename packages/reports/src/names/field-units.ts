// What every SBF document calls a unit of the building (docs/reports-lists.md, names): its symbol's name in the SBF
// legend and its 'sektion.adress' ('Rökdetektor 1.12'), or its id where it has no address ('Rökdetektor (det-3)').
import type { Fire } from '@edrf/model';
import { symbolSet } from '../symbols/library.js';
import { unitSymbol } from '../symbols/unit-symbol.js';

export const FIELD_GROUPS = ['detectors', 'sirens', 'buttons', 'ios', 'others'] as const;
export type FieldGroup = (typeof FIELD_GROUPS)[number];

export interface FieldUnitNames {
  /** The unit's group, undefined for no such unit. */
  groupOf: (unitId: string) => FieldGroup | undefined;
  /** The symbol's name ('Rökdetektor'), '' for no such unit. */
  type: (unitId: string) => string;
  /** Unit id -> its section's name and its address there. */
  addressOf: (unitId: string) => { section: string; address: number } | undefined;
  /** 'Rökdetektor 1.12', 'Rökdetektor (det-3)'; '' for no such unit. */
  name: (unitId: string) => string;
}

export function fieldUnitNames(fire: Fire): FieldUnitNames {
  const addresses = new Map<string, { section: string; address: number }>();
  for (const section of Object.values(fire.sections))
    for (const [unit, address] of Object.entries(section.addresses)) addresses.set(unit, { section: section.name || section.id, address });
  const groups = new Map<string, FieldGroup>();
  for (const group of FIELD_GROUPS) for (const id of Object.keys(fire.units[group])) groups.set(id, group);
  const symbols = symbolSet('Sbf1108').symbols;
  const type = (unitId: string) => {
    const group = groups.get(unitId);
    return group ? symbols[unitSymbol(fire, group, unitId)].name : '';
  };
  return {
    groupOf: (unitId) => groups.get(unitId),
    type,
    addressOf: (unitId) => addresses.get(unitId),
    name: (unitId) => {
      const t = type(unitId);
      if (t === '') return '';
      const a = addresses.get(unitId);
      return a ? `${t} ${a.section}.${a.address}` : `${t} (${unitId})`;
    },
  };
}
