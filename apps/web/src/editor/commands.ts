/**
 * A screen's keys (P§2: m ruler, e edit shape, Enter apply, Delete…), as a table instead of a window
 * listener of its own: the engine offers each key to the active tool first, then to this table.
 */
export interface PlanCommand {
  /** The key as KeyboardEvent.key names it; letters match either case. */
  key: string | readonly string[];
  /** When the command applies (a room selected, no shape being edited…); always when absent. */
  when?: () => boolean;
  run: () => void;
  /** Its name in the help line. */
  label?: string;
}

const matches = (command: PlanCommand, key: string) =>
  (typeof command.key === 'string' ? [command.key] : command.key).some(
    (k) => k === key || (k.length === 1 && k.toLowerCase() === key.toLowerCase()),
  );

/** Runs the first command for `key` that applies; true when one ran. */
export function runCommand(commands: readonly PlanCommand[], key: string): boolean {
  const command = commands.find((c) => matches(c, key) && (c.when?.() ?? true));
  command?.run();
  return command !== undefined;
}
