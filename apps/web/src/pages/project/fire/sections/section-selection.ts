import type { ItemRef, Model } from '@edrf/model';
import { NOTHING, type Selection } from '../../../../editor/selection';
import { ADDRESSED_GROUPS, sectionOfRoom, type AddressedGroup } from './section-lookup';

/**
 * What is selected on the sections page, read from the engine's selection: a section (from the list or the plan),
 * one of its parts (a part is named by its room: a room is in one section at most), or units. A part on the plan is
 * an item of its room's ref, which this turns into its section with the part.
 */
export type SectionsPick =
  | { kind: 'none' }
  | { kind: 'section'; sectionId: string; roomId: string | null }
  | { kind: 'unit'; group: AddressedGroup; unitId: string }
  | { kind: 'units'; count: number };

export const sectionRef = (id: string): ItemRef => ({ kind: 'fire.sections', id });

/** The engine's selection of a section, or of one of its parts. */
export function selectSection(sectionId: string, roomId: string | null = null): Selection {
  const ref = sectionRef(sectionId);
  return roomId ? { kind: 'items', items: [ref], part: { ref, part: roomId } } : { kind: 'items', items: [ref] };
}

const groupOf = (ref: ItemRef): AddressedGroup | null => {
  const group = ref.kind.startsWith('fire.units.') ? ref.kind.slice('fire.units.'.length) : '';
  return (ADDRESSED_GROUPS as readonly string[]).includes(group) ? (group as AddressedGroup) : null;
};

export function pickOf(selection: Selection, model: Model): SectionsPick {
  const fire = model.fire;
  if (selection.kind !== 'items' || !fire) return { kind: 'none' };
  const [first] = selection.items;
  if (selection.items.length === 1 && first?.kind === 'fire.sections') {
    const section = fire.sections[first.id];
    if (!section) return { kind: 'none' };
    const roomId = selection.part?.part ?? null;
    return { kind: 'section', sectionId: first.id, roomId: roomId && section.parts.some((p) => p.room_id === roomId) ? roomId : null };
  }
  const units = selection.items.flatMap((ref) => {
    const group = groupOf(ref);
    return group && fire.units[group][ref.id] ? [{ group, unitId: ref.id }] : [];
  });
  if (units.length === 1 && selection.items.length === 1) return { kind: 'unit', ...units[0]! };
  if (units.length > 0) return { kind: 'units', count: units.length };
  // A part picked on the plan (a click or a box): its section with the part.
  const room = selection.items.find((ref) => ref.kind === 'arch.rooms');
  const section = room ? sectionOfRoom(fire, room.id) : null;
  return section && room ? { kind: 'section', sectionId: section.id, roomId: room.id } : { kind: 'none' };
}

/** The engine's selection for what pickOf read (a part picked on the plan becomes its section's). */
export function normalSelection(selection: Selection, model: Model): Selection {
  const pick = pickOf(selection, model);
  if (pick.kind === 'section') return selectSection(pick.sectionId, pick.roomId);
  if (pick.kind === 'none') return NOTHING;
  return selection;
}
