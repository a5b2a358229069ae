import { batteryDefaultsFor, fireConfigSchema, sbfConfigSchema, type FireConfig, type Regulation } from '@edrf/model';
import { genericHardware } from './catalogue/generic.js';
import { REGULATION_RULES } from './regulations.js';

/** create_fire_config: a fire config for a regulation with its default settings and generic hardware; the SBF form only for SBF 110:8. */
export function createFireConfig(regulation: Regulation): FireConfig {
  const rules = REGULATION_RULES[regulation];
  return fireConfigSchema.parse({
    regulation,
    products: genericHardware(regulation),
    unit: structuredClone(rules.unit),
    section: structuredClone(rules.section),
    cabling: structuredClone(rules.cabling),
    battery: batteryDefaultsFor(regulation),
    sbf: regulation === 'Sbf1108' ? sbfConfigSchema.parse({}) : null,
  });
}
