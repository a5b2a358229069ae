import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { collectionSchema, idReferenceRegistry, idRef, optionalIdRef, orderedListSchema, polygonSchema } from './primitives.js';

describe('collectionSchema', () => {
  const items = collectionSchema(z.object({ id: z.string() }));
  it('keys items by id and refuses an id that differs from its key', () => {
    expect(items.parse({ a: { id: 'a' } })).toEqual({ a: { id: 'a' } });
    expect(items.parse(undefined)).toEqual({});
    expect(items.safeParse({ a: { id: 'b' } }).error?.issues[0]).toMatchObject({
      path: ['a', 'id'],
      message: "Id 'b' differs from its key 'a'",
    });
    expect(items.safeParse([{ id: 'a' }]).success).toBe(false);
  });
});

describe('orderedListSchema', () => {
  it('keeps the order and refuses a repeated id', () => {
    const list = orderedListSchema(z.object({ id: z.string() }));
    expect(list.parse([{ id: 'b' }, { id: 'a' }])).toEqual([{ id: 'b' }, { id: 'a' }]);
    expect(list.safeParse([{ id: 'a' }, { id: 'a' }]).error?.issues[0]).toMatchObject({ path: [1, 'id'] });
  });
});

describe('idRef and optionalIdRef', () => {
  it('are registered as references; a required one refuses ""', () => {
    const required = idRef();
    expect(idReferenceRegistry.get(required)).toEqual({ optional: false });
    expect(required.safeParse('').success).toBe(false);
    const optional = optionalIdRef();
    expect(optional.parse(undefined)).toBe('');
    expect(idReferenceRegistry.get(optional.unwrap())).toEqual({ optional: true });
  });
});

describe('polygonSchema', () => {
  it('needs at least a triangle and defaults interiors to none', () => {
    expect(
      polygonSchema.parse({
        exterior: [
          [0, 0],
          [1, 0],
          [0, 1],
        ],
      }),
    ).toEqual({
      exterior: [
        [0, 0],
        [1, 0],
        [0, 1],
      ],
      interiors: [],
    });
    expect(
      polygonSchema.safeParse({
        exterior: [
          [0, 0],
          [1, 0],
        ],
      }).success,
    ).toBe(false);
    expect(
      polygonSchema.safeParse({
        exterior: [
          [0, 0],
          [1, 0],
          [0, Infinity],
        ],
      }).success,
    ).toBe(false);
  });
});
