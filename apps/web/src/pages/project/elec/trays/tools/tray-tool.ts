import type { Point2 } from '@edrf/model';
import type { OverlayDraw } from '../../../../../editor/overlay';
import type { PlanEditor } from '../../../../../editor/plan-editor';
import type { PlanTool, Press, ToolPointer, ToolStatus } from '../../../../../editor/tool';
import { formatLength } from '../../../../../editor/tools/ruler';
import { TRAY_COLOUR } from '../layers/tray-layer';
import { addTrayEdits, trayOutline } from '../tray-edits';
import { snapped } from './snap';

export const TRAY_TOOL = 'tray';

export interface TrayToolState {
  /** Where the next tray starts: the first click, then each tray's end (a chain). */
  start: Point2 | null;
  /** The pointer, snapped; and whether it snapped to a tray end. */
  cursor: Point2 | null;
  snapped: boolean;
  /** The trays this tool made, in order. */
  made: readonly string[];
}

/**
 * The tray tool (P§4 Tray placement: start point, end point, done): a click starts a tray, the next click ends
 * it and starts the next one there, so trays chain; clicks snap to other trays' ends. Clicking the last end
 * again, Enter or Escape ends the chain; Escape with no chain leaves the tool.
 */
export class TrayTool implements PlanTool<TrayToolState> {
  readonly id = TRAY_TOOL;
  readonly cursor = 'crosshair';
  state: TrayToolState = { start: null, cursor: null, snapped: false, made: [] };

  constructor(private readonly width: () => number) {}

  move(pointer: ToolPointer, _press: Press | null, editor: PlanEditor): void {
    const at = snapped(editor, pointer.point);
    this.set({ ...this.state, cursor: at.point, snapped: at.snapped }, editor);
  }

  up(pointer: ToolPointer, press: Press, editor: PlanEditor): void {
    if (press.dragging) return;
    const { point } = snapped(editor, pointer.point);
    const start = this.state.start;
    if (!start) return this.set({ ...this.state, start: point }, editor);
    const added = addTrayEdits(editor.model, editor.storeyId, start, point, this.width());
    // A click on the chain's last end adds nothing: the chain is done.
    if (!added) return this.set({ ...this.state, start: null }, editor);
    editor.target.edit(added.requests);
    editor.select({ kind: 'items', items: [{ kind: 'elec.trays', id: added.id }] });
    this.set({ ...this.state, start: point, made: [...this.state.made, added.id] }, editor);
  }

  key(key: string, editor: PlanEditor): boolean {
    if ((key === 'Escape' || key === 'Enter') && this.state.start) {
      this.set({ ...this.state, start: null }, editor);
      return true;
    }
    return false;
  }

  overlay = (draw: OverlayDraw): void => {
    const { start, cursor } = this.state;
    if (start && cursor && (start[0] !== cursor[0] || start[1] !== cursor[1])) {
      const outline = trayOutline({ start: [start[0], start[1], 0], end: [cursor[0], cursor[1], 0], width: this.width() });
      draw.rings([outline], { fill: 'rgba(255, 190, 110, 0.25)', stroke: TRAY_COLOUR, width: 1.5, dash: [6, 4] });
    }
    if (start) draw.handles([start], { fill: TRAY_COLOUR, size: 7 });
    if (cursor && this.state.snapped) draw.handles([cursor], { stroke: '#1f6fd6', width: 2, size: 12 });
  };

  status(): ToolStatus {
    const { start, cursor } = this.state;
    if (!start) return { text: 'Click where the tray starts', hint: true };
    if (!cursor || (cursor[0] === start[0] && cursor[1] === start[1])) return { text: 'Click where the tray ends', hint: true };
    return { text: formatLength(Math.hypot(cursor[0] - start[0], cursor[1] - start[1])), label: 'Tray length' };
  }

  private set(state: TrayToolState, editor: PlanEditor): void {
    this.state = state;
    editor.toolChanged();
  }
}
