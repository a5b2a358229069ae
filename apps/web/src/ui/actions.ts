/**
 * A thing the user can do, as data (as excalidraw's actions/register.ts): its name, its words, its keys, when it is
 * enabled and what it does. A screen registers its list once; its keys, its toolbar buttons (ActionButton) and its
 * menus all read that list, so a key and its button can never disagree on when they work.
 */
export interface Action {
  /** How a button or a menu finds it ('fit', 'undo', 'ruler'); an action only a key reaches may go without. */
  id?: string;
  /** Its words on a button or in a menu. */
  label?: string;
  /** A button's tooltip, naming its key as the user reads it ('Fit to storey (F)'). */
  title?: string;
  /**
   * Its keys as KeyboardEvent.key names; a letter matches either case. 'Mod+' asks for ctrl or cmd, 'Shift+' for
   * shift (only with Mod: without it the plan's letters ignore shift).
   */
  key?: string | readonly string[];
  /** Enabled when (a room selected, nothing being drawn); always when absent. Its button is disabled otherwise. */
  when?: () => boolean;
  /** Shown pressed while true (the tool it arms is active). */
  pressed?: () => boolean;
  /** Perform. */
  run: () => void;
}

/** A key press as the matcher reads it; a bare string is a key without modifiers. */
export interface KeyLike {
  key: string;
  /** The physical key ('KeyZ'): a non-Latin layout's letters are matched by place. */
  code?: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

const bare = (key: string): KeyLike => ({ key, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false });

/** Whether a key press is the key `spec` names. */
export function keyMatches(spec: string, press: KeyLike | string): boolean {
  const event = typeof press === 'string' ? bare(press) : press;
  let rest = spec;
  let mod = false;
  let shift = false;
  for (;;) {
    if (rest.startsWith('Mod+') && rest.length > 4) {
      mod = true;
      rest = rest.slice(4);
    } else if (rest.startsWith('Shift+') && rest.length > 6) {
      shift = true;
      rest = rest.slice(6);
    } else break;
  }
  if (event.altKey || (event.ctrlKey || event.metaKey) !== mod) return false;
  if (!mod) return rest === event.key || (rest.length === 1 && rest.toLowerCase() === event.key.toLowerCase());
  if (event.shiftKey !== shift) return false;
  // A Latin layout names the letter (Dvorak's ctrl+Z is where it prints Z); others fall back to the key's place.
  const typed = event.key.length === 1 ? event.key.toLowerCase() : '';
  const letter = rest.toLowerCase();
  return /^[a-z]$/.test(typed) ? typed === letter : event.code === `Key${letter.toUpperCase()}`;
}

const keysOf = (action: Action): readonly string[] =>
  action.key === undefined ? [] : typeof action.key === 'string' ? [action.key] : action.key;

export const enabled = (action: Action): boolean => action.when?.() ?? true;

/** The first enabled action for a key press, or undefined. */
export function actionForKey(actions: readonly Action[], press: KeyLike | string): Action | undefined {
  return actions.find((action) => keysOf(action).some((spec) => keyMatches(spec, press)) && enabled(action));
}

/** Performs the first enabled action for a key press; true when one ran. */
export function runKey(actions: readonly Action[], press: KeyLike | string): boolean {
  const action = actionForKey(actions, press);
  action?.run();
  return action !== undefined;
}

/** The action named `id`; a screen asking for one it never registered is a mistake in the screen. */
export function actionById<A extends Action>(actions: readonly A[], id: string): A {
  const action = actions.find((one) => one.id === id);
  if (!action) throw new Error(`No action '${id}'`);
  return action;
}
