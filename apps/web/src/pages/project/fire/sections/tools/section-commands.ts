import type { PlanCommand } from '../../../../../editor/commands';
import type { PlanEditor } from '../../../../../editor/plan-editor';
import { NOTHING } from '../../../../../editor/selection';
import type { EditRequest } from '../../../../../state/history';
import { addressOf } from '../section-lookup';
import { pickOf, selectSection } from '../section-selection';
import { deleteSectionEdits, removePartEdits, setAddressEdits } from '../sections-edits';
import { partShapeTool } from './part-shape-tool';

/** Writes requests as one undo step of their own (a delete is never batched with the edit before it). */
export type ReplaceEdit = (requests: readonly EditRequest[]) => boolean;

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

/** The page's keys; Enter and Escape belong to the tools, undo and redo to the project (P§4). */
export const sectionCommands = (editor: PlanEditor, busy: () => boolean, replace: ReplaceEdit): PlanCommand[] => [
  { key: 'e', when: () => !busy(), run: () => startPartShape(editor), label: 'Edit the part’s shape' },
  { key: ['Delete', 'Backspace'], when: () => !busy(), run: () => deleteSelected(editor, replace), label: 'Delete' },
];
