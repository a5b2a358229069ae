import { describe, expect, it } from 'vitest';
import { diffPaths, getIn, sameContent, setAllIn, setIn } from './paths';

describe('getIn and setIn', () => {
  const model = { config: { name: 'A' }, arch: { rooms: { r1: { name: 'Kitchen' } } }, list: [1, 2, 3] };

  it('read a path, undefined when a step is missing', () => {
    expect(getIn(model, ['arch', 'rooms', 'r1', 'name'])).toBe('Kitchen');
    expect(getIn(model, ['arch', 'rooms', 'r9', 'name'])).toBeUndefined();
    expect(getIn(model, ['list', 1])).toBe(2);
    expect(getIn(model, [])).toBe(model);
  });

  it('copy only the objects on the path', () => {
    const next = setIn(model, ['arch', 'rooms', 'r1', 'name'], 'Office');
    expect(next.arch.rooms.r1.name).toBe('Office');
    expect(model.arch.rooms.r1.name).toBe('Kitchen');
    expect(next.config).toBe(model.config);
    expect(next.list).toBe(model.list);
    expect(next.arch).not.toBe(model.arch);
  });

  it('undefined removes a key; missing objects are created', () => {
    expect(setIn(model, ['arch', 'rooms', 'r1'], undefined).arch.rooms).toEqual({});
    expect(getIn(setIn(model, ['fire', 'units', 'd1'], { id: 'd1' }), ['fire', 'units', 'd1'])).toEqual({ id: 'd1' });
  });

  it('arrays: set an index, and undefined at the end drops the last element', () => {
    expect(setIn(model, ['list', 1], 9).list).toEqual([1, 9, 3]);
    expect(setIn(model, ['list', 2], undefined).list).toEqual([1, 2]);
    expect(setIn(model, ['list', 3], 4).list).toEqual([1, 2, 3, 4]);
    expect(model.list).toEqual([1, 2, 3]);
  });

  it('the empty path replaces the root', () => {
    expect(setIn(model, [], 5)).toBe(5);
  });
});

describe('sameContent', () => {
  it('is deep equality', () => {
    expect(sameContent({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBe(true);
    expect(sameContent({ a: [1, { b: 2 }] }, { a: [1, { b: 3 }] })).toBe(false);
    expect(sameContent({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameContent([1], { 0: 1 })).toBe(false);
    expect(sameContent(null, {})).toBe(false);
    expect(sameContent(NaN, NaN)).toBe(true);
  });

  it('does not walk objects it shares', () => {
    const big = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new Error('walked');
        },
      },
    );
    const a = { config: { name: 'A' }, arch: big };
    const b = setIn(setIn(a, ['config', 'name'], 'B'), ['config', 'name'], 'A');
    expect(b).not.toBe(a);
    expect(sameContent(a, b)).toBe(true);
  });
});

describe('diffPaths', () => {
  const before = { config: { name: 'A', owner: 'O' }, arch: { rooms: { r1: { name: 'K', shape: [[0, 0]] }, r2: { name: 'L' } } } };

  it('names each changed value down to where both sides are objects; arrays and added or removed keys are one change', () => {
    const after = {
      config: { name: 'B', owner: 'O' },
      arch: { rooms: { r1: { name: 'K', shape: [[0, 1]] }, r3: { name: 'M' } } },
    };
    expect(diffPaths(before, after)).toEqual([
      { path: ['config', 'name'], before: 'A', after: 'B' },
      { path: ['arch', 'rooms', 'r1', 'shape'], before: [[0, 0]], after: [[0, 1]] },
      { path: ['arch', 'rooms', 'r2'], before: { name: 'L' }, after: undefined },
      { path: ['arch', 'rooms', 'r3'], before: undefined, after: { name: 'M' } },
    ]);
    // Its changes turn one into the other, both ways.
    const forward = diffPaths(before, after).reduce<unknown>((model, change) => setIn(model, change.path, change.after), before);
    expect(forward).toEqual(after);
    const back = diffPaths(before, after).reduce<unknown>((model, change) => setIn(model, change.path, change.before), after);
    expect(back).toEqual(before);
  });

  it('does not walk objects the two share', () => {
    const big = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new Error('walked');
        },
      },
    );
    const a = { config: { name: 'A' }, arch: big };
    expect(diffPaths(a, setIn(a, ['config', 'name'], 'B'))).toEqual([{ path: ['config', 'name'], before: 'A', after: 'B' }]);
  });
});

describe('setAllIn', () => {
  it('is setIn one after the other, copying each object once and changing neither the root nor the values given', () => {
    const root = { a: { b: { x: 1 }, c: [1, 2] }, d: { e: 1 } };
    const frozen = structuredClone(root);
    const value = { y: 2 };
    const entries = [
      { path: ['a', 'b', 'x'], value: 5 },
      { path: ['a', 'b', 'z'], value },
      { path: ['a', 'c', 1], value: undefined },
      { path: ['a', 'b', 'z', 'y'], value: 3 },
      { path: ['f', 'g'], value: 'new' },
      { path: ['a', 'b', 'x'], value: undefined },
    ];
    const sequential = entries.reduce<unknown>((next, entry) => setIn(next, entry.path, entry.value), root);
    const result = setAllIn(root, entries);
    expect(result).toEqual(sequential);
    expect(root).toEqual(frozen);
    expect(value).toEqual({ y: 2 });
    expect(result.d).toBe(root.d);
  });
});
