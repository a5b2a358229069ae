import type { PlanEditor } from '../../../../../editor/plan-editor';
import type { Press, ToolPointer } from '../../../../../editor/tool';
import { SelectTool } from '../../../../../editor/tools/select';
import { isAddressedUnitItem, isPartItem } from '../layers/section-layers';
import { normalSelection, pickOf } from '../section-selection';
import { addressUnitEdits } from '../sections-edits';

/**
 * The sections page's default tool: the engine's select tool on parts and units. A part picked on the plan selects
 * its section with the part; a click on a unit in a section that has no address gives it the lowest unused one
 * (F§4), one edit of the project store.
 */
export class SectionSelectTool extends SelectTool {
  constructor() {
    super({ accept: (item) => isPartItem(item) || isAddressedUnitItem(item) });
  }

  override up(pointer: ToolPointer, press: Press & { double: boolean }, editor: PlanEditor): void {
    super.up(pointer, press, editor);
    editor.select(normalSelection(editor.selection, editor.model));
    const pick = pickOf(editor.selection, editor.model);
    if (press.dragging || press.start.shift || pick.kind !== 'unit') return;
    const addressing = addressUnitEdits(editor.model, pick.unitId);
    if (addressing) editor.target.edit(addressing.requests);
  }
}
