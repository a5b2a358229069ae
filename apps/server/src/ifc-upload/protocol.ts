import { z } from 'zod';
import type { ImportStep } from '@edrf/ifc';
import type { IfcFile } from '@edrf/model';
// The package's entry does not export merge.ts yet (docs/ifc-upload.md).
import type { MergeChanges } from '@edrf/ifc';

/** Each binary frame is one gzip member of at most this many bytes once inflated (P§9). */
export const MAX_PIECE_BYTES = 8 * 1024 * 1024;
/** A frame as sent: a gzip member of an incompressible 8 MB piece is a little larger than the piece. */
export const MAX_FRAME_BYTES = MAX_PIECE_BYTES + 1024 * 1024;
export const DEFAULT_MAX_IFC_MB = 500;

/** MAX_IFC_MB from the environment: the largest IFC file accepted, in MB (default 500). */
export function maxIfcBytes(env: Record<string, string | undefined> = process.env): number {
  const mb = Number(env.MAX_IFC_MB || DEFAULT_MAX_IFC_MB);
  if (!Number.isFinite(mb) || mb <= 0) throw new Error(`MAX_IFC_MB must be a positive number, not '${env.MAX_IFC_MB}'`);
  return Math.floor(mb * 1024 * 1024);
}

/** Close codes of the upload socket (docs/ifc-upload.md). */
export const CLOSE = {
  unauthenticated: { code: 4401, reason: 'Unauthenticated' },
  projectNotFound: { code: 4404, reason: 'Project not found' },
  versionNotFound: { code: 4404, reason: 'Unable to find version' },
  internal: { code: 1011, reason: 'Internal server error' },
} as const;

const fileId = z.string().min(1, 'file_id must not be empty').max(200, 'file_id is too long');

export const clientMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('file_start'),
    file_id: fileId,
    filename: z.string().min(1, 'filename must not be empty').max(255, 'filename is too long'),
    size: z.number().int('size must be a whole number of bytes').min(0, 'size must not be negative'),
  }),
  // P§4 names no field for upload_complete: without file_id it completes the file being uploaded.
  z.object({ type: z.literal('upload_complete'), file_id: fileId.optional() }),
]);
export type ClientMessage = z.infer<typeof clientMessage>;

/** Added, changed and removed items per collection of an import. */
export type ChangeCounts = MergeChanges;

export type ServerMessage =
  | { type: 'file_upload'; file_id: string; progress: number }
  | { type: 'progress'; file_id: string; step: ImportStep; progress: number }
  | {
      type: 'done';
      file_id: string;
      /** The arch and elec parts as JSON in UTF-8, written in the worker and sent as they are (serverMessageText). */
      arch_json: Uint8Array;
      elec_json: Uint8Array;
      ifc_files: Record<string, IfcFile>;
      changes: ChangeCounts;
      warnings: string[];
      /** The file's true north, degrees (the extraction's compass_degrees), for config.compass_degrees. */
      compass_degrees: number;
    }
  | { type: 'error'; file_id: string | null; detail: string };

/**
 * A server message as it goes on the socket: JSON, with done's arch and elec parts (`arch`, `elec`) as the worker wrote
 * them, joined as UTF-8. Parsing them back from the worker only to write them out again took longer than the rest of
 * the answer (a 4 MB arch: some 100 ms on the thread that serves requests).
 */
export function serverMessageText(message: ServerMessage): string | Buffer {
  if (message.type !== 'done') return JSON.stringify(message);
  const { arch_json, elec_json, ...rest } = message;
  const text = (part: string) => Buffer.from(part, 'utf8');
  return Buffer.concat([text(`${JSON.stringify(rest).slice(0, -1)},"arch":`), arch_json, text(',"elec":'), elec_json, text('}')]);
}

const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(2)} MB`;

/** The details of refused input, as the user reads them after 'Failed: ' (P§8). */
export const DETAIL = {
  malformedJson: 'Malformed message: not valid JSON',
  notAnObject: 'Malformed message: expected a JSON object with a type',
  unknownType: (type: string) => `Unknown message type '${type}'`,
  notIfcName: (name: string) => `'${name}' is not an IFC file: only .ifc files can be uploaded`,
  empty: 'The file is empty',
  tooLarge: (maxBytes: number) => `The file is larger than the limit of ${mb(maxBytes)}`,
  frameBeforeStart: 'File data arrived before file_start',
  notGzip: 'A piece of the file is not valid gzip data',
  pieceTooLarge: `A piece of the file is larger than ${mb(MAX_PIECE_BYTES)} once inflated`,
  moreThanDeclared: (size: number) => `More data arrived than the ${size} bytes announced`,
  truncated: (received: number, size: number) => `The file is truncated: ${received} of ${size} bytes arrived`,
  otherFile: (fileId: string) => `upload_complete names '${fileId}', which is not the file being uploaded`,
  startedTwice: (fileId: string) => `file_start for '${fileId}' arrived while '${fileId}' was still uploading`,
  notIfc: 'Not an IFC file: the ISO-10303-21 header is missing',
  utf16: 'Not an IFC file as it should be: the text is UTF-16, and an IFC file is ISO-10303-21 text in ASCII (export it again as IFC)',
  extractionFailed: 'The IFC file could not be read',
} as const;
