import { EDRF_IMPORT_ERROR, edrfFileName, parseEdrf, serializeEdrf, validateModel, type JsonObject, type Model } from '@edrf/model';

/** P§5: importing without choosing a file. */
export const NO_FILE_SELECTED = 'No file selected';

export type ImportedEdrf = { ok: true; model: Model } | { ok: false; error: string };

/**
 * Reads a chosen .edrf (or .json) file into a current model. An older schema is upgraded by the
 * server (POST upgrade_edrf, passed in as `upgrade`); its answer is validated like any other model.
 * A failing upgrade call has already been shown by the API helper; it still ends in 'Error importing .edrf'.
 */
export async function readEdrfFile(file: File | null | undefined, upgrade: (model: JsonObject) => Promise<unknown>): Promise<ImportedEdrf> {
  if (!file) return { ok: false, error: NO_FILE_SELECTED };
  let text: string;
  try {
    text = await file.text();
  } catch {
    return { ok: false, error: EDRF_IMPORT_ERROR };
  }
  const parsed = parseEdrf(text);
  if (!parsed.ok) return { ok: false, error: parsed.error };
  if (!parsed.needsUpgrade) return { ok: true, model: parsed.model };
  try {
    const upgraded = validateModel(await upgrade(parsed.model));
    return upgraded.ok ? { ok: true, model: upgraded.value } : { ok: false, error: EDRF_IMPORT_ERROR };
  } catch {
    return { ok: false, error: EDRF_IMPORT_ERROR };
  }
}

/** The exported file: the model as .edrf text, named after the project and the time (P§9). */
export const edrfExport = (model: Model, projectName: string, now: Date) => ({
  fileName: edrfFileName(projectName, now),
  blob: new Blob([serializeEdrf(model)], { type: 'application/json' }),
});
