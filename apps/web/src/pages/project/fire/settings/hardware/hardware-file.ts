import { fileTimestamp, hardwareFileSchema, slugifyLabel, type Products } from '@edrf/model';
import { NO_FILE_SELECTED } from '../../../edrf-file';

/** F§5, F§8: a hardware file without hardware holding a detectors list (or not matching the product lists). */
export const INVALID_HARDWARE_FILE = 'Invalid hardware .json';

export type ReadHardware = { ok: true; products: Products } | { ok: false; error: string };

/**
 * The text of a hardware exchange file (F§3) read into product lists: edrf_schema and hardware, which must
 * hold a detectors list; the other lists may be missing (empty). Anything else is 'Invalid hardware .json'.
 */
export function parseHardwareFile(text: string): ReadHardware {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, error: INVALID_HARDWARE_FILE };
  }
  const parsed = hardwareFileSchema.safeParse(json);
  return parsed.success ? { ok: true, products: parsed.data.hardware } : { ok: false, error: INVALID_HARDWARE_FILE };
}

/** A chosen file read as a hardware file; none chosen is P§5's 'No file selected'. */
export async function readHardwareFile(file: File | null | undefined): Promise<ReadHardware> {
  if (!file) return { ok: false, error: NO_FILE_SELECTED };
  try {
    return parseHardwareFile(await file.text());
  } catch {
    return { ok: false, error: INVALID_HARDWARE_FILE };
  }
}

/**
 * The exported file: the model's edrf_schema and the product lists, named after the model (its config name)
 * and the time: 'harbour-hall-hardware-2026-11-22-0830.json', or 'hardware-….json' for a model without a name.
 */
export function hardwareExport(products: Products, edrfSchema: number, label: string, now: Date): { fileName: string; blob: Blob } {
  const text = JSON.stringify({ edrf_schema: edrfSchema, hardware: products }, null, 2);
  return {
    fileName: `${label.trim() ? `${slugifyLabel(label)}-` : ''}hardware-${fileTimestamp(now)}.json`,
    blob: new Blob([text], { type: 'application/json' }),
  };
}
