import type { Point2 } from '@edrf/model';
import type { OverlayPainter } from './overlay';
import type { PlanEditorApi } from './plan-editor-api';
import type { Vec2 } from './viewport';

/**
 * The tool contract of the plan engine (docs/editor.md). A tool is a small state machine: its state is
 * data (`state`, replaced, never changed in place, so the engine and tests see each step), it reacts to
 * the main button and keys in world coordinates, applies its work on Enter or Apply, cancels on Escape or a tool
 * switch, draws its own overlay and says in a hint what it asks for. Panning (other buttons, wheel, arrows) is the engine's, whatever the tool.
 */

export interface ToolPointer {
  /** World metres. */
  point: Point2;
  /** Screen pixels from the plan's top left corner. */
  screen: Vec2;
  shift: boolean;
  /** Milliseconds (event time). */
  time: number;
}

/** A press of the main button that the tool did not take in `down`: the engine tells a click from a drag. */
export interface Press {
  start: ToolPointer;
  /** Moved more than 5 px since the press. */
  dragging: boolean;
}

/** A line under the plan: what the tool measures or asks for. */
export interface ToolStatus {
  text: string;
  /** Its accessible name (tests and screen readers find it by this). */
  label?: string;
  /** A hint rather than a value: drawn muted. */
  hint?: boolean;
}

export interface PlanTool<S = unknown> {
  readonly id: string;
  /** The tool's state as data. */
  readonly state: S;
  /** Stays active when the screen shows another storey (a ruler); other tools are cancelled then. */
  readonly acrossStoreys?: boolean;
  /** The canvas cursor while the tool is active. */
  readonly cursor?: 'default' | 'crosshair';
  /** A main-button press. True: the tool took it, and only `drag` and `release` follow (no click, box or double click). */
  down?(pointer: ToolPointer, editor: PlanEditorApi): boolean;
  /** The pointer moved; `press` while a press the tool did not take is held. */
  move?(pointer: ToolPointer, press: Press | null, editor: PlanEditorApi): void;
  /** A press the tool took moved. */
  drag?(pointer: ToolPointer, editor: PlanEditorApi): void;
  /** A press the tool took ended. */
  release?(pointer: ToolPointer, editor: PlanEditorApi): void;
  /** A press the tool did not take ended: a click (not dragging; `double` for the second of two quick ones) or a drag's end. */
  up?(pointer: ToolPointer, press: Press & { double: boolean }, editor: PlanEditorApi): void;
  /** A key (tools get keys before the screen's commands); true when it used it. */
  key?(key: string, editor: PlanEditorApi): boolean;
  /** Escape that the tool did not use, or a switch to another tool: drop what is in progress, restore what it previewed. */
  cancel?(editor: PlanEditorApi): void;
  overlay?: OverlayPainter;
  status?(): ToolStatus | null;
  /** What the screen's toolbar says while the tool is armed: what to click, what finishes ('Click the corners of the new room'). */
  hint?(editor: PlanEditorApi): string;
  /**
   * Finishes the tool's work (Enter, the toolbar's Apply): stores what it drew or edited, and ends the tool when that
   * was taken. A tool with nothing to apply has none; the toolbar then shows no Apply and Cancel for it.
   */
  apply?(editor: PlanEditorApi): void | Promise<unknown>;
}
