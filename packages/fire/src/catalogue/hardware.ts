import { REGULATION_LABELS, REGULATIONS, type Products } from '@edrf/model';
import { genericHardware } from './generic.js';

/** A catalogue entry (F§3 'Catalogue of hardware sets'). */
export interface HardwareSet {
  name: string;
  source: string;
  products: Products;
}

/** get_fire_hardware: the hardware sets a user may load into a fire config, one generic set per regulation. */
export function getFireHardware(): { products: HardwareSet[] } {
  return {
    products: REGULATIONS.map((regulation) => ({
      name: `Generic addressable (${REGULATION_LABELS[regulation]})`,
      source: `edrf generic catalogue: typical data-sheet values for ${REGULATION_LABELS[regulation]} designs (docs/fire-rules.md)`,
      products: genericHardware(regulation),
    })),
  };
}
