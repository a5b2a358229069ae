import { describe, expect, it } from 'vitest';
import type { Arch } from '@edrf/model';
import { indexBuilding, type StoreyInfo } from '../building.js';
import type { Pt } from '../geometry/ring.js';
import { makeArch, rect, type DoorSpec, type RoomSpec } from '../test-support/arch.js';
import { realBuilding, realModelsPresent } from '../test-support/real-building.js';
import { firstTooFarBoth } from './buttons.js';
import { doorInfo, roomOf, type DoorInfo } from './doors.js';
import { roomAt } from '../building.js';

/** A deterministic random sequence in [0, 1). */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

/** A grid of rooms of random widths and depths, a door between each two neighbours and to the outside on the edges. */
function gridArch(seed: number, n: number): Arch {
  const r = random(seed);
  const xs = [0];
  const ys = [0];
  for (let i = 0; i < n; i++) xs.push(xs[i]! + 3 + r() * 20);
  for (let i = 0; i < n; i++) ys.push(ys[i]! + 3 + r() * 20);
  const rooms: RoomSpec[] = [];
  const doors: DoorSpec[] = [];
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) {
      rooms.push({ id: `r${i}-${j}`, exterior: rect(xs[i]!, ys[j]!, xs[i + 1]! - xs[i]!, ys[j + 1]! - ys[j]!) });
      // A door on the room's right and top walls (left and bottom at the edge), most of the time.
      const y = ys[j]! + 1;
      if (r() < 0.8) doors.push({ id: `x${i}-${j}`, left: [xs[i + 1]!, y], right: [xs[i + 1]!, y + 1], exterior: i === n - 1 });
      const x = xs[i]! + 1;
      if (r() < 0.8) doors.push({ id: `y${i}-${j}`, left: [x, ys[j + 1]!], right: [x + 1, ys[j + 1]!], exterior: j === n - 1 });
    }
  return makeArch([{ id: 'g', rooms, doors }]);
}

const doorsOf = (arch: Arch, storey: StoreyInfo): DoorInfo[] =>
  storey.storey.doors.flatMap((id) => {
    const info = arch.doors[id] && doorInfo(arch.doors[id], storey);
    return info ? [info] : [];
  });

describe("the call point check's travel distance", () => {
  it('finds the same first point too far with the rooms within the limit by their box skipped', () => {
    let found = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const arch = gridArch(seed, 6);
      const storey = indexBuilding(arch).storeys[0]!;
      const doors = doorsOf(arch, storey);
      const r = random(seed * 7);
      const size = Math.max(...storey.rooms.map((room) => room.rings[0]!.flatMap((p) => [...p])).flat());
      const points: Pt[] = Array.from({ length: 1 + (seed % 5) }, () => [r() * size, r() * size]);
      for (const limit of [5, 15, 30, 60, 120]) {
        const { pruned, plain } = firstTooFarBoth(storey, doors, points, limit);
        expect(pruned).toEqual(plain);
        if (plain) found++;
      }
    }
    // Both answers were compared where a point is too far and where none is.
    expect(found).toBeGreaterThan(20);
    expect(found).toBeLessThan(190);
  });

  it('finds a point’s room by the rooms’ boxes as the storey’s first room holding it', () => {
    const arch = gridArch(3, 5);
    const storey = indexBuilding(arch).storeys[0]!;
    const r = random(5);
    for (let k = 0; k < 500; k++) {
      const [x, y] = [r() * 80 - 5, r() * 80 - 5];
      expect(roomOf(storey, x, y)).toBe(roomAt(storey, x, y));
    }
    // On the shared walls and corners too.
    for (const room of storey.rooms) for (const [x, y] of room.rings[0]!) expect(roomOf(storey, x, y)).toBe(roomAt(storey, x, y));
  });

  it.skipIf(!realModelsPresent())(
    'agrees on every storey of the 185,000 m² real-geometry building',
    async () => {
      const { arch } = await realBuilding({});
      const r = random(11);
      for (const storey of indexBuilding(arch).storeys) {
        if (storey.rooms.length === 0) continue;
        const doors = doorsOf(arch, storey);
        // Call points at some doors' middles, as a design puts them.
        const points = doors.filter(() => r() < 0.15).map((d) => d.mid);
        for (const limit of [10, 30]) {
          const { pruned, plain } = firstTooFarBoth(storey, doors, points, limit);
          expect(pruned?.room.room.id).toBe(plain?.room.room.id);
          expect(pruned?.distance).toBe(plain?.distance);
        }
      }
    },
    300_000,
  );
});
