import { describe, expect, it } from 'vitest';
import { archSchema } from '@edrf/model';
import { makeArch, rect } from './test-support/arch.js';
import { fireFor, run } from './test-support/check-units.js';
import { worstDistance } from './test-support/coverage-check.js';
import type { Pt } from './geometry/ring.js';

describe('calc_fire_units on bad input', () => {
  it('an empty building: no units and one warning', () => {
    const { result } = run(makeArch([]), fireFor('Sbf1108'));
    expect(result.units).toEqual({ detectors: {}, sirens: {}, buttons: {} });
    expect(result.validation.warnings).toEqual([
      { warning_id: 'empty_building:building', unit_id: '', section_id: '', message: 'The building has no rooms: nothing to place' },
    ]);
  });

  it('skips bad rooms with a warning each and places the rest', () => {
    const arch = makeArch([
      {
        id: 's',
        rooms: [
          { id: 'good', exterior: rect(0, 0, 5, 5) },
          {
            id: 'bowtie',
            name: 'Bow tie',
            exterior: [
              [10, 0],
              [15, 5],
              [15, 0],
              [10, 5],
            ],
          },
          { id: 'tiny', exterior: rect(20, 0, 0.1, 0.1) },
        ],
      },
    ]);
    // A room on no storey, a storey naming a room that does not exist, a NaN coordinate (only possible in-process: JSON has no NaN).
    const withOrphans = archSchema.parse({
      ...arch,
      rooms: { ...arch.rooms, orphan: { id: 'orphan', name: 'Orphan', shape: { exterior: rect(30, 0, 4, 4) } } },
      storeys: { s: { ...arch.storeys.s!, rooms: [...arch.storeys.s!.rooms, 'ghost', 'nan'] } },
    });
    withOrphans.rooms.nan = {
      ...withOrphans.rooms.good!,
      id: 'nan',
      name: 'NaN room',
      shape: {
        ...withOrphans.rooms.good!.shape,
        exterior: [
          [NaN, 0],
          [1, 0],
          [1, 1],
        ],
      },
    };
    const { result } = run(withOrphans, fireFor('Sbf1108'));
    expect(result.validation.warnings.map((w) => w.message).sort()).toEqual(
      [
        "Room 'Bow tie' was skipped: its outline crosses itself",
        "Room 'tiny' was skipped: its area is below 0.1 m²",
        "Room 'NaN room' was skipped: its outline has a coordinate that is not a number",
        "Storey 's' lists room 'ghost', which does not exist",
        "Room 'Orphan' is on no storey and was skipped",
      ].sort(),
    );
    const xs = Object.values(result.units.detectors).map((d) => d.coord[0]);
    expect(xs.length).toBe(1);
    expect(xs[0]).toBeLessThan(5);
  });

  it('units on a storey that does not exist are kept and warned about', () => {
    const arch = makeArch([{ id: 's', rooms: [{ id: 'r', exterior: rect(0, 0, 5, 5) }] }]);
    const fire = fireFor('Bs5839', {
      detectors: { lost: { id: 'lost', storey_id: 'nowhere', product_id: '', coord: [1, 1, 2], hidden: false } },
    });
    const { result } = run(arch, fire);
    expect(result.units.detectors.lost).toEqual(fire.units.detectors.lost);
    expect(result.validation.warnings).toContainEqual({
      warning_id: 'unknown_storey:lost',
      unit_id: 'lost',
      section_id: '',
      message: "Detector is on storey 'nowhere', which does not exist",
    });
  });

  it('a unit outside every room is warned about', () => {
    const arch = makeArch([{ id: 's', rooms: [{ id: 'r', exterior: rect(0, 0, 5, 5) }] }]);
    const fire = fireFor('Nfpa72', {
      sirens: { out: { id: 'out', storey_id: 's', product_id: '', coord: [50, 50, 2], angle: 0, locked_to: '' } },
    });
    const { result } = run(arch, fire);
    expect(result.validation.warnings).toContainEqual({
      warning_id: 'unit_outside_rooms:out',
      unit_id: 'out',
      section_id: '',
      message: 'Siren is not inside any room',
    });
  });
});

describe('calc_fire_units on odd settings and rooms', () => {
  it('settings far too small leave the room unplaced with a warning, quickly', () => {
    const arch = makeArch([{ id: 's', rooms: [{ id: 'r', name: 'Hall', exterior: rect(0, 0, 100, 100) }] }]);
    const fire = fireFor('Sbf1108');
    fire.config.unit.detector.Smoke.area_per_detector = 0.01;
    fire.config.unit.siren.max_range = 0.05;
    const { result } = run(arch, fire);
    expect(result.units.detectors).toEqual({});
    expect(result.validation.warnings.map((w) => w.message)).toEqual([
      "Room 'Hall' would need more than 20000 detectors with these settings: not placed",
      "Room 'Hall' would need more than 20000 sirens with these settings: not placed",
    ]);
  });

  it('a room narrower than twice the wall distance: covered along its middle, with a warning', () => {
    const corridor = rect(0, 0, 40, 0.8);
    const arch = makeArch([{ id: 's', rooms: [{ id: 'c', name: 'Passage', exterior: corridor }] }]);
    const { result } = run(arch, fireFor('Sbf1108'));
    const detectors = Object.values(result.units.detectors);
    expect(detectors.length).toBe(Math.ceil(40 / (2 * Math.sqrt(6.2 ** 2 - 0.4 ** 2))));
    expect(
      worstDistance(
        [corridor],
        detectors.map((d) => [d.coord[0], d.coord[1]] as Pt),
      ).distance,
    ).toBeLessThanOrEqual(6.2);
    expect(result.validation.warnings).toContainEqual({
      warning_id: 'room_cramped:c',
      unit_id: '',
      section_id: '',
      message: "Room 'Passage' has no place that keeps the wall and air inlet distances",
    });
  });
});
