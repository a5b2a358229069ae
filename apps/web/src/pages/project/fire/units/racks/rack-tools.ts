import type { Point2 } from '@edrf/model';
import { toast } from '../../../../../ui/alerts';
import type { OverlayDraw } from '../../../../../editor/overlay';
import type { PlanEditor } from '../../../../../editor/plan-editor';
import type { PlanEditorApi } from '../../../../../editor/plan-editor-api';
import type { PlanTool, Press, ToolPointer, ToolStatus } from '../../../../../editor/tool';
import { RACK_COLOUR } from './rack-layer';
import { normalizeAngle, placeRackEdits, rackOutline, roomAt, type RackMode } from './rack-edits';
import { placePlinthEdits, rackAt } from './plinth-edits';

/** The tool id of a mode ('place-rack', 'place-rack-central-plinth', 'place-central'): one toolbar button each. */
export const rackToolId = (mode: RackMode): string => `place-${mode}`;

/** F§4: r turns the pending unit by +10 degrees, R by −1. */
export const ROTATE_STEP = { r: 10, R: -1 } as const;

export interface RackToolState {
  mode: RackMode;
  /** The pending rack's angle, degrees in [0, 360). */
  angle: number;
  /** The pointer (world metres), where the pending rack is drawn; null before it moves over the plan. */
  cursor: Point2 | null;
  /** The racks this tool placed, in order. */
  made: readonly string[];
}

export interface RackToolOptions {
  /** End the tool after a rack is placed (default: stay armed for the next one; Escape ends it). */
  once?: boolean;
  /** The angle the pending rack starts at (degrees). */
  angle?: number;
  /** Where 'No product found for {unit}' is logged (F§8: a logged warning); console.warn by default. */
  warn?: (message: string) => void;
}

/** The F§2 names of the modes. */
export const RACK_TOOL_LABELS: Record<RackMode, string> = {
  rack: 'Rack',
  'rack-central-plinth': 'Rack with central and plinth',
  central: 'Central alone',
  plinth: 'Plinth',
};

const TITLES: Record<RackMode, string> = {
  rack: 'rack',
  'rack-central-plinth': 'rack with central and plinth',
  central: 'central',
  plinth: 'plinth (on a rack: into it)',
};

/**
 * The rack placement tool (F§2 'Rack with central and plinth', 'Central alone'; F§4): a press places a rack
 * in `mode` at the pointer, turned by the pending angle (r +10°, R −1°), and selects it; a press outside every
 * room shows 'Racks must be placed in a room' and keeps the tool. Escape ends the tool (the engine's).
 */
export class RackTool implements PlanTool<RackToolState> {
  readonly id: string;
  readonly cursor = 'crosshair';
  state: RackToolState;

  constructor(
    mode: RackMode,
    private readonly options: RackToolOptions = {},
  ) {
    this.id = rackToolId(mode);
    this.state = { mode, angle: normalizeAngle(options.angle ?? 0), cursor: null, made: [] };
  }

  down(pointer: ToolPointer, editor: PlanEditor): boolean {
    const { mode, angle } = this.state;
    const placed =
      mode === 'plinth'
        ? placePlinthEdits(editor.model, editor.storeyId, pointer.point, angle)
        : placeRackEdits(editor.model, editor.storeyId, pointer.point, mode, angle);
    if (!placed.ok) {
      toast.error(placed.error);
      this.set({ ...this.state, cursor: pointer.point }, editor);
      return true;
    }
    const warn = this.options.warn ?? ((message: string) => console.warn(message));
    for (const message of placed.warnings) warn(message);
    for (const message of placed.errors) toast.error(message);
    if (placed.requests.length > 0) editor.target.edit(placed.requests);
    editor.select({ kind: 'items', items: [{ kind: 'fire.units.racks', id: placed.rackId }] });
    this.set({ ...this.state, cursor: pointer.point, made: [...this.state.made, placed.rackId] }, editor);
    if (this.options.once) editor.endTool();
    return true;
  }

  move(pointer: ToolPointer, _press: Press | null, editor: PlanEditor): void {
    this.set({ ...this.state, cursor: pointer.point }, editor);
  }

  key(key: string, editor: PlanEditor): boolean {
    if (key !== 'r' && key !== 'R') return false;
    this.set({ ...this.state, angle: normalizeAngle(this.state.angle + ROTATE_STEP[key]) }, editor);
    return true;
  }

  overlay = (draw: OverlayDraw, editor: PlanEditorApi): void => {
    const { cursor, angle, mode } = this.state;
    if (!cursor) return;
    // A plinth pressed on a rack goes into it: that rack is outlined instead of a new one.
    const into = mode === 'plinth' ? rackAt(editor.model, editor.storeyId, cursor) : null;
    if (into) {
      draw.rings([rackOutline(into)], { stroke: RACK_COLOUR, width: 3 });
      return;
    }
    const inRoom = roomAt(editor.model, editor.storeyId, cursor) !== null;
    draw.rings([rackOutline({ coord: [cursor[0], cursor[1], 0], angle })], {
      fill: inRoom ? 'rgba(200, 40, 40, 0.18)' : 'rgba(120, 120, 120, 0.15)',
      stroke: inRoom ? RACK_COLOUR : '#888',
      width: 1.5,
      dash: [5, 3],
    });
  };

  status(): ToolStatus {
    return { text: `Click in a room to place a ${TITLES[this.state.mode]} (r/R turn: ${this.state.angle}°)`, hint: true };
  }

  private set(state: RackToolState, editor: PlanEditor): void {
    this.state = state;
    editor.toolChanged();
  }
}

/**
 * The units page's toolbar buttons for racks (F§2: 'Rack with central and plinth', 'Central alone'), in the shape
 * of the page's tool slots ({ id, label, title, make }).
 */
export const RACK_TOOL_SLOTS: readonly { id: string; label: string; title: string; make: () => RackTool }[] = (
  ['rack-central-plinth', 'central'] as const
).map((mode) => ({
  id: rackToolId(mode),
  label: RACK_TOOL_LABELS[mode],
  title:
    mode === 'central'
      ? 'Place a central alone (a non-physical rack, shown as Equipment) in a room'
      : 'Place a rack with a central and a plinth in a room',
  make: () => new RackTool(mode),
}));

/** F§2's More menu entry 'Plinth' (before Info panel): a plinth into the rack pressed on, or in a rack of its own. */
export const PLINTH_TOOL_SLOT = {
  id: rackToolId('plinth'),
  label: RACK_TOOL_LABELS.plinth,
  title: 'Place a plinth: press on a rack to add it to that rack, or in a room to place a rack holding it',
  make: () => new RackTool('plinth'),
};
