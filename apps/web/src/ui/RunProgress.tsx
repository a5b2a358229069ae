import { useEffect, useState } from 'react';

/** A long run's clock and progress: started (or null when idle), the seconds since, and the share done when known. */
export interface RunProgressState {
  running: boolean;
  elapsed: number;
  /** 0..1 once the server has reported progress; null before (the bar is then indeterminate). */
  fraction: number | null;
  start: () => void;
  progress: (fraction: number) => void;
  stop: () => void;
}

export function useRunProgress(): RunProgressState {
  const [started, setStarted] = useState<number | null>(null);
  const [elapsed, setElapsed] = useState(0);
  const [fraction, setFraction] = useState<number | null>(null);
  useEffect(() => {
    if (started === null) return;
    const tick = setInterval(() => setElapsed(Math.floor((Date.now() - started) / 1000)), 250);
    return () => clearInterval(tick);
  }, [started]);
  return {
    running: started !== null,
    elapsed,
    fraction,
    start: () => {
      setElapsed(0);
      setFraction(null);
      setStarted(Date.now());
    },
    // The server's first line says 0 before any work is done: the bar stays indeterminate until there is some.
    progress: (f) => setFraction(f > 0 ? f : null),
    stop: () => setStarted(null),
  };
}

/** The bar of a long run: determinate with its percentage once progress is reported, and the seconds elapsed. */
export function RunProgress({ label, state }: { label: string; state: RunProgressState }) {
  if (!state.running) return null;
  const percent = state.fraction === null ? null : Math.round(state.fraction * 100);
  return (
    <span className="design-progress" role="status">
      {percent === null ? <progress aria-label={label} /> : <progress aria-label={label} value={state.fraction!} max={1} />}
      <span>
        {percent === null ? '' : `${percent} % · `}
        {state.elapsed} s
      </span>
    </span>
  );
}
