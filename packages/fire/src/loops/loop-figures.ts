import type { Arch, Fire, Route } from '@edrf/model';
import { indexBuilding } from '../building.js';
import { routeWallCrossings, type WallCrossing } from '../cabling/wall-crossings.js';
import type { LoopVoltages } from '../electrical/voltage-drop.js';
import { sectionBuilding, type SectionBuilding } from '../sections/section-index.js';
import { checkLoop } from './loop-checks.js';
import { loopUnits, type LoopUnit } from './loop-units.js';
import { loopOrigins, type Origin } from './origins.js';
import { supplyChecks, type SupplyCheck } from './supplies.js';

/** A unit on a loop, in the loop's order, with its address (F§3 Sections) and what it draws in alarm. */
export interface LoopMember {
  id: string;
  /** The address in its section, null when it has none. */
  address: number | null;
  /** A in alarm. */
  alarmCurrent: number;
  /** False when its product has no electrical data (warned of; counted 0). */
  known: boolean;
}

/** What the routes page shows of a loop (issue 26, 33): every figure the loop checks of calc_fire_cabling compute. */
export interface LoopFigures {
  routeId: string;
  /** The central its rack holds (the main one first); null for a loop from a rack without one. */
  centralId: string | null;
  members: LoopMember[];
  /** Route metres node to node in 3D, the return to the rack included. */
  length: number;
  /** A of every member in alarm. */
  load: number;
  /** A, the central's maximum loop current in alarm; null: not checked. */
  maxLoad: number | null;
  /** route_max_units of the cabling settings and the central's product, whichever is lower. */
  maxUnits: number;
  /** What counts against maxUnits: the members, and the isolators where the central counts them. */
  countedUnits: number;
  isolators: number;
  /** The central product's loop resistance (Ω) and length (m) limits; null: not checked. */
  maxResistance: number | null;
  maxLength: number | null;
  /** Both single-fault feeds; null without a cable product, a central's voltage or members. */
  voltages: LoopVoltages | null;
  /** A unit gets less than 0 V on a feed: the voltages are no figures to show ('the loop cannot work at this length'). */
  cannotWork: boolean;
  /** The loop's warnings, as calc_fire_cabling gives them for it. */
  warnings: string[];
  /** The battery check of its central: everything that central carries. */
  battery: SupplyCheck | null;
  /** Where it passes through a wall without a door. */
  wallCrossings: WallCrossing[];
}

// The routes page asks again on every edit of the fire model (a node dragged); the building is read once per arch.
const buildings = new WeakMap<Arch, SectionBuilding>();
export const buildingOf = (arch: Arch) => {
  let b = buildings.get(arch);
  if (!b) buildings.set(arch, (b = sectionBuilding(indexBuilding(arch), arch.doors)));
  return b;
};

/** Route metres into each member from the stop before, the return last (checkLoop's legs), as the nodes lie in 3D. */
export function membersAndLegs(route: Route, byId: ReadonlyMap<string, LoopUnit>): { members: LoopUnit[]; legs: number[]; length: number } {
  const nodes = route.slices.flatMap((slice) => slice.nodes);
  const members: LoopUnit[] = [];
  const legs: number[] = [];
  let length = 0;
  let since = 0;
  nodes.forEach((node, k) => {
    if (k > 0) {
      const [a, b] = [nodes[k - 1]!.coord, node.coord];
      const step = Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
      length += step;
      since += step;
    }
    const unit = node.unit_id ? byId.get(node.unit_id) : undefined;
    if (!unit) return;
    members.push(unit);
    legs.push(since);
    since = 0;
  });
  legs.push(since);
  return { members, legs, length };
}

/** The origin a loop starts from: the central of the rack at its first node (else its last), the main one first. */
export function originOf(route: Route, origins: readonly Origin[]): Origin | null {
  const nodes = route.slices.flatMap((slice) => slice.nodes);
  for (const end of [nodes[0], nodes[nodes.length - 1]]) {
    const origin = end?.unit_id ? origins.find((o) => o.rack.id === end.unit_id) : undefined;
    if (origin) return origin;
  }
  return null;
}

/**
 * The figures of the model's loops (issue 33, one source): the units of each Loop route in cable order, its length and
 * load, its central's limits, isolators and voltages by checkLoop, the battery of its central by supplyChecks with the
 * units on every loop of that central, and its wall crossings. The building is read once; call the function it gives
 * per loop.
 */
export function loopFiguresOf(model: { arch: Arch; fire: Fire }): (routeId: string) => LoopFigures | null {
  const { arch, fire } = model;
  const units = loopUnits(fire, buildingOf(arch));
  const byId = new Map(units.map((u) => [u.id, u]));
  const origins = loopOrigins(fire);
  const loops = Object.values(fire.connections.routes).filter((r) => r.kind === 'Loop');
  const loopsOf = new Map<string, LoopUnit[]>();
  for (const route of loops) {
    const origin = originOf(route, origins);
    if (origin) loopsOf.set(origin.id, [...(loopsOf.get(origin.id) ?? []), ...membersAndLegs(route, byId).members]);
  }
  const supplies = new Map(supplyChecks(fire, loopsOf).map((s) => [s.id, s]));
  const addresses = new Map(Object.values(fire.sections).flatMap((s) => Object.entries(s.addresses)));
  const { cabling } = fire.config;
  return (routeId) => {
    const route = fire.connections.routes[routeId];
    if (!route || route.kind !== 'Loop') return null;
    const { members, legs, length } = membersAndLegs(route, byId);
    const origin = originOf(route, origins);
    const cable = fire.config.products.cables.find((c) => c.id === route.product_id);
    const check = origin
      ? checkLoop({ id: route.id, origin, units: members, legs, cable, isolatorMaxUnits: cabling.isolator_max_units })
      : null;
    const voltages = members.length > 0 ? (check?.voltages ?? null) : null;
    const central = origin && fire.connections.centrals[origin.id] ? origin.id : null;
    return {
      routeId,
      centralId: central,
      members: members.map((u) => ({ id: u.id, address: addresses.get(u.id) ?? null, alarmCurrent: u.alarmCurrent, known: u.known })),
      length,
      load: members.reduce((s, u) => s + u.alarmCurrent, 0),
      maxLoad: origin?.maxLoopCurrent ?? null,
      maxUnits: origin?.maxUnits ?? cabling.route_max_units,
      countedUnits: check?.isolators.loopUnits ?? members.length,
      isolators: check?.isolators.count ?? 0,
      maxResistance: origin?.maxLoopResistance ?? null,
      maxLength: origin?.maxLoopLength ?? null,
      voltages,
      cannotWork: !!voltages && [voltages.fromA, voltages.fromB].some((f) => (f.worst?.voltage ?? 0) < 0),
      warnings: check?.warnings ?? [],
      battery: central ? (supplies.get(central) ?? null) : null,
      wallCrossings: routeWallCrossings(arch, route),
    };
  };
}
