import { z } from 'zod';

/** The version identity of a model that is not a saved version (P§4). */
export const WORKING_VERSION = 'working-version';
export const UNSYNCED = 'unsynced';

/**
 * The eight Swedish document stages a saved version can be marked with (P§3 leaves the names
 * open; docs/versions.md): from an early sketch to the as-built record.
 */
export const VERSION_STATUSES = [
  'Skiss',
  'Programhandling',
  'Systemhandling',
  'Granskningshandling',
  'Förfrågningsunderlag',
  'Bygghandling',
  'Relationshandling',
  'Förvaltningshandling',
] as const;
export type VersionStatus = (typeof VERSION_STATUSES)[number];

/** A saved version in the list (P§3 Version without its model). */
export interface VersionSummary {
  project_version_id: string;
  project_id: string;
  parent_version_id: string | null;
  user_email: string;
  comment: string;
  created_at: string;
  status: VersionStatus | null;
}

export const saveVersionBody = z.object({
  comment: z.string().trim().min(1, 'A comment is required').max(2000),
  /** The working revision the caller saw: when given, a save after someone else's sync is refused (409). */
  working_revision: z.string().uuid().optional(),
});
export const versionStatusBody = z.object({ status: z.enum(VERSION_STATUSES).nullable() });
