import { describe, expect, it } from 'vitest';
import type { Point2 } from '@edrf/model';
import { checkRoomShape, validRoomShapes } from './geometry-client';
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
