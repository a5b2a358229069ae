import { describe, expect, it } from 'vitest';
import { setAt } from './typed-path';

describe('typed edit paths', () => {
  it('make the edit request of a path the model has, and no other', () => {
    expect(setAt(['elec', 'trays', 't1', 'width'], 0.4)).toEqual({ path: ['elec', 'trays', 't1', 'width'], value: 0.4 });
    expect(setAt(['arch', 'rooms', 'r1', 'name'], 'Hall')).toEqual({ path: ['arch', 'rooms', 'r1', 'name'], value: 'Hall' });
    // And refuse, at compile time, a field the model does not have or a value of another type: the type check of
    // npm test fails if any of these compiles (an unused @ts-expect-error is an error).
    // @ts-expect-error 'widht' is not a tray field
    setAt(['elec', 'trays', 't1', 'widht'], 0.4);
    // @ts-expect-error a width is a number
    setAt(['elec', 'trays', 't1', 'width'], '0.4');
    // @ts-expect-error rooms have no 'colour'
    setAt(['arch', 'rooms', 'r1', 'colour'], 'red');
  });
});
