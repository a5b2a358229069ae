import type { Action } from '../ui/actions';
import type { PlanEditorApi } from './plan-editor-api';
import { NOTHING } from './selection';

/** A plan screen's action (ui/actions.ts): its keys reach it through the editor, its buttons through the list. */
export type PlanAction = Action;

/**
 * The engine's own actions, around a screen's (docs/editor.md). Before them: Apply (Enter) finishes the armed tool's
 * work, Cancel (Escape) ends a tool other than the default one. After them, so that a screen may take the key
 * first: Escape clears the selection, F fits the storey.
 */
export function engineActions(editor: PlanEditorApi): { before: PlanAction[]; after: PlanAction[] } {
  return {
    before: [
      {
        id: 'apply',
        label: 'Apply',
        title: 'Apply (Enter)',
        key: 'Enter',
        when: () => editor.toolApplies,
        run: () => editor.applyTool(),
      },
      {
        id: 'cancel',
        label: 'Cancel',
        title: 'Cancel (Escape)',
        key: 'Escape',
        when: () => !editor.toolIsDefault,
        run: () => editor.endTool(),
      },
    ],
    after: [
      {
        id: 'clear-selection',
        label: 'Clear selection',
        key: 'Escape',
        run: () => {
          editor.cancelTool();
          editor.select(NOTHING);
        },
      },
      { id: 'fit', label: 'Fit', title: 'Fit to storey (F)', key: 'f', run: () => editor.fit() },
    ],
  };
}
