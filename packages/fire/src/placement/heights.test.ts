import { describe, expect, it } from 'vitest';
import type { Arch, Regulation } from '@edrf/model';
import { calcFireUnits } from '../calc-units.js';
import type { Pt } from '../geometry/ring.js';
import { makeArch, rect } from '../test-support/arch.js';
import { fireFor } from '../test-support/check-units.js';
import { samplePoints } from '../test-support/coverage-check.js';

/**
 * NFPA 72 Table 17.6.3.5.1 as ../shared/research/fire-rules.md gives it (heights in m, rows of 2 ft): typed here
 * again, the test's own oracle, not the engine's table.
 */
const NFPA_TABLE: [number, number][] = [
  [3.05, 1.0],
  [3.66, 0.91],
  [4.27, 0.84],
  [4.88, 0.77],
  [5.49, 0.71],
  [6.1, 0.64],
  [6.71, 0.58],
  [7.32, 0.52],
  [7.93, 0.46],
  [8.54, 0.4],
  [9.14, 0.34],
];
const nfpaFactor = (height: number) => NFPA_TABLE.find(([upTo]) => height <= upTo)![1];

/** One room on one storey from z = 0 to `height`, with an exit door. */
const oneRoom = (width: number, depth: number, height: number, type: 'Kitchen' | 'Other' = 'Other'): Arch =>
  makeArch([
    {
      id: 's',
      min_z: 0,
      max_z: height,
      rooms: [{ id: 'r', name: 'Room', type, exterior: rect(0, 0, width, depth) }],
      doors: [{ id: 'd', left: [0, 1], right: [0, 2], exterior: true }],
    },
  ]);

const detectorsOf = (result: ReturnType<typeof calcFireUnits>): Pt[] =>
  Object.values(result.units.detectors).map((d) => [d.coord[0], d.coord[1]]);

/** The farthest sampled room point (every 0.1 m and along the outline) from its nearest detector, straight (a convex room). */
const farthest = (arch: Arch, detectors: Pt[]) =>
  Math.max(
    ...samplePoints([arch.rooms.r!.shape.exterior]).map((p) => Math.min(...detectors.map((d) => Math.hypot(p[0] - d[0], p[1] - d[1])))),
  );

const tooHigh = (result: ReturnType<typeof calcFireUnits>) =>
  result.validation.warnings.filter((w) => w.warning_id.startsWith('ceiling_too_high')).map((w) => w.message);

describe('detectors by ceiling height', () => {
  it.each([3, 6, 9])('an NFPA 72 kitchen of 14 × 14 m at %s m: every point within the height-reduced radius', (height) => {
    const arch = oneRoom(14, 14, height, 'Kitchen');
    const fire = fireFor('Nfpa72');
    const result = calcFireUnits({ arch, fire });
    const radius = fire.config.unit.detector.Heat.max_detector_distance * nfpaFactor(height);
    const detectors = detectorsOf(result);
    expect(farthest(arch, detectors)).toBeLessThanOrEqual(radius + 1e-6);
    expect(tooHigh(result)).toEqual([]);
    // At 3 m the kitchen's corners (9.9 m from its middle) are within 10.7 m: one detector; at 6 m (radius 6.85 m) not.
    if (height === 3) expect(detectors).toHaveLength(1);
    else expect(detectors.length).toBeGreaterThan(1);
    // The analysis of the design checks by the same radius: nothing to add, nothing uncovered.
    const analysis = calcFireUnits({ arch, fire: fireFor('Nfpa72', result.units), analyze_only: true });
    expect(analysis.validation.warnings.map((w) => w.warning_id)).not.toContain('room_not_covered:r');
  });

  it('an NFPA 72 kitchen above the table: the warning, with its height and the limit', () => {
    const result = calcFireUnits({ arch: oneRoom(14, 14, 15, 'Kitchen'), fire: fireFor('Nfpa72') });
    expect(tooHigh(result)).toEqual(['Ceiling too high for point detectors (15 m, at most 9.14 m)']);
    expect(result.validation.warnings.find((w) => w.warning_id === 'ceiling_too_high:r')?.unit_id).toBe('');
  });

  it('the analysis finds a kitchen designed at 3 m not covered once its space is 6 m high', () => {
    const low = oneRoom(14, 14, 3, 'Kitchen');
    const designed = calcFireUnits({ arch: low, fire: fireFor('Nfpa72') });
    const high = structuredClone(low);
    // The space's own height (its floor and ceiling surfaces) governs, not the storey's 3 m.
    high.rooms.r!.shape.below = rect(0, 0, 14, 14).map(([x, y]) => [x, y, 0]);
    high.rooms.r!.shape.above = rect(0, 0, 14, 14).map(([x, y]) => [x, y, 6]);
    const analysis = calcFireUnits({ arch: high, fire: fireFor('Nfpa72', designed.units), analyze_only: true });
    expect(analysis.validation.warnings.map((w) => w.warning_id)).toContain('room_not_covered:r');
    const redesigned = calcFireUnits({ arch: high, fire: fireFor('Nfpa72') });
    expect(farthest(high, detectorsOf(redesigned))).toBeLessThanOrEqual(10.7 * 0.64 + 1e-6);
  });

  it.each<[Regulation, 'Kitchen' | 'Other', number, string | undefined]>([
    ['Bs5839', 'Other', 10.5, undefined],
    ['Bs5839', 'Other', 11, 'Ceiling too high for point detectors (11 m, at most 10.5 m)'],
    ['Bs5839', 'Kitchen', 9.5, 'Ceiling too high for point detectors (9.5 m, at most 9 m)'],
    ['Sbf1108', 'Other', 12, undefined],
    ['Sbf1108', 'Other', 12.2, 'Ceiling too high for point detectors (12.2 m, at most 12 m)'],
    ['Sbf1108', 'Kitchen', 8, 'Ceiling too high for point detectors (8 m, at most 7.5 m)'],
    ['Nfpa72', 'Other', 20, undefined],
  ])('%s, %s at %s m: %s', (regulation, type, height, message) => {
    const result = calcFireUnits({ arch: oneRoom(10, 8, height, type), fire: fireFor(regulation) });
    expect(tooHigh(result)).toEqual(message ? [message] : []);
    // The room is still given detectors (at the table's last factor): the warning asks for another kind of detection.
    expect(Object.keys(result.units.detectors).length).toBeGreaterThan(0);
  });
});

describe('the BS 5839-1 corridor rule', () => {
  // In a corridor at most 2 m wide only the centreline counts: detectors 2 × radius apart, radius from the ends.
  it.each<[string, number, number, 'Other' | 'Kitchen']>([
    ['smoke, 30 × 2 m', 30, 2, 'Other'],
    ['smoke, 45 × 1.5 m', 45, 1.5, 'Other'],
    ['heat, 21.2 × 2 m', 21.2, 2, 'Kitchen'],
  ])('%s: as many detectors as the centreline needs, every centreline point in reach', (_, length, width, type) => {
    const arch = makeArch([{ id: 's', rooms: [{ id: 'r', type, exterior: rect(0, 0, length, width) }] }]);
    const fire = fireFor('Bs5839');
    const result = calcFireUnits({ arch, fire });
    const radius = fire.config.unit.detector[type === 'Kitchen' ? 'Heat' : 'Smoke'].max_detector_distance;
    const detectors = detectorsOf(result);
    expect(detectors).toHaveLength(Math.ceil(length / (2 * radius) - 1e-9));
    for (let x = 0; x <= length; x += 0.1)
      expect(Math.min(...detectors.map((d) => Math.hypot(x - d[0], width / 2 - d[1])))).toBeLessThanOrEqual(radius + 1e-6);
    expect(result.validation.warnings).toEqual([]);
  });

  it('does not apply to a corridor wider than 2 m, nor under the other regulations', () => {
    const wide = makeArch([{ id: 's', rooms: [{ id: 'r', exterior: rect(0, 0, 30, 2.5) }] }]);
    const wideDetectors = detectorsOf(calcFireUnits({ arch: wide, fire: fireFor('Bs5839') }));
    expect(farthest(wide, wideDetectors)).toBeLessThanOrEqual(7.5 + 1e-6);
    const narrow = makeArch([{ id: 's', rooms: [{ id: 'r', exterior: rect(0, 0, 30, 2) }] }]);
    const sbf = detectorsOf(calcFireUnits({ arch: narrow, fire: fireFor('Sbf1108') }));
    expect(farthest(narrow, sbf)).toBeLessThanOrEqual(6.2 + 1e-6);
  });
});
