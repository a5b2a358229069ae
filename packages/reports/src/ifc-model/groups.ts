// How the elements hang together: contained in their storeys; all in one fire alarm system that serves the building;
// each loop a circuit of that system holding its panel, units and cables; each section a zone of its rooms' spaces
// and a group of its units. An IfcZone may hold only spaces and zones (its rule WR1), so the units of a section are
// an IfcGroup beside it [our reading].
import type { Arch, Fire } from '@edrf/model';
import {
  IFCDISTRIBUTIONCIRCUIT,
  IFCDISTRIBUTIONSYSTEM,
  IFCELECTRICALCIRCUIT,
  IFCGROUP,
  IFCRELAGGREGATES,
  IFCRELASSIGNSTOGROUP,
  IFCRELCONTAINEDINSPATIALSTRUCTURE,
  IFCRELSERVICESBUILDINGS,
  IFCSYSTEM,
  IFCZONE,
} from 'web-ifc';
import type { Scene, Written } from './scene.js';
import { ref, type Ref } from './writer.js';

export const SYSTEM_NAME = 'Fire alarm system';
export const SECTION_TYPE = 'Fire alarm section';

/** Each element in its storey: one containment per storey for the design's elements. */
export function writeContainment(scene: Scene, elements: readonly Written[]): void {
  const { w, owner } = scene;
  const byStorey = new Map<number, Ref[]>();
  for (const element of elements) byStorey.set(element.storey.expressID, [...(byStorey.get(element.storey.expressID) ?? []), element.ref]);
  for (const [storey, refs] of byStorey)
    w.add(IFCRELCONTAINEDINSPATIALSTRUCTURE, w.guid(`contained:${storey}`), owner, w.label(SYSTEM_NAME), null, refs, ref(storey));
}

const assign = (scene: Scene, key: string, group: Ref, members: readonly Ref[]): void => {
  if (members.length > 0) scene.w.add(IFCRELASSIGNSTOGROUP, scene.w.guid(key), scene.owner, null, null, [...members], null, group);
};

/** The fire alarm system of all the design's elements, serving the building when the file has one. */
export function writeSystem(scene: Scene, elements: readonly Written[], building: number | null): Ref {
  const { w, owner } = scene;
  const system =
    w.schema === 'IFC4'
      ? w.add(IFCDISTRIBUTIONSYSTEM, w.guid('system'), owner, w.label(SYSTEM_NAME), null, null, null, w.enumeration('FIREPROTECTION'))
      : w.add(IFCSYSTEM, w.guid('system'), owner, w.label(SYSTEM_NAME), null, w.label(SYSTEM_NAME));
  assign(
    scene,
    'system-members',
    system,
    elements.map((e) => e.ref),
  );
  if (building !== null) w.add(IFCRELSERVICESBUILDINGS, w.guid('system-serves'), owner, null, null, system, [ref(building)]);
  return system;
}

/** A loop as the system's circuit: its panel (the rack it starts from), its units and its cables. */
export interface LoopCircuit {
  routeId: string;
  members: readonly Ref[];
}

/** The loops as circuits of the system (IFC4 IfcDistributionCircuit, IFC2X3 IfcElectricalCircuit), aggregated in it. */
export function writeCircuits(scene: Scene, system: Ref, loops: readonly LoopCircuit[]): Map<string, Ref> {
  const { w, owner } = scene;
  const circuits = new Map<string, Ref>();
  for (const loop of loops) {
    const key = `circuit:${loop.routeId}`;
    const circuit =
      w.schema === 'IFC4'
        ? w.add(
            IFCDISTRIBUTIONCIRCUIT,
            w.guid(key),
            owner,
            w.label(loop.routeId),
            w.text('Loop'),
            null,
            null,
            w.enumeration('FIREPROTECTION'),
          )
        : w.add(IFCELECTRICALCIRCUIT, w.guid(key), owner, w.label(loop.routeId), w.text('Loop'), null);
    assign(scene, `${key}:members`, circuit, loop.members);
    circuits.set(loop.routeId, circuit);
  }
  if (circuits.size > 0) w.add(IFCRELAGGREGATES, w.guid('system-circuits'), owner, null, null, system, [...circuits.values()]);
  return circuits;
}

/**
 * Each section: a zone of the spaces of its rooms that the file holds (a room's own space and those clean_arch merged
 * into it), and a group of its units.
 */
export function writeSections(
  scene: Scene,
  arch: Arch,
  fire: Fire,
  spaces: ReadonlyMap<string, number>,
  units: ReadonlyMap<string, Written>,
): void {
  const { w, owner } = scene;
  for (const section of Object.values(fire.sections)) {
    const globalIds = section.parts.flatMap((part) => {
      const room = arch.rooms[part.room_id];
      return room ? [room.global_id, ...(room.merged_global_ids ?? [])] : [];
    });
    const inZone = [...new Set(globalIds.flatMap((id) => (spaces.has(id) ? [spaces.get(id)!] : [])))];
    const members = Object.keys(section.addresses).flatMap((id) => (units.has(id) ? [units.get(id)!.ref] : []));
    const name = w.label(section.name);
    const description = w.text(section.description);
    if (inZone.length > 0) {
      const zoneArgs = [w.guid(`zone:${section.id}`), owner, name, description, w.label(SECTION_TYPE)];
      const zone = w.schema === 'IFC4' ? w.add(IFCZONE, ...zoneArgs, null) : w.add(IFCZONE, ...zoneArgs);
      assign(scene, `zone:${section.id}:spaces`, zone, inZone.map(ref));
    }
    if (members.length > 0) {
      const group = w.add(IFCGROUP, w.guid(`section:${section.id}`), owner, name, description, w.label(`${SECTION_TYPE} units`));
      assign(scene, `section:${section.id}:units`, group, members);
    }
  }
}
