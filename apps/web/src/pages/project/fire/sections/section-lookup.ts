import { roomStoreys as engineRoomStoreys, sectionsInOrder, unitSections, unitSectionsBuilding, type UnitSection } from '@edrf/fire';
import type { Arch, Fire, Model, Point2, Polygon, Section, SectionPart } from '@edrf/model';

/**
 * What the sections page reads off the model: the sections in their list order, where a part lies, which
 * section and part hold a unit, which room is under a point. Pure functions; sections-edits.ts writes. The order of
 * sections, the rooms' storeys and the units' sections are the engine's (@edrf/fire), never a copy.
 */

/** The unit groups that take an address (F§3 Sections): the loop's devices, not racks nor labels. */
export const ADDRESSED_GROUPS = ['detectors', 'sirens', 'buttons', 'ios', 'others'] as const;
export type AddressedGroup = (typeof ADDRESSED_GROUPS)[number];

export interface AddressedUnit {
  group: AddressedGroup;
  id: string;
  storey_id: string;
  coord: readonly number[];
}

/** F§4: the sections in the engine's order (section-order.ts: numerically by name, then naturally; ties by id). */
export const sortedSections = (fire: Fire | null): Section[] => (fire ? sectionsInOrder(fire.sections) : []);

/** A section's name as the page writes it: 'Section 3' (the name alone could be '0' or empty). */
export const sectionTitle = (section: Pick<Section, 'name'>): string => `Section ${section.name || '(no name)'}`;

/** The storey of each room as the engine takes it (a room listed by two storeys is the lower one's). */
export const roomStoreys = (model: Model): ReadonlyMap<string, string> => engineRoomStoreys(model.arch);

/** The outline a part covers: its custom shape, else its room's shape (null when the room is gone). */
export const partPolygon = (model: Model, part: SectionPart): Polygon | null => part.shape ?? model.arch.rooms[part.room_id]?.shape ?? null;

/** Polygon rings as the plan draws them: exterior then holes. */
export const polygonRings = (polygon: Polygon): Point2[][] => [polygon.exterior, ...polygon.interiors];

function inRing(point: readonly number[], ring: readonly Point2[]): boolean {
  const [x, y] = point as [number, number];
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

export const inPolygon = (point: readonly number[], polygon: Polygon): boolean =>
  inRing(point, polygon.exterior) && !polygon.interiors.some((hole) => inRing(point, hole));

/** The building as the engine's section rule reads it, kept per architecture (edits of units and sections keep it). */
const sectionBuildings = new WeakMap<Arch, ReturnType<typeof unitSectionsBuilding>>();
/** The engine's answer per fire part (and the architecture it was for). */
const locatedUnits = new WeakMap<Fire, { arch: Arch; units: ReadonlyMap<string, UnitSection> }>();

/**
 * Which section each unit that takes an address belongs to: the engine's rule (unitSections: the part holding it, else
 * the room whose door it stands at, else the nearest part), the one calc_fire_sections addresses by.
 */
export function unitSectionsOf(model: Model): ReadonlyMap<string, UnitSection> {
  const fire = model.fire;
  if (!fire) return new Map();
  const known = locatedUnits.get(fire);
  if (known && known.arch === model.arch) return known.units;
  let building = sectionBuildings.get(model.arch);
  if (!building) sectionBuildings.set(model.arch, (building = unitSectionsBuilding(model.arch)));
  const units = unitSections(model.arch, fire, building);
  locatedUnits.set(fire, { arch: model.arch, units });
  return units;
}

/** An addressed-kind unit of the model by id. */
export function addressedUnit(fire: Fire, id: string): AddressedUnit | null {
  for (const group of ADDRESSED_GROUPS) {
    const unit = fire.units[group][id];
    if (unit) return { group, id, storey_id: unit.storey_id, coord: unit.coord };
  }
  return null;
}

/** Every unit that takes an address. */
export const addressedUnits = (fire: Fire): AddressedUnit[] =>
  ADDRESSED_GROUPS.flatMap((group) =>
    (Object.values(fire.units[group]) as { id: string; storey_id: string; coord: readonly number[] }[]).map((unit) => ({
      group,
      id: unit.id,
      storey_id: unit.storey_id,
      coord: unit.coord,
    })),
  );

/** The section a unit belongs to, with the part (the engine's rule); null for a unit that takes no address. */
export function unitPart(model: Model, unit: Pick<AddressedUnit, 'id'>): { section: Section; part: SectionPart } | null {
  const found = unitSectionsOf(model).get(unit.id);
  const part = found?.section.parts[found.part];
  return found && part ? { section: found.section, part } : null;
}

/** The units that belong to one part of a section (`part` as the model holds it: a room split in two is two parts). */
export function unitsInPart(model: Model, part: SectionPart): AddressedUnit[] {
  const fire = model.fire;
  if (!fire) return [];
  const located = unitSectionsOf(model);
  return addressedUnits(fire).filter((unit) => {
    const found = located.get(unit.id);
    return found?.section.parts[found.part] === part;
  });
}

/** The section whose addresses hold a unit, and its address. */
export function addressOf(fire: Fire, unitId: string): { section: Section; address: number } | null {
  for (const section of Object.values(fire.sections)) {
    const address = section.addresses[unitId];
    if (address !== undefined) return { section, address };
  }
  return null;
}

/** The section holding a room as a part. */
export const sectionOfRoom = (fire: Fire, roomId: string): Section | null =>
  Object.values(fire.sections).find((section) => section.parts.some((part) => part.room_id === roomId)) ?? null;

/** The smallest room of a storey under a point (rooms may nest). */
export function roomAt(model: Model, storeyId: string, point: readonly number[]): string | null {
  let best: { id: string; area: number } | null = null;
  for (const id of model.arch.storeys[storeyId]?.rooms ?? []) {
    const room = model.arch.rooms[id];
    if (!room || !inPolygon(point, room.shape)) continue;
    const area = Math.abs(ringArea(room.shape.exterior));
    if (!best || area < best.area) best = { id, area };
  }
  return best?.id ?? null;
}

/** Signed area (counter-clockwise positive). */
export function ringArea(ring: readonly Point2[]): number {
  let sum = 0;
  for (let i = 0; i < ring.length; i++) {
    const [x0, y0] = ring[i]!;
    const [x1, y1] = ring[(i + 1) % ring.length]!;
    sum += x0 * y1 - x1 * y0;
  }
  return sum / 2;
}

const cross = (o: Point2, a: Point2, b: Point2) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);

/** Whether segments ab and cd meet (touching counts). */
function segmentsMeet(a: Point2, b: Point2, c: Point2, d: Point2): boolean {
  const d1 = cross(c, d, a);
  const d2 = cross(c, d, b);
  const d3 = cross(a, b, c);
  const d4 = cross(a, b, d);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  const on = (p: Point2, q: Point2, r: Point2) =>
    Math.abs(cross(p, q, r)) < 1e-12 &&
    Math.min(p[0], q[0]) - 1e-12 <= r[0] &&
    r[0] <= Math.max(p[0], q[0]) + 1e-12 &&
    Math.min(p[1], q[1]) - 1e-12 <= r[1] &&
    r[1] <= Math.max(p[1], q[1]) + 1e-12;
  return on(c, d, a) || on(c, d, b) || on(a, b, c) || on(a, b, d);
}

/**
 * F§5 'Section shape must be valid': a simple polygon — at least 3 corners, an area above zero, and no edge
 * meeting another except its two neighbours at their shared corners.
 */
export function isValidSectionShape(points: readonly Point2[]): boolean {
  const n = points.length;
  if (n < 3 || points.some((p) => !Number.isFinite(p[0]) || !Number.isFinite(p[1]))) return false;
  if (Math.abs(ringArea(points)) <= 1e-9) return false;
  for (let i = 0; i < n; i++) {
    const a = points[i]!;
    const b = points[(i + 1) % n]!;
    if (a[0] === b[0] && a[1] === b[1]) return false;
    for (let j = i + 1; j < n; j++) {
      // Neighbouring edges share a corner: that is not a crossing.
      if (j === i + 1 || (i === 0 && j === n - 1)) continue;
      if (segmentsMeet(a, b, points[j]!, points[(j + 1) % n]!)) return false;
    }
  }
  return true;
}
