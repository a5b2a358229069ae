import { describe, expect, it } from 'vitest';
import { makeArch, rect } from './test-support/arch.js';
import { unitRooms } from './unit-rooms.js';

// Placed by hand: a hall with a hole that holds a store room; an office beyond a 0.2 m wall (x 10…10.2) with a door
// in it (y 4…5); an attic over both; an empty storey.
const arch = makeArch([
  {
    id: 'P1',
    rooms: [
      { id: 'hall', exterior: rect(0, 0, 10, 10), interiors: [rect(4, 4, 2, 2)] },
      { id: 'store', exterior: rect(4, 4, 2, 2) },
      { id: 'office', exterior: rect(10.2, 0, 5, 10) },
    ],
    doors: [{ id: 'door', left: [10.1, 4], right: [10.1, 5] }],
  },
  { id: 'P2', rooms: [{ id: 'attic', exterior: rect(0, 0, 15.2, 10) }] },
  { id: 'P3', rooms: [] },
]);

const roomIds = (units: Parameters<typeof unitRooms>[1]) =>
  Object.fromEntries([...unitRooms(arch, units)].map(([unit, room]) => [unit, room.id]));

describe('unitRooms', () => {
  it('gives the room of its own storey that holds the point, a hole being the room inside it', () => {
    expect(
      roomIds([
        { id: 'a', storey_id: 'P1', coord: [1, 1, 2.9] },
        { id: 'b', storey_id: 'P1', coord: [5, 5, 2.9] },
        { id: 'c', storey_id: 'P1', coord: [12, 5, 1] },
        { id: 'd', storey_id: 'P2', coord: [5, 5, 5.9] },
        { id: 'e', storey_id: 'P2', coord: [12, 5, 5.9] },
      ]),
    ).toEqual({ a: 'hall', b: 'store', c: 'office', d: 'attic', e: 'attic' });
  });

  it('gives a point in the wall at a door the door room nearest it, a point outdoors the nearest room', () => {
    expect(
      roomIds([
        // In the wall beside the door: 0.06 m from the hall, 0.14 m from the office.
        { id: 'jamb', storey_id: 'P1', coord: [10.06, 3.9, 1], door_id: 'door' },
        { id: 'jamb2', storey_id: 'P1', coord: [10.16, 5.1, 1] },
        // 4.8 m east of the office, 10 m from the hall.
        { id: 'outdoors', storey_id: 'P1', coord: [20, 5, 1] },
      ]),
    ).toEqual({ jamb: 'hall', jamb2: 'office', outdoors: 'office' });
  });

  it('leaves out a unit on a storey without rooms and one on a storey the model does not have', () => {
    expect(
      roomIds([
        { id: 'empty', storey_id: 'P3', coord: [1, 1, 7] },
        { id: 'nowhere', storey_id: 'P9', coord: [1, 1, 1] },
      ]),
    ).toEqual({});
  });
});
