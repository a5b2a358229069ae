import { keyMatches, type KeyLike } from '../ui/actions';

/** The project keys of P§2: ctrl/cmd+S sync, ctrl/cmd+Z undo, ctrl/cmd+Y and ctrl/cmd+shift+Z redo. */
export type ProjectShortcut = 'sync' | 'undo' | 'redo';

/** Marks a field bound to the model: ctrl/cmd+Z in it undoes model edits (docs/editing.md). */
export const MODEL_FIELD_ATTRIBUTE = 'data-model-field';

export type { KeyLike } from '../ui/actions';

/** The keys of each shortcut (ui/actions.ts key names): the project actions' keys, which the bar's buttons name too. */
export const PROJECT_KEYS: Record<ProjectShortcut, readonly string[]> = {
  sync: ['Mod+s'],
  undo: ['Mod+z'],
  redo: ['Mod+y', 'Mod+Shift+z'],
};

/** Which shortcut a key press is, ignoring where it was typed. The physical key counts too (non-Latin layouts). */
export function shortcutOf(event: KeyLike): ProjectShortcut | null {
  const names = Object.keys(PROJECT_KEYS) as ProjectShortcut[];
  return names.find((name) => PROJECT_KEYS[name].some((spec) => keyMatches(spec, event))) ?? null;
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
