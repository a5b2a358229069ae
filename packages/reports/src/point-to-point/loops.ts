import { loopChainsOf, type ChainLink, type LoopChain } from '@edrf/fire';
import type { Model, Regulation, Section } from '@edrf/model';
import { addressText } from '../plans/plan-model.js';
import type { SymbolKey, SymbolSet } from '../symbols/library.js';
import { unitSymbol, type SymbolGroup } from '../symbols/unit-symbol.js';
import { SHORT_TYPE } from './words.js';

/** A device on a loop's chain, with what the drawing prints of it; every figure is the engine's (ChainLink). */
export interface P2pDevice {
  link: ChainLink;
  symbol: SymbolKey;
  /** The symbol set's name (the schedule) and the short one (under the symbol). */
  typeName: string;
  shortType: string;
  /** 'Z{zone}/{address}' as the device placement drawings print it; '' without an address. */
  address: string;
  /** Below its minimum voltage on that feed, as the engine's check finds it. */
  belowA: boolean;
  belowB: boolean;
}

export interface P2pLoop {
  chain: LoopChain;
  /** The route's cable label, else its id. */
  name: string;
  centralId: string | null;
  centralProduct: string;
  devices: P2pDevice[];
}

const GROUPS: readonly SymbolGroup[] = ['detectors', 'sirens', 'buttons', 'ios', 'others', 'racks'];

/**
 * The model's loops in drawing order: by panel (the main one first, then by id, as the battery checks list them; loops
 * from a rack without a panel last), then by name, numbers in their order.
 */
export function p2pLoops(model: Model, regulation: Regulation, symbols: SymbolSet): P2pLoop[] {
  const fire = model.fire;
  if (!fire) return [];
  const chainOf = loopChainsOf({ arch: model.arch, fire });
  const groupOf = new Map<string, SymbolGroup>();
  for (const group of GROUPS) for (const id of Object.keys(fire.units[group])) groupOf.set(id, group);
  const sections = new Map<string, Section>(Object.entries(fire.sections));
  const labels = new Map(Object.values(fire.connections.cables).map((c) => [c.id, c.label]));
  const centrals = Object.values(fire.connections.centrals).sort(
    (a, b) => Number(b.main_central) - Number(a.main_central) || a.id.localeCompare(b.id, 'en', { numeric: true }),
  );
  const rank = new Map(centrals.map((c, i) => [c.id, i]));
  const loops: P2pLoop[] = [];
  for (const route of Object.values(fire.connections.routes)) {
    if (route.kind !== 'Loop') continue;
    const chain = chainOf(route.id);
    if (!chain) continue;
    const { voltages } = chain.figures;
    const below = (feed: 'fromA' | 'fromB') => new Set(voltages?.[feed].below.map((u) => u.id) ?? []);
    const [belowA, belowB] = [below('fromA'), below('fromB')];
    const centralId = chain.figures.centralId;
    const central = centralId ? fire.connections.centrals[centralId] : undefined;
    const product = central ? fire.config.products.centrals.find((p) => p.id === central.product_id) : undefined;
    loops.push({
      chain,
      name: labels.get(route.id) || route.id,
      centralId,
      centralProduct: product ? product.name || product.id : '',
      devices: chain.links.map((link) => {
        const group = groupOf.get(link.id) ?? 'others';
        const symbol = unitSymbol(fire, group, link.id);
        const section = link.sectionId ? (sections.get(link.sectionId) ?? null) : null;
        return {
          link,
          symbol,
          typeName: symbols.symbols[symbol].name,
          shortType: SHORT_TYPE[symbol],
          address: addressText({ section, address: link.address }, regulation),
          belowA: belowA.has(link.id),
          belowB: belowB.has(link.id),
        };
      }),
    });
  }
  const order = (l: P2pLoop) => (l.centralId !== null ? (rank.get(l.centralId) ?? centrals.length) : centrals.length + 1);
  return loops.sort((a, b) => order(a) - order(b) || a.name.localeCompare(b.name, 'en', { numeric: true }));
}
