import { describe, expect, it } from 'vitest';
import { polygonArea } from '@edrf/model';
import { calcFireUnits, calcFireUnitsWithStats } from './calc-units.js';
import { makeArch, rect } from './test-support/arch.js';
import { fireFor } from './test-support/check-units.js';

/** A 30 × 20 m office with an exit door and a 3 × 3 m bedroom beside it. */
const arch = () =>
  makeArch([
    {
      id: 'g',
      rooms: [
        { id: 'office', name: 'Office', exterior: rect(0, 0, 30, 20) },
        { id: 'bed', name: 'Bed', type: 'SleepingRoom', exterior: rect(30, 0, 3, 3) },
      ],
      doors: [
        { id: 'front', left: [10, 0], right: [11.2, 0], exterior: true },
        { id: 'to-bed', left: [30, 1], right: [30, 2] },
      ],
    },
  ]);

const area = (shapes: { exterior: [number, number][]; interiors: [number, number][][] }[] = []) =>
  shapes.reduce((sum, p) => sum + polygonArea(p), 0);

describe('calc_fire_units with analyze_only', () => {
  it('places nothing: the units are the model’s, with their own warnings and coverage', () => {
    const fire = fireFor('Sbf1108', {
      detectors: { mine: { id: 'mine', storey_id: 'g', product_id: '', coord: [5, 5, 2.9], hidden: false } },
    });
    const result = calcFireUnits({ arch: arch(), fire, analyze_only: true });
    expect(result.units).toEqual({ detectors: fire.units.detectors, sirens: {}, buttons: {} });
    // Only the model's detector has coverage, within its reach of (5, 5).
    expect(Object.keys(result.validation.detector_shapes)).toEqual(['mine']);
    const reach = fire.config.unit.detector.Smoke.max_detector_distance;
    for (const [x, y] of result.validation.detector_shapes.mine![0]!.exterior)
      expect(Math.hypot(x - 5, y - 5)).toBeLessThanOrEqual(reach + 1e-9);
    expect(area(result.validation.detector_shapes.mine)).toBeGreaterThan(0);
    expect(result.validation.siren_shapes).toEqual({});
    const ids = result.validation.warnings.map((w) => w.warning_id);
    expect(ids).toContain('room_not_covered:office');
    expect(ids).toContain('room_no_siren_cover:office');
    expect(ids).toContain('sleeping_room_no_siren:bed');
    expect(ids).toContain('door_without_button:front');
    expect(result.validation.warnings.find((w) => w.warning_id === 'detector_area:mine')?.unit_id).toBe('mine');
  });

  it('finds nothing wrong with a complete design and draws the same coverage', () => {
    const placed = calcFireUnits({ arch: arch(), fire: fireFor('Sbf1108') });
    expect(placed.validation.warnings).toEqual([]);
    const fire = fireFor('Sbf1108', placed.units);
    const result = calcFireUnits({ arch: arch(), fire, analyze_only: true });
    expect(result.units).toEqual(placed.units);
    expect(result.validation.warnings).toEqual([]);
    // Every detector and siren has its part; together they cover the rooms.
    expect(Object.keys(result.validation.detector_shapes).sort()).toEqual(Object.keys(placed.units.detectors).sort());
    expect(Object.keys(result.validation.siren_shapes).sort()).toEqual(Object.keys(placed.units.sirens).sort());
    const detectorArea = Object.values(result.validation.detector_shapes).reduce((sum, shapes) => sum + area(shapes), 0);
    expect(detectorArea).toBeCloseTo(609, 1);
  });

  it('warns about a model detector too close to the wall, on that detector', () => {
    const placed = calcFireUnits({ arch: arch(), fire: fireFor('Bs5839') });
    const detectors = structuredClone(placed.units.detectors);
    const first = Object.values(detectors).find((d) => d.coord[0] < 30)!;
    first.coord = [0.05, first.coord[1], first.coord[2]];
    const result = calcFireUnits({ arch: arch(), fire: fireFor('Bs5839', { ...placed.units, detectors }), analyze_only: true });
    expect(result.units.detectors).toEqual(detectors);
    const near = result.validation.warnings.filter((w) => w.warning_id.startsWith('detector_near_wall'));
    expect(near.map((w) => w.unit_id)).toEqual([first.id]);
  });
});

describe('the rooms of an analyze_only answer', () => {
  it('lists each detected room with its detectors and the lower bound of a design', () => {
    const fire = fireFor('Sbf1108', {
      detectors: { mine: { id: 'mine', storey_id: 'g', product_id: '', coord: [5, 5, 2.9], hidden: false } },
    });
    const result = calcFireUnits({ arch: arch(), fire, analyze_only: true });
    const office = result.rooms?.find((r) => r.room_id === 'office');
    expect(office).toMatchObject({ storey_id: 'g', detectors: 1 });
    expect(office!.area).toBeCloseTo(600, 6);
    // The oracle: the benchmark's figures of a full design, whose lower bound is computed inside the placement.
    const { stats } = calcFireUnitsWithStats({ arch: arch(), fire: fireFor('Sbf1108') }, { withBounds: true });
    const designed = stats.find((s) => s.room_id === 'office')!;
    expect(office!.lower_bound).toBe(designed.lower_bound);
    expect(designed.detectors).toBeGreaterThanOrEqual(designed.lower_bound);
    // Asked again (the bound is remembered), the answer is the same.
    expect(calcFireUnits({ arch: arch(), fire, analyze_only: true }).rooms).toEqual(result.rooms);
  });

  it('is left out of a design’s answer', () => {
    expect(calcFireUnits({ arch: arch(), fire: fireFor('Sbf1108') }).rooms).toBeUndefined();
  });
});
