import { UNIT_GROUPS, type Fire, type Model, type Section } from '@edrf/model';
import type { FireSectionsResult, SectionsSettings } from './sections-call';

/**
 * The ids of the section label units calc_fire_sections writes (`section-label-{section id}`): the engine's
 * SECTION_LABEL_PREFIX, written again here so that the web app's bundle takes no engine code.
 */
export const SECTION_LABEL_PREFIX = 'section-label-';

/**
 * Run's answer merged into the model as it is when the answer arrives (issue 24; the pattern of the units design):
 * the answer's sections replace the collection the run was asked about, but nothing of it may name what the user
 * deleted meanwhile (a room, a unit, a storey); sections the user added during the run are kept with what the
 * answer did not take. The section labels are replaced only when the run wrote them. Null: nothing to apply.
 */
export function mergeRunAnswer(now: Model, sent: Model, answer: FireSectionsResult, settings: SectionsSettings): Model | null {
  const fire = now.fire;
  if (!fire) return null;
  const unitExists = (id: string) => UNIT_GROUPS.some((group) => Object.hasOwn(fire.units[group], id));
  const roomExists = (id: string) => Object.hasOwn(now.arch.rooms, id);
  const clean = (section: Section): Section => ({
    ...section,
    parts: section.parts.filter((part) => roomExists(part.room_id)),
    addresses: Object.fromEntries(Object.entries(section.addresses).filter(([unit]) => unitExists(unit))),
  });

  const sections: Fire['sections'] = {};
  const takenRooms = new Set<string>();
  const takenUnits = new Set<string>();
  for (const section of Object.values(answer.sections)) {
    const kept = clean(section);
    sections[kept.id] = kept;
    kept.parts.forEach((part) => takenRooms.add(part.room_id));
    Object.keys(kept.addresses).forEach((unit) => takenUnits.add(unit));
  }
  const sentSections = sent.fire?.sections ?? {};
  for (const section of Object.values(fire.sections)) {
    if (Object.hasOwn(sentSections, section.id) || Object.hasOwn(sections, section.id)) continue;
    // Added during the run: it keeps its rooms and addresses unless the answer gave them to another section.
    sections[section.id] = {
      ...section,
      parts: section.parts.filter((part) => !takenRooms.has(part.room_id)),
      addresses: Object.fromEntries(Object.entries(section.addresses).filter(([unit]) => !takenUnits.has(unit))),
    };
  }

  let labels = fire.units.labels;
  if (settings.labels) {
    labels = Object.fromEntries(Object.entries(fire.units.labels).filter(([id]) => !id.startsWith(SECTION_LABEL_PREFIX)));
    for (const label of Object.values(answer.labels))
      if (Object.hasOwn(sections, label.id.slice(SECTION_LABEL_PREFIX.length)) && Object.hasOwn(now.arch.storeys, label.storey_id))
        labels[label.id] = label;
  }
  return { ...now, fire: { ...fire, sections, units: { ...fire.units, labels } } };
}

/** The toast after a run: how many sections, parts and addresses the model holds now. */
export function runMessage(model: Model): string {
  const sections = Object.values(model.fire?.sections ?? {});
  const parts = sections.reduce((n, s) => n + s.parts.length, 0);
  const addresses = sections.reduce((n, s) => n + Object.keys(s.addresses).length, 0);
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return `${plural(sections.length, 'section', 'sections')}, ${plural(parts, 'room', 'rooms')}, ${plural(addresses, 'address', 'addresses')}`;
}
