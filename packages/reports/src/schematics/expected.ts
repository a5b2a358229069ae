// Test support: what a schematic's boxes must say, counted straight from the model (each Loop route's units as its
// nodes list them, each unit's storey, the section whose addresses hold it, its symbol), not through riserModel.
import type { Model, Regulation } from '@edrf/model';
import { unitSymbol, type SymbolGroup } from '../symbols/unit-symbol.js';
import { symbolBlockName } from '../drawing/dxf.js';
import { riserWords } from './messages.js';

const GROUPS: readonly SymbolGroup[] = ['detectors', 'sirens', 'buttons', 'ios', 'others'];

export interface ExpectedLoop {
  routeId: string;
  /** The heading's first line: the loop's name, and its class under NFPA 72. */
  heading: string;
  /** storey name → zone label → symbol block → count. */
  counts: Map<string, Map<string, Map<string, number>>>;
  units: number;
}

/** Every Loop route of the model with its devices counted per storey, zone and symbol. */
export function expectedLoops(model: Model, regulation: Regulation): ExpectedLoop[] {
  const fire = model.fire!;
  const words = riserWords(regulation);
  const groupOf = new Map<string, SymbolGroup>();
  for (const group of GROUPS) for (const id of Object.keys(fire.units[group])) groupOf.set(id, group);
  const zoneOf = new Map<string, string>();
  for (const section of Object.values(fire.sections)) for (const id of Object.keys(section.addresses)) zoneOf.set(id, section.name);
  return Object.values(fire.connections.routes)
    .filter((r) => r.kind === 'Loop')
    .map((route) => {
      const nodes = route.slices.flatMap((s) => s.nodes);
      const name = route.id.replace(/^loop-/, '');
      const returns = nodes[0]!.unit_id !== '' && nodes[0]!.unit_id === nodes[nodes.length - 1]!.unit_id;
      const counts = new Map<string, Map<string, Map<string, number>>>();
      const ids = nodes.map((n) => n.unit_id).filter((id) => groupOf.has(id));
      for (const id of ids) {
        const group = groupOf.get(id)!;
        const unit = (fire.units[group] as Record<string, { storey_id: string }>)[id]!;
        const storey = model.arch.storeys[unit.storey_id]!.name;
        const zone = zoneOf.has(id) ? words.zone(zoneOf.get(id)!) : words.noZone;
        const symbol = symbolBlockName(unitSymbol(fire, group, id));
        const zones = counts.get(storey) ?? new Map<string, Map<string, number>>();
        counts.set(storey, zones);
        const row = zones.get(zone) ?? new Map<string, number>();
        zones.set(zone, row);
        row.set(symbol, (row.get(symbol) ?? 0) + 1);
      }
      return {
        routeId: route.id,
        heading: words.loopClass ? `${words.loop(name)} · ${words.loopClass(returns)}` : words.loop(name),
        counts,
        units: ids.length,
      };
    });
}
