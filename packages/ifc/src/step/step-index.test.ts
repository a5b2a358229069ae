import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { keywords, refBuffer, StepIndex } from './step-index.js';
import { stepFile } from '../test-support.js';

const text = (data: string) => Buffer.from(stepFile('index.ifc', data), 'latin1');
const kw = keywords;

describe('StepIndex', () => {
  it('finds each entity by express id, however the text around it is written', () => {
    const index = StepIndex.of(
      text(`#1=IFCPOLYLOOP((#2,#3,#4));\n#2 = IFCCARTESIANPOINT ((1.,2.,3.));\r\n  #300000000=IFCFACE((#1));#7=IFCFACEOUTERBOUND(#1,.T.);`),
    );
    expect(index.open(1, kw('IFCPOLYLOOP'))).toBeGreaterThan(0);
    expect(index.numbers(index.open(2, kw('IFCCARTESIANPOINT')))).toEqual([1, 2, 3]);
    expect(index.refs(index.open(300000000, kw('IFCFACE')))).toEqual([1]);
    expect(index.keyword(7)).toBe('IFCFACEOUTERBOUND');
    expect(index.refs(index.open(7, kw('IFCFACEBOUND', 'IFCFACEOUTERBOUND')))).toEqual([1]);
  });

  it('answers -1 for an unknown id and for an entity of another keyword, a longer one included', () => {
    const index = StepIndex.of(text(`#1=IFCFACEOUTERBOUND(#2,.T.);\n#2=IFCPOLYLOOP((#3));`));
    expect(index.open(9, kw('IFCPOLYLOOP'))).toBe(-1);
    expect(index.open(2, kw('IFCFACE'))).toBe(-1);
    expect(index.open(1, kw('IFCFACE'))).toBe(-1);
    expect(index.openAny(9)).toBe(-1);
    expect(index.keyword(9)).toBe('');
  });

  it('skips strings, whatever they hold, and a later entity of the same id wins over one faked inside a string', () => {
    const index = StepIndex.of(text(`#1=IFCLABEL('a;#2=IFCFACE((#9));''#8');\n#2=IFCSHAPEREPRESENTATION(#5,'Body; #6','Brep',(#3,#4));`));
    expect(index.keyword(2)).toBe('IFCSHAPEREPRESENTATION');
    expect(index.refs(index.open(2, kw('IFCSHAPEREPRESENTATION')))).toEqual([5, 3, 4]);
  });

  it('gives attributes by position: references as ids, anything else as its text (`*` as `$`)', () => {
    const index = StepIndex.of(
      text(`#5=IFCFURNITURE('0abc',#2,'Chair, (red)',$,*,#10,#11,$,.NOTDEFINED.);\n#6=IFCPOINTLIST((1.,2.),(3.,4.));`),
    );
    expect(index.attributes(index.openAny(5))).toEqual(["'0abc'", 2, "'Chair, (red)'", '$', '$', 10, 11, '$', '.NOTDEFINED.']);
    expect(index.attributes(index.openAny(6))).toEqual(['(1.,2.)', '(3.,4.)']);
  });

  it('reads refs into a reused buffer that grows as needed', () => {
    const ids = Array.from({ length: 200 }, (_, i) => i + 10);
    const index = StepIndex.of(text(`#1=IFCCLOSEDSHELL((${ids.map((id) => `#${id}`).join(',')}));`));
    const into = refBuffer();
    into.count = 0;
    expect(index.refsInto(index.open(1, kw('IFCCLOSEDSHELL')), into)).toBe(200);
    expect(Array.from(into.ids.subarray(0, into.count))).toEqual(ids);
  });

  it('reads every real exactly as Number() reads it', () => {
    const real = fc.oneof(
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.integer({ min: -1e9, max: 1e9 }).map((n) => n / 1000),
      fc.tuple(fc.integer({ min: -99999, max: 99999 }), fc.integer({ min: -30, max: 30 })).map(([m, e]) => Number(`${m}e${e}`)),
    );
    // STEP writes a real with a point and an upper-case E: 1. 0.5 -2.5E-05 1.7976931348623157E+308.
    const step = (v: number) => {
      const s = String(v).toUpperCase().replace('E+', 'E');
      const [mantissa, exponent] = s.split('E');
      return `${mantissa!.includes('.') ? mantissa : `${mantissa}.`}${exponent === undefined ? '' : `E${exponent}`}`;
    };
    fc.assert(
      fc.property(fc.array(real, { minLength: 1, maxLength: 6 }), (values) => {
        const written = values.map(step);
        const index = StepIndex.of(text(`#1=IFCCARTESIANPOINTLIST3D(((${written.join(',')})));`));
        expect(index.numbers(index.openAny(1))).toEqual(written.map((w) => Number(w)));
      }),
    );
    const index = StepIndex.of(text(`#1=X((0.471019143715668,-0.853062532058022,-0.,12345678901234567890.5,1.E-3,$));`));
    expect(index.numbers(index.openAny(1))).toEqual([0.471019143715668, -0.853062532058022, -0, 12345678901234567890.5, 0.001, NaN]);
  });
});
