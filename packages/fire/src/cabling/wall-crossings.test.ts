import { describe, expect, it } from 'vitest';
import type { Arch, Route } from '@edrf/model';
import { makeArch, rect, type DoorSpec, type RoomSpec } from '../test-support/arch.js';
import { seededRandom } from '../test-support/random.js';
import { routeWallCrossings } from './wall-crossings.js';

type P = [number, number];
const route = (...slices: { storey: string; pts: P[] }[]): Route => ({
  id: 'loop-1',
  product_id: '',
  kind: 'Loop',
  slices: slices.map(({ storey, pts }) => ({ storey_id: storey, nodes: pts.map(([x, y]) => ({ unit_id: '', coord: [x, y, 2.95] })) })),
});
const onS0 = (...pts: P[]) => route({ storey: 's0', pts });
/** Two 10 × 10 m rooms side by side, sharing the wall x = 10; `gap` apart when the wall has a thickness in the model. */
const pair = (doors: DoorSpec[] = [], gap = 0) =>
  makeArch([
    {
      id: 's0',
      rooms: [
        { id: 'A', exterior: rect(0, 0, 10 - gap / 2, 10) },
        { id: 'B', exterior: rect(10 + gap / 2, 0, 10 - gap / 2, 10) },
      ],
      doors,
    },
  ]);
const door = (x: number, y0: number, y1: number, id = 'd1'): DoorSpec => ({ id, left: [x, y0], right: [x, y1] });

describe('routeWallCrossings', () => {
  it('through a door: none', () => {
    expect(routeWallCrossings(pair([door(10, 4, 5)]), onS0([5, 5], [10, 4.5], [15, 5]))).toEqual([]);
  });

  it('through a door-less wall: one, where it crosses, naming both rooms', () => {
    expect(routeWallCrossings(pair(), onS0([5, 5], [15, 5]))).toEqual([{ storeyId: 's0', wallId: '', point: [10, 5], rooms: ['A', 'B'] }]);
  });

  it('through a wall with a door 3 m away: one', () => {
    expect(routeWallCrossings(pair([door(10, 0.5, 1.5)]), onS0([5, 5], [15, 5]))).toHaveLength(1);
  });

  it('through a wall of 0.2 m thickness: one, in its middle', () => {
    const crossings = routeWallCrossings(pair([], 0.2), onS0([5, 5], [15, 5]));
    expect(crossings).toHaveLength(1);
    expect(crossings[0]!.point[0]).toBeCloseTo(10, 9);
  });

  it('along a wall and back into the room: none', () => {
    expect(routeWallCrossings(pair(), onS0([5, 2], [10, 2], [10, 8], [5, 8]))).toEqual([]);
    expect(routeWallCrossings(pair([], 0.2), onS0([5, 2], [9.95, 2], [9.95, 8], [5, 8]))).toEqual([]);
  });

  it('out of one room across open space into another: both walls', () => {
    const arch = makeArch([
      {
        id: 's0',
        rooms: [
          { id: 'A', exterior: rect(0, 0, 10, 10) },
          { id: 'B', exterior: rect(15, 0, 10, 10) },
        ],
      },
    ]);
    const crossings = routeWallCrossings(arch, onS0([5, 5], [20, 5]));
    expect(crossings.map((c) => [c.point, c.rooms])).toEqual([
      [
        [10, 5],
        ['A', ''],
      ],
      [
        [15, 5],
        ['', 'B'],
      ],
    ]);
  });

  it('from a rack standing in no room into a room: its wall', () => {
    const arch = makeArch([{ id: 's0', rooms: [{ id: 'A', exterior: rect(0, 0, 10, 10) }] }]);
    expect(routeWallCrossings(arch, onS0([-3, 5], [5, 5])).map((c) => c.point)).toEqual([[0, 5]]);
  });

  it('a row of 13 door-less rooms: 12 crossings, at each shared wall', () => {
    const rooms: RoomSpec[] = Array.from({ length: 13 }, (_, i) => ({ id: `r${i}`, exterior: rect(10 * i, 0, 10, 10) }));
    const crossings = routeWallCrossings(makeArch([{ id: 's0', rooms }]), onS0([5, 5], [125, 5]));
    expect(crossings.map((c) => c.point[0])).toEqual(Array.from({ length: 12 }, (_, i) => 10 * (i + 1)));
  });

  it('counts a slice on its own storey only', () => {
    const arch = makeArch([
      {
        id: 's0',
        rooms: [
          { id: 'A', exterior: rect(0, 0, 10, 10) },
          { id: 'B', exterior: rect(10, 0, 10, 10) },
        ],
      },
      { id: 's1', rooms: [{ id: 'C', exterior: rect(0, 0, 20, 10) }] },
    ]);
    const r = route(
      {
        storey: 's0',
        pts: [
          [5, 5],
          [15, 5],
        ],
      },
      {
        storey: 's1',
        pts: [
          [15, 5],
          [5, 5],
        ],
      },
    );
    expect(routeWallCrossings(arch, r).map((c) => c.storeyId)).toEqual(['s0']);
  });

  it("names the model's wall, and passes through a wall opening", () => {
    const arch: Arch = pair([], 0.2);
    const storey = arch.storeys['s0']!;
    arch.walls['w1'] = {
      id: 'w1',
      global_id: '',
      type: 'Standard',
      fire_rating: '',
      enclosing_id: '',
      shape: { exterior: rect(9.9, 0, 0.2, 10).map(([x, y]) => [x, y, 0]), below: [], above: [] },
    };
    storey.walls.push('w1');
    expect(routeWallCrossings(arch, onS0([5, 5], [15, 5])).map((c) => c.wallId)).toEqual(['w1']);
    arch.wall_openings['o1'] = {
      id: 'o1',
      global_id: '',
      wall_id: 'w1',
      shape: { exterior: rect(9.9, 4, 0.2, 2), interiors: [] },
      min_z: 0,
      max_z: 3,
    };
    storey.wall_openings.push('o1');
    const fresh: Arch = structuredClone(arch); // The arch's storeys are read once per arch object.
    expect(routeWallCrossings(fresh, onS0([5, 5], [15, 5]))).toEqual([]);
    expect(routeWallCrossings(fresh, onS0([5, 8], [15, 8]))).toHaveLength(1);
  });

  it('where the model has walls, rooms meeting where none stands are an open plan: no crossing there', () => {
    const arch: Arch = pair([], 0.2);
    arch.walls['w1'] = {
      id: 'w1',
      global_id: '',
      type: 'Standard',
      fire_rating: '',
      enclosing_id: '',
      shape: { exterior: rect(9.9, 0, 0.2, 5).map(([x, y]) => [x, y, 0]), below: [], above: [] },
    };
    arch.storeys['s0']!.walls.push('w1');
    expect(routeWallCrossings(arch, onS0([5, 2], [15, 2])).map((c) => c.wallId)).toEqual(['w1']);
    expect(routeWallCrossings(arch, onS0([5, 8], [15, 8]))).toEqual([]);
  });

  it('on a grid of rooms with random doors, the grid lines crossed away from a door (counted independently)', () => {
    const rand = seededRandom(33);
    const [n, size] = [6, 5];
    for (let trial = 0; trial < 20; trial++) {
      const rooms: RoomSpec[] = [];
      for (let i = 0; i < n; i++)
        for (let j = 0; j < n; j++) rooms.push({ id: `r${i}-${j}`, exterior: rect(i * size, j * size, size, size) });
      // A 1 m door on some inner lines, at whole metres along the line.
      const vDoors: { x: number; y0: number }[] = [];
      const hDoors: { y: number; x0: number }[] = [];
      for (let k = 1; k < n; k++)
        for (let c = 0; c < n; c++) {
          if (rand() < 0.4) vDoors.push({ x: k * size, y0: c * size + Math.floor(rand() * 4) });
          if (rand() < 0.4) hDoors.push({ y: k * size, x0: c * size + Math.floor(rand() * 4) });
        }
      const doors: DoorSpec[] = [
        ...vDoors.map((d, i) => ({ id: `v${i}`, left: [d.x, d.y0] as P, right: [d.x, d.y0 + 1] as P })),
        ...hDoors.map((d, i) => ({ id: `h${i}`, left: [d.x0, d.y] as P, right: [d.x0 + 1, d.y] as P })),
      ];
      const arch = makeArch([{ id: 's0', rooms, doors }]);
      // A Manhattan walk on points a quarter metre off the whole and half metres: never on a grid line nor a door's end.
      const coord = () => Math.floor(rand() * n * size * 2) / 2 + 0.25;
      const pts: P[] = [[coord(), coord()]];
      for (let k = 0; k < 8; k++) {
        const [x, y] = pts[pts.length - 1]!;
        pts.push(k % 2 === 0 ? [coord(), y] : [x, coord()]);
      }
      let expected = 0;
      for (let k = 1; k < pts.length; k++) {
        const [[x0, y0], [x1, y1]] = [pts[k - 1]!, pts[k]!];
        for (let line = 1; line < n; line++) {
          const g = line * size;
          if (y0 === y1 && Math.min(x0, x1) < g && g < Math.max(x0, x1))
            expected += vDoors.some((d) => d.x === g && d.y0 < y0 && y0 < d.y0 + 1) ? 0 : 1;
          if (x0 === x1 && Math.min(y0, y1) < g && g < Math.max(y0, y1))
            expected += hDoors.some((d) => d.y === g && d.x0 < x0 && x0 < d.x0 + 1) ? 0 : 1;
        }
      }
      expect(routeWallCrossings(arch, onS0(...pts))).toHaveLength(expected);
    }
  });
});
