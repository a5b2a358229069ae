import { describe, expect, it } from 'vitest';
import { CURRENT_SCHEMA } from './constants.js';
import { EDRF_IMPORT_ERROR, edrfFileName, fileTimestamp, parseEdrf, serializeEdrf, slugifyLabel } from './edrf.js';
import { emptyModel } from './model.js';
import { upgradeModel } from './upgrade.js';
import { sampleModel } from './test-support.js';

const failed = { ok: false, error: 'Error importing .edrf' };

describe('parseEdrf', () => {
  it('reads back what serializeEdrf wrote', () => {
    const model = sampleModel();
    expect(parseEdrf(serializeEdrf(model))).toEqual({ ok: true, needsUpgrade: false, model });
    expect(parseEdrf(serializeEdrf(emptyModel()))).toEqual({ ok: true, needsUpgrade: false, model: emptyModel() });
  });

  it('fills in missing parts of a current model', () => {
    expect(parseEdrf(JSON.stringify({ arch: {}, edrf_schema: CURRENT_SCHEMA }))).toEqual({
      ok: true,
      needsUpgrade: false,
      model: emptyModel(),
    });
  });

  it('hands back an older model as read, to be upgraded', () => {
    const old = { arch: { rooms: [] }, elec: { trays: [] } };
    const result = parseEdrf(JSON.stringify(old));
    expect(result).toEqual({ ok: true, needsUpgrade: true, model: old });
    if (result.ok && result.needsUpgrade) expect(upgradeModel(result.model)).toMatchObject({ ok: true, from: 1 });
  });

  it('fails with the catalogue message on anything else', () => {
    expect(EDRF_IMPORT_ERROR).toBe('Error importing .edrf');
    expect(parseEdrf('')).toEqual(failed);
    expect(parseEdrf('{"arch":')).toEqual(failed);
    expect(parseEdrf('[]')).toEqual(failed);
    expect(parseEdrf('null')).toEqual(failed);
    expect(parseEdrf(JSON.stringify({ config: {}, edrf_schema: CURRENT_SCHEMA }))).toEqual(failed); // no arch section
    expect(parseEdrf(JSON.stringify({ arch: [], edrf_schema: 1 }))).toEqual(failed);
    expect(parseEdrf(JSON.stringify({ arch: {}, edrf_schema: CURRENT_SCHEMA + 1 }))).toEqual(failed);
    expect(parseEdrf(JSON.stringify({ arch: {}, edrf_schema: -1 }))).toEqual(failed);
    expect(parseEdrf(JSON.stringify({ arch: { rooms: { r: { id: 'x' } } }, edrf_schema: CURRENT_SCHEMA }))).toEqual(failed);
  });
});

describe('serializeEdrf', () => {
  it('writes the model as JSON', () => {
    const model = sampleModel();
    expect(JSON.parse(serializeEdrf(model))).toEqual(model);
  });
});

describe('file names', () => {
  it('edrfFileName: label plus local timestamp, lowercase and hyphenated (P§9)', () => {
    expect(edrfFileName('Tower A', new Date(2026, 10, 22, 8, 30))).toBe('tower-a-2026-11-22-0830.edrf');
    expect(edrfFileName('  Kontor Åby / Plan 2 ', new Date(2027, 0, 5, 17, 4))).toBe('kontor-aby-plan-2-2027-01-05-1704.edrf');
    expect(edrfFileName('', new Date(2026, 0, 1, 0, 0))).toBe('model-2026-01-01-0000.edrf');
  });

  it('slugifyLabel folds letters to ASCII and keeps digits', () => {
    expect(slugifyLabel('Sjöstaden Hus 3')).toBe('sjostaden-hus-3');
    expect(slugifyLabel('Ørsted Æbleby Straße')).toBe('orsted-aebleby-strasse');
    expect(slugifyLabel('***')).toBe('model');
  });

  it('fileTimestamp pads every field', () => {
    expect(fileTimestamp(new Date(2026, 1, 3, 4, 5))).toBe('2026-02-03-0405');
  });
});
