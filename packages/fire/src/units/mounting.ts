import type { Regulation } from '@edrf/model';
import type { RoomInfo } from '../building.js';

/**
 * Wall sounders: the height of the unit above the room's floor, and how far under the ceiling it stays at least.
 * NFPA 72 §18.4.8.1: top at least 90 in (2.29 m) above the floor and 6 in (0.15 m) under the ceiling. SBF 110:8 and
 * BS 5839-1 set no figure we could read: EN 54-23's wall category W-2.4 (2.4 m), the usual mounting of wall sounders
 * and sounder beacons [U].
 */
export const SOUNDER_HEIGHT: Readonly<Record<Regulation, number>> = { Sbf1108: 2.4, Bs5839: 2.4, Nfpa72: 2.3 };
export const SOUNDER_UNDER_CEILING = 0.15;

/**
 * Manual call points: CEN/TS 54-14:2018 (SBF 110:8) 0.9–1.4 m; BS 5839-1 1.4 m ± 0.2 m; NFPA 72 operable part
 * 42–48 in (1.07–1.22 m). Each within its range (docs/fire-units.md 'Sounders, call points and voids').
 */
export const CALL_POINT_HEIGHT: Readonly<Record<Regulation, number>> = { Sbf1108: 1.2, Bs5839: 1.4, Nfpa72: 1.1 };

/** The room's floor and ceiling levels: its space's surfaces when the model gives them, else its storey's. */
export function roomLevels(info: RoomInfo): { floor: number; ceiling: number } {
  const { above, below } = info.room.shape;
  const storey = info.storey.height;
  const ceiling = above.length ? Math.max(...above.map((p) => p[2])) : storey.max_z;
  const floor = below.length ? Math.min(...below.map((p) => p[2])) : storey.min_z;
  return Number.isFinite(ceiling) && Number.isFinite(floor) && ceiling > floor
    ? { floor, ceiling }
    : { floor: storey.min_z, ceiling: storey.max_z };
}

/** A wall sounder's height in a room: the regulation's, kept under the ceiling by SOUNDER_UNDER_CEILING (low rooms). */
export function sounderZ(info: RoomInfo, regulation: Regulation): number {
  const { floor, ceiling } = roomLevels(info);
  return Math.max(floor, Math.min(floor + SOUNDER_HEIGHT[regulation], ceiling - SOUNDER_UNDER_CEILING));
}

/** A call point's height: the regulation's above the floor (the storey's floor where the room's is not known). */
export function callPointZ(floor: number, regulation: Regulation): number {
  return floor + CALL_POINT_HEIGHT[regulation];
}
