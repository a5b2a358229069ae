import { useRef } from 'react';
import { useLocation } from 'react-router';
import { calcFireRackToRackRoutes } from '../../../../../api/fire';
import { applyEdits } from '../../../../../state/history';
import { useProjectState, useProjectStore } from '../../../../../state/use-project';
import { RunProgress, useRunProgress } from '../../../../../ui/RunProgress';
import { rackRoutesEdits } from '../equipment-edits';

/**
 * 'Route between racks': calc_fire_rack_to_rack_routes (F§7) for the whole model. Its rack-to-rack routes replace
 * the model's, merged against the model as it is when the answer comes (rackRoutesEdits), as one undo step.
 */
export function RackRoutesRun() {
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
      const answer = await calcFireRackToRackRoutes(sent.arch, sent.elec, sent.fire, { onProgress: clock.progress });
      const now = store.getState().model;
      const requests = rackRoutesEdits(now, answer);
      if (requests.length > 0) store.replaceModel(applyEdits(now, requests).model, page);
    } catch {
      // apiCall has shown its 'Failed to route cables between racks…'; the model is left as it is.
    } finally {
      busy.current = false;
      clock.stop();
    }
  };

  return (
    <div className="equipment-run" role="group" aria-label="Cables between racks">
      <button
        type="button"
        className="btn btn-small"
        title="Route the cables between racks through the building (replaces the routes between racks)"
        disabled={clock.running || !model.fire}
        onClick={() => void run()}
      >
        Route between racks
      </button>
      <RunProgress label="Routing cables between racks" state={clock} />
    </div>
  );
}
