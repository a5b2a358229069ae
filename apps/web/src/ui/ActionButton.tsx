import { enabled, type Action } from './actions';

/**
 * A toolbar button that performs an action (ui/actions.ts): its label, its title, disabled unless the action is
 * enabled (or while `busy`), pressed while the action says so.
 */
export function ActionButton({ action, primary, busy }: { action: Action; primary?: boolean; busy?: boolean }) {
  const pressed = action.pressed?.();
  const className = ['btn', 'btn-small', primary && 'btn-primary', pressed && 'active'].filter(Boolean).join(' ');
  return (
    <button
      type="button"
      className={className}
      aria-pressed={pressed}
      title={action.title}
      disabled={busy === true || !enabled(action)}
      onClick={() => action.run()}
    >
      {action.label}
    </button>
  );
}
