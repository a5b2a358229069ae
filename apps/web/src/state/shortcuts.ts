/** The project keys of P§2: ctrl/cmd+S sync, ctrl/cmd+Z undo, ctrl/cmd+Y and ctrl/cmd+shift+Z redo. */
export type ProjectShortcut = 'sync' | 'undo' | 'redo';

/** Marks a field bound to the model: ctrl/cmd+Z in it undoes model edits (docs/editing.md). */
export const MODEL_FIELD_ATTRIBUTE = 'data-model-field';

export interface KeyLike {
  key: string;
  code?: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/** Which shortcut a key press is, ignoring where it was typed. The physical key counts too (non-Latin layouts). */
export function shortcutOf(event: KeyLike): ProjectShortcut | null {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return null;
  const typed = event.key.length === 1 ? event.key.toLowerCase() : '';
  // A Latin layout names the letter (Dvorak's ctrl+Z is where it prints Z); others fall back to the key's place.
  const latin = /^[a-z]$/.test(typed);
  const is = (letter: string) => (latin ? typed === letter : event.code === `Key${letter.toUpperCase()}`);
  if (is('s')) return event.shiftKey ? null : 'sync';
  if (is('z')) return event.shiftKey ? 'redo' : 'undo';
  if (is('y')) return event.shiftKey ? null : 'redo';
  return null;
}

/** A text field keeps the browser's own text undo unless it is bound to the model. */
export function keepsNativeUndo(target: EventTarget | null): boolean {
  if (typeof Element === 'undefined' || !(target instanceof Element)) return false;
  const editable =
    target instanceof HTMLTextAreaElement ||
    (target instanceof HTMLInputElement &&
      !['checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'range', 'color'].includes(target.type)) ||
    (target instanceof HTMLElement && target.isContentEditable);
  return editable && !target.closest(`[${MODEL_FIELD_ATTRIBUTE}]`);
}

/** What a key press does in the project area: the shortcut, or null to leave it to the browser. */
export function projectShortcut(event: KeyLike & { target: EventTarget | null }): ProjectShortcut | null {
  const shortcut = shortcutOf(event);
  if (shortcut === null || shortcut === 'sync') return shortcut;
  return keepsNativeUndo(event.target) ? null : shortcut;
}
