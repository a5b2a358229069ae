import type { PlanEditor } from '../../../../../editor/plan-editor';
import type { PlanEditorApi } from '../../../../../editor/plan-editor-api';
import type { PlanTool, ToolPointer } from '../../../../../editor/tool';
import { CABLE_LENGTH, rackAtPoint, toSchematic, toWorld, type S } from '../equipment-layout';
import { addCableEdits, addProduct, addUnitEdits, type AddKind } from '../equipment-edits';
import { CABLE_COLOUR, HANDLE_PX, SELECTED_COLOUR } from '../layers/equipment-painters';
import type { Report } from './equipment-drag';
import type { SchematicState } from './schematic-state';

export const addToolId = (kind: AddKind) => `equipment-add-${kind}`;

export interface AddState {
  kind: AddKind;
  /** The placement marker: where the pointer is on the schematic (null: off the canvas). */
  at: S | null;
}

/**
 * An armed Add of the top bar (F§2, F§4): a placement marker follows the pointer (the unit's box centred on it, or a
 * short cable); a press inside a rack adds the unit there, a press anywhere adds a cable whose ends lie on the
 * marker. It stays armed for the next one until Done adding or Escape (the engine ends a tool on Escape).
 */
export class AddTool implements PlanTool<AddState> {
  readonly id: string;
  readonly cursor = 'crosshair' as const;
  state: AddState;

  constructor(
    kind: AddKind,
    private readonly page: SchematicState,
    private readonly report: Report,
  ) {
    this.id = addToolId(kind);
    this.state = { kind, at: null };
  }

  /** The marker's box (a unit) on the schematic, its top left corner and size; null for a cable. */
  box(editor: PlanEditorApi, at: S): { pos: S; size: readonly [number, number] } | null {
    const fire = editor.model.fire;
    if (!fire || this.state.kind === 'cable') return null;
    const { size } = addProduct(fire, this.state.kind);
    return { pos: [Math.round(at[0] - size[0] / 2), Math.round(at[1] - size[1] / 2)], size };
  }

  move(pointer: ToolPointer, _press: unknown, editor: PlanEditor): void {
    this.state = { ...this.state, at: toSchematic(pointer.point) };
    editor.toolChanged();
  }

  down(pointer: ToolPointer, editor: PlanEditor): boolean {
    const model = editor.target.model;
    const fire = model.fire;
    if (!fire) return true;
    const at = toSchematic(pointer.point);
    const kind = this.state.kind;
    if (kind === 'cable') {
      const result = addCableEdits(model);
      const id = result.select!.id;
      this.page.free.set(id, [at, [at[0] + CABLE_LENGTH, at[1]]]);
      this.report(result, editor);
      return true;
    }
    const place = rackAtPoint(fire, at);
    const box = this.box(editor, at);
    // A press outside every rack adds nothing; the Add stays armed.
    if (!place || !box) return true;
    this.report(addUnitEdits(model, kind, place.rack.id, [box.pos[0] - place.x, box.pos[1]]), editor);
    return true;
  }

  overlay = (draw: Parameters<NonNullable<PlanTool['overlay']>>[0], editor: PlanEditorApi): void => {
    const at = this.state.at;
    if (!at) return;
    const box = this.box(editor, at);
    if (!box) {
      const ends: S[] = [at, [at[0] + CABLE_LENGTH, at[1]]];
      draw.polyline(ends.map(toWorld), { stroke: CABLE_COLOUR, width: 2, dash: [4, 3] });
      draw.handles(ends.map(toWorld), { fill: '#ffffff', stroke: SELECTED_COLOUR, width: 2, size: HANDLE_PX });
      return;
    }
    const [x, y] = box.pos;
    const [w, h] = box.size;
    const ring = (
      [
        [x, y],
        [x + w, y],
        [x + w, y + h],
        [x, y + h],
      ] as S[]
    ).map(toWorld);
    draw.rings([ring], { stroke: SELECTED_COLOUR, width: 2, dash: [5, 3], fill: 'rgba(31, 111, 214, 0.12)' });
  };

  cancel(editor: PlanEditor): void {
    this.state = { ...this.state, at: null };
    editor.toolChanged();
  }
}
