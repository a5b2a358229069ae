import { useState } from 'react';
import { calcFireUnits } from '../../../../../api/fire';
import { toast } from '../../../../../ui/alerts';
import { applyEdits } from '../../../../../state/history';
import { useProjectState, useProjectStore } from '../../../../../state/use-project';
import { RunProgress } from '../../../../../ui/RunProgress';
import { useEngineRun } from '../../use-engine-run';
import { designEdits, designMessage, type DesignScope } from './design-edits';
import { setLastDesign } from './last-design';
import { withDesignBasis } from '../../revision/design-basis';
import './design.css';

type ScopeChoice = DesignScope['kind'];

/**
 * The units page's 'Run' (issue 22 'Automatic design'): calc_fire_units for the whole building or the shown
 * storey. One request; while it runs a progress bar (the share of rooms placed, as the server reports it) with the elapsed seconds, the page stays
 * usable and a second Run waits. The answer is merged against the model as it is then (design-edits.ts) and
 * applied as one undo step of its own; its validation is kept in last-design.ts. docs/fire-units.md.
 */
export function DesignRun({ storeyId }: { storeyId: string | null }) {
  const store = useProjectStore();
  const { model } = useProjectState();
  const [choice, setChoice] = useState<ScopeChoice>('building');
  const { clock, busy, start } = useEngineRun();

  const run = () => {
    const scope: DesignScope = choice === 'storey' && storeyId ? { kind: 'storey', storeyId } : { kind: 'building' };
    const projectId = store.getState().projectId;
    start(async ({ sent, now, apply, progress }) => {
      const answer = await calcFireUnits(sent.arch, sent.fire, progress);
      const { requests, added } = designEdits(now(), sent.fire, answer.units, scope);
      setLastDesign(projectId, { validation: answer.validation, scope, added, at: Date.now() });
      // The design now answers to the architecture it was run on (issue 40): the basis is taken on it, added or not.
      apply(withDesignBasis(applyEdits(now(), requests).model, sent.arch));
      toast.info(designMessage(added));
    });
  };

  const running = busy;
  const noFire = !model.fire;
  return (
    <div className="design-run" role="group" aria-label="Automatic design">
      <select
        aria-label="Design scope"
        value={choice}
        disabled={running}
        onChange={(event) => setChoice(event.target.value as ScopeChoice)}
      >
        <option value="building">Whole building</option>
        <option value="storey" disabled={!storeyId}>
          This storey
        </option>
      </select>
      <button
        type="button"
        className="btn btn-small"
        title="Run the automatic design: adds the missing detectors, sirens and buttons; placed units are kept"
        disabled={running || noFire || (choice === 'storey' && !storeyId)}
        onClick={run}
      >
        Run
      </button>
      <RunProgress label="Designing fire units" state={clock} />
    </div>
  );
}
