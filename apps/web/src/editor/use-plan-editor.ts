import { useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { useProjectState, useProjectStore } from '../state/use-project';
import type { ProjectStore } from '../state/project-store';
import { actionById } from '../ui/actions';
import type { PlanAction } from './plan-actions';
import type { EditTarget } from './edit-session';
import { PlanEditor, type PlanEditorConfig } from './plan-editor';

/** The project store as an editor's edit target: edits are recorded with `page` for undo and redo. */
export const storeTarget = (store: ProjectStore, page: string): EditTarget => ({
  get model() {
    return store.getState().model;
  },
  edit: (requests, opts) => store.edit(requests, page, opts),
});

/**
 * A screen's plan editor, made once with the screen's layers and tools, kept on the project's model and the
 * storey the screen shows; the screen re-renders when what it shows of the editor changes.
 */
export function usePlanEditor(config: () => PlanEditorConfig, storeyId: string): PlanEditor {
  const store = useProjectStore();
  const { model } = useProjectState();
  const location = useLocation();
  const page = location.pathname + location.search;
  const [editor] = useState(() => new PlanEditor(config(), model, storeyId, storeTarget(store, page)));
  useLayoutEffect(() => {
    editor.setTarget(storeTarget(store, page));
    editor.setModel(model);
    editor.setStorey(storeyId);
  });
  useSyncExternalStore(
    (listener) => editor.on('change', listener),
    () => editor.changes,
  );
  return editor;
}

/**
 * The screen's actions (docs/editor.md), with the closures of its latest render: its keys reach them through the
 * editor, and its toolbar buttons through the answer, which finds one by id among the engine's and the screen's.
 */
export function usePlanActions(editor: PlanEditor, actions: readonly PlanAction[]): (id: string) => PlanAction {
  useLayoutEffect(() => editor.setActions(actions));
  const all = editor.actionsWith(actions);
  return (id) => actionById(all, id);
}
