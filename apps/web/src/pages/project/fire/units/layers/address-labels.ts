import { sectionsInOrder } from '@edrf/fire';
import type { Section } from '@edrf/model';
import { layerVisible, refKey, type PlanLayer } from '../../../../../editor/layers';
import type { LabelSource, SymbolLabel } from '../../../../../editor/plan-labels';
import { unionBounds, type Bounds } from '../../../../../editor/viewport';
import { ADDRESSED_GROUPS } from '../../sections/section-lookup';
import { unitRef } from '../units-edits';
import { SYMBOL_SIZE } from './symbols';

/**
 * Each addressed unit's address written beside its symbol (issue 34), placed by the plan with the rooms' names so
 * that no text covers a symbol or another text (editor/plan-labels.ts). Units on one spot (a siren socketed on its
 * detector) share one text, '3, 4', so their numbers never print over each other.
 */

export const ADDRESSES_LAYER_ID = 'fire-addresses';

/** The Layers box's 'Addresses' toggle of the units and routes pages (drawn by addressLabels while it is on). */
export const addressesLayer: PlanLayer = {
  id: ADDRESSES_LAYER_ID,
  order: 1002,
  priority: 0,
  toggle: { label: 'Addresses', on: true },
  pick: 'none',
  items: () => {},
  style: () => ({}),
};

/** Units closer than this (metres) share one spot. */
const SAME_SPOT = 0.05;
/** Addresses are written once a symbol is this many pixels across: smaller, they would hide each other anyway. */
export const MIN_SYMBOL_PX = 6;

export interface AddressStyle {
  /** The text of one unit's address. */
  text(section: Section, address: number): string;
  font: string;
  /** Only while this toggle is on (none: always). */
  layer?: PlanLayer;
}

/** The units page's and the routes page's: section.address as the installer reads it ('3.12'), in the section's colour. */
export const SECTION_DOT_ADDRESS: AddressStyle = {
  text: (section, address) => `${section.name || section.id}.${address}`,
  font: '600 11px system-ui, sans-serif',
  layer: addressesLayer,
};

export function addressLabels(style: AddressStyle): LabelSource {
  // Worked out once per storey's scene and sections (a storey of a large building has a thousand units), not per frame.
  let last: { scene: object; sections: object; labels: SymbolLabel[] } | null = null;
  return (sink, editor) => {
    const fire = editor.model.fire;
    if (!fire || editor.view.scale * SYMBOL_SIZE < MIN_SYMBOL_PX) return;
    if (style.layer && !layerVisible(style.layer, editor.visibility)) return;
    const scene = editor.scene;
    if (!last || last.scene !== scene || last.sections !== fire.sections) {
      const spots = new Map<string, { box: Bounds; color: string; texts: { address: number; text: string }[] }>();
      for (const section of sectionsInOrder(fire.sections))
        for (const [unitId, address] of Object.entries(section.addresses)) {
          const group = ADDRESSED_GROUPS.find((g) => fire.units[g][unitId] !== undefined);
          const unit = group && fire.units[group][unitId];
          if (!group || !unit || unit.storey_id !== editor.storeyId) continue;
          const item = scene.byKey.get(refKey(unitRef(group, unitId)));
          const r = SYMBOL_SIZE / 2;
          const box = item?.bounds ?? {
            minX: unit.coord[0] - r,
            minY: unit.coord[1] - r,
            maxX: unit.coord[0] + r,
            maxY: unit.coord[1] + r,
          };
          const key = `${Math.round(unit.coord[0] / SAME_SPOT)},${Math.round(unit.coord[1] / SAME_SPOT)}`;
          const spot = spots.get(key);
          const text = { address, text: style.text(section, address) };
          if (spot) {
            spot.texts.push(text);
            spot.box = unionBounds(spot.box, box)!;
          } else spots.set(key, { box, color: section.highlight_color, texts: [text] });
        }
      const labels = [...spots.values()].map((spot): SymbolLabel => ({
        lines: [
          {
            text: spot.texts
              .sort((a, b) => a.address - b.address)
              .map((t) => t.text)
              .join(', '),
            font: style.font,
            color: spot.color,
          },
        ],
        beside: spot.box,
      }));
      last = { scene, sections: fire.sections, labels };
    }
    for (const label of last.labels) sink.beside(label);
  };
}
