import { describe, expect, it, vi } from 'vitest';
import { EDRF_IMPORT_ERROR, emptyModel, serializeEdrf } from '@edrf/model';
import { NO_FILE_SELECTED, edrfExport, readEdrfFile } from './edrf-file';

const file = (text: string, name = 'tower.edrf') => new File([text], name, { type: 'application/json' });
const noUpgrade = () => Promise.reject(new Error('not expected'));

describe('readEdrfFile', () => {
  it('no file: No file selected', async () => {
    expect(await readEdrfFile(undefined, noUpgrade)).toEqual({ ok: false, error: NO_FILE_SELECTED });
    expect(NO_FILE_SELECTED).toBe('No file selected');
  });

  it('reads an exported model back', async () => {
    const model = { ...emptyModel(), config: { ...emptyModel().config, name: 'Tower' } };
    expect(await readEdrfFile(file(serializeEdrf(model)), noUpgrade)).toEqual({ ok: true, model });
  });

  it.each([['not json'], ['{"config": {}}'], ['[1, 2]'], ['{"arch": {"rooms": {"r1": {"id": "r2"}}}, "edrf_schema": 2}']])(
    'refuses %s: Error importing .edrf',
    async (text) => {
      expect(await readEdrfFile(file(text), noUpgrade)).toEqual({ ok: false, error: EDRF_IMPORT_ERROR });
    },
  );

  it('an older schema goes to the server to be upgraded, and its answer is validated', async () => {
    const old = { arch: { rooms: [] } };
    const upgrade = vi.fn(() => Promise.resolve({ ...emptyModel(), config: { ...emptyModel().config, name: 'Upgraded' } }));
    const result = await readEdrfFile(file(JSON.stringify(old)), upgrade);
    expect(upgrade).toHaveBeenCalledWith(old);
    expect(result.ok && result.model.config.name).toBe('Upgraded');

    expect(await readEdrfFile(file(JSON.stringify(old)), () => Promise.resolve({ arch: 'x' }))).toEqual({
      ok: false,
      error: EDRF_IMPORT_ERROR,
    });
    expect(await readEdrfFile(file(JSON.stringify(old)), () => Promise.reject(new Error('400')))).toEqual({
      ok: false,
      error: EDRF_IMPORT_ERROR,
    });
  });
});

describe('edrfExport', () => {
  it('names the file after the project and the time, and holds the model as JSON', async () => {
    const model = emptyModel();
    const { fileName, blob } = edrfExport(model, 'Harbour Tower B', new Date(2026, 10, 22, 8, 30));
    expect(fileName).toBe('harbour-tower-b-2026-11-22-0830.edrf');
    expect(JSON.parse(await blob.text())).toEqual(model);
  });
});
