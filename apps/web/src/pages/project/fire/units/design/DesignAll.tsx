import { useRef } from 'react';
import { useLocation } from 'react-router';
import { calcFireCabling, calcFireRackToRackRoutes, calcFireSections, calcFireUnits } from '../../../../../api/fire';
import { toast } from '../../../../../app/overlay/alerts';
import { useProjectState, useProjectStore } from '../../../../../state/use-project';
import { RunProgress, useRunProgress } from '../../../../../ui/RunProgress';
import { DESIGN_ALL_STEPS, designAll, designAllMessage, type DesignAllCalls } from './design-all';

const CALLS: DesignAllCalls = {
  units: (arch, fire, onProgress) => calcFireUnits(arch, fire, onProgress),
  sections: (input, onProgress) => calcFireSections(input, { onProgress }),
  rackRoutes: (arch, elec, fire, onProgress) => calcFireRackToRackRoutes(arch, elec, fire, { onProgress }),
  cabling: (input, onProgress) => calcFireCabling(input, onProgress),
};

/**
 * 'Design all' (issue 26) on the units page: units, sections, cables between racks, loops and addresses in one run, one
 * progress bar over the five steps and one undoable edit. An edit made meanwhile is not overwritten: the design is
 * then dropped with a message to run it again. docs/fire-units.md.
 */
export function DesignAll({ calls = CALLS }: { calls?: DesignAllCalls }) {
  const store = useProjectStore();
  const { model } = useProjectState();
  const location = useLocation();
  const clock = useRunProgress();
  const busy = useRef(false);

  const run = async () => {
    const sent = store.getState().model;
    if (busy.current || !sent.fire) return;
    const page = location.pathname + location.search;
    busy.current = true;
    clock.start();
    try {
      const { model: designed, summary } = await designAll(sent, calls, (step, f) => clock.progress((step + f) / DESIGN_ALL_STEPS.length));
      if (store.getState().model !== sent) {
        toast.warning('The model changed during Design all: nothing was applied. Run it again.');
        return;
      }
      store.replaceModel(designed, page);
      toast.info(designAllMessage(summary));
    } catch {
      // apiCall has shown what failed; the model is left as it is.
    } finally {
      busy.current = false;
      clock.stop();
    }
  };

  return (
    <div className="design-run" role="group" aria-label="Design all">
      <button
        type="button"
        className="btn btn-small"
        title="Design all: units, sections, cables between racks, loops and addresses, as one edit"
        disabled={clock.running || !model.fire}
        onClick={() => void run()}
      >
        Design all
      </button>
      <RunProgress label="Designing all" state={clock} />
    </div>
  );
}
