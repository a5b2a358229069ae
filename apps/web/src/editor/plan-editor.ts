import type { Model } from '@edrf/model';
import { EditSession, type EditTarget } from './edit-session';
import { PointerGesture } from './gestures';
import { HitIndex } from './hit-test';
import { actionById, runKey } from '../ui/actions';
import { engineActions, type PlanAction } from './plan-actions';
import { ItemCache, buildPlanScene, defaultVisibility, type LayerVisibility, type PlanLayer, type PlanScene } from './layers';
import type { OverlayPainter } from './overlay';
import type { LabelSource } from './plan-labels';
import type { PlanEditorApi } from './plan-editor-api';
import { SceneCache } from './scene-cache';
import { NOTHING, pruneSelection, type Selection } from './selection';
import type { PlanTool, Press, ToolPointer } from './tool';
import { fitBounds, panBy, toScreen, toWorld, viewForKey, viewForWheel, type Bounds, type Vec2, type Viewport } from './viewport';

/**
 * The plan editor engine, headless (docs/editor.md): a screen configures it with its layers, its default
 * tool and its overlay painters; it owns the view (pan, zoom, fit, rotation), the storey, the selection,
 * the active tool and the layers' visibility. PlanView draws it and feeds it the browser's events; tests
 * drive it directly (editor/harness.ts).
 */

export interface PlanEditorConfig {
  layers: readonly PlanLayer[];
  /** The tool the editor starts with and returns to when another ends (a select tool). */
  defaultTool: () => PlanTool;
  /** The screen's own marks over the plan (report tiles…), drawn under the active tool's overlay. */
  painters?: readonly OverlayPainter[];
  /** The screen's texts beside its symbols and under its rooms' names (an address, a count), placed with the names. */
  labels?: readonly LabelSource[];
  /**
   * A schematic rather than a building plan (the equipment page): no north arrow, and the pointer's readout in the
   * schematic's own units, y down (the engine's world is y up: world y = −y).
   */
  schematic?: boolean;
}

export interface PointerInput {
  /** Screen pixels from the plan's top left corner. */
  x: number;
  y: number;
  time: number;
  /** 0 main, 1 middle, 2 secondary. */
  button?: number;
  shift?: boolean;
}

type Listener<T> = (value: T) => void;

/** Pixels around the pointer that count as on an edge, a corner or an end. */
export const HIT_TOLERANCE_PX = 4;
export const HANDLE_TOLERANCE_PX = 8;

const HIT_INDEX_STOREYS = 8;

export class PlanEditor implements PlanEditorApi {
  readonly layers: readonly PlanLayer[];
  private readonly config: PlanEditorConfig;
  private readonly defaultToolId: string;
  private currentModel: Model;
  private currentStorey: string;
  private currentTool: PlanTool;
  private currentSelection: Selection = NOTHING;
  private prunedMemo: { selection: Selection; model: Model; pruned: Selection } | null = null;
  private currentVisibility: LayerVisibility;
  private currentView: Viewport;
  private screen = { width: 0, height: 0, ratio: 1 };
  /** The storey and rotation the view was last fitted to: a new one fits again. */
  private fittedTo: string | null = null;
  /** The view fit() made, until the view changes. */
  private fittedView: Viewport | null = null;
  private readonly gesture = new PointerGesture();
  /** The press the active tool did not take (its start, for clicks and drags), or null. */
  private press: Press | null = null;
  private toolPress = false;
  /** Space is held: the main button pans, as in drawing programs. */
  private spacePan = false;
  private dragBox: { x0: number; y0: number; x1: number; y1: number } | null = null;
  private readonly items = new ItemCache();
  private sceneMemo: { model: Model; storeyId: string; scene: PlanScene } | null = null;
  private readonly hitIndexes = new SceneCache<HitIndex>(HIT_INDEX_STOREYS);
  private version = 0;
  private stillVersion = 0;
  private readonly listeners = {
    change: new Set<Listener<number>>(),
    paint: new Set<Listener<void>>(),
    frame: new Set<Listener<number>>(),
  };
  private readonly pointerListeners = new Set<Listener<Vec2 | null>>();

  private editTarget: EditTarget;
  private screenActions: readonly PlanAction[] = [];
  private readonly engine: { before: readonly PlanAction[]; after: readonly PlanAction[] };
  private actionsMemo: { screen: readonly PlanAction[]; all: readonly PlanAction[] } | null = null;

  constructor(config: PlanEditorConfig, model: Model, storeyId: string, target: EditTarget) {
    this.config = config;
    this.layers = [...config.layers].sort((a, b) => a.order - b.order);
    this.currentModel = model;
    this.currentStorey = storeyId;
    this.editTarget = target;
    this.currentVisibility = defaultVisibility(this.layers);
    this.currentView = { scale: 20, x: 0, y: 0, rotation: model.arch.rotation };
    this.currentTool = config.defaultTool();
    this.defaultToolId = this.currentTool.id;
    this.engine = engineActions(this);
  }

  // --- what the screen and the view read ------------------------------------------------------

  get model(): Model {
    return this.currentModel;
  }
  get storeyId(): string {
    return this.currentStorey;
  }
  get tool(): PlanTool {
    return this.currentTool;
  }
  /** The selection, without what no longer exists in the model (after an undo, a delete, a merge). */
  get selection(): Selection {
    // Pruned on reading, never stored: a selection made just before the model arrives (a new tile) must survive.
    const memo = this.prunedMemo;
    if (memo?.selection === this.currentSelection && memo.model === this.currentModel) return memo.pruned;
    const pruned = pruneSelection(this.currentSelection, this.currentModel);
    this.prunedMemo = { selection: this.currentSelection, model: this.currentModel, pruned };
    return pruned;
  }
  get visibility(): LayerVisibility {
    return this.currentVisibility;
  }
  get view(): Viewport {
    return this.currentView;
  }
  get size(): { width: number; height: number; ratio: number } {
    return this.screen;
  }
  get box(): { x0: number; y0: number; x1: number; y1: number } | null {
    return this.dragBox;
  }
  /** Bumped on every change a screen shows (selection, tool, tool state, storey, visibility, model). */
  get changes(): number {
    return this.version;
  }
  /**
   * Bumped when the static scene may have changed (the model, storey, layers, selection, view, a screen's figures):
   * not by a tool's marks or the drag box, which only the interactive scene shows (plan-renderer.ts).
   */
  get stillChanges(): number {
    return this.stillVersion;
  }
  /** The default tool is active (no tool armed). */
  get toolIsDefault(): boolean {
    return this.currentTool.id === this.defaultToolId;
  }
  /** The active tool has work to apply: the toolbar shows Apply and Cancel, Enter applies. */
  get toolApplies(): boolean {
    return this.currentTool.apply !== undefined;
  }
  get schematic(): boolean {
    return this.config.schematic ?? false;
  }

  get labels(): readonly LabelSource[] {
    return this.config.labels ?? [];
  }

  get painters(): readonly OverlayPainter[] {
    const tool = this.currentTool.overlay;
    return tool ? [...(this.config.painters ?? []), tool] : (this.config.painters ?? []);
  }

  /** The shown storey's plan, built from the layers (cached per layer and source object). */
  get scene(): PlanScene {
    const memo = this.sceneMemo;
    if (memo && memo.model === this.currentModel && memo.storeyId === this.currentStorey) return memo.scene;
    const scene = buildPlanScene(this.currentModel, this.currentStorey, this.layers, this.items);
    this.sceneMemo = { model: this.currentModel, storeyId: this.currentStorey, scene };
    return scene;
  }

  get hitIndex(): HitIndex {
    const scene = this.scene;
    return this.hitIndexes.get(scene, () => new HitIndex(scene, this.layers));
  }

  /** Metres that `pixels` on screen are at the current zoom. */
  metres(pixels: number): number {
    return pixels / this.currentView.scale;
  }

  // --- events --------------------------------------------------------------------------------

  /** change: what a screen shows changed; paint: only the picture did (view, box); frame: a frame took this many ms. */
  on(event: 'change' | 'frame', listener: Listener<number>): () => void;
  on(event: 'paint', listener: Listener<void>): () => void;
  on(event: 'change' | 'paint' | 'frame', listener: Listener<number> & Listener<void>): () => void {
    const set = this.listeners[event] as Set<typeof listener>;
    set.add(listener);
    return () => set.delete(listener);
  }

  /** The world point under the pointer (null: it left the plan). */
  onPointer(listener: Listener<Vec2 | null>): () => void {
    this.pointerListeners.add(listener);
    return () => this.pointerListeners.delete(listener);
  }

  /** The view reports each frame's draw time (bench/plan-frames.ts listens). */
  reportFrame(ms: number): void {
    for (const listener of this.listeners.frame) listener(ms);
  }

  /** Something a screen shows changed: it re-renders, and the plan is drawn again, its static scene too. */
  changed(): void {
    this.stillVersion++;
    this.notify();
  }

  private notify(): void {
    this.version++;
    for (const listener of this.listeners.change) listener(this.version);
    this.repaint();
  }

  /** The view moved: both scenes are drawn again, the screen does not re-render. */
  private moved(): void {
    this.stillVersion++;
    this.repaint();
  }

  private repaint(): void {
    for (const listener of this.listeners.paint) listener();
  }

  /** Where gesture edits go: the project store, with the screen's page. */
  get target(): EditTarget {
    return this.editTarget;
  }

  // --- what the screen sets --------------------------------------------------------------------

  setTarget(target: EditTarget): void {
    this.editTarget = target;
  }

  /** The screen's actions (docs/editor.md): its keys, buttons and menus read them; tools get keys first. */
  setActions(actions: readonly PlanAction[]): void {
    this.screenActions = actions;
  }

  /** The engine's actions around the screen's: Apply and Cancel of the armed tool, the screen's, Escape, Fit. */
  actionsWith(screen: readonly PlanAction[]): readonly PlanAction[] {
    const memo = this.actionsMemo;
    if (memo?.screen === screen) return memo.all;
    const all = [...this.engine.before, ...screen, ...this.engine.after];
    this.actionsMemo = { screen, all };
    return all;
  }

  get actions(): readonly PlanAction[] {
    return this.actionsWith(this.screenActions);
  }

  /** The action named `id` (a toolbar button's). */
  action(id: string): PlanAction {
    return actionById(this.actions, id);
  }

  /** The project's model as the store has it now (after an edit, an undo, a sync). */
  setModel(model: Model): void {
    if (model === this.currentModel) return;
    const turned = model.arch.rotation !== this.currentView.rotation;
    this.currentModel = model;
    if (turned) {
      this.currentView = { ...this.currentView, rotation: model.arch.rotation };
      this.fittedTo = null;
    }
    this.fitIfNew();
    this.changed();
  }

  /** Shows another storey: the tool in progress is cancelled and the view fitted to it. */
  setStorey(storeyId: string): void {
    if (storeyId === this.currentStorey) return;
    this.currentStorey = storeyId;
    if (!this.currentTool.acrossStoreys) this.useTool(this.config.defaultTool());
    this.fitIfNew();
    this.changed();
  }

  select(selection: Selection): void {
    if (selection === this.currentSelection) return;
    this.currentSelection = selection;
    this.changed();
  }

  setVisibility(visibility: LayerVisibility): void {
    this.currentVisibility = visibility;
    this.changed();
  }

  /** Makes `tool` the active tool; the one it replaces is cancelled. */
  useTool(tool: PlanTool): void {
    const previous = this.currentTool;
    this.cancelPress();
    previous.cancel?.(this);
    this.currentTool = tool;
    this.changed();
  }

  /** A tool button or key: the tool `id` ends if it is active, else `make()` becomes the active tool. */
  toggleTool(id: string, make: () => PlanTool): void {
    if (this.currentTool.id === id) this.endTool();
    else this.useTool(make());
  }

  /** Finishes the active tool's work (Enter, Apply): what it does when it has nothing to apply is nothing. */
  applyTool(): void {
    void this.currentTool.apply?.(this);
  }

  /** Drops what the active tool has in progress, restoring what it previewed; the tool stays active. */
  cancelTool(): void {
    this.currentTool.cancel?.(this);
  }

  /** Back to the default tool (a tool that finished, or Escape). */
  endTool(): void {
    this.useTool(this.config.defaultTool());
  }

  /** Tools call this after replacing their state, so the screen and the plan show it (its interactive scene only). */
  toolChanged(): void {
    this.notify();
  }

  /** A gesture edit on the target: preview, commit once, or cancel (Escape). */
  session(): EditSession {
    return new EditSession(this.editTarget);
  }

  // --- the view --------------------------------------------------------------------------------

  /** The plan's size on screen (CSS pixels and device pixel ratio); the first size fits the view. */
  resize(width: number, height: number, ratio = 1): void {
    this.screen = { width, height, ratio };
    // A view nobody has moved since it was fitted stays fitted (a toolbar that wraps, a panel that opens).
    if (this.fittedView !== null && this.currentView === this.fittedView) this.fittedTo = null;
    this.fitIfNew();
    this.moved();
  }

  fit(): void {
    this.currentView = fitBounds(this.scene.bounds, this.screen.width, this.screen.height, this.currentView.rotation);
    this.fittedTo = this.currentStorey;
    this.fittedView = this.currentView;
    this.moved();
  }

  /** Shows a part of the shown storey (a room a warning is about), with a margin round it. */
  frame(bounds: Bounds): void {
    const margin = Math.min(this.screen.width, this.screen.height) / 4;
    this.currentView = fitBounds(bounds, this.screen.width, this.screen.height, this.currentView.rotation, margin);
    this.fittedTo = this.currentStorey;
    this.moved();
  }

  private fitIfNew(): void {
    if (this.screen.width > 0 && this.fittedTo !== this.currentStorey) this.fit();
  }

  setView(view: Viewport): void {
    this.currentView = view;
    this.moved();
  }

  wheel(wheel: { deltaX: number; deltaY: number; deltaMode: number; ctrlKey: boolean; x: number; y: number }): void {
    this.setView(viewForWheel(this.currentView, wheel));
  }

  toWorld(x: number, y: number): Vec2 {
    return toWorld(this.currentView, [x, y]);
  }

  toScreen(point: Vec2): Vec2 {
    return toScreen(this.currentView, point);
  }

  // --- the pointer -----------------------------------------------------------------------------

  private pointer(input: PointerInput): ToolPointer {
    const [x, y] = toWorld(this.currentView, [input.x, input.y]);
    return { point: [x, y], screen: [input.x, input.y], shift: !!input.shift, time: input.time };
  }

  /** Space held or released (PlanView): while held, the main button pans instead of using the tool. */
  holdSpace(held: boolean): void {
    if (held === this.spacePan) return;
    this.spacePan = held;
    this.notify();
  }

  get panning(): boolean {
    return this.spacePan;
  }

  pointerDown(input: PointerInput): void {
    if (this.spacePan && (input.button ?? 0) === 0) input = { ...input, button: 1 };
    const main = (input.button ?? 0) === 0;
    if (main && this.currentTool.down?.(this.pointer(input), this)) {
      this.toolPress = true;
      this.gesture.cancel();
      return;
    }
    this.gesture.down(input);
    if (main) this.press = { start: this.pointer(input), dragging: false };
  }

  pointerMove(input: PointerInput): void {
    const at = this.pointer(input);
    for (const listener of this.pointerListeners) listener(at.point);
    if (this.toolPress) {
      this.currentTool.drag?.(at, this);
      return;
    }
    const move = this.gesture.move(input);
    if (move?.type === 'pan') this.setView(panBy(this.currentView, move.dx, move.dy));
    if (this.press && this.gesture.dragging) this.press = { ...this.press, dragging: true };
    this.currentTool.move?.(at, this.press, this);
  }

  pointerUp(input: PointerInput): void {
    const at = this.pointer(input);
    if (this.toolPress) {
      this.toolPress = false;
      this.currentTool.release?.(at, this);
      return;
    }
    const press = this.press;
    this.press = null;
    const done = this.gesture.up(input);
    if (!press || !done || done.type === 'pan') return;
    this.currentTool.up?.(at, { ...press, dragging: done.type === 'box', double: done.type === 'click' && done.double }, this);
  }

  /** The pointer was lost (the browser took it): the press ends without a click. */
  pointerCancel(): void {
    this.cancelPress();
    this.repaint();
  }

  pointerLeave(): void {
    for (const listener of this.pointerListeners) listener(null);
  }

  private cancelPress(): void {
    this.gesture.cancel();
    this.press = null;
    this.toolPress = false;
    this.dragBox = null;
  }

  /** The select tool's drag box (screen pixels), or null when it ends. */
  setBox(box: { x0: number; y0: number; x1: number; y1: number } | null): void {
    this.dragBox = box;
    this.repaint();
  }

  // --- keys ------------------------------------------------------------------------------------

  /**
   * A key on the plan (modifier keys are the project's: ctrl/cmd+S, Z, Y). The active tool first; then the actions
   * (Enter applies and Escape ends an armed tool, the screen's, Escape clears the selection, F fits); then arrows
   * and + / - move the view. True when something used it.
   */
  key(key: string): boolean {
    if (this.currentTool.key?.(key, this)) return true;
    if (runKey(this.actions, key)) return true;
    const next = viewForKey(this.currentView, key, this.screen.width, this.screen.height);
    if (!next) return false;
    this.setView(next);
    return true;
  }
}
