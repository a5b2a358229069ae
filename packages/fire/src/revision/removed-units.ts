import type { ArchChanges, DesignBasis, FireUnits, UnitGroup } from '@edrf/model';
import type { RoomInfo } from '../building.js';
import { BASIS_UNIT_GROUPS, unitsOf } from './arch-changes.js';
import { RoomBoxes, type BuildingView } from './building-view.js';

/** A unit recorded in the basis is the same unit, unmoved, when it stands within this of where it stood (m). */
const SAME_PLACE = 1e-3;

/** The groups a Units run places: their units in removed rooms are removed (or kept, flagged). */
export const PLACED_GROUPS = ['detectors', 'sirens', 'buttons'] as const satisfies readonly UnitGroup[];

export interface StrandedUnit {
  id: string;
  group: (typeof BASIS_UNIT_GROUPS)[number];
}

/**
 * The units that stood in rooms the revision removed, by the old basis and the new architecture:
 * - a unit the basis records (same id, same place) that the room it stood in no longer holds, when that room was
 *   removed or reshaped, or the room it is in now was added or reshaped: its room is gone, or another took its place;
 * - a unit the basis does not know (placed since, or a basis without units) in no room or in an added room, standing
 *   inside the box of a room removed from its storey.
 * A unit in an unchanged room, or in no room where no removed room stood, is the designer's and is not listed. Only the
 * units near a changed room are looked at closely: the storeys the revision left alone are not read.
 */
export function strandedUnits(
  units: Partial<FireUnits>,
  basis: DesignBasis | undefined,
  changes: ArchChanges,
  view: BuildingView,
): StrandedUnit[] {
  const removed = new Set(changes.removed.map((r) => r.id));
  const reshaped = new Set(changes.reshaped.map((r) => r.id));
  const added = new Set(changes.added.map((r) => r.id));
  // Where a removed room stood (its box as it was), and where a room now stands that was added or reshaped.
  const removedBoxes = new RoomBoxes(
    [...removed].flatMap((id) => (basis?.rooms[id] ? [{ storeyId: basis.rooms[id].storey_id, box: basis.rooms[id].box }] : [])),
  );
  const newBoxes = RoomBoxes.of([...added, ...reshaped].flatMap((id) => view.room(id) ?? []));

  const out: StrandedUnit[] = [];
  for (const group of BASIS_UNIT_GROUPS)
    for (const unit of unitsOf(units, group)) {
      const [x, y] = [unit.coord[0]!, unit.coord[1]!];
      const known = recordedRoom(basis, unit);
      let stranded: boolean;
      if (known !== undefined && (removed.has(known) || reshaped.has(known))) stranded = !view.holds(known, x, y);
      else if (known !== undefined) {
        // Its room is as it was: only an added or reshaped room now over the unit can have taken its place. The room a
        // unit is in now is looked up only where it decides: most units stand where the basis has them.
        stranded =
          newBoxes.has(unit.storey_id, x, y) && !view.holds(known, x, y) && takenBy(view.roomAt(unit.storey_id, x, y), added, reshaped);
      } else stranded = removedBoxes.has(unit.storey_id, x, y) && isNewOrNone(view.roomAt(unit.storey_id, x, y), added);
      if (stranded) out.push({ id: unit.id, group });
    }
  return out;
}

/** Whether the room a unit is in now was added or reshaped. */
const takenBy = (room: RoomInfo | undefined, added: ReadonlySet<string>, reshaped: ReadonlySet<string>) =>
  room !== undefined && (added.has(room.room.id) || reshaped.has(room.room.id));

/** Whether a unit is in no room now, or in an added one. */
const isNewOrNone = (room: RoomInfo | undefined, added: ReadonlySet<string>) => room === undefined || added.has(room.room.id);

/** The room the basis has a unit standing in, when the unit is still where the basis has it. */
export function recordedRoom(basis: DesignBasis | undefined, unit: { id: string; coord: readonly number[] }): string | undefined {
  const record = basis?.units && Object.hasOwn(basis.units, unit.id) ? basis.units[unit.id] : undefined;
  return record && Math.hypot(record.at[0] - unit.coord[0]!, record.at[1] - unit.coord[1]!) <= SAME_PLACE ? record.room_id : undefined;
}
