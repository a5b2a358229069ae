import { describe, expect, it } from 'vitest';
import { starsAsUnset } from './stars.js';
import { StepIndex } from './step-index.js';
import { schemaOf, TextLines } from './text-lines.js';
import { stepFile } from '../test-support.js';

const text = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes);
const bytes = (s: string) => new TextEncoder().encode(s);

describe('starsAsUnset', () => {
  it('reads * attributes as $, and leaves the caller’s bytes alone', () => {
    const original = bytes("#5982= IFCDOOR('1rU5',#5,*,*,*,#5987,#6054,*,2500.,3000.);\n#1=IFCSIUNIT(*,.LENGTHUNIT.,$,.METRE.);\n");
    const fixed = starsAsUnset(original);
    expect(text(fixed)).toBe("#5982= IFCDOOR('1rU5',#5,$,$,$,#5987,#6054,$,2500.,3000.);\n#1=IFCSIUNIT($,.LENGTHUNIT.,$,.METRE.);\n");
    expect(text(original)).toContain('#5,*,*,*');
  });

  it('keeps * inside strings and where it is not a whole attribute', () => {
    const original = bytes("#1=IFCWALL('a,*,b',#5,'it''s *',$);\n#2=IFCTEXT('x*y');\n/* comment */\n");
    expect(starsAsUnset(original)).toBe(original);
  });

  it('answers the same bytes when there is nothing to change', () => {
    const original = bytes('#1=IFCPROJECT($,$);\n');
    expect(starsAsUnset(original)).toBe(original);
  });

  it('changes the bytes themselves when asked to (a copy made already)', () => {
    const copy = bytes('#1=IFCSIUNIT(*,.LENGTHUNIT.,$,.METRE.);\n');
    expect(starsAsUnset(copy, true)).toBe(copy);
    expect(text(copy)).toBe('#1=IFCSIUNIT($,.LENGTHUNIT.,$,.METRE.);\n');
  });

  it('gives the text reader nothing to do: it reads `*` as web-ifc reads the `$` written instead', () => {
    const original = Buffer.from(
      stepFile('stars.ifc', "#5=IFCDOOR('1rU5',$,*,*,*,$,$,*,2500.,3000.,*,*,$);\n#1=IFCSIUNIT(*,.LENGTHUNIT.,$,.METRE.);"),
      'latin1',
    );
    const read = (text: Buffer) => [5, 1].map((id) => JSON.stringify(new TextLines(StepIndex.of(text), schemaOf(text)).GetLine(0, id)));
    const fixed = Buffer.from(starsAsUnset(original));
    expect(fixed.equals(original)).toBe(false);
    expect(read(original)).toEqual(read(fixed));
    expect(read(original)[0]).toContain('"Tag":null,"OverallHeight":{"type":4,"_internalValue":"2500."');
  });
});
