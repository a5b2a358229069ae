import { calcFireCabling, calcFireRackToRackRoutes, calcFireSections, calcFireUnits } from '../../../../../api/fire';
import { toast } from '../../../../../ui/alerts';
import { useProjectState } from '../../../../../state/use-project';
import { RunProgress } from '../../../../../ui/RunProgress';
import { confirmAction } from '../../../../../ui/confirm';
import { setLastCabling } from '../../routes/run/last-cabling';
import { useEngineRun } from '../../use-engine-run';
import { withDesignBasis } from '../../revision/design-basis';
import { DESIGN_ALL_MESSAGES, DESIGN_ALL_STEPS, designAll, designAllMessage, designAllQuestion, type DesignAllCalls } from './design-all';

const CALLS: DesignAllCalls = {
  units: (arch, fire, onProgress) => calcFireUnits(arch, fire, onProgress),
  sections: (input, onProgress) => calcFireSections(input, { onProgress }),
  rackRoutes: (arch, elec, fire, onProgress) => calcFireRackToRackRoutes(arch, elec, fire, { onProgress }),
  cabling: (input, onProgress) => calcFireCabling(input, onProgress),
};

/**
 * 'Design all' (issue 26) on the units page: units, sections, cables between racks, loops and addresses in one run, one
 * progress bar over the five steps and one undoable edit. An edit made meanwhile is not overwritten: the design is
 * then dropped with a message to run it again; over an existing design it asks first. docs/fire-units.md.
 */
export function DesignAll({ calls = CALLS }: { calls?: DesignAllCalls }) {
  const { model } = useProjectState();
  const { clock, busy, start } = useEngineRun();

  const run = async () => {
    // Issue 34: over an existing design, ask first, saying what is replaced and what stays.
    const question = designAllQuestion(model);
    if (
      question &&
      !(await confirmAction({ title: DESIGN_ALL_MESSAGES.confirmTitle, message: question, confirmLabel: DESIGN_ALL_MESSAGES.confirmLabel }))
    )
      return;
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
      apply(withDesignBasis(designed, sent.arch));
      if (cabling) setLastCabling(projectId, cabling.warnings, designed);
      // What could not be done is read to the end: the toast stays longer.
      toast.info(designAllMessage(summary), summary.skipped ? 8000 : undefined);
    });
  };

  return (
    <div className="design-run" role="group" aria-label="Design all">
      <button
        type="button"
        className="btn btn-small"
        title="Design all: units, sections, cables between racks, loops and addresses, as one edit"
        disabled={busy || !model.fire}
        onClick={() => void run()}
      >
        Design all
      </button>
      <RunProgress label="Designing all" state={clock} />
    </div>
  );
}
