import type { Arch, Fire, Polygon } from '@edrf/model';
import type { AnalysisWarning, FireUnitsResult, RoomDetection } from '../analysis.js';
import { ANALYSED_GROUPS, roomsScope, unitsOf, type AnalysisScope, type AnalysedUnit } from './storey-scope.js';
import { roomStoreys, storeyOrder } from './storey-order.js';

/**
 * An analysis (calc_fire_units analyze_only) kept per storey (docs/fire-units.md 'Analysis'): the first answer is the
 * whole building's, split by storey; after an edit only the storeys (or rooms) it touched are asked again, and their
 * answers replace those parts. Merged, the parts are the whole model's answer: the units page shows them. Where a
 * warning belongs and the order of the checks are the engine's (calc-units.ts), so they live beside it.
 */

/** One storey's share of an answer: its warnings, its units' coverage, its rooms' detection figures. */
export interface StoreyPart {
  warnings: AnalysisWarning[];
  detector_shapes: Record<string, Polygon[]>;
  siren_shapes: Record<string, Polygon[]>;
  rooms: RoomDetection[];
}

/** The analysis of one model (`arch`, `fire`) in parts. */
export interface AnalysisParts {
  arch: Arch;
  fire: Fire;
  /** Warnings of no storey: a room on none, an empty building, a unit on a storey that does not exist. */
  building: AnalysisWarning[];
  storeys: Record<string, StoreyPart>;
}

/** A warning's kind and subject: 'room_not_covered:r1' is ['room_not_covered', 'r1']. */
const kindOf = (warning: AnalysisWarning) => warning.warning_id.slice(0, Math.max(0, warning.warning_id.indexOf(':')));
const subjectOf = (warning: AnalysisWarning) => warning.warning_id.slice(warning.warning_id.indexOf(':') + 1);

/** The warnings of the call points' check: about a storey's doors and travel, never one room's detectors or sirens. */
const BUTTON_KINDS = new Set(['door_without_button', 'travel_too_far']);

/** The engine's order of its checks, for a list that keeps its order whatever part was asked again. */
const KIND_ORDER = [
  'empty_building',
  'room_without_storey',
  'unknown_room',
  'bad_room_shape',
  'unknown_storey',
  'bad_coordinate',
  'unit_outside_rooms',
  'ceiling_too_high',
  'too_many_detectors',
  'detector_area',
  'detector_near_wall',
  'detector_near_inlet',
  'room_not_covered',
  'room_cramped',
  'shaft_detector_low',
  'too_many_sirens',
  'room_no_siren_cover',
  'sleeping_room_no_siren',
  'door_without_button',
  'travel_too_far',
];
const kindRank = (warning: AnalysisWarning) => {
  const rank = KIND_ORDER.indexOf(kindOf(warning));
  return rank < 0 ? KIND_ORDER.length : rank;
};
const byKind = (a: AnalysisWarning, b: AnalysisWarning) =>
  kindRank(a) - kindRank(b) || (a.warning_id < b.warning_id ? -1 : a.warning_id > b.warning_id ? 1 : 0);

/** Of an architecture, where doors and rooms belong: kept per architecture (edits of units keep the same one). */
interface ArchOwners {
  order: string[];
  storeys: Set<string>;
  rooms: ReadonlyMap<string, string>;
  doors: Map<string, string>;
  /** A room's place in its storey's list. */
  roomIndex: Map<string, number>;
}
const archOwners = new WeakMap<Arch, ArchOwners>();
function ownersOf(arch: Arch): ArchOwners {
  let owners = archOwners.get(arch);
  if (owners) return owners;
  const order = storeyOrder(arch);
  const rooms = roomStoreys(arch);
  const doors = new Map<string, string>();
  const roomIndex = new Map<string, number>();
  for (const storey of order) {
    for (const id of storey.doors) if (!doors.has(id)) doors.set(id, storey.id);
    storey.rooms.forEach((id, i) => {
      if (rooms.get(id) === storey.id && !roomIndex.has(id)) roomIndex.set(id, i);
    });
  }
  const ids = order.map((s) => s.id);
  archOwners.set(arch, (owners = { order: ids, storeys: new Set(ids), rooms, doors, roomIndex }));
  return owners;
}

/** Where the warnings, shapes and figures of an analysed model belong. */
class Owners {
  readonly order: readonly string[];
  private readonly arch: ArchOwners;
  private readonly units = new Map<string, string>();

  constructor(arch: Arch, fire: Fire) {
    this.arch = ownersOf(arch);
    this.order = this.arch.order;
    for (const group of ANALYSED_GROUPS) for (const unit of unitsOf(fire, group)) this.units.set(unit.id, unit.storey_id);
  }

  /** The storey a warning is about, or null for the building. */
  storeyOf(warning: AnalysisWarning): string | null {
    const kind = kindOf(warning);
    const subject = subjectOf(warning);
    const known = (id: string | undefined) => (id !== undefined && this.arch.storeys.has(id) ? id : null);
    if (warning.unit_id) return kind === 'unknown_storey' ? null : known(this.units.get(warning.unit_id));
    if (kind === 'unknown_room') {
      // '{storey id}/{room id}': the longest listed storey id before a slash.
      for (let at = subject.lastIndexOf('/'); at > 0; at = subject.lastIndexOf('/', at - 1)) {
        const storey = known(subject.slice(0, at));
        if (storey) return storey;
      }
      return null;
    }
    if (kind === 'door_without_button') return known(this.arch.doors.get(subject));
    return known(this.arch.rooms.get(subject));
  }

  unitStorey(unitId: string): string | undefined {
    return this.units.get(unitId);
  }

  tidy(part: StoreyPart): StoreyPart {
    return tidy(this.arch, part);
  }
}

/** A storey's part in the engine's order: warnings by kind, figures by the rooms' order on the storey. */
function tidy(owners: ArchOwners, part: StoreyPart): StoreyPart {
  const at = (room: RoomDetection) => owners.roomIndex.get(room.room_id) ?? Infinity;
  return { ...part, warnings: [...part.warnings].sort(byKind), rooms: [...part.rooms].sort((a, b) => at(a) - at(b)) };
}

const emptyPart = (): StoreyPart => ({ warnings: [], detector_shapes: {}, siren_shapes: {}, rooms: [] });

/** An answer split by storey: `storeys` (all of the model's when absent) get a part each, even an empty one. */
function split(owners: Owners, result: FireUnitsResult, storeys: readonly string[] = owners.order) {
  const parts: Record<string, StoreyPart> = Object.fromEntries(storeys.map((id) => [id, emptyPart()]));
  const building: AnalysisWarning[] = [];
  for (const warning of result.validation.warnings) {
    const storey = owners.storeyOf(warning);
    if (storey === null) building.push(warning);
    else parts[storey]?.warnings.push(warning);
  }
  const shapes = (key: 'detector_shapes' | 'siren_shapes') => {
    for (const [id, polygons] of Object.entries(result.validation[key])) {
      const part = parts[owners.unitStorey(id) ?? ''];
      if (part) part[key][id] = polygons;
    }
  };
  shapes('detector_shapes');
  shapes('siren_shapes');
  for (const room of result.rooms ?? []) parts[room.storey_id]?.rooms.push(room);
  for (const id of storeys) parts[id] = owners.tidy(parts[id]!);
  return { parts, building: building.sort(byKind) };
}

/** The whole building's answer, in parts. */
export function splitAnswer(arch: Arch, fire: Fire, result: FireUnitsResult): AnalysisParts {
  const { parts, building } = split(new Owners(arch, fire), result);
  return { arch, fire, building, storeys: parts };
}

/**
 * The answer to a scope (`sent`: what analysisInput gave for it) as the part of its storey it replaces: with rooms,
 * those rooms' figures and warnings and the scope's units' warnings and coverage; else the whole storey's.
 */
export function scopedPart(sent: { arch: Arch; fire: Fire }, scope: AnalysisScope, result: FireUnitsResult): StoreyPart {
  return split(new Owners(sent.arch, sent.fire), result, [scope.storeyId]).parts[scope.storeyId]!;
}

/** `part` with what `scope` speaks for replaced by `answer` (scopedPart). */
function replaced(part: StoreyPart, scope: AnalysisScope, answer: StoreyPart): StoreyPart {
  if (scope.buttons) {
    // The call points' check alone: its warnings, and those of the call points it speaks for.
    const buttons = new Set(scope.buttons);
    const ofButtons = (w: AnalysisWarning) => BUTTON_KINDS.has(kindOf(w)) || (!!w.unit_id && buttons.has(w.unit_id));
    return { ...part, warnings: [...part.warnings.filter((w) => !ofButtons(w)), ...answer.warnings.filter(ofButtons)] };
  }
  if (!scope.rooms) return answer;
  const rooms = new Set(scope.rooms);
  const units = new Set(scope.units ?? []);
  const without = <T>(shapes: Record<string, T>) => {
    const kept = { ...shapes };
    for (const id of units) delete kept[id];
    return kept;
  };
  return {
    warnings: [
      ...part.warnings.filter((w) =>
        w.unit_id ? !units.has(w.unit_id) : BUTTON_KINDS.has(kindOf(w)) || kindOf(w) === 'unknown_room' || !rooms.has(subjectOf(w)),
      ),
      ...answer.warnings,
    ],
    detector_shapes: { ...without(part.detector_shapes), ...answer.detector_shapes },
    siren_shapes: { ...without(part.siren_shapes), ...answer.siren_shapes },
    rooms: [...part.rooms.filter((r) => !rooms.has(r.room_id)), ...answer.rooms],
  };
}

/** The parts of the model (`arch`, `fire`) from those of an earlier one and the answers to the scopes they differ in. */
export function applyScoped(
  parts: AnalysisParts,
  arch: Arch,
  fire: Fire,
  answers: readonly { scope: AnalysisScope; part: StoreyPart }[],
): AnalysisParts {
  const owners = ownersOf(arch);
  const storeys = { ...parts.storeys };
  for (const { scope, part } of answers)
    storeys[scope.storeyId] = tidy(owners, replaced(storeys[scope.storeyId] ?? emptyPart(), scope, part));
  return { arch, fire, building: parts.building, storeys };
}

/** The same analysis for a model it still holds for (an edit the analysis does not read: a rack, a label). */
export const sameParts = (parts: AnalysisParts, arch: Arch, fire: Fire): AnalysisParts => ({ ...parts, arch, fire });

/** The storeys of the parts in the engine's order. */
export function partsOrder(parts: AnalysisParts): string[] {
  const order = storeyOrder(parts.arch).map((s) => s.id);
  return [...order.filter((id) => parts.storeys[id]), ...Object.keys(parts.storeys).filter((id) => !order.includes(id))];
}

/** The parts as one calc_fire_units answer: the building's warnings, then each storey's in the engine's order. */
export function mergeParts(parts: AnalysisParts): FireUnitsResult {
  const storeys = partsOrder(parts).map((id) => parts.storeys[id]!);
  const { detectors, sirens, buttons } = parts.fire.units;
  return {
    units: { detectors, sirens, buttons },
    validation: {
      warnings: [...parts.building, ...storeys.flatMap((p) => p.warnings)],
      detector_shapes: Object.assign({}, ...storeys.map((p) => p.detector_shapes)) as Record<string, Polygon[]>,
      siren_shapes: Object.assign({}, ...storeys.map((p) => p.siren_shapes)) as Record<string, Polygon[]>,
      split_sections: [],
    },
    rooms: storeys.flatMap((p) => p.rooms),
  };
}

/** What to ask after the model changed: nothing, the whole building, or some storeys or rooms. */
export type AnalysisPlan = { kind: 'none' } | { kind: 'building' } | { kind: 'scopes'; scopes: AnalysisScope[] };

/** More storeys than this changed at once (a design run): the whole building is asked again. */
export const MAX_SCOPES = 4;

/** Whether the whole building must be asked again: nothing analysed yet, other architecture or other settings. */
export const needsBuilding = (parts: AnalysisParts | null, arch: Arch, fire: Fire): boolean =>
  !parts || parts.arch !== arch || parts.fire.config !== fire.config;

/**
 * What the analysis of (`arch`, `fire`) must ask, knowing `parts` of an earlier model. The architecture and the fire
 * settings bear on every storey: the building. Otherwise the detectors, sirens and buttons that differ (by identity:
 * an edit copies what it changes) say which storeys changed; a storey where only detectors and sirens changed is asked
 * for the rooms they stand and stood in (roomsScope), one where only call points changed for their check alone (over
 * the storey's doors and rooms, no detection), one where both changed as a whole.
 */
export function planAnalysis(parts: AnalysisParts | null, arch: Arch, fire: Fire): AnalysisPlan {
  if (!parts || needsBuilding(parts, arch, fire)) return { kind: 'building' };
  const changed = new Map<string, { points: (readonly number[])[]; units: string[]; buttons: string[] }>();
  for (const group of ANALYSED_GROUPS) {
    if (parts.fire.units[group] === fire.units[group]) continue;
    const before: Record<string, AnalysedUnit> = parts.fire.units[group];
    const after: Record<string, AnalysedUnit> = fire.units[group];
    const note = (unit: AnalysedUnit | undefined) => {
      if (!unit) return;
      let storey = changed.get(unit.storey_id);
      if (!storey) changed.set(unit.storey_id, (storey = { points: [], units: [], buttons: [] }));
      if (group === 'buttons') storey.buttons.push(unit.id);
      else {
        storey.points.push(unit.coord);
        storey.units.push(unit.id);
      }
    };
    for (const id of Object.keys(before)) if (before[id] !== after[id]) note(before[id]);
    for (const id of Object.keys(after)) if (before[id] !== after[id]) note(after[id]);
  }
  if (changed.size === 0) return { kind: 'none' };
  if (changed.size > MAX_SCOPES || [...changed.keys()].some((id) => !arch.storeys[id])) return { kind: 'building' };
  return {
    kind: 'scopes',
    scopes: [...changed].map(([storeyId, { points, units, buttons }]) => {
      if (buttons.length === 0) return roomsScope(arch, fire, storeyId, points, [...new Set(units)]);
      if (points.length > 0) return { storeyId };
      // Call points alone: their check, for every call point of the storey and those gone from it.
      const onStorey = unitsOf(fire, 'buttons').filter((b) => b.storey_id === storeyId);
      return { storeyId, buttons: [...new Set([...onStorey.map((b) => b.id), ...buttons])] };
    }),
  };
}
