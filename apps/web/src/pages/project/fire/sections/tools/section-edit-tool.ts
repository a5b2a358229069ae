import type { PlanEditor } from '../../../../../editor/plan-editor';
import type { EditSession } from '../../../../../editor/edit-session';
import type { PlanTool, Press, ToolPointer, ToolStatus } from '../../../../../editor/tool';
import type { EditRequest } from '../../../../../state/history';
import { roomAt, sectionTitle } from '../section-lookup';
import { moveRoomEdits, removePartEdits } from '../sections-edits';

export const SECTION_EDIT = 'section-edit';

export interface SectionEditState {
  /** The section rooms are moved into. */
  sectionId: string;
  /** The rooms moved in (or taken out) so far, shown on the plan and applied at once. */
  requests: readonly EditRequest[];
}

/**
 * Edit (F§2, F§4): a click on a room moves it into the section being edited (a new part, or its part from another
 * section); a click on one of the section's own rooms takes it out (its units lose their addresses). The clicks are
 * previewed on the plan as one gesture edit: Apply (or Enter) makes them one undo step, Cancel (or Escape) drops them.
 */
export class SectionEditTool implements PlanTool<SectionEditState> {
  readonly id = SECTION_EDIT;
  readonly cursor = 'crosshair';
  state: SectionEditState;
  private session: EditSession | null = null;

  constructor(sectionId: string) {
    this.state = { sectionId, requests: [] };
  }

  /** Another section to move rooms into (picked from the list while editing). */
  retarget(sectionId: string, editor: PlanEditor): void {
    this.state = { ...this.state, sectionId };
    editor.toolChanged();
  }

  up(_pointer: ToolPointer, press: Press & { double: boolean }, editor: PlanEditor): void {
    if (press.dragging) return;
    const model = editor.model;
    const roomId = roomAt(model, editor.storeyId, press.start.point);
    const section = model.fire?.sections[this.state.sectionId];
    if (!roomId || !section) return;
    const own = section.parts.some((part) => part.room_id === roomId);
    const step = own ? removePartEdits(model, section.id, roomId) : moveRoomEdits(model, roomId, section.id);
    if (!step) return;
    this.session ??= editor.session();
    const requests = [...this.state.requests, ...step];
    this.session.preview(requests);
    this.state = { ...this.state, requests };
    editor.toolChanged();
  }

  hint(editor: PlanEditor): string {
    const section = editor.model.fire?.sections[this.state.sectionId];
    return `Editing ${section ? sectionTitle(section) : 'a section'}: click rooms to move them in or out`;
  }

  /** Apply (Enter, the engine's action): the previewed moves as one undo step; the tool ends. */
  apply(editor: PlanEditor): void {
    this.session?.commit(this.state.requests);
    this.session = null;
    if (editor.tool === this) editor.endTool();
  }

  cancel(): void {
    this.session?.cancel();
    this.session = null;
  }

  status(): ToolStatus {
    return {
      text: 'Click a room to move it into the section, or one of its rooms to take it out. Enter applies, Escape cancels.',
      hint: true,
    };
  }
}
