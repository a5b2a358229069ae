import { calcFireRackToRackRoutes } from '../../../../../api/fire';
import { applyEdits } from '../../../../../state/history';
import { useProjectState } from '../../../../../state/use-project';
import { RunProgress } from '../../../../../ui/RunProgress';
import { useEngineRun } from '../../use-engine-run';
import { rackRoutesEdits } from '../equipment-edits';

/**
 * 'Route between racks': calc_fire_rack_to_rack_routes (F§7) for the whole model. Its rack-to-rack routes replace
 * the model's, merged against the model as it is when the answer comes (rackRoutesEdits), as one undo step.
 */
export function RackRoutesRun() {
  const { model } = useProjectState();
  const { clock, busy, start } = useEngineRun();

  const run = () =>
    start(async ({ sent, now, apply, progress }) => {
      const answer = await calcFireRackToRackRoutes(sent.arch, sent.elec, sent.fire, { onProgress: progress });
      const requests = rackRoutesEdits(now(), answer);
      if (requests.length > 0) apply(applyEdits(now(), requests).model);
    });

  return (
    <div className="equipment-run" role="group" aria-label="Cables between racks">
      <button
        type="button"
        className="btn btn-small"
        title="Route the cables between racks through the building (replaces the routes between racks)"
        disabled={busy || !model.fire}
        onClick={run}
      >
        Route between racks
      </button>
      <RunProgress label="Routing cables between racks" state={clock} />
    </div>
  );
}
