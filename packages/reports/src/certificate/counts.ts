// What the certificate counts of the designed system, from the model alone. Units are counted by kind exactly as the
// plans' legends name them (unitSymbol), so that the certificate and the drawings it goes with cannot disagree.
import type { Model } from '@edrf/model';
import type { SymbolKey } from '../symbols/library.js';
import { unitSymbol, type SymbolGroup } from '../symbols/unit-symbol.js';

export interface CertificateCounts {
  /** Field units by kind (smoke, heat, call_point, sounder, …); a kind with none is absent. */
  units: Map<SymbolKey, number>;
  /** I/O inputs and outputs in use: the entries the I/O units have (F§3 IO), not their products' capacity. */
  ioInputs: number;
  ioOutputs: number;
  /** Described outputs and inputs: description → how many, in the model's order; blank descriptions left out. */
  outputDescriptions: Map<string, number>;
  inputDescriptions: Map<string, number>;
  sections: number;
  /** Units with an address in a section. */
  addressed: number;
  centrals: number;
  /** Cable routes of kind Loop (the routes page's loops). */
  loops: number;
  /** Physical racks (cabinets); a rack of kind 'Equipment' is not one. */
  racks: number;
  /** Storeys holding a field unit or a rack. */
  storeys: number;
}

const FIELD_GROUPS: readonly SymbolGroup[] = ['detectors', 'sirens', 'buttons', 'ios', 'others'];

export function certificateCounts(model: Model): CertificateCounts {
  const fire = model.fire;
  if (!fire)
    return {
      units: new Map(),
      ioInputs: 0,
      ioOutputs: 0,
      outputDescriptions: new Map(),
      inputDescriptions: new Map(),
      sections: 0,
      addressed: 0,
      centrals: 0,
      loops: 0,
      racks: 0,
      storeys: 0,
    };
  const units = new Map<SymbolKey, number>();
  const storeys = new Set(Object.values(fire.units.racks).map((r) => r.storey_id));
  for (const group of FIELD_GROUPS)
    for (const unit of Object.values<{ id: string; storey_id: string }>(fire.units[group])) {
      const kind = unitSymbol(fire, group, unit.id);
      units.set(kind, (units.get(kind) ?? 0) + 1);
      storeys.add(unit.storey_id);
    }
  const ios = Object.values(fire.units.ios);
  const tally = (descriptions: string[]) => {
    const out = new Map<string, number>();
    for (const d of descriptions.map((s) => s.trim()).filter((s) => s !== '')) out.set(d, (out.get(d) ?? 0) + 1);
    return out;
  };
  return {
    units,
    ioInputs: ios.reduce((n, io) => n + io.inputs.length, 0),
    ioOutputs: ios.reduce((n, io) => n + io.outputs.length, 0),
    outputDescriptions: tally(ios.flatMap((io) => io.outputs.map((o) => o.description))),
    inputDescriptions: tally(ios.flatMap((io) => io.inputs.map((i) => i.description))),
    sections: Object.keys(fire.sections).length,
    addressed: Object.values(fire.sections).reduce((n, s) => n + Object.keys(s.addresses).length, 0),
    centrals: Object.keys(fire.connections.centrals).length,
    loops: Object.values(fire.connections.routes).filter((r) => r.kind === 'Loop').length,
    racks: Object.values(fire.units.racks).filter((r) => r.physical).length,
    storeys: storeys.size,
  };
}
