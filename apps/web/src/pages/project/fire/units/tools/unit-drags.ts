/**
 * Whether a unit is being dragged on the units page, for its analysis (use-analysis.ts): a call points' check asks
 * once the model rests while a drag goes on (not once per move), and at once on the drop, which ends the drag.
 */
export interface UnitDrags {
  readonly dragging: boolean;
  /** Calls `listener` when a drag ends (dropped or cancelled); answers the unsubscription. */
  onEnd(listener: () => void): () => void;
  start(): void;
  end(): void;
}

export function createUnitDrags(): UnitDrags {
  const listeners = new Set<() => void>();
  let dragging = false;
  return {
    get dragging() {
      return dragging;
    },
    onEnd(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    start() {
      dragging = true;
    },
    end() {
      if (!dragging) return;
      dragging = false;
      for (const listener of [...listeners]) listener();
    },
  };
}
