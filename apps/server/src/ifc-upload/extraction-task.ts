// The ifc_import task of the compute pool (compute/tasks.ts): reads an IFC file and merges it into
// the version the user has open, off the server's event loop (DESIGN.md).
import { archGlobalIds, extractIfc, mergeIfc, type IfcExtraction } from '@edrf/ifc';
import { TaskRefused, type Progress } from '../compute/protocol.js';
import type { ExtractionInput, ExtractionResult } from './extraction.js';

export async function importIfcTask(input: ExtractionInput, progress: Progress): Promise<ExtractionResult> {
  let extraction: IfcExtraction;
  try {
    extraction = await extractIfc(input.bytes, (_step, fraction) => progress('ifc_parse', fraction));
  } catch (error) {
    throw new TaskRefused(error instanceof Error ? error.message : String(error));
  }
  progress('ifc_parse', 1);
  progress('ifc_diff', 0);
  let previous = input.previousGlobalIds;
  if (!previous && input.previousBytes) previous = archGlobalIds((await extractIfc(input.previousBytes)).arch);
  const merged = mergeIfc(input.model, extraction, { previousGlobalIds: new Set(previous ?? []) });
  progress('ifc_diff', 1);
  return {
    arch: merged.arch,
    elec: merged.elec,
    changes: merged.changes,
    warnings: extraction.warnings,
    compass_degrees: extraction.compass_degrees,
    global_ids: archGlobalIds(extraction.arch),
  };
}
