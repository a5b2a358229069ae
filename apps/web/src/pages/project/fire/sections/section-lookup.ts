import type { Fire, Model, Point2, Polygon, Section, SectionPart } from '@edrf/model';

/**
 * What the sections page reads off the model: the sections in their list order, where a part lies, which
 * section and part hold a unit, which room is under a point. Pure functions; sections-edits.ts writes.
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

/** A name that is a number sorts by its value; other names after them, naturally ('A2' before 'A10'). */
const numberOf = (name: string): number | null => (/^\s*-?\d+(\.\d+)?\s*$/.test(name) ? Number(name) : null);

/** F§4: sections sorted numerically by name ('2' before '10'; non-numeric names after); ties by id. */
export function compareSectionNames(a: Pick<Section, 'name' | 'id'>, b: Pick<Section, 'name' | 'id'>): number {
  const na = numberOf(a.name);
  const nb = numberOf(b.name);
  if (na !== null && nb !== null && na !== nb) return na - nb;
  if (na !== null && nb === null) return -1;
  if (na === null && nb !== null) return 1;
  const byName = a.name.localeCompare(b.name, undefined, { numeric: true });
  return byName !== 0 ? byName : a.id.localeCompare(b.id, undefined, { numeric: true });
}

export const sortedSections = (fire: Fire | null): Section[] => (fire ? Object.values(fire.sections).sort(compareSectionNames) : []);

/** A section's name as the page writes it: 'Section 3' (the name alone could be '0' or empty). */
export const sectionTitle = (section: Pick<Section, 'name'>): string => `Section ${section.name || '(no name)'}`;

/** The storey of each room (a room is listed by one storey). */
export function roomStoreys(model: Model): Map<string, string> {
  const storeys = new Map<string, string>();
  for (const storey of Object.values(model.arch.storeys)) for (const room of storey.rooms) storeys.set(room, storey.id);
  return storeys;
}

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

/** The section and part holding a point of a storey (the engine's rule: the part's shape, else its room's). */
export function partAt(model: Model, storeyId: string, point: readonly number[]): { section: Section; part: SectionPart } | null {
  const fire = model.fire;
  if (!fire) return null;
  const storeys = roomStoreys(model);
  for (const section of sortedSections(fire))
    for (const part of section.parts) {
      if (storeys.get(part.room_id) !== storeyId) continue;
      const polygon = partPolygon(model, part);
      if (polygon && inPolygon(point, polygon)) return { section, part };
    }
  return null;
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

/** The section a unit lies in, with the part. */
export const unitPart = (model: Model, unit: AddressedUnit) => partAt(model, unit.storey_id, unit.coord);

/** The units lying in one part of a section. */
export function unitsInPart(model: Model, part: SectionPart): AddressedUnit[] {
  const fire = model.fire;
  const storeyId = roomStoreys(model).get(part.room_id);
  const polygon = partPolygon(model, part);
  if (!fire || !storeyId || !polygon) return [];
  return addressedUnits(fire).filter((unit) => unit.storey_id === storeyId && inPolygon(unit.coord, polygon));
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
