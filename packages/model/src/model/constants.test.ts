import { describe, expect, it } from 'vitest';
import { SECTION_PALETTE, defaultUnitZ, sectionColors } from './constants.js';
import { UNIT_GROUPS } from './enums.js';
import { hexColorSchema } from './primitives.js';

describe('SECTION_PALETTE', () => {
  it('has 8 distinct colour and highlight pairs', () => {
    expect(SECTION_PALETTE).toHaveLength(8);
    const all = SECTION_PALETTE.flatMap((p) => [p.color, p.highlight_color]);
    expect(new Set(all).size).toBe(16);
    for (const c of all) expect(hexColorSchema.safeParse(c).success).toBe(true);
  });

  it('sectionColors wraps around the palette', () => {
    expect(sectionColors(0)).toEqual(SECTION_PALETTE[0]);
    expect(sectionColors(9)).toEqual(SECTION_PALETTE[1]);
    expect(sectionColors(-1)).toEqual(SECTION_PALETTE[7]);
  });
});

describe('defaultUnitZ', () => {
  it('places new units as F§9 says', () => {
    const h = { min_z: 3, max_z: 6 };
    expect(defaultUnitZ('detectors', h)).toBeCloseTo(5.95);
    expect(defaultUnitZ('sirens', h)).toBeCloseTo(5.95);
    expect(defaultUnitZ('buttons', h)).toBe(4);
    expect(defaultUnitZ('ios', h)).toBeCloseTo(3.1);
    expect(defaultUnitZ('racks', h)).toBeCloseTo(3.1);
    expect(defaultUnitZ('others', h)).toBe(4.5);
    for (const group of UNIT_GROUPS) expect(Number.isFinite(defaultUnitZ(group, h))).toBe(true);
  });
});
