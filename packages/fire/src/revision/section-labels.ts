import type { LabelUnit, Section } from '@edrf/model';
import { pointInRings } from '../geometry/ring.js';
import { SECTION_LABEL_PREFIX } from '../sections/calc-sections.js';
import { labelPoint } from '../sections/label-point.js';
import { partRings } from '../sections/section-index.js';
import type { BuildingView } from './building-view.js';

/** Whether the model shows section labels (a sections run made them): then a revision keeps them up to date. */
export const hasSectionLabels = (labels: Readonly<Record<string, LabelUnit>>): boolean =>
  Object.keys(labels).some((id) => id.startsWith(SECTION_LABEL_PREFIX));

/** A section's label as calc_fire_sections places it: at the label point of its largest part, at its storey's middle height. */
export function sectionLabel(section: Section, view: BuildingView): LabelUnit | undefined {
  // The largest by the model's areas: only its storey is read.
  const parts = section.parts.filter((part) => view.storeyOf(part.room_id) !== undefined);
  const largest = parts.reduce<Section['parts'][number] | undefined>(
    (best, p) => (!best || view.partArea(p) > view.partArea(best) ? p : best),
    undefined,
  );
  const info = largest && view.room(largest.room_id);
  if (!largest || !info) return undefined;
  const at = labelPoint(partRings(largest, info));
  const { min_z, max_z } = info.storey.height;
  const id = `${SECTION_LABEL_PREFIX}${section.id}`;
  return { id, storey_id: info.storey.id, coord: [at[0], at[1], (min_z + max_z) / 2], angle: 0, label: section.name };
}

/**
 * The labels after a revision of the sections: a removed section's goes, a new section gets one, a changed section's
 * stays where the designer may have put it unless it no longer stands on one of the section's parts.
 */
export function updatedSectionLabels(
  labels: Readonly<Record<string, LabelUnit>>,
  sections: Readonly<Record<string, Section>>,
  touched: { added: readonly string[]; removed: readonly string[]; changed: readonly string[] },
  view: BuildingView,
): Record<string, LabelUnit> {
  const out = { ...labels };
  for (const id of touched.removed) delete out[`${SECTION_LABEL_PREFIX}${id}`];
  const onSection = (label: LabelUnit, section: Section) =>
    section.parts.some((part) => {
      const info = view.storeyOf(part.room_id) === label.storey_id ? view.room(part.room_id) : undefined;
      return info !== undefined && pointInRings(label.coord[0], label.coord[1], partRings(part, info));
    });
  const fresh = new Set(touched.added);
  for (const id of [...touched.added, ...touched.changed]) {
    const section = sections[id];
    if (!section) continue;
    const key = `${SECTION_LABEL_PREFIX}${id}`;
    const label = out[key];
    // A changed section whose label the designer deleted stays without one.
    if (label ? onSection(label, section) : !fresh.has(id)) continue;
    const made = sectionLabel(section, view);
    if (made) out[key] = made;
    else delete out[key];
  }
  return out;
}
