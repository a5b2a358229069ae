import type { Arch, Point2 } from '@edrf/model';
import { toast } from '../../../../ui/alerts';
import { checkRoomShape, roomsOverlapped } from '../../../../editor/geometry-client';
import type { PlanEditor } from '../../../../editor/plan-editor';
import { PolygonTool } from '../../../../editor/tools/polygon';
import { SHAPE_HINT, startDraw, startShapeEdit } from '../../../../editor/tools/polygon-edit';
import { addRoomEdits, roomShapeEdits } from '../model-edits';
import { INVALID_ROOM_SHAPE, INVALID_ROOM_SHAPE_MS, newRoomOverlaps } from '../room-shape';

export const DRAW_ROOM = 'draw-room';
export const EDIT_SHAPE = 'edit-shape';

/** P§5 New room: the outline is checked (more than 2 points, area ≥ 0.1, valid) before it is taken. */
async function validOutline(outline: Point2[]): Promise<boolean> {
  if (await checkRoomShape(outline)) return true;
  toast.error(INVALID_ROOM_SHAPE, INVALID_ROOM_SHAPE_MS);
  return false;
}

/** A room drawn over others is kept, with a word: Clean's overlap option would cut it (docs/editor.md). */
async function warnOverlap(outline: Point2[], arch: Arch, storeyId: string): Promise<void> {
  const rooms = (arch.storeys[storeyId]?.rooms ?? []).flatMap((id) => arch.rooms[id] ?? []);
  try {
    const overlapped = await roomsOverlapped(outline, rooms);
    if (overlapped.length > 0) toast.warning(newRoomOverlaps(overlapped.map((id) => arch.rooms[id]!.name || id)));
  } catch (error) {
    // P§8: a failure of the WebAssembly side is only logged; the room is added all the same.
    console.error('Could not check the new room for overlaps', error);
  }
}

/** Draw room (P§4): clicks add corners; Enter, Apply or the first corner adds the room ('New Room', Other) and selects it. */
export const drawRoomTool = (editor: PlanEditor): PolygonTool =>
  new PolygonTool({
    id: DRAW_ROOM,
    start: startDraw(),
    hint: 'Click the corners of the new room',
    async apply(outline) {
      if (!(await validOutline(outline))) return false;
      const arch = editor.model.arch;
      const { id, requests } = addRoomEdits(arch, editor.storeyId, outline);
      editor.target.edit(requests);
      editor.select({ kind: 'items', items: [{ kind: 'arch.rooms', id }] });
      await warnOverlap(outline, arch, editor.storeyId);
      return true;
    },
  });

/** Edit shape (P§4, key e): the room's outline as corners to drag; Enter or Apply stores it. */
export const editShapeTool = (editor: PlanEditor, roomId: string): PolygonTool | null => {
  const room = editor.model.arch.rooms[roomId];
  if (!room) return null;
  return new PolygonTool({
    id: EDIT_SHAPE,
    start: startShapeEdit(room.shape.exterior),
    hint: SHAPE_HINT,
    async apply(outline) {
      if (!(await validOutline(outline))) return false;
      if (editor.model.arch.rooms[roomId]) editor.target.edit(roomShapeEdits(roomId, outline));
      return true;
    },
  });
};
