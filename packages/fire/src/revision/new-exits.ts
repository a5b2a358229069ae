// The exits a revision made (issue 40): a door from a kept room into a room the architect removed, or into the part a
// reshaped room gave up, now opens onto where that room stood, out of the building, so the designer expects its call
// point there as at any exit.
import type { Arch, ArchChanges, DesignBasis } from '@edrf/model';
import { doorInfo, SIDE_PROBE } from '../units/doors.js';
import type { BuildingView } from './building-view.js';

/**
 * The doors on the storeys of removed and reshaped rooms with a room on one side and none on the other, where the empty
 * side lies in the room's box as it was (a removed room's record in the change list, else the basis'): doors that led
 * into that room, or into the part of it a reshaped room no longer has. A door into a
 * room added where the removed one stood leads into it, and is not one. The call point placement decides which of them
 * are exits (a lift shaft's door is none) and places at them as at any exit.
 */
export function exitsMadeByRevision(arch: Arch, basis: DesignBasis | undefined, changes: ArchChanges, view: BuildingView): Set<string> {
  const out = new Set<string>();
  const boxes = new Map<string, (readonly [number, number, number, number])[]>();
  for (const room of [...changes.removed, ...changes.reshaped]) {
    const then = basis?.rooms[room.id];
    const box = room.box ?? then?.box;
    const storeyId = then?.storey_id ?? room.storey_id;
    if (box) boxes.set(storeyId, [...(boxes.get(storeyId) ?? []), box]);
  }
  for (const [storeyId, removed] of boxes) {
    const storey = view.storey(storeyId);
    if (!storey) continue;
    for (const id of storey.storey.doors) {
      const door = arch.doors[id];
      const info = door && doorInfo(door, storey);
      if (!info || (info.sides[0] === undefined) === (info.sides[1] === undefined)) continue;
      // The empty side's probe, where doorInfo looked for a room: it was in the removed room.
      const sign = info.sides[0] === undefined ? 1 : -1;
      const x = info.mid[0] + info.normal[0] * SIDE_PROBE * sign;
      const y = info.mid[1] + info.normal[1] * SIDE_PROBE * sign;
      if (removed.some(([x0, y0, x1, y1]) => x >= x0 && y >= y0 && x <= x1 && y <= y1)) out.add(id);
    }
  }
  return out;
}
