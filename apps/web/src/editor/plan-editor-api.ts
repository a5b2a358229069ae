import type { Model } from '@edrf/model';
import type { EditSession, EditTarget } from './edit-session';
import type { HitIndex } from './hit-test';
import type { LayerVisibility, PlanLayer, PlanScene } from './layers';
import type { Selection } from './selection';
import type { Bounds, Vec2, Viewport } from './viewport';

/**
 * The plan editor as what plugs into it is handed it: tools (tool.ts), overlay painters (overlay.ts), label sources
 * (plan-labels.ts) and the engine's actions (plan-actions.ts). PlanEditor (plan-editor.ts) implements it; the engine
 * holds those parts and they hold the editor, so they name this interface rather than the class (no import circle).
 * It names no tool: arming one is the screen's (PlanEditor.useTool); a tool only ends itself.
 */
export interface PlanEditorApi {
  readonly model: Model;
  readonly storeyId: string;
  /** The screen's layers, in drawing order. */
  readonly layers: readonly PlanLayer[];
  /** The selection, without what no longer exists in the model. */
  readonly selection: Selection;
  readonly visibility: LayerVisibility;
  readonly view: Viewport;
  /** The plan's size on screen (CSS pixels and device pixel ratio). */
  readonly size: { width: number; height: number; ratio: number };
  /** The shown storey's plan, built from the layers. */
  readonly scene: PlanScene;
  readonly hitIndex: HitIndex;
  /** Where gesture edits go: the project store, with the screen's page. */
  readonly target: EditTarget;
  /** A schematic rather than a building plan (the equipment page). */
  readonly schematic: boolean;
  /** Bumped when the static scene may have changed (plan-editor.ts). */
  readonly stillChanges: number;
  /** The default tool is active (no tool armed). */
  readonly toolIsDefault: boolean;
  /** The active tool has work to apply (Enter, the toolbar's Apply). */
  readonly toolApplies: boolean;
  /** Metres that `pixels` on screen are at the current zoom. */
  metres(pixels: number): number;
  toWorld(x: number, y: number): Vec2;
  toScreen(point: Vec2): Vec2;
  select(selection: Selection): void;
  /** The active tool's apply (Enter, Apply). */
  applyTool(): void;
  /** Drops what the active tool has in progress (Escape it did not use), the tool staying active. */
  cancelTool(): void;
  /** Back to the default tool. */
  endTool(): void;
  /** Tools call this after replacing their state, so the screen and the plan show it. */
  toolChanged(): void;
  /** A gesture edit on the target: preview, commit once, or cancel. */
  session(): EditSession;
  /** The select tool's drag box (screen pixels), or null when it ends. */
  setBox(box: { x0: number; y0: number; x1: number; y1: number } | null): void;
  fit(): void;
  /** Shows a part of the shown storey, with a margin round it. */
  frame(bounds: Bounds): void;
}
