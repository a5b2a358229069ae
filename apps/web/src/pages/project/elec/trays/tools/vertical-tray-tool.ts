import type { Point2 } from '@edrf/model';
import type { OverlayDraw } from '../../../../../editor/overlay';
import type { PlanEditor } from '../../../../../editor/plan-editor';
import type { PlanTool, Press, ToolPointer, ToolStatus } from '../../../../../editor/tool';
import { TRAY_COLOUR } from '../layers/tray-layer';
import { trayOutline, verticalTrayEdits } from '../tray-edits';
import { snapped } from './snap';

export const VERTICAL_TRAY_TOOL = 'vertical-tray';

export interface VerticalTrayState {
  cursor: Point2 | null;
  snapped: boolean;
}

/**
 * Vertical mode (P§4): a click makes one vertical tray per storey pair from the shown storey to the chosen one,
 * at the clicked point (snapped to a tray end), each with to_storey_id set.
 */
export class VerticalTrayTool implements PlanTool<VerticalTrayState> {
  readonly id = VERTICAL_TRAY_TOOL;
  readonly cursor = 'crosshair';
  state: VerticalTrayState = { cursor: null, snapped: false };

  constructor(
    private readonly toStorey: () => string | null,
    private readonly width: () => number,
  ) {}

  move(pointer: ToolPointer, _press: Press | null, editor: PlanEditor): void {
    const at = snapped(editor, pointer.point);
    this.state = { cursor: at.point, snapped: at.snapped };
    editor.toolChanged();
  }

  up(pointer: ToolPointer, press: Press, editor: PlanEditor): void {
    const to = this.toStorey();
    if (press.dragging || !to) return;
    const { ids, requests } = verticalTrayEdits(editor.model, editor.storeyId, to, snapped(editor, pointer.point).point, this.width());
    if (ids.length === 0) return;
    editor.target.edit(requests);
    editor.select({ kind: 'items', items: ids.map((id) => ({ kind: 'elec.trays', id })) });
  }

  overlay = (draw: OverlayDraw): void => {
    const { cursor } = this.state;
    if (!cursor) return;
    const outline = trayOutline({ start: [cursor[0], cursor[1], 0], end: [cursor[0], cursor[1], 1], width: this.width() });
    draw.rings([outline], { fill: 'rgba(240, 138, 0, 0.3)', stroke: TRAY_COLOUR, width: 1.5, dash: [6, 4] });
    if (this.state.snapped) draw.handles([cursor], { stroke: '#1f6fd6', width: 2, size: 12 });
  };

  status(): ToolStatus {
    return this.toStorey()
      ? { text: 'Click where the vertical trays rise', hint: true }
      : { text: 'Choose the storey the trays rise to', hint: true };
  }
}
