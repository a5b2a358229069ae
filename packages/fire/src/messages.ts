/**
 * The texts of the unit analysis warnings (docs/fire-engine.md lists them). The spec leaves the
 * server's texts open; these name the rule and the item so the screens can show them as they are.
 */
/** A limit as a designer reads it: at most two decimals, no trailing zeros (9.144 → '9.14', 15 → '15'). */
export const formatLimit = (value: number) => String(Number(value.toFixed(2)));

/**
 * A measured value beside the limit it breaks: the fewest decimals (from `least`, at most 3) that keep it on its side of
 * the limit as printed, so that '0.4996 m, closer than 0.5 m' never reads '0.50 m'. The checks allow a millimetre
 * (MEASURE_TOLERANCE), so three decimals always suffice.
 */
export function formatBeyond(value: number, limit: number, least = 0): string {
  for (let digits = least; digits < 3; digits++) {
    const shown = Number(value.toFixed(digits));
    if (value < limit ? shown < limit : shown > limit) return value.toFixed(digits);
  }
  return value.toFixed(3);
}

/** How far past a limit a measure must be for a check to warn (m, m²): what the engine places passes to the millimetre. */
export const MEASURE_TOLERANCE = 1e-3;

export const MESSAGES = {
  emptyBuilding: 'The building has no rooms: nothing to place',
  roomWithoutStorey: (room: string) => `Room '${room}' is on no storey and was skipped`,
  unknownRoom: (storey: string, id: string) => `Storey '${storey}' lists room '${id}', which does not exist`,
  badRoomShape: (room: string, why: string) => `Room '${room}' was skipped: ${why}`,
  roomNotCovered: (room: string) => `Room '${room}' is not fully covered by detectors`,
  roomNoSirenCover: (room: string) => `Room '${room}' is not fully covered by sirens`,
  closedVoid: (room: string, area: number) =>
    `Room '${room}' needs no detector or sounder: a closed void of ${formatLimit(area)} m² between walls, with no space in the file and no inner door; check that it holds no combustible material, cables or equipment`,
  roomCramped: (room: string) => `Room '${room}' has no place that keeps the wall and air inlet distances`,
  detectorArea: (area: number, limit: number) =>
    `Detector covers ${formatBeyond(area, limit, 1)} m², more than ${formatLimit(limit)} m² per detector`,
  detectorNearWall: (distance: number, limit: number) =>
    `Detector is ${formatBeyond(distance, limit, 2)} m from a wall, closer than ${formatLimit(limit)} m`,
  detectorNearInlet: (distance: number, limit: number) =>
    `Detector is ${formatBeyond(distance, limit, 2)} m from an air inlet, closer than ${formatLimit(limit)} m`,
  ceilingTooHigh: (height: number, limit: number) =>
    `Ceiling too high for point detectors (${Number(formatBeyond(height, limit, 2))} m, at most ${formatLimit(limit)} m)`,
  unitOutsideRooms: (kind: string) => `${kind} is not inside any room`,
  unitUnknownStorey: (kind: string, storey: string) => `${kind} is on storey '${storey}', which does not exist`,
  shaftTooLow: (distance: number, limit: number) =>
    `Shaft detector is ${formatBeyond(distance, limit, 2)} m below the shaft top, more than ${formatLimit(limit)} m`,
  sleepingRoomNoSiren: (room: string) => `Sleeping room '${room}' has no siren of its own`,
  doorWithoutButton: (door: string, limit: number) => `Exit door '${door}' has no manual call point within ${limit} m`,
  travelTooFar: (room: string, distance: number, limit: number) =>
    `Room '${room}' is ${formatBeyond(distance, limit)} m from the nearest manual call point, more than ${formatLimit(limit)} m`,
  badCoordinate: (kind: string) => `${kind} has a coordinate that is not a number`,
  tooManyUnits: (room: string, kind: string, limit: number) =>
    `Room '${room}' would need more than ${limit} ${kind} with these settings: not placed`,
} as const;
