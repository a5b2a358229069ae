import fs from 'node:fs';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import { configureClipper } from '@edrf/geometry';
import type { Point2 } from '@edrf/model';
import { checkRoomShape, roomsOverlapped, validRoomShapes } from './geometry-client';
import { rect } from './arch/test-arch';

describe('room shape check (P§5), as the page asks it', () => {
  it('accepts a simple outline of at least 0.1 m2 and refuses the others', async () => {
    expect(await checkRoomShape(rect(0, 0, 2, 3))).toBe(true);
    expect(await checkRoomShape(rect(0, 0, 1, 0.1))).toBe(true);
    expect(
      await checkRoomShape([
        [0, 0],
        [1, 1],
      ]),
    ).toBe(false);
    expect(await checkRoomShape(rect(0, 0, 1, 0.09))).toBe(false);
    expect(
      await checkRoomShape([
        [0, 0],
        [2, 2],
        [2, 0],
        [0, 2],
      ]),
    ).toBe(false);
  });

  it('answers every outline of a large request, split into batches, in order', async () => {
    const rings: Point2[][] = Array.from({ length: 600 }, (_, i) => (i % 3 === 0 ? rect(0, 0, 0.1, 0.1) : rect(i, 0, i + 1, 1)));
    const valid = await validRoomShapes(rings);
    expect(valid).toHaveLength(600);
    expect(valid.filter((v) => !v)).toHaveLength(200);
    expect(valid[0]).toBe(false);
    expect(valid[1]).toBe(true);
  });
});

describe('a room drawn over others', () => {
  // The bundle hands Clipper2 its .wasm by URL; here the file's bytes stand in for the fetch.
  beforeAll(() =>
    configureClipper({ wasmBinary: fs.readFileSync(createRequire(import.meta.url).resolve('clipper2-wasm/dist/es/clipper2z.wasm')) }),
  );
  const room = (id: string, exterior: Point2[]) => ({ id, shape: { exterior, interiors: [] } });
  it('names the rooms it covers part of, not those it only touches or lies apart from', async () => {
    const rooms = [room('k', rect(0, 0, 4, 3)), room('o', rect(4, 0, 7, 3)), room('far', rect(20, 20, 21, 21))];
    expect(await roomsOverlapped(rect(3, 1, 5, 2), rooms)).toEqual(['k', 'o']);
    expect(await roomsOverlapped(rect(7, 0, 9, 3), rooms)).toEqual([]);
    expect(await roomsOverlapped(rect(3.999, 0, 4.5, 3), rooms)).toEqual(['o']);
  });
});
