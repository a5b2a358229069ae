import { z } from 'zod';
import { DEFAULT_TRAY_WIDTH } from './constants.js';
import { collectionSchema, idRef, itemIdSchema, optionalIdRef, point3Schema } from './primitives.js';

/** A cable tray; a vertical tray joins storey_id to to_storey_id. */
export const traySchema = z
  .object({
    id: itemIdSchema,
    storey_id: idRef(),
    /** '' if the tray stays on its storey. */
    to_storey_id: optionalIdRef(),
    start: point3Schema,
    end: point3Schema,
    width: z.number().positive().default(DEFAULT_TRAY_WIDTH),
  })
  // P§5: to_storey_id is cleared if equal to its own storey.
  .transform((tray) => (tray.to_storey_id === tray.storey_id ? { ...tray, to_storey_id: '' } : tray));
export type Tray = z.infer<typeof traySchema>;

export const elecSchema = z.object({
  trays: collectionSchema(traySchema),
});
export type Elec = z.infer<typeof elecSchema>;
export type ElecInput = z.input<typeof elecSchema>;
