import type { Arch, Elec, Fire, RackUnit, Route } from '@edrf/model';
import type { AnalysisResult, AnalysisWarning } from '../analysis.js';
import { indexBuilding, warning } from '../building.js';
import { attachPoint, buildRoutingGraph, pathLength } from '../cabling/routing-graph.js';
import { pathSlices } from '../cabling/route-slices.js';
import { loopVoltages, startVoltage } from '../electrical/voltage-drop.js';
import { checkBattery } from '../electrical/battery.js';
import { ringArea, type Ring } from '../geometry/ring.js';
import { partRings, sectionBuilding } from '../sections/section-index.js';
import { loopGroups } from './loop-groups.js';
import { loopUnits, type LoopUnit } from './loop-units.js';
import { LOOP_MESSAGES } from './messages.js';
import { GraphSearch } from './path-between.js';
import { loopTour } from './tour.js';

export interface CalcFireCablingInput {
  arch: Arch;
  elec?: Elec;
  fire: Fire;
}

export interface FireCablingResult {
  /** The whole connections with the loops made anew (other routes kept). */
  connections: Fire['connections'];
  validation: AnalysisResult;
}

/** Loop routes are named so; a run replaces the model's Loop routes and keeps every other. */
export const LOOP_ROUTE_PREFIX = 'loop-';

/** Where a loop starts and ends: a central's rack (or a rack when no rack holds a central), with what it can take. */
interface Origin {
  id: string;
  rack: RackUnit;
  /** Loops the central can drive: its product's built-in routes plus its fitted Route extensions (at least 1). */
  capacity: number;
  maxUnits: number;
  startVoltage: number;
  /** A, what the central draws itself; Ah of its built-in supply's battery (null: none configured). */
  ownCurrent: number;
  battery: number | null;
}

function origins(fire: Fire): Origin[] {
  const { products, cabling } = fire.config;
  const racks = fire.units.racks;
  const list = Object.values(fire.connections.centrals)
    .filter((c) => racks[c.rack_id])
    .sort((a, b) => Number(b.main_central) - Number(a.main_central) || a.id.localeCompare(b.id))
    .map((central): Origin => {
      const product = products.centrals.find((p) => p.id === central.product_id);
      const routePorts = (product?.extension_ports ?? []).filter(
        (kind, k) => (kind === 'Route' || kind === 'Any') && (central.extensions[k] ?? '') !== '',
      );
      return {
        id: central.id,
        rack: racks[central.rack_id]!,
        capacity: Math.max(1, (product?.builtin.num_routes ?? 1) + routePorts.length),
        maxUnits: Math.min(cabling.route_max_units, product?.route_max_units ?? Infinity),
        startVoltage: startVoltage(product?.voltage_output[0] ?? 0, cabling.start_voltage_margin),
        ownCurrent: (product?.milliamperes ?? 0) / 1000,
        battery: product?.builtin_psu && product.builtin_psu.ampere_hours > 0 ? product.builtin_psu.ampere_hours : null,
      };
    });
  if (list.length > 0) return list;
  // No central anywhere: the loops still start at a rack, so the design can be seen and the central added later.
  return Object.values(racks).map((rack) => ({
    id: rack.id,
    rack,
    capacity: 1,
    maxUnits: cabling.route_max_units,
    startVoltage: 0,
    ownCurrent: 0,
    battery: null,
  }));
}

const distance3 = (a: readonly number[], b: readonly number[]) => Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);

/**
 * calc_fire_cabling (F§7, issue 26): every addressable unit on one Class A loop (out from its central and back) of the
 * nearest central, sections kept on one loop where they fit, within route_max_units and route_max_area, each loop
 * ordered short (nearest neighbour and 2-opt) and routed through the building's routing graph (trays preferred) as
 * slices per storey; the voltage in alarm checked for both single-fault feeds. Throws 'No fire rack found!'.
 */
export function calcFireCabling(
  input: CalcFireCablingInput,
  progress: (done: number, total: number) => void = () => {},
): FireCablingResult {
  const { arch, fire } = input;
  if (Object.keys(fire.units.racks).length === 0) throw new Error(LOOP_MESSAGES.noRack);
  const warnings: AnalysisWarning[] = [];
  const index = indexBuilding(arch);
  const building = sectionBuilding(index, arch.doors);
  const storeyIndex = new Map(index.storeys.map((s, i) => [s.storey.id, i]));
  const cable = fire.config.products.cables.find((c) => c.type === 'Copper');
  if (!cable) warnings.push(warning('no_copper_cable', 'cables', LOOP_MESSAGES.noCopperCable));
  const starts = origins(fire);
  if (Object.keys(fire.connections.centrals).length === 0) warnings.push(warning('no_central', 'centrals', LOOP_MESSAGES.noCentral));

  const sectionArea = new Map(
    Object.values(fire.sections).map((s) => [
      s.id,
      s.parts.reduce((sum, part) => {
        const room = building.rooms.get(part.room_id);
        const rings: Ring[] = room ? partRings(part, room.info) : [];
        return sum + (rings.length > 0 ? Math.abs(ringArea(rings[0]!)) - rings.slice(1).reduce((h, r) => h + Math.abs(ringArea(r)), 0) : 0);
      }, 0),
    ]),
  );

  // Each unit to the central nearest to it.
  const units = loopUnits(fire, building);
  const byOrigin = new Map<string, LoopUnit[]>(starts.map((o) => [o.id, []]));
  for (const unit of units) {
    const nearest = starts.reduce((best, o) => (distance3(unit.coord, o.rack.coord) < distance3(unit.coord, best.rack.coord) ? o : best));
    byOrigin.get(nearest.id)!.push(unit);
  }

  const g = buildRoutingGraph(input);
  const rackNode = new Map(starts.map((o) => [o.id, attachPoint(g, o.rack.storey_id, o.rack.coord, { unitId: o.rack.id })]));
  const unitNode = new Map(units.map((u) => [u.id, attachPoint(g, u.storeyId, u.coord, { unitId: u.id })]));

  const connections: Fire['connections'] = structuredClone(fire.connections);
  for (const [id, route] of Object.entries(connections.routes)) if (route.kind === 'Loop') delete connections.routes[id];
  const taken = new Set([...Object.keys(connections.routes), ...Object.keys(connections.cables)]);
  let n = 1;
  const newId = () => {
    while (taken.has(`${LOOP_ROUTE_PREFIX}${n}`)) n++;
    taken.add(`${LOOP_ROUTE_PREFIX}${n}`);
    return `${LOOP_ROUTE_PREFIX}${n}`;
  };

  const search = new GraphSearch(g);
  // Every loop of a central starts and ends at its rack: one search from each rack serves all their first and last legs.
  const fromRack = new Map(
    starts.map((o) => {
      const rack = new GraphSearch(g).search(rackNode.get(o.id)!, null);
      return [o.id, rack] as const;
    }),
  );
  const plans = starts.map((o) => ({
    origin: o,
    loops: loopGroups(
      byOrigin.get(o.id)!,
      { maxUnits: o.maxUnits, maxArea: fire.config.cabling.route_max_area },
      sectionArea,
      storeyIndex,
      [o.rack.coord[0], o.rack.coord[1]],
    ),
  }));
  const total = plans.reduce((s, p) => s + p.loops.length, 0);
  let done = 0;
  for (const { origin, loops } of plans) {
    if (loops.length > origin.capacity)
      warnings.push(warning('too_many_loops', origin.id, LOOP_MESSAGES.tooManyLoops(origin.id, loops.length, origin.capacity)));
    // Battery standby of the central (docs/fire-electrical.md): itself and every unit on its loops.
    if (fire.connections.centrals[origin.id]) {
      const members = loops.flat();
      const battery = checkBattery({
        supply: origin.id,
        regulation: fire.config.regulation,
        load: {
          quiescentCurrent: origin.ownCurrent + members.reduce((s, u) => s + u.quiescentCurrent, 0),
          alarmCurrent: origin.ownCurrent + members.reduce((s, u) => s + u.alarmCurrent, 0),
        },
        configured: origin.battery,
      });
      battery.warnings.forEach((message, k) => warnings.push(warning('battery', `${origin.id}/${k}`, message)));
    }
    for (const members of loops) {
      const id = newId();
      const points = [origin.rack.coord, ...members.map((u) => u.coord)];
      const nodes = [rackNode.get(origin.id)!, ...members.map((u) => unitNode.get(u.id)!)];
      // The tour is ordered on straight distances (a search per pair through the building cost minutes on a
      // 185,000 m² building); each leg is then routed through the building.
      const rack = fromRack.get(origin.id)!;
      const cost = (a: number, b: number) => distance3(points[a]!, points[b]!);
      const order = loopTour(points.length, cost);
      const path: number[] = [];
      const legs: number[] = [];
      const names = [origin.rack.label || origin.rack.id, ...members.map((u) => u.id)];
      const legPath = (a: number, b: number) => {
        if (a === 0) return rack.pathTo(nodes[b]!);
        if (b === 0) return rack.pathTo(nodes[a]!).reverse();
        return search.search(nodes[a]!, new Set([nodes[b]!])).pathTo(nodes[b]!);
      };
      for (let k = 0; k < order.length; k++) {
        const [a, b] = [order[k]!, order[(k + 1) % order.length]!];
        let leg = legPath(a, b);
        if (leg.length < 2) {
          warnings.push(warning('loop_no_way', `${id}/${names[a]}/${names[b]}`, LOOP_MESSAGES.noWay(id, names[a]!, names[b]!)));
          leg = [nodes[a]!, nodes[b]!];
        }
        // A leg joined straight has no edge to measure: its straight length stands in.
        const length = pathLength(g, leg);
        legs.push(length > 0 ? length : distance3(points[a]!, points[b]!));
        path.push(...(path.length > 0 ? leg.slice(1) : leg));
      }
      const route: Route = { id, product_id: cable?.id ?? '', kind: 'Loop', slices: pathSlices(g, path) };
      connections.routes[id] = route;

      const area = [...new Set(members.map((u) => u.sectionId).filter((s) => s !== ''))].reduce(
        (s, sid) => s + (sectionArea.get(sid) ?? 0),
        0,
      );
      if (area > fire.config.cabling.route_max_area + 1e-6)
        warnings.push(warning('loop_over_area', id, LOOP_MESSAGES.overArea(id, area, fire.config.cabling.route_max_area)));
      if (cable && origin.startVoltage > 0) {
        const inOrder = order.slice(1).map((k) => members[k - 1]!);
        const voltages = loopVoltages({
          name: id,
          startVoltage: origin.startVoltage,
          resistancePerMetre: cable.resistance / 1000,
          segments: inOrder.map((u, k) => ({
            length: legs[k]!,
            unit: { id: u.id, alarmCurrent: u.alarmCurrent, minVoltage: u.minVoltage },
          })),
          returnLength: legs[legs.length - 1]!,
        });
        voltages.warnings.forEach((message, k) => warnings.push(warning('loop_voltage', `${id}/${k}`, message)));
      }
      progress(++done, total);
    }
  }
  return { connections, validation: { warnings, detector_shapes: {}, siren_shapes: {}, split_sections: [] } };
}
