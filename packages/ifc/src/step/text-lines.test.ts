/**
 * The entities read from the STEP text (text-lines.ts, step-values.ts) are what web-ifc's GetLine gives once the file is
 * open: on a small file of our own, on every model of the IFC corpus of up to 5 MB (skipped where it is absent), and
 * for the string escapes of ISO 10303-21.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { IFCBUILDINGSTOREY, IFCWALL } from 'web-ifc';
import { StepIndex } from './step-index.js';
import { idsOfType } from './line-source.js';
import { decodeStepString } from './step-values.js';
import { schemaOf, TextLines } from './text-lines.js';
import { asWebIfcReads, corpusModels, openInWebIfc, orAbsent, tinyIfc } from '../test-support.js';

const linesOf = (text: Buffer) => new TextLines(StepIndex.of(text), schemaOf(text));

/**
 * Every entity web-ifc reads of the text, as web-ifc and as TextLines read it, and the ids of each type: web-ifc given
 * the text with `*` unset, as TextLines reads it (stars.ts).
 */
async function bothReadings(text: Buffer) {
  const { api, modelID } = await openInWebIfc(asWebIfcReads(text));
  try {
    const lines = linesOf(text);
    const all = api.GetAllLines(modelID);
    const ids = Array.from({ length: all.size() }, (_, i) => all.get(i));
    const types = [...new Set(ids.map((id) => api.GetLineType(modelID, id) as number))];
    return {
      count: ids.length,
      web: { lines: ids.map((id) => JSON.stringify(api.GetLine(modelID, id))), ids: types.map((type) => idsOfType(api, modelID, type)) },
      text: {
        lines: ids.map((id) => JSON.stringify(lines.GetLine(modelID, id))),
        ids: types.map((type) => idsOfType(lines, modelID, type)),
      },
    };
  } finally {
    api.CloseModel(modelID);
    api.Dispose();
  }
}

describe('entities read from the text', () => {
  it('are the lines web-ifc reads, attribute for attribute, and its lists of a type', async () => {
    const text = Buffer.from(tinyIfc());
    const { count, web, text: read } = await bothReadings(text);
    expect(count).toBeGreaterThan(50);
    expect(read).toEqual(web);
  });

  it('are found after comments between entities, and in the file order web-ifc lists', () => {
    const text = tinyIfc();
    const storeyLine = text.split('\n').find((line) => line.includes('=IFCBUILDINGSTOREY('))!;
    const moved = text
      .replace(storeyLine, '')
      .replace('ENDSEC;\nEND-ISO', `/* a storey; written last */ ${storeyLine.replace(/^#\d+=/, '#999=')}\nENDSEC;\nEND-ISO`);
    const lines = linesOf(Buffer.from(moved));
    const storeys = lines.GetLineIDsWithType(0, IFCBUILDINGSTOREY);
    expect(storeys.get(storeys.size() - 1)).toBe(999);
    expect(lines.GetLineType(0, 999)).toBe(IFCBUILDINGSTOREY);
    expect(lines.GetLine(0, 12345)).toBeUndefined();
    expect(lines.GetLineIDsWithType(0, IFCWALL).size()).toBe(1);
  });

  it('know the schema from the header, and no other', () => {
    const header = (schema: string) => Buffer.from(`ISO-10303-21;\nHEADER;\nFILE_SCHEMA (( '${schema}' ));\nENDSEC;\n`);
    expect(schemaOf(header('IFC2X3'))).toBe(1);
    expect(schemaOf(header('ifc4'))).toBe(2);
    expect(schemaOf(header('IFC4X3_ADD2'))).toBe(3);
    expect(schemaOf(header('CONFIG_CONTROL_DESIGN'))).toBe(-1);
    expect(schemaOf(Buffer.from('ISO-10303-21;\nHEADER;\nthis is not STEP at all (((\n'))).toBe(-1);
  });
});

describe('STEP strings', () => {
  const decode = (s: string) => decodeStepString(Buffer.from(s, 'latin1'));
  it('are decoded as web-ifc decodes them', () => {
    expect(decode("It''s")).toBe("It's");
    expect(decode('C:\\\\plans')).toBe('C:\\plans');
    expect(decode('Grundst\\X2\\00FC\\X0\\ck')).toBe('Grundstück');
    expect(decode('\\X2\\00C5006B\\X0\\ra')).toBe('Åkra');
    expect(decode('\\X4\\0001F525\\X0\\')).toBe('🔥');
    expect(decode('Caf\\X\\E9')).toBe('Café');
    expect(decode('Revit C\\X\\8E')).toBe('Revit Cé');
    expect(decode('K\\S\\vche')).toBe('Köche');
    expect(decode('\\PB\\\\S\\9')).toBe('š');
    expect(decodeStepString(Buffer.from("Fönster ''x''", 'utf8'))).toBe("Fönster 'x'");
  });

  it('with an escape web-ifc cannot read are empty, as web-ifc makes them', () => {
    expect(decode('C:\\Users')).toBe('');
    expect(decode('\\X2\\00FC')).toBe('');
  });
});

const { folder, models } = corpusModels('the corpus tests of entities read from the text', 5 * 1024 * 1024);

describe.skipIf(models.length === 0)('entities read from the text, on the IFC corpus', () => {
  it.each(orAbsent(models))(
    '%s: are the lines web-ifc reads',
    async (file) => {
      const text = fs.readFileSync(path.join(folder, file));
      const { web, text: read } = await bothReadings(text);
      // The first line that differs, if any, named with both readings.
      const first = read.lines.findIndex((line, i) => line !== web.lines[i]);
      expect(first < 0 ? undefined : { text: read.lines[first], web: web.lines[first] }).toBeUndefined();
      expect(read.lines).toHaveLength(web.lines.length);
      expect(read.ids).toEqual(web.ids);
    },
    120_000,
  );
});
