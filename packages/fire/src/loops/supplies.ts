import type { Fire } from '@edrf/model';
import type { AnalysisWarning } from '../analysis.js';
import { warning } from '../building.js';
import { batteryOptions, checkBattery, type BatteryCheck, type BatteryLoad } from '../electrical/battery.js';
import { ELECTRICAL_MESSAGES } from '../electrical/messages.js';
import { fedUnits, type FedUnit, type UnitLoad } from './loop-units.js';
import { loopOrigins } from './origins.js';

/** The battery check of one central or power supply and what it feeds (docs/fire-electrical.md, issue 33). */
export interface SupplyCheck {
  /** The central's or power supply's id, as the warnings name it. */
  id: string;
  kind: 'central' | 'power_supply';
  rackId: string;
  /** Units on its loops (a central's only). */
  loopUnits: number;
  /** The units fed outside the loops it carries (conventional sounders, annunciators, info and delay panels). */
  fedUnits: string[];
  /** A: its own draw, its loops and what it feeds, in standby and in alarm. */
  load: BatteryLoad;
  battery: BatteryCheck;
}

const distance3 = (a: readonly number[], b: readonly number[]) => Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);

/**
 * Every central's and every power supply's battery check, with the fire config's durations and factor. A central
 * carries itself and the units on its loops (`loopsOf`, by central id); a unit fed outside the loops is carried by the
 * nearest rack (straight 3D distance) that holds a central or a power supply: shared equally by that rack's power
 * supplies, else by its main (or first) central. A power supply draws nothing itself (its product has no figure).
 */
export function supplyChecks(fire: Fire, loopsOf: ReadonlyMap<string, readonly UnitLoad[]>): SupplyCheck[] {
  const { products } = fire.config;
  const racks = fire.units.racks;
  const origins = new Map(loopOrigins(fire).map((o) => [o.id, o]));
  const centrals = Object.values(fire.connections.centrals)
    .filter((c) => racks[c.rack_id])
    .sort((a, b) => Number(b.main_central) - Number(a.main_central) || a.id.localeCompare(b.id));
  const supplies = Object.values(fire.connections.power_supplies)
    .filter((p) => racks[p.rack_id])
    .sort((a, b) => a.id.localeCompare(b.id));

  // Each fed unit to its nearest feeding rack (ties: the rack id first by name).
  const feeding = [...new Set([...centrals, ...supplies].map((u) => u.rack_id))].sort();
  const fedBy = new Map<string, FedUnit[]>(feeding.map((id) => [id, []]));
  for (const unit of fedUnits(fire)) {
    let best: string | null = null;
    for (const id of feeding)
      if (best === null || distance3(unit.coord, racks[id]!.coord) < distance3(unit.coord, racks[best]!.coord)) best = id;
    if (best !== null) fedBy.get(best)!.push(unit);
  }
  const share = (list: readonly FedUnit[], parts: number): BatteryLoad => ({
    quiescentCurrent: list.reduce((s, u) => s + u.quiescentCurrent, 0) / parts,
    alarmCurrent: list.reduce((s, u) => s + u.alarmCurrent, 0) / parts,
  });
  const options = batteryOptions(fire.config.battery);
  const out: SupplyCheck[] = [];
  for (const central of centrals) {
    const origin = origins.get(central.id);
    const loops = loopsOf.get(central.id) ?? [];
    const rackSupplies = supplies.filter((p) => p.rack_id === central.rack_id).length;
    // The rack's fed units, where no power supply of the rack takes them and this is its first central.
    const fed = rackSupplies === 0 && centrals.find((c) => c.rack_id === central.rack_id) === central ? fedBy.get(central.rack_id)! : [];
    const own = origin?.ownCurrent ?? 0;
    const extra = share(fed, 1);
    const load = {
      quiescentCurrent: own + loops.reduce((s, u) => s + u.quiescentCurrent, 0) + extra.quiescentCurrent,
      alarmCurrent: own + loops.reduce((s, u) => s + u.alarmCurrent, 0) + extra.alarmCurrent,
    };
    const battery = checkBattery({
      supply: central.id,
      regulation: fire.config.regulation,
      load,
      configured: origin?.battery ?? null,
      options,
    });
    out.push({
      id: central.id,
      kind: 'central',
      rackId: central.rack_id,
      loopUnits: loops.length,
      fedUnits: fed.map((u) => u.id),
      load,
      battery,
    });
  }
  for (const supply of supplies) {
    const fed = fedBy.get(supply.rack_id)!;
    const parts = supplies.filter((p) => p.rack_id === supply.rack_id).length;
    const product = products.power_supplies.find((p) => p.id === supply.product_id);
    const ah = product?.properties.ampere_hours ?? 0;
    const load = share(fed, parts);
    const battery = checkBattery({ supply: supply.id, regulation: fire.config.regulation, load, configured: ah > 0 ? ah : null, options });
    out.push({ id: supply.id, kind: 'power_supply', rackId: supply.rack_id, loopUnits: 0, fedUnits: fed.map((u) => u.id), load, battery });
  }
  return out;
}

/** The warnings of the supplies' battery checks, and one per unit whose current is not known (never 0 mA in silence). */
export function supplyWarnings(checks: readonly SupplyCheck[], unknown: readonly (UnitLoad & { id: string })[]): AnalysisWarning[] {
  return [
    ...checks.flatMap((c) => c.battery.warnings.map((message, k) => warning('battery', `${c.id}/${k}`, message))),
    ...unknown
      .filter((u) => !u.known)
      .map((u) => warning('no_electrical', u.id, ELECTRICAL_MESSAGES.noElectrical(u.id, u.productName), u.id)),
  ];
}
