import { planItem, type PlanLayer } from '../../../../../editor/layers';
import { rackDisplayLabel, rackOutline } from './rack-edits';

export const RACKS_LAYER = 'fire-racks';
export const RACK_COLOUR = '#b3261e';

/**
 * The storey's racks: each its footprint (rackOutline, the 3D view's box) with its label — the room record's
 * '+D1' (and the rack's own label), or 'Equipment' for a non-physical rack — picked on its area. Non-physical
 * racks are drawn dashed. Above the architecture layers (orders 0–9); a page may override order and priority.
 */
export const rackLayer = (): PlanLayer => ({
  id: RACKS_LAYER,
  order: 30,
  priority: 30,
  pick: 'area',
  symbols: true,
  items: (model, storeyId, add) => {
    const fire = model.fire;
    if (!fire) return;
    for (const rack of Object.values(fire.units.racks)) {
      if (rack.storey_id !== storeyId) continue;
      const label = rackDisplayLabel(fire, rack);
      // The label comes from the room record as well as the rack: it is what the item depends on beyond the rack.
      add(rack, label, () =>
        planItem({ kind: 'fire.units.racks', id: rack.id }, RACKS_LAYER, [rackOutline(rack)], {
          label,
          styleKey: rack.physical ? undefined : 'equipment',
        }),
      );
    }
  },
  style: (key) =>
    key === 'equipment'
      ? { fill: 'rgba(255, 255, 255, 0.85)', stroke: RACK_COLOUR, width: 1.5, dash: [4, 3] }
      : { fill: 'rgba(179, 38, 30, 0.22)', stroke: RACK_COLOUR, width: 1.5 },
});
