import type { Detector, Fire, Model } from '@edrf/model';
import { archLayers } from '../../../../../editor/arch/arch-layers';
import { planItem, type LayerStyle, type PlanItem, type PlanLayer } from '../../../../../editor/layers';
import type { OverlayPainter } from '../../../../../editor/overlay';
import { PLACED_GROUPS, type PlacedGroup } from '../unit-kinds';
import { detectorPairs, unitRef } from '../units-edits';
import {
  LABEL_TEXT_HEIGHT,
  buttonSymbol,
  detectorSymbol,
  ioSymbol,
  labelSymbol,
  otherSymbol,
  placeSymbol,
  sirenSymbol,
  type UnitSymbol,
} from './symbols';

/**
 * The plan layers of the units page: the architecture as background with F§2's three toggles (Rooms,
 * Ceilings, Other objects), and one layer per unit group, each unit a symbol (layers/symbols.ts) picked on
 * its area. Only the unit layers are picked on this page.
 */

export const UNIT_LAYER: Readonly<Record<PlacedGroup, string>> = {
  detectors: 'fire-detectors',
  sirens: 'fire-sirens',
  buttons: 'fire-buttons',
  ios: 'fire-ios',
  others: 'fire-others',
  labels: 'fire-labels',
};
const UNIT_LAYER_IDS: ReadonlySet<string> = new Set(Object.values(UNIT_LAYER));

/** Whether a plan item is one of this page's units. */
export const isUnitItem = (item: PlanItem): boolean => UNIT_LAYER_IDS.has(item.layer);

/** F§2's layer toggles, in this order in the Layers box. */
const TOGGLES: Record<string, { label: string; on: boolean; place: number }> = {
  rooms: { label: 'Rooms', on: true, place: 0 },
  ceilings: { label: 'Ceilings', on: false, place: 1 },
  objects: { label: 'Other objects', on: true, place: 2 },
};

/**
 * The architecture behind the units: not picked, rooms in one quiet fill. F§2 names three layers the user turns
 * on and off — Rooms, Ceilings, Other objects; air inlets stay drawn (detectors keep their distance from them),
 * and the floor slabs and the beams, which the architecture page offers, are left out here.
 */
export function unitsBackgroundLayers(): PlanLayer[] {
  return archLayers({ pickable: false, roomFill: 'plain' })
    .filter((layer) => layer.id !== 'slabs' && layer.id !== 'beams')
    .map((layer) => {
      const toggle = TOGGLES[layer.id];
      // Inlets keep no toggle here: always drawn.
      return { ...layer, toggle };
    });
}

const RED = '#d62828';

/** Draw order and pick priority of each group: a detector is picked before the siren socketed round it. */
const RANK: Record<PlacedGroup, { order: number; priority: number }> = {
  sirens: { order: 20, priority: 21 },
  others: { order: 21, priority: 22 },
  ios: { order: 22, priority: 23 },
  buttons: { order: 23, priority: 24 },
  detectors: { order: 24, priority: 25 },
  labels: { order: 25, priority: 26 },
};

const STYLES: Record<PlacedGroup, { style: (key: string | undefined) => LayerStyle; lineStyle: LayerStyle }> = {
  detectors: {
    // A hidden detector (F§4) is a dashed ring with no fill: a visible detector it pairs with shows inside it.
    style: (key) => (key === 'hidden' ? { stroke: RED, width: 1.5, dash: [4, 3] } : { fill: '#ffffff', stroke: RED, width: 1.5 }),
    lineStyle: { stroke: RED, width: 1.3 },
  },
  sirens: {
    style: (key) => ({ fill: key === 'socketed' ? 'rgba(255, 236, 204, 0.9)' : '#fff3e0', stroke: '#d9480f', width: 1.5 }),
    lineStyle: { stroke: '#d9480f', width: 1.3 },
  },
  buttons: { style: () => ({ fill: '#ffffff', stroke: '#b3261e', width: 1.5 }), lineStyle: { stroke: '#b3261e', width: 1.3 } },
  ios: { style: () => ({ fill: '#ffffff', stroke: '#1f5fb8', width: 1.5 }), lineStyle: { stroke: '#1f5fb8', width: 1.3 } },
  others: { style: () => ({ fill: '#ffffff', stroke: '#6f35b0', width: 1.5 }), lineStyle: { stroke: '#6f35b0', width: 1.3 } },
  labels: { style: () => ({ fill: 'rgba(255, 255, 255, 0.85)', stroke: '#666666', width: 1 }), lineStyle: { stroke: '#666666', width: 1 } },
};

type Products = Fire['config']['products'];

/** What a unit's symbol looks like beyond the unit itself (its product's type, its pair): part of the item's cache key. */
export interface SymbolContext {
  /** A hidden detector's partner (F§4 pairing). */
  partner?: Detector | null;
}

const productType = <P extends { id: string; type: string }>(list: readonly P[], id: string): P['type'] | null =>
  id ? (list.find((p) => p.id === id)?.type ?? null) : null;

/** A unit's symbol on the plan: its kind's symbol turned by its angle at its coord. */
export function unitSymbol(
  group: PlacedGroup,
  unit: Fire['units'][PlacedGroup][string],
  products: Products,
  context: SymbolContext = {},
): UnitSymbol {
  switch (group) {
    case 'detectors': {
      const detector = unit as Detector;
      const partner = detector.hidden ? context.partner : null;
      const together = partner && Math.hypot(partner.coord[0] - detector.coord[0], partner.coord[1] - detector.coord[1]) < 1e-6;
      // Paired on one spot, the visible detector's letter is the pair's; apart, a line joins the two.
      const symbol = placeSymbol(
        detectorSymbol(productType(products.detectors, detector.product_id), { hidden: detector.hidden, letter: !together }),
        detector.coord,
      );
      if (partner && !together)
        symbol.lines.push([
          [detector.coord[0], detector.coord[1]],
          [partner.coord[0], partner.coord[1]],
        ]);
      return symbol;
    }
    case 'sirens': {
      const siren = unit as Fire['units']['sirens'][string];
      return placeSymbol(sirenSymbol(productType(products.sirens, siren.product_id), siren.locked_to !== ''), siren.coord, siren.angle);
    }
    case 'buttons':
      return placeSymbol(buttonSymbol(), unit.coord, (unit as Fire['units']['buttons'][string]).angle);
    case 'ios':
      return placeSymbol(ioSymbol(), unit.coord, (unit as Fire['units']['ios'][string]).angle);
    case 'others': {
      const other = unit as Fire['units']['others'][string];
      return placeSymbol(otherSymbol(other.unit_type), other.coord, other.angle);
    }
    case 'labels': {
      const label = unit as Fire['units']['labels'][string];
      return placeSymbol(labelSymbol(label.label), label.coord, label.angle);
    }
  }
}

/** The style key of a unit's item: a hidden detector, a socketed siren. */
function styleKeyOf(group: PlacedGroup, unit: Fire['units'][PlacedGroup][string]): string | undefined {
  if (group === 'detectors' && (unit as Detector).hidden) return 'hidden';
  if (group === 'sirens' && (unit as Fire['units']['sirens'][string]).locked_to) return 'socketed';
  return undefined;
}

function unitsOn<G extends PlacedGroup>(model: Model, group: G, storeyId: string): Fire['units'][G][string][] {
  const units = model.fire?.units[group] as Record<string, Fire['units'][G][string]> | undefined;
  if (!units) return [];
  return Object.values(units).filter((unit) => unit.storey_id === storeyId);
}

/** One group's layer: its units on the storey as symbols. */
export function unitLayer(group: PlacedGroup): PlanLayer {
  const id = UNIT_LAYER[group];
  return {
    id,
    ...RANK[group],
    pick: 'area',
    symbols: true,
    items: (model, storeyId, add) => {
      const fire = model.fire;
      if (!fire) return;
      const products = fire.config.products;
      const units = unitsOn(model, group, storeyId);
      const pairs = group === 'detectors' ? detectorPairs(units as Detector[]) : null;
      const byId = pairs ? new Map((units as Detector[]).map((d) => [d.id, d])) : null;
      for (const unit of units) {
        const partnerId = pairs?.get(unit.id);
        const partner = partnerId ? (byId!.get(partnerId) ?? null) : null;
        // The item depends on the product's type (products are edited elsewhere) and on a hidden detector's partner.
        const type =
          group === 'detectors'
            ? productType(products.detectors, (unit as Detector).product_id)
            : group === 'sirens'
              ? productType(products.sirens, (unit as Fire['units']['sirens'][string]).product_id)
              : null;
        const depends = `${type ?? ''}|${partner && (unit as Detector).hidden ? partner.coord.join(',') : ''}`;
        add(unit, depends, () => {
          const symbol = unitSymbol(group, unit, products, { partner });
          return planItem(unitRef(group, unit.id), id, symbol.rings, { lines: symbol.lines, styleKey: styleKeyOf(group, unit) });
        });
      }
    },
    ...STYLES[group],
  };
}

/** The six unit layers. */
export const unitLayers = (): PlanLayer[] => PLACED_GROUPS.map(unitLayer);

/** The styles a tool draws a pending unit of the group with (its layer's, lighter). */
export const pendingStyle = (group: PlacedGroup): { ring: LayerStyle; line: LayerStyle } => {
  const style = STYLES[group];
  return {
    ring: { ...style.style(undefined), fill: 'rgba(255, 255, 255, 0.6)', dash: [5, 3] },
    line: style.lineStyle,
  };
};

/** Label texts below this many pixels high are not written (the frame still shows where the label is). */
const MIN_LABEL_PX = 6;

/** The labels' texts (F§3 Label), written upright at their centre, LABEL_TEXT_HEIGHT metres high. */
export const labelTexts: OverlayPainter = (draw, editor) => {
  const px = LABEL_TEXT_HEIGHT * draw.scale;
  if (px < MIN_LABEL_PX) return;
  for (const label of unitsOn(editor.model, 'labels', editor.storeyId)) {
    if (!label.label) continue;
    // The overlay writes from the left on the baseline: shift by about half the text's width and height.
    const width = [...label.label].length * px * 0.55;
    draw.text([label.coord[0], label.coord[1]], label.label, {
      color: '#333',
      font: `${Math.round(px)}px system-ui, sans-serif`,
      dx: -width / 2,
      dy: px * 0.35,
    });
  }
};
