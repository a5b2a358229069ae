import type { Model, Point2 } from '@edrf/model';
import { ProjectStore } from '../state/project-store';
import { PlanEditor, type PlanEditorConfig } from './plan-editor';
import { storeTarget } from './use-plan-editor';

/**
 * The plan editor without a browser, for tests beside the engine and the screens: a real project store
 * (undo, redo, batching), a 800 × 600 plan fitted to the storey, and the pointer in world metres.
 */
export interface PlanHarness {
  editor: PlanEditor;
  store: ProjectStore;
  readonly model: Model;
  down(at: Point2, opts?: { shift?: boolean; button?: number }): void;
  move(at: Point2): void;
  up(at: Point2): void;
  /** Down and up at one point: a click (a second one within 300 ms is a double click: pass `quick`). */
  click(at: Point2, opts?: { shift?: boolean; quick?: boolean }): void;
  /** Down at `from`, moves in `steps` to `to`, up there. */
  drag(from: Point2, to: Point2, opts?: { shift?: boolean; steps?: number; release?: boolean }): void;
  key(key: string): boolean;
  undo(): void;
  redo(): void;
}

export const HARNESS_PAGE = '/project/p/plan';

export function planHarness(config: PlanEditorConfig, model: Model, storeyId: string, opts: { batchMs?: number } = {}): PlanHarness {
  let clock = 10_000;
  const store = new ProjectStore(
    { projectId: 'p', model, identity: 'working-version', parent: null, workingRevision: 'r0', versionComment: null },
    {
      transport: {
        sync: () => Promise.reject(new Error('no server in a plan harness')),
        save: () => Promise.reject(new Error('no server in a plan harness')),
      },
      now: () => clock,
      batchMs: opts.batchMs,
    },
  );
  const editor = new PlanEditor(config, model, storeyId, storeTarget(store, HARNESS_PAGE));
  store.subscribe(() => editor.setModel(store.getState().model));
  editor.resize(800, 600);
  const input = (at: Point2, extra: { shift?: boolean; button?: number } = {}) => {
    const [x, y] = editor.toScreen(at);
    return { x, y, time: clock, ...extra };
  };
  // Gestures 2 s apart: never a double click, nor one undo step with the previous gesture (P§9 1500 ms), unless asked.
  const tick = (ms = 2000) => (clock += ms);
  const harness: PlanHarness = {
    editor,
    store,
    get model() {
      return store.getState().model;
    },
    down: (at, o) => editor.pointerDown(input(at, o)),
    move: (at) => editor.pointerMove(input(at)),
    up: (at) => editor.pointerUp(input(at)),
    click(at, o = {}) {
      tick(o.quick ? 100 : 2000);
      editor.pointerDown(input(at, { shift: o.shift }));
      editor.pointerUp(input(at, { shift: o.shift }));
    },
    drag(from, to, o = {}) {
      tick();
      editor.pointerDown(input(from, { shift: o.shift }));
      const steps = o.steps ?? 4;
      for (let i = 1; i <= steps; i++) {
        tick(16);
        editor.pointerMove(input([from[0] + ((to[0] - from[0]) * i) / steps, from[1] + ((to[1] - from[1]) * i) / steps]));
      }
      if (o.release !== false) editor.pointerUp(input(to));
    },
    key: (key) => editor.key(key),
    undo() {
      tick(2000);
      store.undo();
    },
    redo() {
      tick(2000);
      store.redo();
    },
  };
  return harness;
}
