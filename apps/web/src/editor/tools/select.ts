import type { ItemRef } from '@edrf/model';
import { itemsInScreenRect } from '../hit-test';
import type { PlanItem } from '../layers';
import { HIT_TOLERANCE_PX, type PlanEditor } from '../plan-editor';
import { boxSelect, clickSelect } from '../selection';
import type { PlanTool, Press, ToolPointer } from '../tool';

/** A drag a screen starts on a press (an end of a tray, a whole tray): a gesture edit it previews, commits or cancels. */
export interface Drag {
  move(pointer: ToolPointer): void;
  /** The release: commit. */
  end(pointer: ToolPointer): void;
  /** Escape or a tool switch: restore. */
  cancel(): void;
}

export interface SelectOptions {
  /** A press on something the screen drags (usually a selected item or its handle); null: a click or a box as usual. */
  drag?: (pointer: ToolPointer, editor: PlanEditor) => Drag | null;
  /** Only these items are picked (a screen's own layers). */
  accept?: (item: PlanItem) => boolean;
  /** After a click changed the selection: the item under it (null: none), and whether it ended a double click. */
  onClick?: (ref: ItemRef | null, pointer: ToolPointer, double: boolean) => void;
}

export type SelectState = { dragging: false } | { dragging: true; drag: Drag };

export const SELECT_TOOL = 'select';

/**
 * The shared select tool (P§4 Selection): a click selects the item under the pointer (shift adds or toggles,
 * nothing clears), a drag past 5 px draws a box that selects what lies wholly inside, and a press the screen
 * recognises drags it as one gesture edit.
 */
export class SelectTool implements PlanTool<SelectState> {
  readonly id = SELECT_TOOL;
  state: SelectState = { dragging: false };

  constructor(private readonly options: SelectOptions = {}) {}

  down(pointer: ToolPointer, editor: PlanEditor): boolean {
    const drag = this.options.drag?.(pointer, editor) ?? null;
    if (!drag) return false;
    this.set({ dragging: true, drag }, editor);
    return true;
  }

  drag(pointer: ToolPointer): void {
    if (this.state.dragging) this.state.drag.move(pointer);
  }

  release(pointer: ToolPointer, editor: PlanEditor): void {
    if (!this.state.dragging) return;
    const { drag } = this.state;
    this.set({ dragging: false }, editor);
    drag.end(pointer);
  }

  move(pointer: ToolPointer, press: Press | null, editor: PlanEditor): void {
    if (press?.dragging)
      editor.setBox({ x0: press.start.screen[0], y0: press.start.screen[1], x1: pointer.screen[0], y1: pointer.screen[1] });
  }

  up(pointer: ToolPointer, press: Press & { double: boolean }, editor: PlanEditor): void {
    if (press.dragging) {
      const box = { x0: press.start.screen[0], y0: press.start.screen[1], x1: pointer.screen[0], y1: pointer.screen[1] };
      editor.setBox(null);
      const refs = itemsInScreenRect(editor.scene, editor.layers, editor.view, box, editor.visibility).filter((ref) => {
        const item = editor.scene.byKey.get(`${ref.kind}:${ref.id}`);
        return !this.options.accept || (item !== undefined && this.options.accept(item));
      });
      editor.select(boxSelect(editor.selection, refs, press.start.shift));
      return;
    }
    const hit = editor.hitIndex.itemAt(press.start.point, editor.visibility, editor.metres(HIT_TOLERANCE_PX), this.options.accept);
    editor.select(clickSelect(editor.selection, hit?.ref ?? null, press.start.shift));
    this.options.onClick?.(hit?.ref ?? null, press.start, press.double);
  }

  key(key: string, editor: PlanEditor): boolean {
    if (key !== 'Escape' || !this.state.dragging) return false;
    this.cancel(editor);
    return true;
  }

  cancel(editor: PlanEditor): void {
    if (!this.state.dragging) return;
    const { drag } = this.state;
    this.set({ dragging: false }, editor);
    drag.cancel();
  }

  private set(state: SelectState, editor: PlanEditor): void {
    this.state = state;
    editor.toolChanged();
  }
}
