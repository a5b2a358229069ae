import { describe, expect, it } from 'vitest';
import { NAME_PREVIEW_BYTES, decodeStepString, readIfcName, shownName, stepHeaderName } from './ifc-name';

const header = (fileName: string) =>
  `ISO-10303-21;\nHEADER;\nFILE_DESCRIPTION(('ViewDefinition [CoordinationView]'),'2;1');\nFILE_NAME('${fileName}','2024-01-01T00:00:00',(''),(''),'','','');\nENDSEC;\n`;

describe('stepHeaderName', () => {
  it('reads FILE_NAME without its folders', () => {
    expect(stepHeaderName(header('Tower A.ifc'))).toBe('Tower A.ifc');
    expect(stepHeaderName(header('C:\\\\Projects\\\\Tower B.ifc'))).toBe('Tower B.ifc');
    expect(stepHeaderName(header('/home/me/model.ifc'))).toBe('model.ifc');
  });

  it('decodes quotes and encoded characters', () => {
    expect(stepHeaderName(header("O''Brien.ifc"))).toBe("O'Brien.ifc");
    expect(decodeStepString('Sm\\X2\\00E5\\X0\\land')).toBe('Småland');
    expect(decodeStepString('G\\X\\F6ta')).toBe('Göta');
  });

  it('is null without a header name', () => {
    expect(stepHeaderName('just text')).toBeNull();
    expect(stepHeaderName(header(''))).toBeNull();
  });
});

describe('readIfcName', () => {
  it('falls back to the file name', async () => {
    expect(await readIfcName(new Blob([header('Header name.ifc')]), 'file.ifc')).toBe('Header name.ifc');
    expect(await readIfcName(new Blob(['junk']), 'file.ifc')).toBe('file.ifc');
  });

  it('reads only the first 128 KB', async () => {
    const padding = ' '.repeat(NAME_PREVIEW_BYTES);
    expect(await readIfcName(new Blob([padding + header('late.ifc')]), 'file.ifc')).toBe('file.ifc');
    expect(await readIfcName(new Blob([header('early.ifc') + padding]), 'file.ifc')).toBe('early.ifc');
  });
});

describe('shownName', () => {
  it('truncates names over 36 characters and keeps the full name as title', () => {
    const long = 'A very long architectural model name.ifc';
    expect(shownName(long)).toEqual({ label: `${Array.from(long).slice(0, 35).join('')}…`, title: long });
    expect(shownName('short.ifc')).toEqual({ label: 'short.ifc', title: 'short.ifc' });
    expect(shownName('x'.repeat(36)).label).toBe('x'.repeat(36));
  });
});
