import { areaOf, areaShares, rackPoint, type CablingRun } from './cabling-run.js';
import { improveLoops } from './improve-loops.js';
import { loopGroups } from './loop-groups.js';
import { metricBetween } from './loop-metric.js';
import type { LoopUnit } from './loop-units.js';
import { assignCentrals, loopRoom, type Origin } from './origins.js';

/** Rounds of giving units to centrals again with the room of a central whose loops packed over its count cut. */
const ASSIGN_ROUNDS = 6;

/**
 * Each section to one central the building joins it to, the nearest its units with room (assignCentrals), and each
 * central's units planned as loops (planLoops); a unit no central reaches goes to the nearest one.
 *
 * On the loop metric (the straight distance sent units on upper storeys to a central whose riser is far), each
 * central within what its loops take while another of its part has room (nearest only, the two stairwell centrals
 * of the generated building got 26 and 45 loops' worth for 2). A central's loops pack less than full (whole
 * sections, the voltage and length limits): one planned with more loops than it has, while its part has loops to
 * spare, has its room cut by that ratio and the units are given again, at most ASSIGN_ROUNDS times (the round with
 * the fewest loops over is kept).
 */
export function assignUnitsToCentrals(run: CablingRun): Map<Origin, LoopUnit[][]> {
  const { units, starts, centralsIn, part, unitNode, exits, cabling, limited } = run;
  const joinedTo = (unit: LoopUnit) => centralsIn.get(part[unitNode.get(unit.id)!]!) ?? starts;
  const room = loopRoom<LoopUnit>(cabling.route_max_area, cabling.isolator_max_units, areaOf(run));
  const shrink = new Map<Origin, number>();
  const shrunk = { load: room.load, room: (o: Origin) => room.room(o).map((x) => x * (shrink.get(o) ?? 1)) };
  const planned = new Map<Origin, { units: LoopUnit[]; loops: LoopUnit[][] }>();
  const sameUnits = (a: readonly LoopUnit[], b: readonly LoopUnit[]) => a.length === b.length && a.every((u, k) => u === b[k]);
  let best: { over: number; plans: Map<Origin, LoopUnit[][]> } | null = null;
  for (let round = 0; round < ASSIGN_ROUNDS; round++) {
    const central = assignCentrals(units, joinedTo, (u, o) => metricBetween(u, rackPoint(o), exits), limited ? shrunk : undefined);
    const given = new Map<string, LoopUnit[]>(starts.map((o) => [o.id, []]));
    for (const unit of units) given.get(central.get(unit)!.id)!.push(unit);
    const plans = new Map<Origin, LoopUnit[][]>();
    for (const o of starts) {
      const list = given.get(o.id)!;
      const before = planned.get(o);
      const loops = before && sameUnits(before.units, list) ? before.loops : planLoops(run, o, list);
      planned.set(o, { units: list, loops });
      plans.set(o, loops);
    }
    const over = starts.reduce((s, o) => s + Math.max(0, plans.get(o)!.length - o.capacity), 0);
    if (!best || over < best.over) best = { over, plans };
    // Loops to spare per part of the building (its centrals' list).
    const spare = new Map<readonly Origin[], number>();
    for (const list of centralsIn.values())
      spare.set(
        list,
        list.reduce((s, o) => s + o.capacity - plans.get(o)!.length, 0),
      );
    let again = false;
    for (const list of centralsIn.values())
      for (const o of list) {
        const made = plans.get(o)!.length;
        if (made <= o.capacity || spare.get(list)! <= 0) continue;
        shrink.set(o, (shrink.get(o) ?? 1) * (o.capacity / made));
        again = true;
      }
    if (!again || !limited) break;
  }
  return best!.plans;
}

/** A central's units swept into loops, then made shorter together before they are routed (improve-loops.ts). */
function planLoops(run: CablingRun, o: Origin, list: LoopUnit[]): LoopUnit[][] {
  const { cabling } = run;
  return improveLoops(
    loopGroups(
      list,
      {
        maxUnits: o.maxUnits,
        maxArea: cabling.route_max_area,
        maxCurrent: o.maxLoopCurrent ?? undefined,
        isolatorsCount: o.isolatorsCountAsUnits,
        isolatorMaxUnits: cabling.isolator_max_units,
      },
      areaShares(list, run.sectionArea, run.sectionUnits),
      run.storeyIndex,
      [o.rack.coord[0], o.rack.coord[1]],
    ),
    run.exits,
    { origin: o, coppers: run.coppers, isolatorMaxUnits: cabling.isolator_max_units, maxArea: cabling.route_max_area, areaOf: areaOf(run) },
  );
}
