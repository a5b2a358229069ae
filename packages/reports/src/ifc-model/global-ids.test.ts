import { describe, expect, it } from 'vitest';
import { compressGuid, expandGuid, GlobalIds, globalIdsInText } from './global-ids.js';

const bytes = (...values: number[]) => new Uint8Array(values);

describe('IFC GlobalIds', () => {
  it('writes 16 bytes in IFC base 64: 2 characters for the first byte, 4 for each 3 after', () => {
    // By hand: 0 is '0', 1 is '1', 63 is '$', 255 = 3·64 + 63 is '3$', 64 is '10'.
    expect(compressGuid(new Uint8Array(16))).toBe('0000000000000000000000');
    expect(compressGuid(bytes(...new Array(15).fill(0), 1))).toBe('0000000000000000000001');
    expect(compressGuid(new Uint8Array(16).fill(255))).toBe(`3${'$'.repeat(21)}`);
    expect(compressGuid(bytes(64, ...new Array(15).fill(0)))).toBe('1000000000000000000000');
    // 0x000040 in the last group is 64: '0010'.
    expect(compressGuid(bytes(...new Array(15).fill(0), 64))).toBe('0000000000000000000010');
  });

  it('reads them back', () => {
    const random = new Uint8Array(16).map((_, i) => (i * 97 + 13) % 256);
    expect([...expandGuid(compressGuid(random))]).toEqual([...random]);
  });

  it('gives a key the same GlobalId every time, another one for another key, and none the file holds', () => {
    const first = new GlobalIds(new Set()).of('unit:d1');
    expect(first).toMatch(/^[0-3][0-9A-Za-z_$]{21}$/);
    expect(new GlobalIds(new Set()).of('unit:d1')).toBe(first);
    const ids = new GlobalIds(new Set([first]));
    const instead = ids.of('unit:d1');
    expect(instead).not.toBe(first);
    expect(ids.of('unit:d2')).not.toBe(instead);
  });

  it("finds the file's GlobalIds in its text", () => {
    const text =
      "#1=IFCWALL('2eyxpyOx95m90jmsXLOuR0',#2,'Wand ''x''',$);\n#3=IFCSPACE('0e_hbkIQ5DMQlIJ$2V3j_m',#2,'ACID00000001-0000-0000-0000-000000000000');";
    expect([...globalIdsInText(text)].sort()).toEqual(['0e_hbkIQ5DMQlIJ$2V3j_m', '2eyxpyOx95m90jmsXLOuR0']);
  });
});
