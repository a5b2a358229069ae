/** P§8: the message for a refused room outline, and how long it stays. */
export const INVALID_ROOM_SHAPE = 'Invalid room shape';
export const INVALID_ROOM_SHAPE_MS = 3000;
