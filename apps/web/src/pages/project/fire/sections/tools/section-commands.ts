import type { PlanAction } from '../../../../../editor/plan-actions';
import type { PlanEditor } from '../../../../../editor/plan-editor';
import { NOTHING } from '../../../../../editor/selection';
import type { ReplaceEdit } from '../../../../../state/history';
import { addressOf } from '../section-lookup';
import { pickOf, selectSection } from '../section-selection';
import { deleteSectionEdits, removePartEdits, setAddressEdits } from '../sections-edits';
import { PART_SHAPE, partShapeTool } from './part-shape-tool';
import { SECTION_EDIT, SectionEditTool } from './section-edit-tool';

/**
 * What Delete removes is told by what is selected: a part (its section stays selected), else the section; a unit's
 * address (the unit itself stays: units are placed on the units page). One undo step of its own.
 */
export function deleteSelected(editor: PlanEditor, replace: ReplaceEdit): void {
  const model = editor.model;
  const pick = pickOf(editor.selection, model);
  if (pick.kind === 'section' && pick.roomId) {
    const requests = removePartEdits(model, pick.sectionId, pick.roomId);
    if (requests && replace(requests)) editor.select(selectSection(pick.sectionId));
  } else if (pick.kind === 'section') {
    if (replace(deleteSectionEdits(pick.sectionId))) editor.select(NOTHING);
  } else if (pick.kind === 'unit' && model.fire) {
    const held = addressOf(model.fire, pick.unitId);
    if (held) replace(setAddressEdits(held.section.id, pick.unitId, null));
  }
}

/** Key e: the selected part's shape (F§4). */
export function startPartShape(editor: PlanEditor): void {
  const pick = pickOf(editor.selection, editor.model);
  if (pick.kind !== 'section' || !pick.roomId) return;
  const tool = partShapeTool(editor, pick.sectionId, pick.roomId);
  if (tool) editor.useTool(tool);
}

/** The page's actions (its keys and toolbar buttons); Enter and Escape belong to the engine, undo and redo to the project (P§4). */
export const sectionActions = (editor: PlanEditor, busy: () => boolean, replace: ReplaceEdit): PlanAction[] => {
  const pick = () => pickOf(editor.selection, editor.model);
  return [
    {
      id: SECTION_EDIT,
      label: 'Edit',
      title: 'Edit: click rooms on the plan to move them into the selected section',
      when: () => !busy() && pick().kind === 'section' && editor.storeyId !== '',
      run: () => {
        const picked = pick();
        if (picked.kind === 'section') editor.useTool(new SectionEditTool(picked.sectionId));
      },
    },
    {
      id: PART_SHAPE,
      label: 'Edit shape',
      title: "Edit the selected part's shape (E)",
      key: 'e',
      when: () => {
        const picked = pick();
        return !busy() && picked.kind === 'section' && picked.roomId !== null;
      },
      run: () => startPartShape(editor),
    },
    { id: 'delete', label: 'Delete', key: ['Delete', 'Backspace'], when: () => !busy(), run: () => deleteSelected(editor, replace) },
  ];
};
