import { describe, expect, it } from 'vitest';
import { indexBuilding, roomAt } from '../building.js';
import { makeArch, rect } from '../test-support/arch.js';
import { generatedBuilding } from '../test-support/generated-building.js';
import { seededRandom } from '../test-support/random.js';
import { BuildingView } from './building-view.js';

describe('BuildingView', () => {
  it('finds the room of a point as building.ts roomAt does, storey by storey', () => {
    const arch = generatedBuilding(3);
    const index = indexBuilding(arch);
    const view = new BuildingView(arch);
    const random = seededRandom(7);
    let inRooms = 0;
    for (let k = 0; k < 3000; k++) {
      const storey = index.storeys[Math.floor(random() * index.storeys.length)]!;
      const [x, y] = [random() * 195 - 5, random() * 60 - 5];
      const expected = roomAt(storey, x, y)?.room.id;
      expect(view.roomAt(storey.storey.id, x, y)?.room.id, `${storey.storey.id} ${x} ${y}`).toBe(expected);
      if (expected) inRooms++;
    }
    expect(inRooms).toBeGreaterThan(2000);
  });

  it('reads a room on the first storey listing it, leaves out one with a bad outline, and knows no other storey', () => {
    const arch = makeArch([
      {
        id: 'S0',
        rooms: [
          { id: 'twice', exterior: rect(0, 0, 5, 5) },
          // Crosses itself.
          {
            id: 'bow',
            exterior: [
              [10, 0],
              [15, 5],
              [15, 0],
              [10, 5],
            ],
          },
        ],
      },
      { id: 'S1', rooms: [{ id: 'upper', exterior: rect(0, 0, 5, 5) }] },
    ]);
    arch.storeys.S1!.rooms.push('twice');
    const view = new BuildingView(arch);
    expect(view.room('twice')?.storey.id).toBe('S0');
    expect(view.roomAt('S1', 2, 2)?.room.id).toBe('upper');
    expect(view.room('bow')).toBeUndefined();
    expect(view.roomAt('S9', 2, 2)).toBeUndefined();
    expect(view.holds('upper', 2, 2)).toBe(true);
    expect(view.holds('upper', 6, 2)).toBe(false);
  });
});
