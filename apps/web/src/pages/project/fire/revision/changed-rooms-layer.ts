import type { ArchChanges, Model } from '@edrf/model';
import { planItem, type LayerStyle, type PlanLayer } from '../../../../editor/layers';
import { pendingChanges } from './design-basis';

export const CHANGED_ROOMS_LAYER_ID = 'fire-changed-rooms';

// The change list is worked out once per architecture and basis, not once per storey and frame.
let last: { arch: object; basis: object | undefined; changes: ArchChanges | null } | null = null;
function changesOf(model: Model): ArchChanges | null {
  const basis = model.fire?.design_basis;
  if (!last || last.arch !== model.arch || last.basis !== basis) last = { arch: model.arch, basis, changes: pendingChanges(model) };
  return last.changes;
}

const STYLE: Record<string, LayerStyle> = {
  added: { stroke: '#15803d', width: 3 },
  reshaped: { stroke: '#b45309', width: 3 },
  retyped: { stroke: '#7c3aed', width: 3 },
  removed: { stroke: '#b91c1c', width: 2, dash: [6, 4] },
};

/**
 * The rooms the notice lists (issue 40), on the units plan: added, reshaped and re-typed rooms outlined in their
 * colour, a removed room's former extent (its basis box) dashed red, so the designer sees where the architect changed
 * the building before updating the design. Drawn while a change is pending; the Layers box turns it off.
 */
export const changedRoomsLayer: PlanLayer = {
  id: CHANGED_ROOMS_LAYER_ID,
  order: 1002,
  priority: 0,
  toggle: { label: 'Changed rooms', on: true },
  pick: 'none',
  items(model, storeyId, add) {
    const changes = changesOf(model);
    if (!changes) return;
    for (const kind of ['added', 'reshaped', 'retyped'] as const)
      for (const { id, storey_id } of changes[kind]) {
        const room = model.arch.rooms[id];
        if (!room || storey_id !== storeyId) continue;
        add(room, kind, () => planItem({ kind: 'arch.rooms', id }, CHANGED_ROOMS_LAYER_ID, [room.shape.exterior], { styleKey: kind }));
      }
    for (const { id, storey_id } of changes.removed) {
      const before = model.fire?.design_basis?.rooms[id];
      if (!before || storey_id !== storeyId) continue;
      const [x0, y0, x1, y1] = before.box;
      const box: [number, number][] = [
        [x0, y0],
        [x1, y0],
        [x1, y1],
        [x0, y1],
      ];
      add(before, 'removed', () => planItem({ kind: 'arch.rooms', id }, CHANGED_ROOMS_LAYER_ID, [box], { styleKey: 'removed' }));
    }
  },
  style: (key) => STYLE[key ?? 'added'] ?? {},
};
