import { z } from 'zod';
import { idRef, point2Schema } from './primitives.js';

/** The SHA-256 of an IFC file, lowercase hex: the key of config.ifc_files. */
export const sha256Schema = z.string().regex(/^[0-9a-f]{64}$/, 'Expected a SHA-256 in lowercase hex');

export const ifcFileSchema = z.object({
  name: z.string(),
  /** Bytes. */
  size: z.number().int().min(0),
  /** ISO 8601 date and time. */
  uploaded_at: z.iso.datetime({ offset: true }),
});
export type IfcFile = z.infer<typeof ifcFileSchema>;

/** A report tile: a rectangle of a storey plan printed on one sheet. */
export const reportTileSchema = z
  .object({ min: point2Schema, max: point2Schema })
  .refine((t) => t.min[0] <= t.max[0] && t.min[1] <= t.max[1], { message: 'min must not exceed max', path: ['max'] });
export type ReportTile = z.infer<typeof reportTileSchema>;

/** model.config: property details (P§2 'Property details') and project-wide settings. */
export const configSchema = z.object({
  name: z.string().default(''),
  address: z.string().default(''),
  owner: z.string().default(''),
  owner_address: z.string().default(''),
  tenant: z.string().default(''),
  /** Direction of north on the plan, degrees in [0, 360). */
  compass_degrees: z.number().min(0).lt(360).default(0),
  /** Keyed by the file's SHA-256. */
  ifc_files: z.record(sha256Schema, ifcFileSchema).default(() => ({})),
  /** Keyed by storey id. */
  report_tiles: z.record(idRef(), z.array(reportTileSchema)).default(() => ({})),
});
export type Config = z.infer<typeof configSchema>;
export type ConfigInput = z.input<typeof configSchema>;
