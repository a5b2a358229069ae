import { LOOP_OTHER_TYPES } from '@edrf/fire';
import type { Model } from '@edrf/model';
import { calcFireCabling } from '../../../../../api/fire';
import { toast } from '../../../../../ui/alerts';
import { useProjectState } from '../../../../../state/use-project';
import { RunProgress } from '../../../../../ui/RunProgress';
import { useEngineRun } from '../../use-engine-run';
import { ROUTES_MESSAGES } from '../messages';
import { setLastCabling } from './last-cabling';
import { mergeOptimized, optimizeMessage, type CablingAnswer } from './optimize-edits';
import '../../units/design/design.css';

/**
 * Optimize (F§2 '/fire/routes', issue 26): calc_fire_cabling on the model as it is, with a progress bar and the
 * elapsed seconds; the page stays usable and a second press waits. The answer is merged against the model as it is
 * when it arrives (optimize-edits.ts) as one undo step of its own, and its warnings go to the page (last-cabling.ts). A failure is the
 * call's own toast ('Failed to calculate the cabling: No fire rack found!').
 */
/** Whether the model has a unit a loop connects (calc_fire_cabling's loop units: detectors, sirens, call points, I/O, loop others). */
export function hasLoopUnits(model: Model): boolean {
  const units = model.fire?.units;
  if (!units) return false;
  const any = (group: Record<string, unknown>) => Object.keys(group).length > 0;
  return (
    any(units.detectors) ||
    any(units.sirens) ||
    any(units.buttons) ||
    any(units.ios) ||
    Object.values(units.others).some((o) => LOOP_OTHER_TYPES.includes(o.unit_type))
  );
}

export function RoutesOptimize() {
  const { model } = useProjectState();
  const { clock, busy, start } = useEngineRun();

  const run = () => {
    // Issue 34: a press that cannot make a loop says why instead of doing nothing.
    if (!hasLoopUnits(model)) {
      toast.warning(ROUTES_MESSAGES.nothingToRoute);
      return;
    }
    start(async ({ projectId, sent, now, apply, progress }) => {
      const answer = (await calcFireCabling({ arch: sent.arch, elec: sent.elec, fire: sent.fire }, progress)) as CablingAnswer;
      const next = mergeOptimized(now(), answer);
      if (next) {
        apply(next);
        toast.info(optimizeMessage(next));
      }
      setLastCabling(projectId, answer.validation.warnings, next ?? now());
    });
  };

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
