import { useRef } from 'react';
import { useLocation } from 'react-router';
import type { Fire, Model } from '@edrf/model';
import { useProjectStore } from '../../../state/use-project';
import { useRunProgress, type RunProgressState } from '../../../ui/RunProgress';

/** What an engine run works with: the model as sent, the store's model now, and how to apply the answer. */
export interface EngineRun {
  sent: Model & { fire: Fire };
  /** The model as it is when the answer arrives (the user may have edited meanwhile). */
  now: () => Model;
  /** Applies the merged answer as one undo step of its own, coming back to the page the run was started on. */
  apply: (next: Model) => void;
  progress: (fraction: number) => void;
}

/**
 * One engine run at a time from a page of the fire area (Run, Design all, Optimize, Route between racks): the clock
 * and progress bar, the page undo returns to, and a second press ignored while one runs. A failure has been toasted
 * by apiCall unless the call was quiet, when `onError` says it.
 */
export function useEngineRun(onError: (error: unknown) => void = () => {}): {
  clock: RunProgressState;
  start: (work: (run: EngineRun) => Promise<void>) => void;
} {
  const store = useProjectStore();
  const location = useLocation();
  const clock = useRunProgress();
  const busy = useRef(false);
  const start = (work: (run: EngineRun) => Promise<void>) => {
    const sent = store.getState().model;
    if (busy.current || !sent.fire) return;
    const page = location.pathname + location.search;
    busy.current = true;
    clock.start();
    const run: EngineRun = {
      sent: sent as Model & { fire: Fire },
      now: () => store.getState().model,
      apply: (next) => store.replaceModel(next, page),
      progress: clock.progress,
    };
    void work(run)
      .catch(onError)
      .finally(() => {
        busy.current = false;
        clock.stop();
      });
  };
  return { clock, start };
}
