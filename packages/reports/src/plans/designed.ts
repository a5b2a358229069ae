// Test and bench support: a real building designed as 'Design all' designs it (units, sections with labels, racks
// with their centrals placed as a designer would, loops, addresses in loop order), with the engine's own calls.
import { elecSchema, type Arch, type Elec, type Fire, type Model, type Regulation, CURRENT_SCHEMA, configSchema } from '@edrf/model';
import {
  calcFireCabling,
  calcFireRackToRackRoutes,
  calcFireSections,
  calcFireUnits,
  createFireConfig,
  SECTION_LABEL_PREFIX,
} from '@edrf/fire';
import { placeCentrals } from '@edrf/fire/testing';

export function designedModel(arch: Arch, regulation: Regulation, name = 'Corpus building'): Model {
  const elec: Elec = elecSchema.parse({});
  let fire: Fire = {
    units: { racks: {}, detectors: {}, sirens: {}, buttons: {}, ios: {}, others: {}, labels: {} },
    connections: { rooms: {}, centrals: {}, plinths: {}, power_supplies: {}, others: {}, cables: {}, routes: {} },
    sections: {},
    config: createFireConfig(regulation),
  };
  fire = { ...fire, units: { ...fire.units, ...calcFireUnits({ arch, fire }).units } };
  const sections = calcFireSections({ settings: { sections: true, labels: true, addresses: false }, model: { arch, elec, fire } });
  const labels = Object.fromEntries(Object.entries(fire.units.labels).filter(([id]) => !id.startsWith(SECTION_LABEL_PREFIX)));
  fire = { ...fire, sections: sections.sections, units: { ...fire.units, labels: { ...labels, ...sections.labels } } };
  placeCentrals(arch, fire);
  if (Object.keys(fire.units.racks).length > 1) fire = { ...fire, connections: calcFireRackToRackRoutes({ arch, elec, fire }) };
  fire = { ...fire, connections: calcFireCabling({ arch, elec, fire }).connections };
  const addressed = calcFireSections({ settings: { sections: false, labels: false, addresses: true }, model: { arch, elec, fire } });
  fire = { ...fire, sections: addressed.sections };
  return {
    config: configSchema.parse({ name, address: 'Storgatan 1, Växjö', owner: 'Fastighets AB', compass_degrees: 15 }),
    arch,
    elec,
    fire,
    edrf_schema: CURRENT_SCHEMA,
  };
}
