import { distanceToRing, pointInRings } from '../../../../../editor/hit-test';
import { refKey, type PlanItem } from '../../../../../editor/layers';
import { HIT_TOLERANCE_PX, type PlanEditor } from '../../../../../editor/plan-editor';
import type { ToolPointer } from '../../../../../editor/tool';
import { SelectTool, type Drag } from '../../../../../editor/tools/select';
import { isUnitItem } from '../layers/unit-layers';
import { moveUnitEdits, requireUnit, rotateUnitsEdits, selectedUnits, unitRef } from '../units-edits';
import { ROTATE_STEP } from './place-unit-tool';
import type { UnitDrags } from './unit-drags';

/**
 * What another part of the page adds to the units page's selection (the racks: slots.ts): its items are picked
 * and box-selected too, a press may drag them, and r / R may turn them. Each answers null or false when the
 * selection or the press is not its own.
 */
export interface SelectExtension {
  accept?: (item: PlanItem) => boolean;
  drag?: (pointer: ToolPointer, editor: PlanEditor) => Drag | null;
  /** r / R with the selection: true when it turned something. */
  rotate?: (editor: PlanEditor, step: number) => boolean;
}

/**
 * F§4: a press on the one selected unit drags it, as one gesture edit (previewed while moving, one undo step on
 * release, Escape puts it back). Dragging pairs detectors and sockets sirens as placing does (moveUnitEdits).
 * Shift with the press selects as usual (it toggles the unit) instead.
 */
export function unitDrag(pointer: ToolPointer, editor: PlanEditor, drags?: UnitDrags): Drag | null {
  if (pointer.shift) return null;
  const units = selectedUnits(editor.selection);
  if (units.length !== 1 || editor.selection.kind !== 'items' || editor.selection.items.length !== 1) return null;
  const { group, id } = units[0]!;
  const item = editor.scene.byKey.get(refKey(unitRef(group, id)));
  if (!item) return null;
  const tolerance = editor.metres(HIT_TOLERANCE_PX);
  const on = pointInRings(pointer.point, item.rings) || item.rings.some((ring) => distanceToRing(pointer.point, ring) <= tolerance);
  if (!on) return null;
  const base = editor.model;
  const start = requireUnit(base, group, id).coord;
  const session = editor.session();
  const edits = (p: ToolPointer) =>
    moveUnitEdits(base, group, id, [start[0] + p.point[0] - pointer.point[0], start[1] + p.point[1] - pointer.point[1]]);
  drags?.start();
  // The drop's edit first: the analysis woken by the drag's end asks for the model with the unit where it was dropped.
  return {
    move: (p) => session.preview(edits(p)),
    end: (p) => {
      session.commit(edits(p));
      drags?.end();
    },
    cancel: () => {
      session.cancel();
      drags?.end();
    },
  };
}

/**
 * The units page's default tool: the engine's select tool picking only units (click, shift, box), dragging the one
 * selected unit, and turning the selected units with r (+10°) and R (−1°) (F§4).
 */
export class UnitSelectTool extends SelectTool {
  constructor(
    private readonly extension: SelectExtension = {},
    drags?: UnitDrags,
  ) {
    super({
      accept: (item) => isUnitItem(item) || (extension.accept?.(item) ?? false),
      drag: (pointer, editor) => unitDrag(pointer, editor, drags) ?? extension.drag?.(pointer, editor) ?? null,
    });
  }

  override key(key: string, editor: PlanEditor): boolean {
    const step = ROTATE_STEP[key];
    if (step !== undefined && !this.state.dragging) {
      const requests = rotateUnitsEdits(editor.model, selectedUnits(editor.selection), step);
      if (requests.length > 0) editor.target.edit(requests);
      const other = this.extension.rotate?.(editor, step) ?? false;
      if (requests.length > 0 || other) return true;
    }
    return super.key(key, editor);
  }
}
