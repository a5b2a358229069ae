import type { Fire, OtherUnitType, UnitGroup } from '@edrf/model';
import type { SymbolKey } from './library.js';

/** A unit group other than labels, as the plans draw them. */
export type SymbolGroup = Exclude<UnitGroup, 'labels'>;

const OTHER_SYMBOLS: Record<OtherUnitType, SymbolKey> = {
  annunciator: 'annunciator',
  infopanel: 'infopanel',
  delaypanel: 'delaypanel',
  sprinklercentral: 'sprinklercentral',
  firedamper: 'firedamper',
  entryway: 'entryway',
  endoflineresistor: 'endofline',
  strobelight: 'strobe',
  other: 'other',
};

/**
 * The symbol of a unit: by its product's type where the product says it (a smoke or a heat detector, a sounder or a
 * beacon), by its group otherwise; a rack holding equipment but no cabinet ('Equipment', F§3) has its own.
 */
export function unitSymbol(fire: Fire, group: SymbolGroup, id: string): SymbolKey {
  const products = fire.config.products;
  switch (group) {
    case 'detectors': {
      const unit = fire.units.detectors[id];
      const product = products.detectors.find((p) => p.id === unit?.product_id);
      return product ? (product.type === 'Heat' ? 'heat' : 'smoke') : 'detector';
    }
    case 'sirens': {
      const unit = fire.units.sirens[id];
      const product = products.sirens.find((p) => p.id === unit?.product_id);
      return product?.type === 'Light' ? 'beacon' : 'sounder';
    }
    case 'buttons':
      return 'call_point';
    case 'ios':
      return 'io';
    case 'racks':
      return fire.units.racks[id]?.physical === false ? 'equipment' : 'panel';
    case 'others':
      return OTHER_SYMBOLS[fire.units.others[id]?.unit_type ?? 'other'];
  }
}
