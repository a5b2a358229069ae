import { describe, expect, it } from 'vitest';
import { MODEL_FIELD_ATTRIBUTE, projectShortcut, shortcutOf, type KeyLike } from './shortcuts';

const press = (key: string, mods: Partial<KeyLike> = {}): KeyLike => ({
  key,
  code: `Key${key.toUpperCase()}`,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

describe('shortcutOf', () => {
  it('knows ctrl and cmd alike', () => {
    expect(shortcutOf(press('s', { ctrlKey: true }))).toBe('sync');
    expect(shortcutOf(press('s', { metaKey: true }))).toBe('sync');
    expect(shortcutOf(press('z', { ctrlKey: true }))).toBe('undo');
    expect(shortcutOf(press('z', { metaKey: true }))).toBe('undo');
    expect(shortcutOf(press('y', { ctrlKey: true }))).toBe('redo');
    expect(shortcutOf(press('Z', { ctrlKey: true, shiftKey: true }))).toBe('redo');
    expect(shortcutOf(press('z', { metaKey: true, shiftKey: true }))).toBe('redo');
  });

  it('ignores keys without ctrl or cmd, with alt, and others', () => {
    expect(shortcutOf(press('z'))).toBeNull();
    expect(shortcutOf(press('z', { ctrlKey: true, altKey: true }))).toBeNull();
    expect(shortcutOf(press('c', { ctrlKey: true }))).toBeNull();
    expect(shortcutOf(press('S', { ctrlKey: true, shiftKey: true }))).toBeNull();
  });

  it('follows the layout for Latin letters and the key position otherwise', () => {
    // Dvorak: the key labelled Z sits where QWERTY has '/'.
    expect(shortcutOf({ ...press('z', { ctrlKey: true }), code: 'Slash' })).toBe('undo');
    // Russian: ctrl+я on the Z key.
    expect(shortcutOf({ ...press('я', { ctrlKey: true }), code: 'KeyZ' })).toBe('undo');
  });
});

describe('projectShortcut', () => {
  const field = (html: string) => {
    document.body.innerHTML = html;
    return document.querySelector('input, textarea, [contenteditable]');
  };

  it('undo and redo act on the model outside text fields and in fields bound to the model', () => {
    expect(projectShortcut({ ...press('z', { ctrlKey: true }), target: document.body })).toBe('undo');
    const bound = field(`<input ${MODEL_FIELD_ATTRIBUTE}>`);
    expect(projectShortcut({ ...press('z', { ctrlKey: true }), target: bound })).toBe('undo');
    expect(projectShortcut({ ...press('y', { ctrlKey: true }), target: bound })).toBe('redo');
    const checkbox = field('<input type="checkbox">');
    expect(projectShortcut({ ...press('z', { ctrlKey: true }), target: checkbox })).toBe('undo');
  });

  it('other text fields keep the browser text undo; ctrl+S syncs everywhere', () => {
    for (const html of ['<input>', '<textarea></textarea>', '<div contenteditable="true"></div>']) {
      const target = field(html);
      expect(projectShortcut({ ...press('z', { ctrlKey: true }), target })).toBeNull();
      expect(projectShortcut({ ...press('s', { ctrlKey: true }), target })).toBe('sync');
    }
  });
});
