import type { Model } from '@edrf/model';
import { toast } from '../../../../../ui/alerts';
import { distanceToRing, pointInRings } from '../../../../../editor/hit-test';
import { refKey, type PlanItem } from '../../../../../editor/layers';
import { HIT_TOLERANCE_PX, type PlanEditor } from '../../../../../editor/plan-editor';
import type { ToolPointer } from '../../../../../editor/tool';
import type { Drag } from '../../../../../editor/tools/select';
import { setAt } from '../../../../../state/typed-path';
import type { EditRequest } from '../../../../../state/history';
import { moveRackEdits, normalizeAngle } from './rack-edits';
import { RACKS_LAYER } from './rack-layer';

/**
 * Racks in the units page's select tool (F§4): picked and box-selected, the one selected rack dragged (staying in
 * a room: a drop outside every room shows 'Racks must be placed in a room' and puts it back), and the selected
 * racks turned by r / R. `rackSelectExtension` has the shape of the page's select extension ({ accept, drag, rotate }).
 */

/** The ids of the racks in the editor's selection. */
export const selectedRacks = (editor: Pick<PlanEditor, 'selection'>): string[] =>
  editor.selection.kind === 'items' ? editor.selection.items.filter((ref) => ref.kind === 'fire.units.racks').map((ref) => ref.id) : [];

/** The racks turned by `delta` degrees (kept in [0, 360)); unknown ids are left out. */
export function rotateRacksEdits(model: Model, rackIds: readonly string[], delta: number): EditRequest[] {
  const racks = model.fire?.units.racks ?? {};
  return rackIds.flatMap((id) => {
    const rack = racks[id];
    return rack ? [setAt(['fire', 'units', 'racks', id, 'angle'], normalizeAngle(rack.angle + delta))] : [];
  });
}

/**
 * A press on the one selected rack drags it as one gesture edit: previewed while moving (the rack follows the
 * pointer even between rooms), committed on release in a room (moving it between room records), put back with
 * the F§8 error outside every room, or by Escape.
 */
export function rackDrag(pointer: ToolPointer, editor: PlanEditor): Drag | null {
  if (pointer.shift) return null;
  const selection = editor.selection;
  if (selection.kind !== 'items' || selection.items.length !== 1 || selection.items[0]!.kind !== 'fire.units.racks') return null;
  const id = selection.items[0]!.id;
  const item = editor.scene.byKey.get(refKey(selection.items[0]!));
  const rack = editor.model.fire?.units.racks[id];
  if (!item || !rack) return null;
  const tolerance = editor.metres(HIT_TOLERANCE_PX);
  if (!pointInRings(pointer.point, item.rings) && !item.rings.some((ring) => distanceToRing(pointer.point, ring) <= tolerance)) return null;
  const base = editor.model;
  const session = editor.session();
  const to = (p: ToolPointer): [number, number] => [
    rack.coord[0] + p.point[0] - pointer.point[0],
    rack.coord[1] + p.point[1] - pointer.point[1],
  ];
  return {
    move: (p) => {
      const at = to(p);
      const moved = moveRackEdits(base, id, at);
      session.preview(moved.ok ? moved.requests : [setAt(['fire', 'units', 'racks', id, 'coord'], [at[0], at[1], rack.coord[2]])]);
    },
    end: (p) => {
      const moved = moveRackEdits(base, id, to(p));
      if (moved.ok) session.commit(moved.requests);
      else {
        session.cancel();
        toast.error(moved.error);
      }
    },
    cancel: () => session.cancel(),
  };
}

/** r / R with racks selected: turns them; true when it did. */
export function rotateSelectedRacks(editor: PlanEditor, step: number): boolean {
  const requests = rotateRacksEdits(editor.model, selectedRacks(editor), step);
  if (requests.length === 0) return false;
  editor.target.edit(requests);
  return true;
}

export const rackSelectExtension = {
  accept: (item: PlanItem): boolean => item.layer === RACKS_LAYER,
  drag: rackDrag,
  rotate: rotateSelectedRacks,
};
