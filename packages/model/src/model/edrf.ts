import { isJsonObject, type JsonObject } from './collections.js';
import { CURRENT_SCHEMA } from './constants.js';
import { validateModel, type Model } from './model.js';
import { schemaVersionOf } from './upgrade.js';

/** P§5, P§8: the one message for any .edrf file that cannot be imported. */
export const EDRF_IMPORT_ERROR = 'Error importing .edrf';
export const EDRF_EXTENSION = '.edrf';

export type ParseEdrfResult =
  | { ok: true; needsUpgrade: false; model: Model }
  /** An older schema version: `model` is the document as read, to be upgraded (POST upgrade_edrf or upgradeModel). */
  | { ok: true; needsUpgrade: true; model: JsonObject }
  | { ok: false; error: typeof EDRF_IMPORT_ERROR };

/**
 * Reads an exported .edrf file: JSON of a model with an arch section. A current model is validated
 * (defaults filled in); an older one is returned as read with needsUpgrade; anything else fails.
 */
export function parseEdrf(text: string): ParseEdrfResult {
  const failed = { ok: false, error: EDRF_IMPORT_ERROR } as const;
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return failed;
  }
  // An arch section is required in every version (P§5).
  if (!isJsonObject(doc) || !isJsonObject(doc.arch)) return failed;
  const version = schemaVersionOf(doc);
  if (version === null || version > CURRENT_SCHEMA) return failed;
  if (version < CURRENT_SCHEMA) return { ok: true, needsUpgrade: true, model: doc };
  const valid = validateModel(doc);
  return valid.ok ? { ok: true, needsUpgrade: false, model: valid.value } : failed;
}

/** The text of an .edrf file: the model as JSON. */
export const serializeEdrf = (model: Model): string => JSON.stringify(model);

const FOLDED: Readonly<Record<string, string>> = { ø: 'o', æ: 'ae', œ: 'oe', ß: 'ss', ł: 'l', đ: 'd', þ: 'th' };

/** A label for a file name: lowercase ASCII letters and digits joined by single hyphens ('model' if nothing is left). */
export function slugifyLabel(label: string): string {
  const slug = label
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[øæœßłđþ]/g, (c) => FOLDED[c] ?? c)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug === '' ? 'model' : slug;
}

const two = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD-HHMM' in local time. */
export const fileTimestamp = (date: Date): string =>
  `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}-${two(date.getHours())}${two(date.getMinutes())}`;

/** P§9: a label plus timestamp, lowercase and hyphenated: 'tower-a-2026-11-22-0830.edrf'. */
export const edrfFileName = (label: string, date: Date): string => `${slugifyLabel(label)}-${fileTimestamp(date)}${EDRF_EXTENSION}`;
