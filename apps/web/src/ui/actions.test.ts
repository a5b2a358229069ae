import { describe, expect, it, vi } from 'vitest';
import { actionForKey, keyMatches, runKey, type KeyLike } from './actions';

const press = (key: string, mods: Partial<KeyLike> = {}): KeyLike => ({
  key,
  code: `Key${key.toUpperCase()}`,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

describe('action keys', () => {
  it('a plan key matches its letter in either case, never with ctrl, cmd or alt; named keys match exactly', () => {
    expect(keyMatches('m', 'm')).toBe(true);
    expect(keyMatches('m', 'M')).toBe(true);
    expect(keyMatches('m', press('m', { ctrlKey: true }))).toBe(false);
    expect(keyMatches('m', press('m', { altKey: true }))).toBe(false);
    expect(keyMatches('Delete', 'Delete')).toBe(true);
    expect(keyMatches('Delete', 'Backspace')).toBe(false);
    expect(keyMatches('Enter', 'enter')).toBe(false);
  });

  it('Mod asks for ctrl or cmd and the shift as written; a non-Latin layout is matched by the key’s place', () => {
    expect(keyMatches('Mod+z', press('z', { ctrlKey: true }))).toBe(true);
    expect(keyMatches('Mod+z', press('z', { metaKey: true }))).toBe(true);
    expect(keyMatches('Mod+z', press('z'))).toBe(false);
    expect(keyMatches('Mod+z', press('Z', { ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(keyMatches('Mod+Shift+z', press('Z', { ctrlKey: true, shiftKey: true }))).toBe(true);
    expect(keyMatches('Mod+z', { ...press('я', { ctrlKey: true }), code: 'KeyZ' })).toBe(true);
    expect(keyMatches('Mod+z', { ...press('z', { ctrlKey: true }), code: 'Slash' })).toBe(true);
  });

  it('a key runs the first enabled action that names it; a disabled one leaves it to the next', () => {
    const first = vi.fn();
    const second = vi.fn();
    let on = false;
    const actions = [
      { id: 'a', key: ['Delete', 'Backspace'], when: () => on, run: first },
      { id: 'b', key: 'Backspace', run: second },
    ];
    expect(runKey(actions, 'Backspace')).toBe(true);
    expect([first.mock.calls.length, second.mock.calls.length]).toEqual([0, 1]);
    on = true;
    expect(actionForKey(actions, 'Backspace')?.id).toBe('a');
    expect(runKey(actions, 'Delete')).toBe(true);
    expect(first).toHaveBeenCalledTimes(1);
    expect(runKey(actions, 'x')).toBe(false);
  });
});
