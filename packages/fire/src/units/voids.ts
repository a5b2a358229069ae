import type { Door, Regulation } from '@edrf/model';
import type { RoomInfo, StoreyInfo } from '../building.js';
import { storeyDoors } from './doors.js';

/**
 * Closed voids: leftovers Clean found enclosed by walls with no space of the file in them (synthetic rooms), small,
 * that no inner door opens into (only an exterior door, which makes them a recess outside it). No detector, no sounder.
 * - SBF 110:8: SBF 110:7 §6.5.1.5 (e), closed unused voids need no detectors.
 * - NFPA 72: total coverage (17.5.3.1) is of accessible spaces; an inaccessible one needs detection only where it holds
 *   combustible material (the warning asks the designer to check that).
 * - BS 5839-1: only what its text exempts by size, enclosures of at most 1 m² (small cupboards).
 * The area limit keeps a room whose space or doors the file left out (Clean's 371 m² floors of Janesville) detected:
 * the slivers between walls and facades of the corpus are 0.7–1.3 m², the smallest room a file models 3.5 m² (a WC).
 */
export const CLOSED_VOID_AREA: Readonly<Record<Regulation, number>> = { Sbf1108: 1.5, Nfpa72: 1.5, Bs5839: 1 };

/** Whether a room is a closed void under the regulation (above): it gets neither detector nor sounder. */
export function isClosedVoid(info: RoomInfo, storey: StoreyInfo, doors: Readonly<Record<string, Door>>, regulation: Regulation): boolean {
  if (!info.room.synthetic || info.room.type !== 'Other' || info.area > CLOSED_VOID_AREA[regulation] + 1e-9) return false;
  return storeyDoors(storey, doors).every((d) => d.door.exterior || !d.sides.includes(info));
}
