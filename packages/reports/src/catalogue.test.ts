import { describe, expect, it } from 'vitest';
import { emptyFire, REGULATIONS } from '@edrf/model';
import { createFireConfig } from '@edrf/fire';
import { findReport, REPORTS, reportsOf, unmetRequirement } from './catalogue.js';
import { BUILDERS } from './render.js';
import { selectReports } from './request.js';
import { boqModel } from './boq/test-model.js';

// F§9: the prefixes and how many reports each regulation has.
const F9 = { Sbf1108: ['Sbf', 12], Bs5839: ['Ukbs', 4], Nfpa72: ['Nfpa', 3] } as const;

describe('report catalogue', () => {
  it.each(REGULATIONS)("%s lists F§9's number of reports, keys prefixed, and the IFC model last", (regulation) => {
    const [prefix, count] = F9[regulation];
    const reports = reportsOf(regulation);
    expect(reports.filter((r) => r.regulation === regulation)).toHaveLength(count);
    expect(reports.filter((r) => r.regulation === regulation).every((r) => r.key.startsWith(prefix))).toBe(true);
    expect(reports.at(-1)).toMatchObject({ key: 'IfcModel', regulation: null, formats: ['ifc'] });
  });

  it('keys are unique and every report has a builder, every builder a report', () => {
    expect(new Set(REPORTS.map((r) => r.key)).size).toBe(REPORTS.length);
    expect(REPORTS.map((r) => r.key).sort()).toEqual(Object.keys(BUILDERS).sort());
  });

  it("each requirement is F§5's message and is met only by what it names", () => {
    const fire = boqModel('Sbf1108').fire!;
    const empty = emptyFire(createFireConfig('Sbf1108'));
    const requirement = (text: string) => REPORTS.find((r) => r.requirement === text)!;
    for (const text of ['Requires fire units', 'Requires fire routes', 'Requires fire connections', 'Requires fire sections']) {
      expect(unmetRequirement(requirement(text), null)).toBe(text);
      expect(unmetRequirement(requirement(text), empty)).toBe(text);
    }
    // The test model has units, routes and rack equipment, and no section.
    expect(unmetRequirement(requirement('Requires fire units'), fire)).toBeNull();
    expect(unmetRequirement(requirement('Requires fire routes'), fire)).toBeNull();
    expect(unmetRequirement(requirement('Requires fire connections'), fire)).toBeNull();
    expect(unmetRequirement(requirement('Requires fire sections'), fire)).toBe('Requires fire sections');
    const withSection = {
      ...fire,
      sections: {
        s1: { id: 's1', name: '1', description: '', color: '#f4a6a6', highlight_color: '#d62828', parts: [], addresses: { d1: 1 } },
      },
    };
    expect(unmetRequirement(requirement('Requires fire sections'), withSection)).toBeNull();
  });

  it('selects the jobs asked for in order, each once, and refuses the first bad one', () => {
    const fire = boqModel('Sbf1108').fire!;
    const base = { regulation: 'Sbf1108' as const, ifcModel: false, dxf: [] };
    expect(selectReports({ ...base, pdf: ['SbfBillOfQuantities'], xlsx: ['SbfBillOfQuantities', 'SbfBillOfQuantities'] }, fire)).toEqual({
      jobs: [
        { key: 'SbfBillOfQuantities', format: 'pdf' },
        { key: 'SbfBillOfQuantities', format: 'xlsx' },
      ],
    });
    expect(selectReports({ ...base, pdf: ['NfpaBillOfQuantities'], xlsx: [] }, fire)).toEqual({
      refused: 'Report NfpaBillOfQuantities is not a report of Sbf1108',
    });
    expect(findReport('SbfPlintkort')?.requirement).toBe('Requires fire connections');
  });
});
