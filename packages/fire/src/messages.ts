/**
 * The texts of the unit analysis warnings (docs/fire-engine.md lists them). The spec leaves the
 * server's texts open; these name the rule and the item so the screens can show them as they are.
 */
export const MESSAGES = {
  emptyBuilding: 'The building has no rooms: nothing to place',
  roomWithoutStorey: (room: string) => `Room '${room}' is on no storey and was skipped`,
  unknownRoom: (storey: string, id: string) => `Storey '${storey}' lists room '${id}', which does not exist`,
  badRoomShape: (room: string, why: string) => `Room '${room}' was skipped: ${why}`,
  roomNotCovered: (room: string) => `Room '${room}' is not fully covered by detectors`,
  roomNoSirenCover: (room: string) => `Room '${room}' is not fully covered by sirens`,
  roomCramped: (room: string) => `Room '${room}' has no place that keeps the wall and air inlet distances`,
  detectorArea: (area: number, limit: number) => `Detector covers ${area.toFixed(1)} m², more than ${limit} m² per detector`,
  detectorNearWall: (distance: number, limit: number) => `Detector is ${distance.toFixed(2)} m from a wall, closer than ${limit} m`,
  detectorNearInlet: (distance: number, limit: number) => `Detector is ${distance.toFixed(2)} m from an air inlet, closer than ${limit} m`,
  unitOutsideRooms: (kind: string) => `${kind} is not inside any room`,
  unitUnknownStorey: (kind: string, storey: string) => `${kind} is on storey '${storey}', which does not exist`,
  shaftTooLow: (distance: number, limit: number) => `Shaft detector is ${distance.toFixed(2)} m below the shaft top, more than ${limit} m`,
  sleepingRoomNoSiren: (room: string) => `Sleeping room '${room}' has no siren of its own`,
  doorWithoutButton: (door: string, limit: number) => `Exit door '${door}' has no manual call point within ${limit} m`,
  travelTooFar: (room: string, distance: number, limit: number) =>
    `Room '${room}' is ${distance.toFixed(0)} m from the nearest manual call point, more than ${limit} m`,
  badCoordinate: (kind: string) => `${kind} has a coordinate that is not a number`,
  tooManyUnits: (room: string, kind: string, limit: number) =>
    `Room '${room}' would need more than ${limit} ${kind} with these settings: not placed`,
} as const;
