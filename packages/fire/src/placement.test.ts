import { describe, expect, it } from 'vitest';
import { REGULATIONS, type Regulation } from '@edrf/model';
import type { Pt } from './geometry/ring.js';
import { makeArch, rect, type RoomSpec } from './test-support/arch.js';
import { expectRoomDetected, fireFor, run } from './test-support/check-units.js';

const L_SHAPE: Pt[] = [
  [0, 0],
  [24, 0],
  [24, 7],
  [7, 7],
  [7, 22],
  [0, 22],
];
const U_SHAPE: Pt[] = [
  [0, 0],
  [30, 0],
  [30, 20],
  [22, 20],
  [22, 5],
  [8, 5],
  [8, 20],
  [0, 20],
];
const rotated = (ring: Pt[], angle: number): Pt[] =>
  ring.map(([x, y]) => [x * Math.cos(angle) - y * Math.sin(angle) + 11, x * Math.sin(angle) + y * Math.cos(angle) - 4]);

const CORRIDOR: RoomSpec = { id: 'r', exterior: rect(0, 0, 70, 1.8) };

const ROOMS: [string, RoomSpec][] = [
  ['a small office', { id: 'r', exterior: rect(0, 0, 4, 3) }],
  ['a rectangle', { id: 'r', exterior: rect(0, 0, 30, 20) }],
  ['a rotated hall', { id: 'r', exterior: rotated(rect(0, 0, 48, 31), 0.4) }],
  ['an L-shaped room', { id: 'r', exterior: L_SHAPE }],
  ['a U-shaped room', { id: 'r', exterior: U_SHAPE }],
  ['a corridor', CORRIDOR],
  ['a room with a hole', { id: 'r', exterior: rect(0, 0, 26, 18), interiors: [rect(10, 6, 5, 5)] }],
  ['a kitchen (heat detectors)', { id: 'r', exterior: rect(0, 0, 14, 9), type: 'Kitchen' }],
];

describe.each(REGULATIONS)('detectors under %s', (regulation: Regulation) => {
  it.each(ROOMS)('cover %s, inside the room, with close to the least number', (_, room) => {
    const arch = makeArch([{ id: 's', rooms: [room] }]);
    const fire = fireFor(regulation);
    const { result, stats } = run(arch, fire);
    // BS 5839-1: in a corridor at most 2 m wide only the centreline need be covered.
    const corridor = regulation === 'Bs5839' && room === CORRIDOR;
    const placed = expectRoomDetected(
      arch,
      fire,
      result,
      'r',
      [],
      corridor
        ? [
            [0, 0.9],
            [70, 0.9],
          ]
        : undefined,
    );
    // There, detectors 2 × 7.5 m apart along its 70 m: ceil(70 / 15).
    if (corridor) expect(placed.length).toBe(Math.ceil(70 / (2 * fire.config.unit.detector.Smoke.max_detector_distance)));
    const [figures] = stats;
    expect(figures!.detectors).toBe(placed.length);
    expect(placed.length / figures!.lower_bound).toBeLessThanOrEqual(1.5);
    expect(result.validation.warnings).toEqual([]);
    // Detectors just under the ceiling (F§9).
    for (const d of placed) expect(d.coord[2]).toBeCloseTo(2.95, 9);
  });

  it('keep away from air inlets', () => {
    const inlets: Pt[][] = [rect(5, 5, 0.6, 0.6), rect(14, 9, 0.6, 0.6), rect(7.2, 2.7, 0.6, 0.6)];
    const arch = makeArch([
      { id: 's', rooms: [{ id: 'r', exterior: rect(0, 0, 20, 12) }], vents: inlets.map((ring, i) => ({ id: `v${i}`, ring })) },
    ]);
    const fire = fireFor(regulation);
    const { result } = run(arch, fire);
    expectRoomDetected(arch, fire, result, 'r', inlets);
  });
});

describe('user-placed detectors', () => {
  it('are kept, counted, and only what is missing is added', () => {
    const arch = makeArch([{ id: 's', rooms: [{ id: 'r', exterior: rect(0, 0, 30, 8) }] }]);
    const mine = { id: 'mine', storey_id: 's', product_id: '', coord: [3, 4, 2.9] as [number, number, number], hidden: false };
    const fire = fireFor('Sbf1108', { detectors: { mine } });
    const { result } = run(arch, fire);
    expect(result.units.detectors.mine).toEqual(mine);
    const placed = expectRoomDetected(arch, fire, result, 'r');
    // 240 m² at 75 m² a detector: 4, one of them the user's.
    expect(placed.length).toBeLessThanOrEqual(5);
    expect(Object.keys(result.units.detectors).filter((id) => id !== 'mine').length).toBe(placed.length - 1);
  });

  it('a detector too near a wall is kept and warned about', () => {
    const arch = makeArch([{ id: 's', rooms: [{ id: 'r', exterior: rect(0, 0, 6, 6) }] }]);
    const fire = fireFor('Sbf1108', { detectors: { d: { id: 'd', storey_id: 's', product_id: '', coord: [0.2, 3, 2.9], hidden: false } } });
    const { result } = run(arch, fire);
    expect(result.validation.warnings).toContainEqual({
      warning_id: 'detector_near_wall:d',
      unit_id: 'd',
      section_id: '',
      message: 'Detector is 0.20 m from a wall, closer than 0.5 m',
    });
  });
});

describe('rooms by type', () => {
  it('shafts get one detector at the top only, within max_shaft_distance of it', () => {
    const shaft = rect(0, 0, 2, 2);
    const arch = makeArch(
      ['s0', 's1', 's2'].map((id) => ({
        id,
        rooms: [
          { id: `${id}-shaft`, exterior: shaft, type: 'Shaft' as const },
          { id: `${id}-room`, exterior: rect(2, 0, 6, 5) },
        ],
      })),
    );
    const fire = fireFor('Bs5839');
    const { result } = run(arch, fire);
    const inShafts = Object.values(result.units.detectors).filter((d) => d.coord[0] < 2);
    expect(inShafts).toHaveLength(1);
    expect(inShafts[0]!.storey_id).toBe('s2');
    expect(9 - inShafts[0]!.coord[2]).toBeLessThanOrEqual(fire.config.unit.detector.Smoke.max_shaft_distance);
  });

  it('balconies and (under SBF) small bathrooms get no detector', () => {
    const arch = makeArch([
      {
        id: 's',
        rooms: [
          { id: 'balcony', exterior: rect(0, 0, 5, 3), type: 'Balcony' },
          { id: 'wc', exterior: rect(5, 0, 3, 3), type: 'Bathroom' },
          { id: 'bath', exterior: rect(8, 0, 4, 4), type: 'Bathroom' },
        ],
      },
    ]);
    const detectedRooms = (regulation: Regulation) =>
      Object.values(run(arch, fireFor(regulation)).result.units.detectors).map((d) =>
        d.coord[0] < 5 ? 'balcony' : d.coord[0] < 8 ? 'wc' : 'bath',
      );
    expect(detectedRooms('Sbf1108')).toEqual(['bath']);
    expect(detectedRooms('Bs5839')).toEqual([]);
    expect(detectedRooms('Nfpa72').sort()).toEqual(['bath', 'wc']);
  });
});
