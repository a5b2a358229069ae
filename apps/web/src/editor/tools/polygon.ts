import type { Point2 } from '@edrf/model';
import type { OverlayDraw } from '../overlay';
import { HANDLE_TOLERANCE_PX, type PlanEditor } from '../plan-editor';
import type { PlanTool, ToolPointer } from '../tool';
import { closesDrawing, editMove, editOutline, editPress, editRelease, editRemovePoint, type PolygonEdit } from './polygon-edit';

export interface PolygonOptions {
  /** The tool's id ('draw-room', 'edit-shape'…): screens tell their tools apart by it. */
  id: string;
  start: PolygonEdit;
  /** Enter, Apply, or a press on a ring's first corner: the screen checks and stores the shape; true ends the tool. */
  apply: (points: Point2[]) => boolean | Promise<boolean>;
  /** The toolbar's words while the tool is armed ('Click the corners of the new room'). */
  hint: string;
}

const EDIT_COLOUR = '#e67e00';

/**
 * The shared polygon tool: draws or edits a ring (a room, a section's shape) or a polyline (a route).
 * Enter applies and Escape cancels (the engine's actions); Backspace or Delete drops the last (or last dragged) corner.
 */
export class PolygonTool implements PlanTool<PolygonEdit> {
  readonly id: string;
  readonly cursor = 'crosshair';
  state: PolygonEdit;

  constructor(private readonly options: PolygonOptions) {
    this.id = options.id;
    this.state = options.start;
  }

  down(pointer: ToolPointer, editor: PlanEditor): boolean {
    const tolerance = editor.metres(HANDLE_TOLERANCE_PX);
    if (closesDrawing(this.state, pointer.point, tolerance)) void this.apply(editor);
    else this.set(editPress(this.state, pointer.point, tolerance), editor);
    return true;
  }

  drag(pointer: ToolPointer, editor: PlanEditor): void {
    this.set(editMove(this.state, pointer.point), editor);
  }

  release(_pointer: ToolPointer, editor: PlanEditor): void {
    this.set(editRelease(this.state), editor);
  }

  move(pointer: ToolPointer, _press: unknown, editor: PlanEditor): void {
    if (this.state.mode === 'draw') this.set(editMove(this.state, pointer.point), editor);
  }

  key(key: string, editor: PlanEditor): boolean {
    if (key === 'Backspace' || key === 'Delete') {
      this.set(editRemovePoint(this.state), editor);
      return true;
    }
    return false;
  }

  hint(): string {
    return this.options.hint;
  }

  /** Enter or Apply (the engine's action): hands the shape to the screen; ends the tool when it was taken. */
  async apply(editor: PlanEditor): Promise<boolean> {
    const taken = await this.options.apply(editOutline(this.state));
    if (taken && editor.tool === this) editor.endTool();
    return taken;
  }

  overlay = (draw: OverlayDraw): void => {
    const edit = this.state;
    if (edit.points.length === 0) return;
    const points: Point2[] = edit.mode === 'draw' && edit.cursor ? [...edit.points, edit.cursor] : [...edit.points];
    if (edit.closed) draw.rings([points], { fill: 'rgba(230, 126, 0, 0.18)', stroke: EDIT_COLOUR, width: 2 });
    else draw.polyline(points, { stroke: EDIT_COLOUR, width: 2 });
    draw.handles(edit.points, { fill: '#fff', stroke: EDIT_COLOUR, width: 1.5, size: 8 });
  };

  private set(state: PolygonEdit, editor: PlanEditor): void {
    if (state === this.state) return;
    this.state = state;
    editor.toolChanged();
  }
}
