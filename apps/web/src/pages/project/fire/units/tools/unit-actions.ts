import type { Model } from '@edrf/model';
import type { PlanAction as PlanCommand } from '../../../../../editor/plan-actions';
import type { PlanEditor } from '../../../../../editor/plan-editor';
import { NOTHING } from '../../../../../editor/selection';
import { deleteSelection } from '../../../model/model-edits';
import { deleteAsking, withRackRoutes } from '../racks/rack-delete';

/**
 * The units page's keys beyond the tools' own (docs/fire-units.md): Delete and Backspace remove the selection with
 * the model's cascade (deleteSelection: a deleted detector's socketed sirens stay, unsocketed; the unit's section
 * address and route nodes let go of it) as one undo step of its own. r and R are the tools' (F§4).
 */
export function unitCommands(editor: PlanEditor, replaceModel: (model: Model) => void): PlanCommand[] {
  const deleteSelected = () => {
    const selection = editor.selection;
    if (selection.kind !== 'items') return;
    const before = editor.model;
    // A rack whose loops would go asks first (issue 34, racks/rack-delete.ts); the delete applies to the model then.
    const refs = selection.items;
    deleteAsking(before, refs, deleteSelection(before, withRackRoutes(before, refs)), () => {
      replaceModel(deleteSelection(editor.model, withRackRoutes(editor.model, refs)));
      editor.select(NOTHING);
    });
  };
  return [{ key: ['Delete', 'Backspace'], when: () => editor.selection.kind === 'items', run: deleteSelected, label: 'Delete' }];
}
