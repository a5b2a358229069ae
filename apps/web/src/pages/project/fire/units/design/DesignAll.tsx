import { calcFireCabling, calcFireRackToRackRoutes, calcFireSections, calcFireUnits } from '../../../../../api/fire';
import { toast } from '../../../../../app/overlay/alerts';
import { useProjectState } from '../../../../../state/use-project';
import { RunProgress } from '../../../../../ui/RunProgress';
import { setLastCabling } from '../../routes/run/last-cabling';
import { useEngineRun } from '../../use-engine-run';
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
  const { model } = useProjectState();
  const { clock, busy, start } = useEngineRun();

  const run = () =>
    start(async ({ projectId, sent, now, apply, progress }) => {
      const {
        model: designed,
        summary,
        cabling,
      } = await designAll(sent, calls, (step, f) => progress((step + f) / DESIGN_ALL_STEPS.length));
      if (now() !== sent) {
        toast.warning('The model changed during Design all: nothing was applied. Run it again.');
        return;
      }
      apply(designed);
      if (cabling) setLastCabling(projectId, cabling.warnings);
      toast.info(designAllMessage(summary));
    });

  return (
    <div className="design-run" role="group" aria-label="Design all">
      <button
        type="button"
        className="btn btn-small"
        title="Design all: units, sections, cables between racks, loops and addresses, as one edit"
        disabled={busy || !model.fire}
        onClick={run}
      >
        Design all
      </button>
      <RunProgress label="Designing all" state={clock} />
    </div>
  );
}
