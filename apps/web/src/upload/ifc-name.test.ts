import { describe, expect, it } from 'vitest';
import { NAME_PREVIEW_BYTES, decodeStepString, ifcProjectName, meaningfulProjectName, readIfcNames, shownName } from './ifc-name';

/** A STEP file as exporters write it: FILE_NAME in the header, IFCPROJECT (Name, LongName) in the data. */
const ifc = (headerName: string, project: string, at: 'start' | 'end' = 'start', padding = '') => {
  const header = `ISO-10303-21;\nHEADER;\nFILE_DESCRIPTION(('ViewDefinition [CoordinationView]'),'2;1');\nFILE_NAME('${headerName}','2024-01-01T00:00:00',(''),(''),'','','');\nENDSEC;\nDATA;\n`;
  const entity = `#34=IFCPROJECT(${project});\n`;
  return at === 'start' ? `${header}${entity}${padding}ENDSEC;\n` : `${header}${padding}${entity}ENDSEC;\nEND-ISO-10303-21;\n`;
};

describe('decodeStepString', () => {
  it('decodes quotes and encoded characters', () => {
    expect(decodeStepString("O''Brien")).toBe("O'Brien");
    expect(decodeStepString('Sm\\X2\\00E5\\X0\\land')).toBe('Småland');
    expect(decodeStepString('G\\X\\F6ta')).toBe('Göta');
  });
});

describe('ifcProjectName', () => {
  it("takes IFCPROJECT's LongName when it says something, else its Name", () => {
    expect(ifcProjectName(ifc('0001', "'1xS3',#33,'0001',$,$,'Duplex Apartment','Project Status',(#27,#28),#23"), 'duplex.ifc')).toBe(
      'Duplex Apartment',
    );
    expect(ifcProjectName(ifc('x', "'0lY6',#12,'Projekt-FZK-Haus','Projekt FZK-House',$,$,$,(#62,#374),#49"), 'AC20.ifc')).toBe(
      'Projekt-FZK-Haus',
    );
    expect(ifcProjectName(ifc('x', "'2k',#5,'O''Brien Hall',*,*,$,$,(#14),#9"), 'hall.ifc')).toBe("O'Brien Hall");
    expect(ifcProjectName(ifc('x', "'2k',#5,'Sm\\X2\\00E5\\X0\\land (phase 2)',$,$,$,$,(#11),#6"), 'a.ifc')).toBe('Småland (phase 2)');
  });

  it('says nothing for placeholders, bare numbers, paths and the file name again', () => {
    const named = (name: string, longName = '$', file = 'model.ifc') =>
      ifcProjectName(ifc('x', `'g',#1,${name},$,$,${longName},$,(#2),#3`), file);
    expect(named("'Project Number'", "'Project Name'")).toBeNull(); // Revit's untouched fields
    expect(named("'0001'", "'Nombre de proyecto'")).toBeNull();
    expect(named("'Undefined'")).toBeNull();
    expect(named("'null'", "''")).toBeNull();
    expect(named('$')).toBeNull();
    expect(named("'D:\\\\temp\\\\revit_quantities.ifc'")).toBeNull();
    expect(named("'House'", '$', 'House.ifc')).toBeNull();
    expect(ifcProjectName('ISO-10303-21;\nDATA;\n#1=IFCWALL($);\n', 'a.ifc')).toBeNull();
  });

  it('is null when the entity is cut off', () => {
    expect(ifcProjectName("#1=IFCPROJECT('g',#1,'Harbour", 'a.ifc')).toBeNull();
  });
});

describe('meaningfulProjectName', () => {
  it('keeps names with letters and trims their spaces', () => {
    expect(meaningfulProjectName('  CMC HUTT HUB -  PRE-DELIVERY ', 'example.ifc')).toBe('CMC HUTT HUB - PRE-DELIVERY');
    expect(meaningfulProjectName('3458', 'example.ifc')).toBeNull();
    expect(meaningfulProjectName('PROJECT NUMBER', 'example.ifc')).toBeNull();
  });
});

describe('readIfcNames', () => {
  it("keeps the file's own name, whatever the header says", async () => {
    const file = new Blob([ifc('Project Number', "'g',#1,'Project Number',$,$,'Harbour Hall',$,(#2),#3")]);
    expect(await readIfcNames(file, 'harbour-ARK.ifc')).toEqual({ fileName: 'harbour-ARK.ifc', projectName: 'Harbour Hall' });
    expect(await readIfcNames(new Blob(['junk']), 'junk.ifc')).toEqual({ fileName: 'junk.ifc', projectName: null });
  });

  it('finds IFCPROJECT at the end of a large file (older Revit) and reads no more than 128 KB', async () => {
    const padding = '#9=IFCWALL($);\n'.repeat(NAME_PREVIEW_BYTES / 8);
    const atEnd = new Blob([ifc('0001', "'g',#33,'0001',$,$,'Duplex Apartment',$,(#27),#23", 'end', padding)]);
    const read: [number, number][] = [];
    const spy = {
      size: atEnd.size,
      slice: (start: number, end?: number) => (read.push([start, end ?? atEnd.size]), atEnd.slice(start, end)),
    } as Blob;
    expect(await readIfcNames(spy, 'duplex.ifc')).toEqual({ fileName: 'duplex.ifc', projectName: 'Duplex Apartment' });
    expect(read.reduce((sum, [start, end]) => sum + end - start, 0)).toBeLessThanOrEqual(NAME_PREVIEW_BYTES);
    // In the middle of a large file, beyond both halves, it is not looked for.
    const inMiddle = new Blob([padding, ifc('x', "'g',#1,'Middle',$,$,$,$,(#2),#3"), padding]);
    expect((await readIfcNames(inMiddle, 'm.ifc')).projectName).toBeNull();
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
