import { sectionColors, UNIT_GROUPS, type Arch, type ArchChanges, type Fire, type Section } from '@edrf/model';
import type { RoomInfo } from '../building.js';
import { REGULATION_RULES } from '../regulations.js';
import { addressedUnits, sweepOrder, type AddressedUnit } from '../sections/addresses.js';
import { paletteIndexOf, paletteIndices } from '../sections/colors.js';
import { newSectionItems, stacked } from '../sections/groups.js';
import { sectionBuilding, sectionLocator, type SectionBuilding } from '../sections/section-index.js';
import { compareSections } from '../sections/section-order.js';
import { OWN_SECTION_TYPES, SECTION_RULES, sectionCap } from '../sections/section-rules.js';
import { validateSections } from '../sections/validate.js';
import { RoomBoxes, type BuildingView } from './building-view.js';

/** validate.ts's checks that are the regulation's limits on a section (the others are about its addresses). */
const LIMITS =
  /^(section_over_cap|section_storeys|section_stair_shared|section_not_contiguous|section_search_distance|section_zone_length|unknown_room)/;

const isOwn = (type: string) => (OWN_SECTION_TYPES as readonly string[]).includes(type);

export interface SectionsUpdateInput {
  arch: Arch;
  /** The fire module with its units updated and its sections as they were. */
  fire: Fire;
  changes: ArchChanges;
  /** The new architecture as the engine reads it. */
  view: BuildingView;
  /** Units the update added: they take the next free addresses of their sections. */
  addedUnits: ReadonlySet<string>;
}

export interface SectionsUpdate {
  /** The whole fire.sections to write. */
  sections: Record<string, Section>;
  added: string[];
  removed: string[];
  changed: string[];
}

/**
 * The sections after a revision (docs/fire-revisions.md): removed rooms' parts and gone units' addresses dropped; each
 * new room (with a detector) joins the section of a neighbouring room on its storey — one it shares a wall or door
 * with, nearest first, else the nearest — when that section stays within the regulation's limits (validate.ts), a stair
 * or shaft the stack of its kind below or above it under the cap; the rest make new sections as calc_fire_sections
 * would. New units take the lowest free addresses of their section. Only the storeys of changed rooms are read.
 */
export function updateSections(input: SectionsUpdateInput): SectionsUpdate {
  const { arch, fire, changes, view } = input;
  if (Object.keys(fire.sections).length === 0) return { sections: {}, added: [], removed: [], changed: [] };
  const regulation = fire.config.regulation;
  const cap = sectionCap(fire.config.section.section_areas, REGULATION_RULES[regulation].section.section_areas);
  const whole = SECTION_RULES[regulation].wholeBuildingArea;
  const wholeBuilding =
    whole !== null &&
    Object.keys(arch.rooms)
      .filter((id) => view.storeyOf(id) !== undefined)
      .reduce((s, id) => s + view.area(id), 0) <= whole;

  const reshaped = new Set(changes.reshaped.map((r) => r.id));
  const scoped = new Set([...changes.added, ...changes.reshaped, ...changes.retyped].map((r) => r.id));
  // Sectioned again: a reshaped room cut into strips (they no longer fit it), a room re-typed into or out of the stair
  // and shaft types (sectioned on their own).
  const again = new Set(changes.retyped.filter((r) => isOwn(r.from) !== isOwn(r.to)).map((r) => r.id));
  for (const s of Object.values(fire.sections)) for (const p of s.parts) if (p.shape && reshaped.has(p.room_id)) again.add(p.room_id);

  const draft = new SectionsDraft(fire, arch, again);
  const building = partBuilding(view, arch, involvedStoreys(input, scoped), wholeBuilding ? null : whole, wholeBuilding);
  const limits = sectionLimits(building, fire, cap, wholeBuilding);
  leavePastLimits(reshaped, draft, again, limits, view);
  const toSection = detectedRoomsToSection(new Set([...scoped, ...again]), draft, fire, view);
  const pending = joinNeighbours(toSection, draft, { arch, view, building, limits, cap });
  // The rest as calc_fire_sections groups rooms in no section: connected, under the cap and the extent rule, a room too
  // large cut into strips.
  for (const group of newSectionItems(pending, building, regulation, cap))
    draft.newSection(group.map((item) => ({ room_id: item.roomId, shape: item.shape })));

  nameAndColour(draft.sections, draft.fresh, building, view, draft.owner);
  const changedRooms = new Set([...scoped, ...again]);
  const addressed = addressUnits({
    fire,
    sections: draft.sections,
    building,
    view,
    scoped: changedRooms,
    scopedBoxes: RoomBoxes.of([...changedRooms].flatMap((id) => view.room(id) ?? [])),
    added: input.addedUnits,
  });
  for (const sid of addressed) draft.touch(sid);
  return draft.result();
}

/**
 * The sections as the update makes them: those there were, less removed rooms' parts, parts sectioned again and gone
 * units' addresses; the rooms each holds; which sections are new and which changed.
 */
class SectionsDraft {
  readonly sections = new Map<string, Section>();
  readonly owner = new Map<string, string>();
  readonly fresh = new Set<string>();
  private readonly changed = new Set<string>();
  private readonly ids: Set<string>;

  constructor(fire: Fire, arch: Arch, again: ReadonlySet<string>) {
    this.ids = new Set(Object.keys(fire.sections));
    const unitIds = new Set(UNIT_GROUPS.flatMap((group) => Object.keys(fire.units[group])));
    for (const s of Object.values(fire.sections)) {
      const parts = s.parts.filter((p) => Object.hasOwn(arch.rooms, p.room_id) && !again.has(p.room_id));
      const addresses = Object.fromEntries(Object.entries(s.addresses).filter(([id]) => unitIds.has(id)));
      if (parts.length !== s.parts.length || Object.keys(addresses).length !== Object.keys(s.addresses).length) this.changed.add(s.id);
      this.sections.set(s.id, { ...s, parts, addresses });
    }
    for (const s of this.sections.values()) for (const p of s.parts) this.owner.set(p.room_id, s.id);
  }

  /** A section that was there counts as changed (a new one is new). */
  touch(sid: string): void {
    if (!this.fresh.has(sid)) this.changed.add(sid);
  }

  /** A room leaves its section (to be sectioned again). */
  leave(section: Section, roomId: string): void {
    this.sections.set(section.id, { ...section, parts: section.parts.filter((p) => p.room_id !== roomId) });
    this.owner.delete(roomId);
    this.changed.add(section.id);
  }

  newSection(parts: Section['parts']): Section {
    let n = 1;
    while (this.ids.has(`section-${n}`)) n++;
    const section: Section = { id: `section-${n}`, name: '', description: '', ...sectionColors(0), parts, addresses: {} };
    this.ids.add(section.id);
    this.fresh.add(section.id);
    this.sections.set(section.id, section);
    for (const p of parts) this.owner.set(p.room_id, section.id);
    return section;
  }

  join(sid: string, roomId: string): void {
    const section = this.sections.get(sid)!;
    this.sections.set(sid, { ...section, parts: [...section.parts, { room_id: roomId, shape: null }] });
    this.owner.set(roomId, sid);
    this.touch(sid);
  }

  /** The answer: sections left with no part and no address (not new) removed. */
  result(): SectionsUpdate {
    const removed: string[] = [];
    for (const [sid, s] of this.sections)
      if (s.parts.length === 0 && Object.keys(s.addresses).length === 0 && !this.fresh.has(sid)) {
        this.sections.delete(sid);
        this.changed.delete(sid);
        removed.push(sid);
      }
    return {
      sections: Object.fromEntries(this.sections),
      added: [...this.fresh],
      removed: removed.sort(),
      changed: [...this.changed].sort(),
    };
  }
}

/** The places (bottom up) of the storeys of the changed rooms and of the new units (an exit's call point). */
function involvedStoreys(input: SectionsUpdateInput, scoped: ReadonlySet<string>): Set<number> {
  const { fire, view } = input;
  const place = (id: string) => view.placeOf(view.storeyOf(id) ?? '') ?? -1;
  const involved = new Set([...scoped].filter((id) => view.room(id)).map(place));
  // The storeys of the new units too: a call point at an exit the revision made stands in a room it left alone.
  for (const group of UNIT_GROUPS)
    for (const unit of Object.values<{ id: string; storey_id: string }>(fire.units[group]))
      if (input.addedUnits.has(unit.id)) involved.add(view.placeOf(unit.storey_id) ?? -1);
  involved.delete(-1);
  return involved;
}

interface SectionLimits {
  /** How many of the regulation's limits (validate.ts) the section breaks. */
  breaches: (section: Section) => number;
  /** Whether every room of the section is read. */
  readable: (section: Section) => boolean;
}

function sectionLimits(building: SectionBuilding, fire: Fire, cap: number, wholeBuilding: boolean): SectionLimits {
  return {
    breaches: (section) =>
      validateSections({
        sections: [{ ...section, addresses: {} }],
        building,
        fire,
        regulation: fire.config.regulation,
        cap,
        detected: new Set(),
        unitSection: new Map(),
        wholeBuilding,
      }).warnings.filter((w) => LIMITS.test(w.warning_id)).length,
    readable: (section) => section.parts.every((p) => building.rooms.has(p.room_id)),
  };
}

/** A reshaped room that now takes its section past a limit leaves it, and is sectioned again. */
function leavePastLimits(
  reshaped: ReadonlySet<string>,
  draft: SectionsDraft,
  again: Set<string>,
  limits: SectionLimits,
  view: BuildingView,
) {
  for (const id of reshaped) {
    const sid = draft.owner.get(id);
    const section = sid === undefined ? undefined : draft.sections.get(sid);
    if (!section || again.has(id) || !limits.readable(section) || isOwn(view.room(id)?.room.type ?? '')) continue;
    const without = { ...section, parts: section.parts.filter((p) => p.room_id !== id) };
    if (limits.breaches(section) <= limits.breaches(without)) continue;
    draft.leave(section, id);
    again.add(id);
  }
}

/** The rooms to section: changed, read by the engine, holding a detector, in no section; bottom up, then by id. */
function detectedRoomsToSection(changedRooms: ReadonlySet<string>, draft: SectionsDraft, fire: Fire, view: BuildingView): string[] {
  const place = (id: string) => view.placeOf(view.storeyOf(id) ?? '') ?? -1;
  const candidates = new Set([...changedRooms].filter((id) => view.room(id) && !draft.owner.has(id)));
  const nearCandidates = RoomBoxes.of([...candidates].map((id) => view.room(id)!));
  const detected = new Set<string>();
  for (const d of Object.values(fire.units.detectors)) {
    if (!nearCandidates.has(d.storey_id, d.coord[0], d.coord[1])) continue;
    const room = view.roomAt(d.storey_id, d.coord[0], d.coord[1]);
    if (room && candidates.has(room.room.id)) detected.add(room.room.id);
  }
  return [...detected].sort((a, b) => place(a) - place(b) || (a < b ? -1 : 1));
}

/**
 * Each room joins a neighbour's section where it stays within the limits (a stair or shaft the stack of its kind it
 * stands over or under, under the cap), else a new section of its own kind; the rooms no section took, for new sections.
 */
function joinNeighbours(
  toSection: readonly string[],
  draft: SectionsDraft,
  { arch, view, building, limits, cap }: { arch: Arch; view: BuildingView; building: SectionBuilding; limits: SectionLimits; cap: number },
): string[] {
  const place = (id: string) => view.placeOf(view.storeyOf(id) ?? '') ?? -1;
  const pending: string[] = [];
  for (const id of toSection) {
    const info = view.room(id)!;
    const storey = place(id);
    if (isOwn(info.room.type)) {
      const stack = [...draft.sections.values()].sort(compareSections).find((s) => {
        if (s.parts.length === 0 || s.parts.some((p) => arch.rooms[p.room_id]?.type !== info.room.type)) return false;
        const touches = s.parts.some((p) => {
          const other = Math.abs(place(p.room_id) - storey) === 1 ? view.room(p.room_id) : undefined;
          return other !== undefined && stacked(other.rings, info.rings);
        });
        return touches && s.parts.reduce((sum, p) => sum + view.partArea(p), 0) + info.area <= cap + 1e-6;
      });
      if (stack) draft.join(stack.id, id);
      else draft.newSection([{ room_id: id, shape: null }]);
      continue;
    }
    const into = neighbourSection(id, info, draft, building, limits);
    if (into) draft.join(into, id);
    else pending.push(id);
  }
  return pending;
}

/** The section of a room it shares a wall or door with, nearest first, else of the nearest room, that takes it within the limits. */
function neighbourSection(id: string, info: RoomInfo, draft: SectionsDraft, building: SectionBuilding, limits: SectionLimits) {
  const at = building.rooms.get(id)!;
  const graph = building.graphs[at.storey]!;
  const gap = (o: RoomInfo) => Math.hypot(o.centroid[0] - info.centroid[0], o.centroid[1] - info.centroid[1]);
  const near = graph.neighbours[at.index]!.map((m) => graph.rooms[m]!).sort((a, b) => gap(a) - gap(b));
  let nearest: RoomInfo | undefined;
  for (const o of graph.rooms) if (o !== info && draft.owner.has(o.room.id) && (!nearest || gap(o) < gap(nearest))) nearest = o;
  const tried = new Set<string>();
  for (const other of nearest ? [...near, nearest] : near) {
    const sid = draft.owner.get(other.room.id);
    if (sid === undefined || tried.has(sid)) continue;
    tried.add(sid);
    const section = draft.sections.get(sid)!;
    if (limits.readable(section) && limits.breaches({ ...section, parts: [...section.parts, { room_id: id, shape: null }] }) === 0)
      return sid;
  }
  return undefined;
}

/**
 * The storeys of the changed rooms, as the sections engine reads them (all storeys where the whole building is one
 * zone). Under a one-zone rule (BS 5839) more storeys are read until their rooms exceed its area: newSectionItems makes
 * one zone of a building it reads as that small.
 */
function partBuilding(
  view: BuildingView,
  arch: Arch,
  storeys: ReadonlySet<number>,
  zoneArea: number | null,
  wholeBuilding: boolean,
): SectionBuilding {
  const picked = wholeBuilding ? view.order.map((_, k) => k) : [...storeys];
  const storeyAt = (k: number) => view.storey(view.order[k]!.id)!;
  if (zoneArea !== null) {
    const area = (k: number) => storeyAt(k).rooms.reduce((s, r) => s + r.area, 0);
    let sum = picked.reduce((s, k) => s + area(k), 0);
    for (let k = 0; k < view.order.length && sum <= zoneArea; k++)
      if (!picked.includes(k)) {
        picked.push(k);
        sum += area(k);
      }
  }
  picked.sort((a, b) => a - b);
  return sectionBuilding({ storeys: picked.map(storeyAt), warnings: [] }, arch.doors, arch.wall_openings);
}

/**
 * New sections' names and colours as calc_fire_sections gives them: numbers after the largest numeric name, bottom up
 * then west to east; each the least used palette pair its neighbouring sections do not have.
 */
function nameAndColour(
  sections: Map<string, Section>,
  fresh: ReadonlySet<string>,
  building: SectionBuilding,
  view: BuildingView,
  owner: ReadonlyMap<string, string>,
): void {
  if (fresh.size === 0) return;
  const placeOf = (s: Section) => {
    const infos = s.parts.map((p) => view.room(p.room_id)!);
    return {
      storey: Math.min(...infos.map((r) => view.placeOf(r.storey.id)!)),
      x: Math.min(...infos.map((r) => r.centroid[0])),
      y: -Math.max(...infos.map((r) => r.centroid[1])),
    };
  };
  const made = [...fresh].map((id) => ({ section: sections.get(id)!, place: placeOf(sections.get(id)!) }));
  made.sort((a, b) => a.place.storey - b.place.storey || a.place.x - b.place.x || a.place.y - b.place.y);
  const numbers = [...sections.values()].filter((s) => !fresh.has(s.id)).map((s) => Number(s.name));
  let name = Math.max(0, ...numbers.filter((n) => Number.isInteger(n))) + 1;
  for (const { section } of made) section.name = String(name++);

  const list = [...sections.values()];
  const at = new Map(list.map((s, i) => [s.id, i]));
  const neighbours = list.map((s) => {
    if (!fresh.has(s.id)) return [];
    const near = new Set<number>();
    for (const p of s.parts) {
      const room = building.rooms.get(p.room_id);
      if (!room) continue;
      const graph = building.graphs[room.storey]!;
      for (const m of graph.neighbours[room.index]!) {
        const j = at.get(owner.get(graph.rooms[m]!.room.id) ?? '');
        if (j !== undefined && list[j] !== s) near.add(j);
      }
    }
    return [...near];
  });
  // A new section's neighbours are its; an older one's only as far as the new ones see it.
  list.forEach((s, i) => {
    if (fresh.has(s.id)) for (const j of neighbours[i]!) if (!fresh.has(list[j]!.id)) neighbours[j]!.push(i);
  });
  const fixed = new Map<number, number>();
  list.forEach((s, i) => {
    const c = paletteIndexOf(s.color);
    if (!fresh.has(s.id) && c >= 0) fixed.set(i, c);
  });
  const palette = paletteIndices(neighbours, fixed);
  list.forEach((s, i) => {
    if (fresh.has(s.id)) Object.assign(s, sectionColors(palette[i]!));
  });
}

/**
 * Addresses after a revision, where the design has addresses: each new unit, and each kept unit of a changed room whose
 * section is no longer the one addressing it, takes the lowest free address of the section it now belongs to
 * (section-index.ts sectionLocator), by the serpentine sweep. Gives the ids of the sections whose addresses changed.
 */
function addressUnits(args: {
  fire: Fire;
  sections: Map<string, Section>;
  building: SectionBuilding;
  view: BuildingView;
  scoped: ReadonlySet<string>;
  scopedBoxes: RoomBoxes;
  added: ReadonlySet<string>;
}): Set<string> {
  const { fire, sections, building, view } = args;
  const touched = new Set<string>();
  if (!Object.values(fire.sections).some((s) => Object.keys(s.addresses).length > 0)) return touched;
  const locate = sectionLocator([...sections.values()].sort(compareSections), building);
  const addressedIn = new Map<string, string>();
  for (const s of sections.values()) for (const unit of Object.keys(s.addresses)) addressedIn.set(unit, s.id);
  const waiting = new Map<string, AddressedUnit[]>();
  for (const unit of addressedUnits(fire)) {
    if (!args.added.has(unit.id)) {
      if (!args.scopedBoxes.has(unit.storeyId, unit.at[0], unit.at[1])) continue;
      const room = view.roomAt(unit.storeyId, unit.at[0], unit.at[1]);
      if (!room || !args.scoped.has(room.room.id)) continue;
    }
    const found = locate(unit.storeyId, unit.at, unit.doorId || undefined);
    if (!found) continue;
    const before = addressedIn.get(unit.id);
    if (before === found.section.id) continue;
    if (before !== undefined) {
      delete sections.get(before)!.addresses[unit.id];
      touched.add(before);
    }
    waiting.set(found.section.id, [...(waiting.get(found.section.id) ?? []), unit]);
  }
  for (const [sid, units] of waiting) {
    const section = sections.get(sid)!;
    const used = new Set(Object.values(section.addresses));
    let next = 1;
    for (const unit of sweepOrder(units)) {
      while (used.has(next)) next++;
      section.addresses[unit.id] = next;
      used.add(next);
    }
    touched.add(sid);
  }
  return touched;
}
