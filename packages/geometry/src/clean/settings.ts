/** The clean options of P§9 as sent in POST /api/v1/clean_arch {model, settings}. */
import { z } from 'zod';

export const cleanSettingsSchema = z
  .object({
    /** Rooms of one storey never overlap afterwards. */
    clean_room_overlap: z.boolean().default(true),
    /** Regions enclosed by walls that no room covers become rooms with synthetic true. */
    synthesize_rooms: z.boolean().default(true),
    /** Storeys left without rooms are deleted with everything on them. */
    remove_roomless_storeys: z.boolean().default(true),
    /** Walls whose top is less than 1.8 m above the storey floor are deleted. */
    remove_low_walls: z.boolean().default(true),
    /** Rooms that touch along a boundary with no wall on it become one. */
    merge_adjacent_rooms: z.boolean().default(true),
    /** Rooms of type Other get a type from their name or their geometry. */
    identify_room_types: z.boolean().default(false),
  })
  .strict();
export type CleanSettings = z.infer<typeof cleanSettingsSchema>;
export type CleanOption = keyof CleanSettings;

/** The options in the order and with the labels of the clean dialog (P§9). */
export const CLEAN_OPTIONS: readonly { key: CleanOption; label: string }[] = [
  { key: 'clean_room_overlap', label: 'Clean room overlap' },
  { key: 'synthesize_rooms', label: 'Synthesize rooms' },
  { key: 'remove_roomless_storeys', label: 'Remove roomless storeys' },
  { key: 'remove_low_walls', label: 'Remove low walls' },
  { key: 'merge_adjacent_rooms', label: 'Merge adjacent rooms' },
  { key: 'identify_room_types', label: 'AI room type identification' },
];

/** Every option at its default. */
export const defaultCleanSettings = (): CleanSettings => cleanSettingsSchema.parse({});
