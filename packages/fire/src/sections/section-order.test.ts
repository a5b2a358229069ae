import { describe, expect, it } from 'vitest';
import { compareSectionNames, compareSections, sectionsInOrder } from './section-order.js';

/** F§4 'Sections are sorted numerically by name': the order written out by hand. */
const EXPECTED = ['-1', '0', '1.5', '2', '10', '', 'A', 'a2', 'A2', 'A10', 'B', 'B1.5', 'Ö'];

/** A fixed shuffle of the expected names (the order must not depend on the input's). */
const shuffled = [...EXPECTED].sort((a, b) => (a + 'x').length - (b + 'x').length || (a < b ? 1 : -1));

describe('the order of sections', () => {
  it("sorts names that are numbers by value, then the others naturally ('A2' before 'A10')", () => {
    expect(shuffled).not.toEqual(EXPECTED);
    expect([...shuffled].sort(compareSectionNames)).toEqual(EXPECTED);
    expect([...shuffled].reverse().sort(compareSectionNames)).toEqual(EXPECTED);
  });

  it('orders sections by name, then by id naturally, whatever their order in the model', () => {
    const sections = { s10: { id: 's10', name: 'A' }, s2: { id: 's2', name: 'A' }, x: { id: 'x', name: '10' }, y: { id: 'y', name: '2' } };
    expect(sectionsInOrder(sections).map((s) => s.id)).toEqual(['y', 'x', 's2', 's10']);
    expect(compareSections(sections.s2, sections.s10)).toBeLessThan(0);
  });
});
