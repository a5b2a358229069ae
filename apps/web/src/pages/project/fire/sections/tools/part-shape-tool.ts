import { toast } from '../../../../../ui/alerts';
import type { PlanEditor } from '../../../../../editor/plan-editor';
import { PolygonTool } from '../../../../../editor/tools/polygon';
import { SHAPE_HINT, startShapeEdit } from '../../../../../editor/tools/polygon-edit';
import { partPolygon } from '../section-lookup';
import { INVALID_SECTION_SHAPE, partShapeEdits } from '../sections-edits';

export const PART_SHAPE = 'section-part-shape';
/** How long 'Invalid section shape' shows (the room shape's error shows as long). */
export const INVALID_SECTION_SHAPE_MS = 3000;

/**
 * A part's shape as a polygon (F§4: key e starts, Enter applies, Escape cancels): its custom shape or its room's
 * corners to drag, an edge pressed adds one. A shape that is not a simple polygon is refused with 'Invalid section
 * shape' (F§5, F§8) and editing goes on; nothing changes.
 */
export function partShapeTool(editor: PlanEditor, sectionId: string, roomId: string): PolygonTool | null {
  const part = editor.model.fire?.sections[sectionId]?.parts.find((p) => p.room_id === roomId);
  const polygon = part ? partPolygon(editor.model, part) : null;
  if (!polygon) return null;
  return new PolygonTool({
    id: PART_SHAPE,
    start: startShapeEdit(polygon.exterior),
    hint: SHAPE_HINT,
    apply(outline) {
      const requests = partShapeEdits(editor.model, sectionId, roomId, outline);
      if (!requests) {
        toast.error(INVALID_SECTION_SHAPE, INVALID_SECTION_SHAPE_MS);
        return false;
      }
      editor.target.edit(requests);
      return true;
    },
  });
}
