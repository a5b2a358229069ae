import type { Arch, CableProduct, Fire } from '@edrf/model';
import { loopIsolators } from './loop-checks.js';
import { buildingOf, loopFiguresOf, membersAndLegs, originOf, type LoopFigures } from './loop-figures.js';
import { loopUnits, type LoopUnit } from './loop-units.js';
import { loopOrigins } from './origins.js';

/** One unit of a loop in cable order, as its point-to-point drawing prints it (issue 36). */
export interface ChainLink {
  id: string;
  /** The section whose addresses hold it, and its address there; null when it has none. */
  sectionId: string | null;
  address: number | null;
  productId: string;
  /** The product's name, else its id; '' without a product. */
  productName: string;
  /** A in standby and in alarm, as the loop's load and the battery count it. */
  quiescentCurrent: number;
  alarmCurrent: number;
  /** V, the product's minimum (0: not checked). */
  minVoltage: number;
  known: boolean;
  /** Route metres into this unit from the stop before: the panel's loop-out terminal (end A) for the first. */
  leg: number;
  /** An isolator sits on the leg into this unit (on the first's: at end A, where the central does not isolate its terminals). */
  isolatorBefore: boolean;
  /** V at this unit fed from end A only (open after the last unit) and from end B only (open before the first); null without voltages. */
  fromA: number | null;
  fromB: number | null;
}

/** A loop as an ordered chain from the panel's loop-out terminal (A) back to its loop-in terminal (B). */
export interface LoopChain {
  routeId: string;
  /** The rack the loop leaves and returns to; null when neither end is at a rack with an origin. */
  rackId: string | null;
  /** The loop's figures as the routes page shows them (voltages, isolators, battery of its central…). */
  figures: LoopFigures;
  links: ChainLink[];
  /** Route metres from the last unit back to the loop-in terminal (end B). */
  returnLeg: number;
  /** An isolator on the return leg, at end B (where the central does not isolate its terminals). */
  isolatorOnReturn: boolean;
  /** The isolators' segment positions (voltage-drop.ts: p between unit p−1 and unit p). */
  isolatorPositions: number[];
  /** V at the central's terminals the voltages start from (0: the central gives none). */
  startVoltage: number;
  /** The route's cable product; undefined when it has none. */
  cable: CableProduct | undefined;
}

/**
 * The chains of the model's loops (issue 36's point-to-point drawings): each unit in cable order with its section and
 * address, product and currents, the route metres into it, the isolators where checkLoop places them, and its voltage
 * on each single-fault feed from loopFiguresOf, the very figures the routes page shows. Call the function it gives per
 * loop route id; null for a route that is not a loop.
 */
export function loopChainsOf(model: { arch: Arch; fire: Fire }): (routeId: string) => LoopChain | null {
  const { arch, fire } = model;
  const figuresOf = loopFiguresOf(model);
  const byId = new Map<string, LoopUnit>(loopUnits(fire, buildingOf(arch)).map((u) => [u.id, u]));
  const origins = loopOrigins(fire);
  const sectionOf = new Map<string, { id: string; address: number }>();
  for (const section of Object.values(fire.sections))
    for (const [unit, address] of Object.entries(section.addresses)) sectionOf.set(unit, { id: section.id, address });
  return (routeId) => {
    const route = fire.connections.routes[routeId];
    const figures = route ? figuresOf(routeId) : null;
    if (!route || !figures) return null;
    const { members, legs } = membersAndLegs(route, byId);
    const origin = originOf(route, origins);
    const plan = origin ? loopIsolators(route.id, origin, members, fire.config.cabling.isolator_max_units) : null;
    const positions = plan?.positions ?? [];
    const at = new Set(positions);
    const { voltages } = figures;
    const links = members.map((u, k): ChainLink => {
      const found = sectionOf.get(u.id);
      return {
        id: u.id,
        sectionId: found?.id ?? null,
        address: found?.address ?? null,
        productId: u.productId,
        productName: u.productName,
        quiescentCurrent: u.quiescentCurrent,
        alarmCurrent: u.alarmCurrent,
        minVoltage: u.minVoltage,
        known: u.known,
        leg: legs[k]!,
        isolatorBefore: at.has(k),
        fromA: voltages?.fromA.units[k]?.voltage ?? null,
        fromB: voltages?.fromB.units[k]?.voltage ?? null,
      };
    });
    return {
      routeId,
      rackId: origin?.rack.id ?? null,
      figures,
      links,
      returnLeg: legs[legs.length - 1]!,
      isolatorOnReturn: members.length > 0 && at.has(members.length),
      isolatorPositions: positions,
      startVoltage: origin?.startVoltage ?? 0,
      cable: fire.config.products.cables.find((c) => c.id === route.product_id),
    };
  };
}
