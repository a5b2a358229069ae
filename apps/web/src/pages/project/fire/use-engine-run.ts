import { useLocation } from 'react-router';
import type { Fire, Model } from '@edrf/model';
import { createStore, useStore } from '../../../lib/store';
import { useProjectStore } from '../../../state/use-project';
import { useRunProgress, type RunProgressState } from '../../../ui/RunProgress';

/** Projects with an engine run going: one run at a time per project, whichever button started it. */
const runningProjects = createStore<ReadonlySet<string>>(new Set());

/** Whether an engine run is going in the open project (one project is open at a time): the units analysis waits for it. */
export const useEngineRunning = (): boolean => useStore(runningProjects).size > 0;

/** What an engine run works with: the model as sent, the store's model now, and how to apply the answer. */
export interface EngineRun {
  projectId: string;
  sent: Model & { fire: Fire };
  /** The model as it is when the answer arrives (the user may have edited meanwhile). */
  now: () => Model;
  /** Applies the merged answer as one undo step of its own, coming back to the page the run was started on. */
  apply: (next: Model) => void;
  progress: (fraction: number) => void;
}

/**
 * One engine run at a time in a project (Run, Design all, Optimize, Route between racks): the clock and progress bar,
 * the page undo returns to, and `busy` while any of them runs (their buttons are disabled; a press then is ignored).
 * A failure has been toasted by apiCall unless the call was quiet, when `onError` says it.
 */
export function useEngineRun(onError: (error: unknown) => void = () => {}): {
  clock: RunProgressState;
  busy: boolean;
  start: (work: (run: EngineRun) => Promise<void>) => void;
} {
  const store = useProjectStore();
  const location = useLocation();
  const clock = useRunProgress();
  const projectId = store.getState().projectId;
  const busy = useStore(runningProjects).has(projectId);
  const start = (work: (run: EngineRun) => Promise<void>) => {
    const sent = store.getState().model;
    if (runningProjects.get().has(projectId) || !sent.fire) return;
    const page = location.pathname + location.search;
    runningProjects.set((all) => new Set([...all, projectId]));
    clock.start();
    const run: EngineRun = {
      projectId,
      sent: sent as Model & { fire: Fire },
      now: () => store.getState().model,
      apply: (next) => store.replaceModel(next, page),
      progress: clock.progress,
    };
    void work(run)
      .catch(onError)
      .finally(() => {
        runningProjects.set((all) => new Set([...all].filter((id) => id !== projectId)));
        clock.stop();
      });
  };
  return { clock, busy, start };
}
