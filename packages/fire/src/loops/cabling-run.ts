import type { Arch, Elec, Fire } from '@edrf/model';
import type { AnalysisWarning } from '../analysis.js';
import { indexBuilding, warning } from '../building.js';
import { graphComponents } from '../cabling/graph-search.js';
import { attachPoint, buildRoutingGraph, type RoutingGraph } from '../cabling/routing-graph.js';
import { ringArea, type Ring } from '../geometry/ring.js';
import { partRings, sectionBuilding } from '../sections/section-index.js';
import { storeyExits, type StoreyExits } from './loop-metric.js';
import { loopUnits, type LoopUnit } from './loop-units.js';
import { LOOP_MESSAGES } from './messages.js';
import { loopOrigins, type Origin } from './origins.js';

export interface CalcFireCablingInput {
  arch: Arch;
  elec?: Elec;
  fire: Fire;
  /** The routing graph's wall penalty, WALL_PENALTY unless set: bench:fire-cabling compares doors only with it. */
  wallPenalty?: number;
}

/**
 * What one cabling run (calcFireCabling) knows before it gives units to centrals: the building, the centrals (starts)
 * and units, the routing graph with each rack and unit attached, which part of the building each is in, and the
 * warnings so far. Its steps read it; only `warnings` grows.
 */
export interface CablingRun {
  arch: Arch;
  fire: Fire;
  cabling: Fire['config']['cabling'];
  warnings: AnalysisWarning[];
  index: ReturnType<typeof indexBuilding>;
  storeyIndex: Map<string, number>;
  coppers: Fire['config']['products']['cables'];
  starts: Origin[];
  sectionArea: Map<string, number>;
  units: LoopUnit[];
  /** How many units each section has (a section split over loops or centrals counts for its share there). */
  sectionUnits: Map<string, number>;
  g: RoutingGraph;
  rackNode: Map<string, number>;
  unitNode: Map<string, number>;
  /** The part of the building (connected piece of the graph) of each node. */
  part: Int32Array;
  exits: StoreyExits;
  /** The centrals of each part, listed once (filtered per unit, it cost units × centrals on a campus of 144 centrals). */
  centralsIn: Map<number, Origin[]>;
  /** Units no central reaches, per part of the building. */
  cutOff: Map<number, LoopUnit[]>;
  /** Racks without a central (a design before its centrals) take what is nearest them: they have no loop count. */
  limited: boolean;
}

/** The building, centrals, units and routing graph of a cabling run; warns of no copper cable and no central. */
export function prepareCabling(input: CalcFireCablingInput): CablingRun {
  const { arch, fire } = input;
  const warnings: AnalysisWarning[] = [];
  const index = indexBuilding(arch);
  const building = sectionBuilding(index, arch.doors);
  const storeyIndex = new Map(index.storeys.map((s, i) => [s.storey.id, i]));
  const coppers = fire.config.products.cables.filter((c) => c.type === 'Copper');
  if (coppers.length === 0) warnings.push(warning('no_copper_cable', 'cables', LOOP_MESSAGES.noCopperCable));
  const starts = loopOrigins(fire);
  if (Object.keys(fire.connections.centrals).length === 0) warnings.push(warning('no_central', 'centrals', LOOP_MESSAGES.noCentral));
  const sectionArea = sectionAreas(fire, building);
  const units = loopUnits(fire, building);
  const sectionUnits = new Map<string, number>();
  for (const u of units) sectionUnits.set(u.sectionId, (sectionUnits.get(u.sectionId) ?? 0) + 1);
  const g = buildRoutingGraph(input);
  const rackNode = new Map(starts.map((o) => [o.id, attachPoint(g, o.rack.storey_id, o.rack.coord, { unitId: o.rack.id })]));
  const unitNode = new Map(units.map((u) => [u.id, attachPoint(g, u.storeyId, u.coord, { unitId: u.id })]));
  const part = graphComponents(g);
  const exits = storeyExits(g);
  const centralsIn = new Map<number, Origin[]>();
  for (const o of starts) {
    const p = part[rackNode.get(o.id)!]!;
    centralsIn.set(p, [...(centralsIn.get(p) ?? []), o]);
  }
  const cutOff = new Map<number, LoopUnit[]>();
  for (const unit of units) {
    const p = part[unitNode.get(unit.id)!]!;
    if (!centralsIn.has(p)) {
      const list = cutOff.get(p);
      if (list) list.push(unit);
      else cutOff.set(p, [unit]);
    }
  }
  const limited = Object.keys(fire.connections.centrals).length > 0;
  return {
    arch,
    fire,
    cabling: fire.config.cabling,
    warnings,
    index,
    storeyIndex,
    coppers,
    starts,
    sectionArea,
    units,
    sectionUnits,
    g,
    rackNode,
    unitNode,
    part,
    exits,
    centralsIn,
    cutOff,
    limited,
  };
}

/** A unit's share of its section's m² (0 without a section). */
export const areaOf = (run: CablingRun) => (u: LoopUnit) =>
  u.sectionId ? (run.sectionArea.get(u.sectionId) ?? 0) / run.sectionUnits.get(u.sectionId)! : 0;

/** Where a central's rack stands, as the loop metric takes it. */
export const rackPoint = (o: Origin) => ({ storeyId: o.rack.storey_id, coord: o.rack.coord });

/**
 * Each section's m² on a central: the share of its units there (a section whose units go to several centrals counts on
 * each for its share, as on a loop; counted whole, it filled loops up with area other centrals protect).
 */
export function areaShares(
  units: readonly LoopUnit[],
  sectionArea: ReadonlyMap<string, number>,
  sectionUnits: ReadonlyMap<string, number>,
) {
  const here = new Map<string, number>();
  for (const u of units) here.set(u.sectionId, (here.get(u.sectionId) ?? 0) + 1);
  return new Map([...here].map(([id, k]) => [id, ((sectionArea.get(id) ?? 0) * k) / sectionUnits.get(id)!]));
}

/** m² of each section: its parts' outlines less their holes. */
export function sectionAreas(fire: Fire, building: ReturnType<typeof sectionBuilding>): Map<string, number> {
  return new Map(
    Object.values(fire.sections).map((s) => [
      s.id,
      s.parts.reduce((sum, part) => {
        const room = building.rooms.get(part.room_id);
        const rings: Ring[] = room ? partRings(part, room.info) : [];
        return sum + (rings.length > 0 ? Math.abs(ringArea(rings[0]!)) - rings.slice(1).reduce((h, r) => h + Math.abs(ringArea(r)), 0) : 0);
      }, 0),
    ]),
  );
}
