import type { Model, Section } from '@edrf/model';
import { planItem, type LayerStyle, type PlanItem, type PlanLayer } from '../../../../../editor/layers';
import type { OverlayPainter } from '../../../../../editor/overlay';
import type { LabelSource } from '../../../../../editor/plan-labels';
import { addressLabels } from '../../units/layers/address-labels';
import { labelTexts, unitLayers, unitsBackgroundLayers } from '../../units/layers/unit-layers';
import { ADDRESSED_GROUPS, partPolygon, polygonRings, roomStoreys } from '../section-lookup';
import { pickOf } from '../section-selection';

/**
 * The plan of the sections page (F§2 '/fire/sections'): the architecture behind, each section's parts filled in
 * its palette colour, the units (the units page's symbols) with the section label units, and over them the
 * selected section in its highlight colour and each addressed unit's address.
 */

export const PARTS_LAYER = 'fire-section-parts';

/** The units that take an address are picked (a click addresses one); labels and racks are not. */
const ADDRESSED_LAYERS: ReadonlySet<string> = new Set(ADDRESSED_GROUPS.map((group) => `fire-${group}`));
export const isAddressedUnitItem = (item: PlanItem): boolean => ADDRESSED_LAYERS.has(item.layer);
export const isPartItem = (item: PlanItem): boolean => item.layer === PARTS_LAYER;

const styleKey = (section: Section) => `${section.color}|${section.highlight_color}`;

/**
 * One item per part, named by its room (a room is in one section at most), filled in its section's colour.
 * Above the rooms and below the ceilings, walls and doors, so the building still reads through the colours.
 */
export const partsLayer: PlanLayer = {
  id: PARTS_LAYER,
  order: 1.5,
  priority: 1.5,
  toggle: { label: 'Sections', on: true, place: 3 },
  pick: 'area',
  items: (model, storeyId, add) => {
    const fire = model.fire;
    if (!fire) return;
    const storeys = roomStoreys(model);
    for (const section of Object.values(fire.sections))
      for (const part of section.parts) {
        const room = model.arch.rooms[part.room_id];
        if (!room || storeys.get(part.room_id) !== storeyId) continue;
        // A part without its own shape is its room's: the item follows the room's edits.
        add(part.shape ? part : room, `${section.id}|${styleKey(section)}`, () => {
          const polygon = partPolygon(model, part);
          return polygon
            ? planItem({ kind: 'arch.rooms', id: part.room_id }, PARTS_LAYER, polygonRings(polygon), { styleKey: styleKey(section) })
            : null;
        });
      }
  },
  style: (key): LayerStyle => {
    const [fill, stroke] = (key ?? '#dddddd|#888888').split('|');
    return { fill, stroke, width: 1 };
  },
};

/** The layers of the page, bottom to top. */
export const sectionsLayers = (): PlanLayer[] => [...unitsBackgroundLayers(), partsLayer, ...unitLayers()];

/** Hex #rrggbb with an alpha (00–ff). */
const withAlpha = (hex: string, alpha: string) => (/^#[0-9a-f]{6}$/i.test(hex) ? `${hex}${alpha}` : hex);

/** F§3: the selected section in its highlight colour; its selected part outlined dashed on top. */
export const selectedSectionPainter: OverlayPainter = (draw, editor) => {
  const model: Model = editor.model;
  const pick = pickOf(editor.selection, model);
  if (pick.kind !== 'section') return;
  const section = model.fire?.sections[pick.sectionId];
  if (!section) return;
  const storeys = roomStoreys(model);
  for (const part of section.parts) {
    if (storeys.get(part.room_id) !== editor.storeyId) continue;
    const polygon = partPolygon(model, part);
    if (!polygon) continue;
    const rings = polygonRings(polygon);
    draw.rings(rings, { fill: withAlpha(section.highlight_color, '66'), stroke: section.highlight_color, width: 2.5 });
    if (part.room_id === pick.roomId) draw.rings(rings, { stroke: '#111111', width: 2, dash: [6, 4] });
  }
};

/** Addresses are written this many pixels high, beside the unit's symbol. */
const ADDRESS_PX = 12;

/**
 * Each addressed unit's address on the plan, in its section's highlight colour, beside its symbol where it covers
 * no other symbol or text (units/layers/address-labels.ts). Units on one spot (a siren on its detector) get one
 * line, '3, 4', so their numbers never print over each other.
 */
export const sectionAddressLabels = (): LabelSource =>
  addressLabels({ text: (_section, address) => String(address), font: `bold ${ADDRESS_PX}px system-ui, sans-serif` });

/** The painters of the page: the selected section, the labels' texts. */
export const sectionsPainters = (): OverlayPainter[] => [selectedSectionPainter, labelTexts];

/** The texts the plan places: the addresses. */
export const sectionsLabels = (): LabelSource[] => [sectionAddressLabels()];
