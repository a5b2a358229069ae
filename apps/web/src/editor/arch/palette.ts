import { ROOM_TYPES, type RoomType } from '@edrf/model';

/** P§9: 16 hues at 22.5-degree steps. */
export const HUES: readonly number[] = Array.from({ length: 16 }, (_, i) => i * 22.5);

/**
 * The hue of a room type: the n-th type takes hue (3n mod 16) so neighbouring types in the list
 * get far-apart colours (3 and 16 share no factor, so every type gets its own hue).
 */
export function roomTypeHue(type: RoomType): number {
  const index = Math.max(0, ROOM_TYPES.indexOf(type));
  return HUES[(index * 3) % HUES.length]!;
}

/** The fill of a room of this type on the plan; Other rooms are a quiet grey-blue of the same scheme. */
export function roomFill(type: RoomType): string {
  const saturation = type === 'Other' ? 25 : 70;
  return `hsl(${roomTypeHue(type)} ${saturation}% 84%)`;
}
