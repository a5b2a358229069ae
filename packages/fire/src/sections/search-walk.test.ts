import { describe, expect, it } from 'vitest';
import { indexBuilding } from '../building.js';
import type { Pt } from '../geometry/ring.js';
import { makeArch, rect, type DoorSpec, type RoomSpec } from '../test-support/arch.js';
import { fireFor } from '../test-support/check-units.js';
import { seededRandom } from '../test-support/random.js';
import { calcFireUnits } from '../calc-units.js';
import { calcFireSections } from './calc-sections.js';
import { extentOf, walkSamples, type WalkDoor, type WalkPiece } from './extent.js';
import { searchWalker } from './search-walk.js';
import { sectionBuilding } from './section-index.js';

/**
 * The oracle: the search walk computed the straightforward way (issue 33's first version), every entrance and every
 * point tried, nothing cached or cut short. The fast walker must give the same number, bit for bit.
 */
function straightforward(pieces: readonly WalkPiece[], doors: readonly WalkDoor[]): number {
  const roomIds = [...new Set(pieces.map((p) => p.roomId))];
  const inside = new Set(roomIds);
  const own = doors.filter((d) => d.rooms.some((r) => inside.has(r)));
  const doorsOf = new Map(roomIds.map((id) => [id, own.flatMap((d, k) => (d.rooms.includes(id) ? [k] : []))]));
  if (roomIds.some((id) => doorsOf.get(id)!.length === 0))
    return roomIds.length === 1 ? extentOf(pieces.flatMap((p) => p.rings)) : Infinity;
  const leading = own.filter((d) => d.rooms.length === 1 || d.rooms.some((r) => !inside.has(r)));
  const gap = (a: Pt, b: Pt) => Math.hypot(a[0] - b[0], a[1] - b[1]);
  let best = Infinity;
  for (const entrance of leading.length > 0 ? leading : own) {
    const dist = own.map(() => Infinity);
    const done = own.map(() => false);
    dist[own.indexOf(entrance)] = 0;
    for (;;) {
      let k = -1;
      for (let i = 0; i < own.length; i++) if (!done[i] && dist[i]! < Infinity && (k < 0 || dist[i]! < dist[k]!)) k = i;
      if (k < 0) break;
      done[k] = true;
      for (const room of own[k]!.rooms)
        if (inside.has(room)) for (const m of doorsOf.get(room)!) dist[m] = Math.min(dist[m]!, dist[k]! + gap(own[k]!.at, own[m]!.at));
    }
    let farthest = 0;
    for (const piece of pieces)
      for (const p of walkSamples(piece.rings)) {
        let d = Infinity;
        for (const k of doorsOf.get(piece.roomId)!) d = Math.min(d, dist[k]! + gap(own[k]!.at, p));
        farthest = Math.max(farthest, d);
      }
    best = Math.min(best, farthest);
  }
  return best;
}

/**
 * A storey of rows × cols rooms of random sizes (4 to 16 m), some cut into two strips (pieces of one room), doors on
 * shared walls at random (a wall may have none), some out of doors, and a door into a room that is no piece.
 */
function randomStorey(random: () => number, rows: number, cols: number): { pieces: WalkPiece[]; doors: WalkDoor[]; grid: number[][] } {
  const size = () => 4 + Math.floor(random() * 13);
  const widths = Array.from({ length: cols }, size);
  const heights = Array.from({ length: rows }, size);
  const x = (c: number) => widths.slice(0, c).reduce((s, w) => s + w, 0);
  const y = (r: number) => heights.slice(0, r).reduce((s, h) => s + h, 0);
  const id = (r: number, c: number) => `r${r}c${c}`;
  const pieces: WalkPiece[] = [];
  const grid: number[][] = [];
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) {
      const [x0, y0, w, h] = [x(c), y(r), widths[c]!, heights[r]!];
      const k = pieces.length;
      if (random() < 0.2) {
        pieces.push({ roomId: id(r, c), rings: [rect(x0, y0, w / 2, h)] }, { roomId: id(r, c), rings: [rect(x0 + w / 2, y0, w / 2, h)] });
        grid.push([k, k + 1]);
      } else {
        pieces.push({ roomId: id(r, c), rings: [rect(x0, y0, w, h)] });
        grid.push([k]);
      }
    }
  const doors: WalkDoor[] = [];
  const along = (a: number, b: number) => a + 1 + random() * (b - a - 2);
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) {
      if (c + 1 < cols && random() < 0.85) doors.push({ at: [x(c + 1), along(y(r), y(r + 1))], rooms: [id(r, c), id(r, c + 1)] });
      if (r + 1 < rows && random() < 0.85) doors.push({ at: [along(x(c), x(c + 1)), y(r + 1)], rooms: [id(r, c), id(r + 1, c)] });
      if (r === 0 && random() < 0.3) doors.push({ at: [along(x(c), x(c + 1)), 0], rooms: [id(r, c)] });
      if (c === 0 && random() < 0.1) doors.push({ at: [0, along(y(r), y(r + 1))], rooms: [id(r, c), 'lobby'] });
    }
  return { pieces, doors, grid };
}

/** A random part: the pieces of rooms reached by a random walk over the grid (joined or not by doors), or any rooms. */
function randomPart(random: () => number, grid: readonly number[][], rows: number, cols: number): number[] {
  const cells = new Set<number>();
  const count = 1 + Math.floor(random() * Math.min(12, rows * cols));
  if (random() < 0.2) while (cells.size < count) cells.add(Math.floor(random() * rows * cols));
  else {
    let at = Math.floor(random() * rows * cols);
    for (let step = 0; step < 4 * count && cells.size < count; step++) {
      cells.add(at);
      const [r, c] = [Math.floor(at / cols), at % cols];
      const moves = [
        [r + 1, c],
        [r - 1, c],
        [r, c + 1],
        [r, c - 1],
      ].filter(([a, b]) => a! >= 0 && a! < rows && b! >= 0 && b! < cols);
      const [a, b] = moves[Math.floor(random() * moves.length)]!;
      at = a! * cols + b!;
    }
  }
  // Now and then only one strip of a room cut in two.
  return [...cells].flatMap((cell) => (grid[cell]!.length > 1 && random() < 0.2 ? [grid[cell]![0]!] : grid[cell]!));
}

describe('the fast search walk gives the straightforward answers (issue 33, item 5)', () => {
  it('on random door-joined grids: the same distance, bit for bit, and the same verdict against any limit', () => {
    const random = seededRandom(33);
    let walkable = 0;
    for (let storey = 0; storey < 30; storey++) {
      const [rows, cols] =
        storey % 3 === 0 ? [1, 4 + Math.floor(random() * 10)] : [2 + Math.floor(random() * 4), 2 + Math.floor(random() * 5)];
      const { pieces, doors, grid } = randomStorey(random, rows, cols);
      const walker = searchWalker(pieces, doors);
      for (let trial = 0; trial < 40; trial++) {
        const part = randomPart(random, grid, rows, cols);
        const expected = straightforward(
          part.map((k) => pieces[k]!),
          doors,
        );
        // The answer does not depend on the order the partitioner lists the pieces in.
        const shuffled = [...part].sort(() => random() - 0.5);
        expect(walker.distance(shuffled)).toBe(expected);
        if (expected < Infinity) walkable++;
        for (const limit of [expected, expected * (1 - 1e-12), expected - 0.5, expected + 0.5, 30, 60])
          expect(walker.within(shuffled, limit), `limit ${limit} against ${expected}`).toBe(expected <= limit);
      }
    }
    // The cases are not all unwalkable ones: most parts walk to a number.
    expect(walkable).toBeGreaterThan(600);
  });
});

describe('BS 5839 sections on random door-joined grids', () => {
  it('makes sections each walked within 60 m by the straightforward walk, with no search distance warning', () => {
    const random = seededRandom(5839);
    for (let building = 0; building < 4; building++) {
      const rows = 2 + Math.floor(random() * 3);
      const cols = 6 + Math.floor(random() * 6);
      const rooms: RoomSpec[] = [];
      const doorSpecs: DoorSpec[] = [];
      const id = (r: number, c: number) => `r${r}c${c}`;
      for (let r = 0; r < rows; r++)
        for (let c = 0; c < cols; c++) {
          rooms.push({ id: id(r, c), exterior: rect(c * 10, r * 8, 10, 8) });
          // Doors 1 m wide on shared walls, away from the corners; a west door out on the first column.
          const [dx, dy] = [c * 10 + 2 + random() * 5, r * 8 + 2 + random() * 3];
          if (c + 1 < cols && random() < 0.7) doorSpecs.push({ id: `h${r}-${c}`, left: [(c + 1) * 10, dy], right: [(c + 1) * 10, dy + 1] });
          if (r + 1 < rows && random() < 0.5) doorSpecs.push({ id: `v${r}-${c}`, left: [dx, (r + 1) * 8], right: [dx + 1, (r + 1) * 8] });
          if (c === 0) doorSpecs.push({ id: `out${r}`, left: [0, dy], right: [0, dy + 1], exterior: true });
        }
      const arch = makeArch([{ id: 'g', rooms, doors: doorSpecs }]);
      const fire = fireFor('Bs5839');
      fire.units = { ...fire.units, ...calcFireUnits({ arch, fire }).units };
      const { sections, validation } = calcFireSections({
        settings: { sections: true, labels: false, addresses: false },
        model: { arch, fire },
      });
      const walkDoors = sectionBuilding(indexBuilding(arch), arch.doors).walkDoors[0]!;
      const outline = (room: string) => [arch.rooms[room]!.shape.exterior as Pt[]];
      for (const section of Object.values(sections)) {
        const pieces = section.parts.map((p) => ({ roomId: p.room_id, rings: outline(p.room_id) }));
        expect(straightforward(pieces, walkDoors), section.name).toBeLessThanOrEqual(60);
      }
      expect(validation.warnings.filter((w) => w.warning_id.startsWith('section_search_distance'))).toEqual([]);
    }
  });
});
