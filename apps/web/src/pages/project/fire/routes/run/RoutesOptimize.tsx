import { calcFireCabling } from '../../../../../api/fire';
import { toast } from '../../../../../app/overlay/alerts';
import { useProjectState } from '../../../../../state/use-project';
import { RunProgress } from '../../../../../ui/RunProgress';
import { useEngineRun } from '../../use-engine-run';
import { setLastCabling } from './last-cabling';
import { mergeOptimized, optimizeMessage, type CablingAnswer } from './optimize-edits';
import '../../units/design/design.css';

/**
 * Optimize (F§2 '/fire/routes', issue 26): calc_fire_cabling on the model as it is, with a progress bar and the
 * elapsed seconds; the page stays usable and a second press waits. The answer is merged against the model as it is
 * when it arrives (optimize-edits.ts) as one undo step of its own, and its warnings go to the page (last-cabling.ts). A failure is the
 * call's own toast ('Failed to calculate the cabling: No fire rack found!').
 */
export function RoutesOptimize() {
  const { model } = useProjectState();
  const { clock, busy, start } = useEngineRun();

  const run = () =>
    start(async ({ projectId, sent, now, apply, progress }) => {
      const answer = (await calcFireCabling({ arch: sent.arch, elec: sent.elec, fire: sent.fire }, progress)) as CablingAnswer;
      const next = mergeOptimized(now(), answer);
      if (next) {
        apply(next);
        toast.info(optimizeMessage(next));
      }
      setLastCabling(projectId, answer.validation.warnings);
    });

  return (
    <div className="design-run routes-run" role="group" aria-label="Optimize routes">
      <button
        type="button"
        className="btn btn-small"
        title="Route every addressable unit on loops from its central (calc_fire_cabling)"
        disabled={busy || !model.fire}
        onClick={run}
      >
        Optimize
      </button>
      <RunProgress label="Optimizing routes" state={clock} />
    </div>
  );
}
