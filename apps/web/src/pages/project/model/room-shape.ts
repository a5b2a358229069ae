/** P§8: the message for a refused room outline, and how long it stays. */
export const INVALID_ROOM_SHAPE = 'Invalid room shape';
export const INVALID_ROOM_SHAPE_MS = 3000;

/** A drawn room that covers part of others: kept, and the user told which (not in the spec's catalogue; docs/editor.md). */
export const newRoomOverlaps = (names: readonly string[]): string => `The new room overlaps ${names.join(', ')}`;
