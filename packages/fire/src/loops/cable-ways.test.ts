import { describe, expect, it } from 'vitest';
import { detectorSchema, newRack, newTray, type Arch, type Elec, type Fire, type Route } from '@edrf/model';
import { routeWallCrossings } from '../cabling/wall-crossings.js';
import { makeArch, rect, type StoreySpec } from '../test-support/arch.js';
import { fireFor } from '../test-support/check-units.js';
import { centralIn } from '../test-support/centrals.js';
import { calcFireCabling } from './calc-cabling.js';

type P3 = [number, number, number];

/** A fire model of detectors at these points (by storey), a rack with the catalogue's first central at `rack`. */
function fireWith(detectors: [string, P3][], rack: [string, P3]): Fire {
  const fire = fireFor('Sbf1108');
  fire.units.detectors = Object.fromEntries(
    detectors.map(([storey_id, coord], k) => [`d${k}`, detectorSchema.parse({ id: `d${k}`, storey_id, coord })]),
  );
  fire.units.racks = { r1: newRack('r1', rack[0], rack[1]) };
  fire.connections.centrals = { c1: centralIn('c1', 'r1', fire.config.products.centrals[0]!) };
  return fire;
}

const loopsOf = (arch: Arch, fire: Fire, elec?: Elec): Route[] =>
  Object.values(calcFireCabling({ arch, elec, fire }).connections.routes).filter((r) => r.kind === 'Loop');

/** Where the route changes storey: the plan points it leaves one storey and enters the next, with the two storeys. */
function storeyChanges(route: Route) {
  return route.slices.slice(1).map((slice, k) => {
    const out = route.slices[k]!.nodes.at(-1)!.coord;
    const into = slice.nodes[0]!.coord;
    return { from: route.slices[k]!.storey_id, to: slice.storey_id, out, into };
  });
}

const inRect = ([x, y]: readonly number[], [x0, y0, w, h]: [number, number, number, number], slack = 1e-6) =>
  x! >= x0 - slack && x! <= x0 + w + slack && y! >= y0 - slack && y! <= y0 + h + slack;

describe('cables change storey one storey at a time, where a cable can rise', () => {
  it('a loop from the ground storey to units on the top passes the middle storey both ways and rises at the stair', () => {
    // Three storeys, each a 20 × 10 m hall and a stairwell east of it (x 20–24), a door between them.
    const STAIR: [number, number, number, number] = [20, 0, 4, 10];
    const storey = (id: string, min_z: number): StoreySpec => ({
      id,
      min_z,
      max_z: min_z + 3,
      rooms: [
        { id: `${id}-hall`, exterior: rect(0, 0, 20, 10) },
        { id: `${id}-stair`, type: 'Stairwell', exterior: rect(...STAIR) },
      ],
      doors: [{ id: `${id}-d`, left: [20, 4], right: [20, 5] }],
    });
    const arch = makeArch([storey('g', 0), storey('m', 3), storey('t', 6)]);
    const fire = fireWith(
      [
        ['t', [4, 5, 8.9]],
        ['t', [10, 5, 8.9]],
        ['t', [16, 5, 8.9]],
      ],
      ['g', [2, 2, 0.1]],
    );
    const [loop, ...more] = loopsOf(arch, fire);
    expect(more).toEqual([]);
    expect(loop!.slices.map((s) => s.storey_id)).toEqual(['g', 'm', 't', 'm', 'g']);
    for (const change of storeyChanges(loop!)) {
      // Up or down by one storey, in the stairwell, straight up (one plan point).
      expect(inRect(change.out, STAIR), `${change.from}→${change.to}`).toBe(true);
      expect(Math.hypot(change.out[0] - change.into[0], change.out[1] - change.into[1])).toBeLessThan(0.01);
    }
  });

  it('without a stair, rises beside a wall both storeys have, one storey at a time, not at a room’s centre', () => {
    // Two 10 × 10 m rooms side by side on each of three storeys, a door between them; no stairwell, shaft, stair or tray.
    const storey = (id: string, min_z: number): StoreySpec => ({
      id,
      min_z,
      max_z: min_z + 3,
      rooms: [
        { id: `${id}-w`, exterior: rect(0, 0, 10, 10) },
        { id: `${id}-e`, exterior: rect(10, 0, 10, 10) },
      ],
      doors: [{ id: `${id}-d`, left: [10, 4], right: [10, 5] }],
    });
    const arch = makeArch([storey('g', 0), storey('m', 3), storey('t', 6)]);
    const fire = fireWith(
      [
        ['t', [13, 3, 8.9]],
        ['t', [17, 7, 8.9]],
      ],
      ['g', [3, 3, 0.1]],
    );
    const [loop] = loopsOf(arch, fire);
    expect(loop!.slices.map((s) => s.storey_id)).toEqual(['g', 'm', 't', 'm', 'g']);
    const corners = [0, 10, 20].flatMap((x) => [0, 10].map((y) => [x, y] as const));
    for (const change of storeyChanges(loop!)) {
      expect(Math.hypot(change.out[0] - change.into[0], change.out[1] - change.into[1])).toBeLessThan(0.01);
      // Beside a corner of the rooms (the walls stand over each other), within half a metre; far from both centres.
      const corner = Math.min(...corners.map(([x, y]) => Math.hypot(change.out[0] - x, change.out[1] - y)));
      expect(corner).toBeLessThan(0.5);
      for (const c of [
        [5, 5],
        [15, 5],
      ])
        expect(Math.hypot(change.out[0] - c[0]!, change.out[1] - c[1]!)).toBeGreaterThan(4);
    }
  });
});

describe('a riser tray past a storey', () => {
  it('stops at the storey it passes: the loop rises up the tray one storey at a time', () => {
    const storey = (id: string, min_z: number): StoreySpec => ({
      id,
      min_z,
      max_z: min_z + 3,
      rooms: [
        { id: `${id}-w`, exterior: rect(0, 0, 10, 10) },
        { id: `${id}-e`, exterior: rect(10, 0, 10, 10) },
      ],
      doors: [{ id: `${id}-d`, left: [10, 4], right: [10, 5] }],
    });
    const arch = makeArch([storey('g', 0), storey('m', 3), storey('t', 6)]);
    // One vertical tray from the ground storey's ceiling to the top storey's, in the west room's north-west corner.
    const elec: Elec = { trays: { v: newTray('v', 'g', [0.5, 9.5, 2.9], [0.5, 9.5, 8.9], 't') } };
    const fire = fireWith(
      [
        ['t', [13, 3, 8.9]],
        ['t', [17, 7, 8.9]],
      ],
      ['g', [3, 3, 0.1]],
    );
    const [loop] = loopsOf(arch, fire, elec);
    expect(loop!.slices.map((s) => s.storey_id)).toEqual(['g', 'm', 't', 'm', 'g']);
    for (const change of storeyChanges(loop!)) {
      expect(Math.hypot(change.out[0] - 0.5, change.out[1] - 9.5)).toBeLessThan(0.01);
      expect(Math.hypot(change.into[0] - 0.5, change.into[1] - 9.5)).toBeLessThan(0.01);
    }
  });
});

describe('cables go through doorways and wall openings, and through a wall only where that saves more than the hole', () => {
  // Rooms A (x 0–10) and B (x 10–20), 10 m deep, sharing the wall x = 10.
  const twoRooms = (depth: number, door?: [number, number]) =>
    makeArch([
      {
        id: 's',
        rooms: [
          { id: 'A', exterior: rect(0, 0, 10, depth) },
          { id: 'B', exterior: rect(10, 0, 10, depth) },
        ],
        doors: door ? [{ id: 'door', left: [10, door[0]], right: [10, door[1]] }] : [],
      },
    ]);

  it('takes a wall opening without a door as a passage: no hole, the cable through the opening', () => {
    const arch = twoRooms(10);
    // An archway near the north end of the shared wall, 1 m wide, in the wall's thickness.
    arch.wall_openings.o1 = {
      id: 'o1',
      global_id: '',
      wall_id: '',
      shape: { exterior: rect(9.9, 8.5, 0.2, 1), interiors: [] },
      min_z: 0,
      max_z: 2.1,
    };
    arch.storeys.s!.wall_openings.push('o1');
    // The rack and the units at the south end: straight through the wall is 10 m, round by the opening about 20 m.
    const fire = fireWith(
      [
        ['s', [12, 1, 2.9]],
        ['s', [18, 1, 2.9]],
      ],
      ['s', [2, 1, 0.1]],
    );
    const [loop] = loopsOf(arch, fire);
    expect(routeWallCrossings(arch, loop!)).toEqual([]);
    const nodes = loop!.slices.flatMap((s) => s.nodes.map((n) => n.coord));
    expect(nodes.some((c) => inRect(c, [9.9, 8.5, 0.2, 1], 0.05))).toBe(true);
  });

  it('crosses the wall where the only door is farther round than the hole costs, each crossing counted', () => {
    // The door 45 m north of the rack and the unit: round by it is 90 m more than straight through.
    const arch = twoRooms(50, [48, 49]);
    const fire = fireWith([['s', [12, 1, 2.9]]], ['s', [2, 1, 0.1]]);
    const [loop] = loopsOf(arch, fire);
    // Out and back, each through the wall once. Round by the door would be at least 2 × (10 + 2 × 47) m; through the
    // wall at its nearest passage (passages stand along a 50 m wall every 12.5 m, the first 6.25 m from its end) at
    // most 2 × (10 + 2 × 6.25) m and the drops to the units.
    expect(routeWallCrossings(arch, loop!).length).toBe(2);
    const nodes = loop!.slices.flatMap((s) => s.nodes.map((n) => n.coord));
    const metres = nodes.slice(1).reduce((s, c, k) => s + Math.hypot(c[0] - nodes[k]![0], c[1] - nodes[k]![1], c[2] - nodes[k]![2]), 0);
    expect(metres).toBeLessThan(2 * (10 + 2 * 6.25 + 3));
  });

  it('goes round by the door where the detour is shorter than the hole costs', () => {
    // The door 9 m north: round by it costs about 12 m more than through the wall, less than a hole.
    const arch = twoRooms(12, [9.5, 10.5]);
    const fire = fireWith([['s', [12, 1, 2.9]]], ['s', [2, 1, 0.1]]);
    const [loop] = loopsOf(arch, fire);
    expect(routeWallCrossings(arch, loop!)).toEqual([]);
  });
});
