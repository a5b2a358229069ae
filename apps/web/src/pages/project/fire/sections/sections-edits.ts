import { NEW_SECTION_NAME, SECTION_PALETTE, type Fire, type Model, type Point2, type Section } from '@edrf/model';
import { setAt } from '../../../../state/typed-path';
import type { EditRequest } from '../../../../state/history';
import { addressOf, addressedUnit, isValidSectionShape, unitPart, unitsInPart } from './section-lookup';

/**
 * The sections page's changes to the model (F§3 Sections, F§4 Sections, F§5, F§9), as pure functions answering
 * edit requests for the project store. A change that cannot be made answers null (the page says why);
 * docs/fire-sections-page.md says why each rule is so.
 */

/** F§8: the error when a part's shape is not a simple polygon. */
export const INVALID_SECTION_SHAPE = 'Invalid section shape';

const sectionsOf = (model: Model): Fire['sections'] => model.fire?.sections ?? {};

/** Writes one section whole (its parts and addresses change together). */
const put = (section: Section): EditRequest => setAt(['fire', 'sections', section.id], section);

/** The first free `section-N`. */
export function newSectionId(model: Model): string {
  const sections = sectionsOf(model);
  let n = 1;
  while (Object.hasOwn(sections, `section-${n}`)) n++;
  return `section-${n}`;
}

/** F§4, F§9: Add new — name '0', empty description, the first palette pair, no parts, no addresses. */
export function addSectionEdits(model: Model): { id: string; requests: EditRequest[] } {
  const id = newSectionId(model);
  const first = SECTION_PALETTE[0]!;
  const section: Section = {
    id,
    name: NEW_SECTION_NAME,
    description: '',
    color: first.color,
    highlight_color: first.highlight_color,
    parts: [],
    addresses: {},
  };
  return { id, requests: [put(section)] };
}

export const renameEdits = (id: string, name: string): EditRequest[] => [setAt(['fire', 'sections', id, 'name'], name)];

export const describeEdits = (id: string, description: string): EditRequest[] => [
  setAt(['fire', 'sections', id, 'description'], description),
];

/** Recolour with the palette's n-th pair (F§3: 8 pairs). */
export function recolourEdits(id: string, index: number): EditRequest[] {
  const pair = SECTION_PALETTE[index];
  if (!pair) return [];
  return [setAt(['fire', 'sections', id, 'color'], pair.color), setAt(['fire', 'sections', id, 'highlight_color'], pair.highlight_color)];
}

/** Deletes a section with its parts and addresses (undefined removes the key). */
export const deleteSectionEdits = (id: string): EditRequest[] => [{ path: ['fire', 'sections', id], value: undefined }];

/** A section without the addresses of the units lying in its part of `roomId` (they belong to it no more). */
function withoutPartAddresses(model: Model, section: Section, roomId: string): Section['addresses'] {
  const part = section.parts.find((p) => p.room_id === roomId);
  if (!part) return section.addresses;
  const inside = new Set(unitsInPart(model, part).map((unit) => unit.id));
  return Object.fromEntries(Object.entries(section.addresses).filter(([unit]) => !inside.has(unit)));
}

/**
 * Moves a room into a section: a new part {room_id, shape: null}, or the room's part from another section with its
 * custom shape (a room is in one section at most). The units of the part lose their addresses in the section it
 * left. Null when the room is already in that section, or room or section is unknown.
 */
export function moveRoomEdits(model: Model, roomId: string, sectionId: string): EditRequest[] | null {
  const sections = sectionsOf(model);
  const target = sections[sectionId];
  if (!target || !model.arch.rooms[roomId] || target.parts.some((p) => p.room_id === roomId)) return null;
  const requests: EditRequest[] = [];
  let moved: Section['parts'][number] = { room_id: roomId, shape: null };
  for (const section of Object.values(sections)) {
    const part = section.parts.find((p) => p.room_id === roomId);
    if (!part || section.id === sectionId) continue;
    moved = part;
    requests.push(
      put({
        ...section,
        parts: section.parts.filter((p) => p.room_id !== roomId),
        addresses: withoutPartAddresses(model, section, roomId),
      }),
    );
  }
  requests.push(put({ ...target, parts: [...target.parts, moved] }));
  return requests;
}

/** F§4: a part moves to another section — moving its room there. */
export const movePartEdits = moveRoomEdits;

/** F§4: removes a room's part from its section, and the addresses of the units in it. */
export function removePartEdits(model: Model, sectionId: string, roomId: string): EditRequest[] | null {
  const section = sectionsOf(model)[sectionId];
  if (!section?.parts.some((p) => p.room_id === roomId)) return null;
  return [
    put({
      ...section,
      parts: section.parts.filter((p) => p.room_id !== roomId),
      addresses: withoutPartAddresses(model, section, roomId),
    }),
  ];
}

/** F§4, F§5: a part's custom shape; null when it is not a simple polygon (INVALID_SECTION_SHAPE) or the part is gone. */
export function partShapeEdits(model: Model, sectionId: string, roomId: string, points: readonly Point2[]): EditRequest[] | null {
  const section = sectionsOf(model)[sectionId];
  const index = section?.parts.findIndex((p) => p.room_id === roomId) ?? -1;
  if (!section || index < 0 || !isValidSectionShape(points)) return null;
  const shape = { exterior: points.map((p) => [p[0], p[1]] as Point2), interiors: [] };
  return [
    setAt(
      ['fire', 'sections', sectionId, 'parts'],
      section.parts.map((p, i) => (i === index ? { ...p, shape } : p)),
    ),
  ];
}

/** F§4: resetting a part removes its custom shape (its room's shape again). */
export function resetPartShapeEdits(model: Model, sectionId: string, roomId: string): EditRequest[] | null {
  const section = sectionsOf(model)[sectionId];
  if (!section?.parts.some((p) => p.room_id === roomId && p.shape !== null)) return null;
  return [
    setAt(
      ['fire', 'sections', sectionId, 'parts'],
      section.parts.map((p) => (p.room_id === roomId ? { ...p, shape: null } : p)),
    ),
  ];
}

/** The lowest positive address no unit of the section has. */
export function lowestFreeAddress(section: Section): number {
  const used = new Set(Object.values(section.addresses));
  let n = 1;
  while (used.has(n)) n++;
  return n;
}

/**
 * F§4: a click on a unit in a section gives it the lowest unused positive address there. Null when the unit has an
 * address already, lies in no section, or is not a unit that takes one.
 */
export function addressUnitEdits(model: Model, unitId: string): { section: Section; address: number; requests: EditRequest[] } | null {
  const fire = model.fire;
  const unit = fire ? addressedUnit(fire, unitId) : null;
  if (!fire || !unit || addressOf(fire, unitId)) return null;
  const held = unitPart(model, unit);
  if (!held) return null;
  const address = lowestFreeAddress(held.section);
  return { section: held.section, address, requests: [setAt(['fire', 'sections', held.section.id, 'addresses', unitId], address)] };
}

/** Why an address typed for a unit cannot be taken ('Address 3 is already given to …', the model's words). */
export function addressRefusal(section: Section, unitId: string, address: number): string | null {
  if (!Number.isInteger(address) || address < 1) return 'An address is a positive whole number';
  const other = Object.entries(section.addresses).find(([unit, value]) => value === address && unit !== unitId);
  return other ? `Address ${address} is already given to '${other[0]}'` : null;
}

/** Sets a unit's address in a section, or clears it (null: the address is removed, F§4). */
export function setAddressEdits(sectionId: string, unitId: string, address: number | null): EditRequest[] {
  return [{ path: ['fire', 'sections', sectionId, 'addresses', unitId], value: address ?? undefined }];
}
