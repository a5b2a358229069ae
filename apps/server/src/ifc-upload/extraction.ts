import type { Model } from '@edrf/model';
import type { ChangeCounts } from './protocol.js';

/** What the ifc_import task is given. */
export interface ExtractionInput {
  bytes: Uint8Array;
  /** The model of the version the user has open, to merge into. */
  model: Model;
  /** GlobalIds of the previous import of the same file name, when known. */
  previousGlobalIds: string[] | null;
  /** The previous import's file, to read its GlobalIds when they were not kept. */
  previousBytes: Uint8Array | null;
}

/**
 * What the ifc_import task answers. The bulky parts come as JSON in UTF-8, written in the worker and moved to the thread
 * that serves requests (MovedOutput), which sends them on without reading them.
 */
export interface ExtractionResult {
  /** The merged arch (Arch) and elec (Elec) parts. */
  arch_json: Uint8Array;
  elec_json: Uint8Array;
  changes: ChangeCounts;
  warnings: string[];
  compass_degrees: number;
  /** The GlobalIds of this file's items (string[]), kept for the next import of the same file name. */
  global_ids_json: string;
}

/** A file the user is told could not be read, with why. */
export class ExtractionError extends Error {}
