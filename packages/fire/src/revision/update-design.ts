import {
  type Arch,
  type ArchChanges,
  type Elec,
  type Fire,
  type FireUnits,
  type Revision,
  type UnitGroup,
  type UnitIdsByGroup,
} from '@edrf/model';
import type { AnalysisWarning } from '../analysis.js';
import { calcFireUnits } from '../calc-units.js';
import { basisRooms, basisUnits, basisWalls } from './arch-changes.js';
import { newWalls } from './new-walls.js';
import { PLACED_GROUPS, recordedRoom, strandedUnits } from './removed-units.js';
import { blockedByRevision, cableMetres, revisionTouches, routesToReroute } from './reroute.js';
import { rerouteLoops } from './reroute-loops.js';
import { nextRevision, priceOfRooms } from './revision-record.js';
import { BuildingView, RoomBoxes } from './building-view.js';
import { exitsMadeByRevision } from './new-exits.js';
import { hasSectionLabels, updatedSectionLabels } from './section-labels.js';
import { updateSections } from './update-sections.js';

export interface UpdateDesignOptions {
  /** Keep the units standing in removed rooms, listed as flagged, instead of removing them. */
  keepRemovedUnits?: boolean;
  /** When the update is made: the revision's date and the new basis'. Now by default. */
  at?: Date | string;
}

export interface DesignUpdateSummary {
  changes: ArchChanges;
  units: { added: UnitIdsByGroup; removed: UnitIdsByGroup; flagged: UnitIdsByGroup };
  sections: { added: string[]; removed: string[]; changed: string[] };
  /**
   * The routes re-routed: loops with a removed unit, a new unit or passing through a removed, reshaped or added room,
   * and cables between racks whose path the revision blocks (reroute-loops.ts).
   */
  reroute: string[];
  /** Loops whose every unit was removed, removed with them. */
  routesRemoved: string[];
  /** calc_fire_units' warnings on the changed rooms, and the re-routed loops' (a new unit no loop has room for, a leg with no way). */
  warnings: AnalysisWarning[];
  /** The revision appended to the model. */
  revision: Revision;
}

export interface DesignUpdate {
  fire: Fire;
  summary: DesignUpdateSummary;
}

const byGroup = (units: readonly { id: string; group: UnitGroup }[]): UnitIdsByGroup => {
  const out: UnitIdsByGroup = {};
  for (const { id, group } of units) (out[group] ??= []).push(id);
  return out;
};

const without = <T>(items: Readonly<Record<string, T>>, gone: ReadonlySet<string>): Record<string, T> =>
  Object.fromEntries(Object.entries(items).filter(([id]) => !gone.has(id)));

/**
 * Update the design (issue 40): the fire design follows the architect's revision, the work proportional to the change.
 * Units in removed rooms are removed (or, with keepRemovedUnits, kept and flagged); the added, reshaped and re-typed
 * rooms get units as a Units run would, and only they, and a door the revision made an exit its call point; every other unit keeps its id, place, product and address;
 * sections drop what is gone and take the new rooms (update-sections.ts); the loops the revision touched are re-routed
 * through the new architecture with the new units on them, cables between racks only where their path is blocked,
 * every other route left as it was (reroute-loops.ts); the new design basis is taken and a revision appended. `elec`:
 * its trays, which the routing graph prefers, as calc_fire_cabling's.
 * `changes` is archChanges(fire.design_basis, arch), as the notice showed it.
 */
export function updateFireDesign(
  model: { arch: Arch; fire: Fire; elec?: Elec },
  changes: ArchChanges,
  opts: UpdateDesignOptions = {},
): DesignUpdate {
  const { arch, fire } = model;
  const at = typeof opts.at === 'string' ? opts.at : (opts.at ?? new Date()).toISOString();
  // The new architecture, read storey by storey as the changes ask: the storeys they leave alone are not read.
  const view = new BuildingView(arch);

  const stranded = strandedUnits(fire.units, fire.design_basis, changes, view);
  const placed = (group: UnitGroup) => (PLACED_GROUPS as readonly UnitGroup[]).includes(group);
  const removing = opts.keepRemovedUnits ? [] : stranded.filter((u) => placed(u.group));
  const flagged = opts.keepRemovedUnits ? stranded : stranded.filter((u) => !placed(u.group));
  const gone = new Set(removing.map((u) => u.id));
  let units: FireUnits = {
    racks: without(fire.units.racks, gone),
    detectors: without(fire.units.detectors, gone),
    sirens: without(fire.units.sirens, gone),
    buttons: without(fire.units.buttons, gone),
    ios: without(fire.units.ios, gone),
    others: without(fire.units.others, gone),
    labels: without(fire.units.labels, gone),
  };
  // A sounder base whose detector went is no longer locked to it (the model's rule when a detector is deleted).
  for (const siren of Object.values(units.sirens)) if (gone.has(siren.locked_to)) units.sirens[siren.id] = { ...siren, locked_to: '' };

  // The changed rooms get units as a Units run would (unitsForChangedRooms).
  const scope = new Set(
    [...changes.added, ...changes.reshaped, ...changes.retyped].map((r) => r.id).filter((id) => Object.hasOwn(arch.rooms, id)),
  );
  // A door the revision left opening where a removed room stood is an exit now: its call point, as a Units run places it.
  const exits = exitsMadeByRevision(arch, fire.design_basis, changes, view);
  const placedUnits = unitsForChangedRooms({ arch, fire, units, scope, exits, gone });
  const { added, warnings } = placedUnits;
  units = placedUnits.units;
  const addedIds = new Set(added.map((u) => u.id));

  const withUnits: Fire = { ...fire, units };
  const sections = updateSections({ arch, fire: withUnits, changes, view, addedUnits: addedIds });
  const touched = { added: sections.added, removed: sections.removed, changed: sections.changed };
  if (hasSectionLabels(units.labels)) units = { ...units, labels: updatedSectionLabels(units.labels, sections.sections, touched, view) };
  const newSections = Object.keys(fire.sections).length > 0 ? sections.sections : fire.sections;

  // The loops and cables the revision touched, re-routed through the new architecture; the others stay as they were.
  const walls = newWalls(arch, changes);
  const touches = revisionTouches(fire.design_basis, changes, view, walls);
  const listed = routesToReroute(fire.connections.routes, gone, touches);
  const rerouted = rerouteLoops({
    arch,
    elec: model.elec,
    fire: { ...fire, units, sections: newSections },
    listed,
    added: addedIds,
    blocked: blockedByRevision(arch, fire.design_basis, changes, walls),
    walls,
    touches,
  });
  const routes = rerouted.connections.routes;
  const cableBefore = cableMetres(fire.connections.routes);
  const basis = newBasis(arch, fire, units, changes, view, at);
  const { id, letter } = nextRevision(fire.revisions);
  const revision: Revision = {
    id,
    letter,
    date: at,
    changes,
    units: { added: byGroup(added), removed: byGroup(removing), moved: {}, flagged: byGroup(flagged) },
    sections_changed: [...touched.added, ...touched.removed, ...touched.changed].sort(),
    cable_m_before: cableBefore,
    cable_m_after: cableMetres(routes),
    cost_before: fire.design_basis ? priceOfRooms(Object.values(fire.design_basis.rooms)) : null,
    cost_after: priceOfRooms(Object.values(basis.rooms)),
  };
  return {
    fire: {
      ...fire,
      units,
      connections: rerouted.connections,
      sections: newSections,
      design_basis: basis,
      revisions: { ...fire.revisions, [id]: revision },
    },
    summary: {
      changes,
      units: revision.units,
      sections: touched,
      reroute: rerouted.rerouted,
      routesRemoved: rerouted.removed,
      warnings: [...warnings, ...rerouted.warnings],
      revision,
    },
  };
}

/**
 * The changed rooms get units as a Units run would, and a door the revision made an exit its call point: units elsewhere
 * are neither read nor moved. The units there were stay the very objects they were; the run's new ones are added after
 * them, each with a fresh id where the run gave it one a removed unit had.
 */
function unitsForChangedRooms(input: {
  arch: Arch;
  fire: Fire;
  units: FireUnits;
  scope: ReadonlySet<string>;
  exits: ReturnType<typeof exitsMadeByRevision>;
  gone: ReadonlySet<string>;
}): { units: FireUnits; added: { id: string; group: UnitGroup }[]; warnings: AnalysisWarning[] } {
  const { arch, fire, units, scope, exits, gone } = input;
  const added: { id: string; group: UnitGroup }[] = [];
  if (scope.size === 0 && exits.size === 0) return { units, added, warnings: [] };
  const result = calcFireUnits({ arch, fire: { ...fire, units }, rooms: new Set(scope), exits });
  // The run gives new units the lowest free ids, which the removed units have just freed: a new unit takes a fresh
  // one instead, so that the revision's removed and added units never share an id.
  const renamed = freshIds(
    PLACED_GROUPS.flatMap((group) => Object.keys(result.units[group]).filter((id) => !units[group][id])),
    gone,
    new Set(Object.values(fire.units).flatMap((group) => Object.keys(group))),
  );
  const rename = (id: string) => renamed.get(id) ?? id;
  const merge = <T extends { id: string }>(group: UnitGroup, kept: Record<string, T>, answer: Record<string, T>): Record<string, T> => {
    const made = Object.values(answer)
      .filter((unit) => !kept[unit.id])
      .map((unit) => ({ ...unit, id: rename(unit.id) }));
    for (const unit of made) added.push({ id: unit.id, group });
    return { ...kept, ...Object.fromEntries(made.map((unit) => [unit.id, unit])) };
  };
  const sirens = merge('sirens', units.sirens, result.units.sirens);
  for (const siren of Object.values(sirens))
    if (renamed.has(siren.locked_to)) sirens[siren.id] = { ...siren, locked_to: rename(siren.locked_to) };
  return {
    units: {
      ...units,
      detectors: merge('detectors', units.detectors, result.units.detectors),
      sirens,
      buttons: merge('buttons', units.buttons, result.units.buttons),
    },
    added,
    warnings: result.validation.warnings,
  };
}

/**
 * The design basis after the update. A unit the old basis has where it stands, in a room the revision left alone, clear
 * of every added or reshaped room's box, stands there still: the storeys the revision left alone are not read for it.
 */
function newBasis(arch: Arch, fire: Fire, units: FireUnits, changes: ArchChanges, view: BuildingView, at: string) {
  const changedRooms = new Set([...changes.added, ...changes.removed, ...changes.reshaped].map((r) => r.id));
  const changedBoxes = RoomBoxes.of([...changes.added, ...changes.reshaped].flatMap((r) => view.room(r.id) ?? []));
  const stays = (unit: { id: string; storey_id: string; coord: readonly number[] }) => {
    const room = recordedRoom(fire.design_basis, unit);
    return room !== undefined && !changedRooms.has(room) && !changedBoxes.has(unit.storey_id, unit.coord[0]!, unit.coord[1]!)
      ? room
      : undefined;
  };
  return { at, rooms: basisRooms(arch), walls: basisWalls(arch), units: basisUnits(units, view, stays) };
}

/** New ids for the new units that took a removed unit's id: the same prefix ('det', 'sir', 'btn'), the next number no unit had. */
function freshIds(made: readonly string[], gone: ReadonlySet<string>, taken: ReadonlySet<string>): Map<string, string> {
  const out = new Map<string, string>();
  const used = new Set([...taken, ...made]);
  const next = new Map<string, number>();
  for (const id of made) {
    if (!gone.has(id)) continue;
    const prefix = id.replace(/-\d+$/, '');
    let n = next.get(prefix) ?? 1;
    while (used.has(`${prefix}-${n}`)) n++;
    used.add(`${prefix}-${n}`);
    next.set(prefix, n + 1);
    out.set(id, `${prefix}-${n}`);
  }
  return out;
}
