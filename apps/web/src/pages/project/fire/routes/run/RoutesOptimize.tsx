import { useRef } from 'react';
import { useLocation } from 'react-router';
import { calcFireCabling } from '../../../../../api/fire';
import { toast } from '../../../../../app/overlay/alerts';
import { useProjectState, useProjectStore } from '../../../../../state/use-project';
import { RunProgress, useRunProgress } from '../../../../../ui/RunProgress';
import { mergeOptimized, optimizeMessage, type CablingAnswer } from './optimize-edits';
import '../../units/design/design.css';

/**
 * Optimize (F§2 '/fire/routes', issue 26): calc_fire_cabling on the model as it is, with a progress bar and the
 * elapsed seconds; the page stays usable and a second press waits. The answer is merged against the model as it is
 * when it arrives (optimize-edits.ts) as one undo step of its own, and its warnings go to the page. A failure is the
 * call's own toast ('Failed to calculate the cabling: No fire rack found!').
 */
export function RoutesOptimize({ onWarnings }: { onWarnings: (warnings: CablingAnswer['validation']['warnings']) => void }) {
  const store = useProjectStore();
  const { model } = useProjectState();
  const location = useLocation();
  const clock = useRunProgress();
  const busy = useRef(false);

  const run = async () => {
    const sent = store.getState().model;
    if (busy.current || !sent.fire) return;
    // Undo and redo come back here, to the storey shown when Optimize was pressed.
    const page = location.pathname + location.search;
    busy.current = true;
    clock.start();
    try {
      const answer = (await calcFireCabling({ arch: sent.arch, elec: sent.elec, fire: sent.fire }, clock.progress)) as CablingAnswer;
      const next = mergeOptimized(store.getState().model, answer);
      if (next) {
        store.replaceModel(next, page);
        toast.info(optimizeMessage(next));
      }
      onWarnings(answer.validation.warnings);
    } catch {
      // apiCall has toasted the server's message.
    } finally {
      busy.current = false;
      clock.stop();
    }
  };

  return (
    <div className="design-run routes-run" role="group" aria-label="Optimize routes">
      <button
        type="button"
        className="btn btn-small"
        title="Route every addressable unit on loops from its central (calc_fire_cabling)"
        disabled={clock.running || !model.fire}
        onClick={() => void run()}
      >
        Optimize
      </button>
      <RunProgress label="Optimizing routes" state={clock} />
    </div>
  );
}
