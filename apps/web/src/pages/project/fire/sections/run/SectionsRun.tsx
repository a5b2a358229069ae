import { useState } from 'react';
import { ApiError } from '../../../../../api/client';
import { toast } from '../../../../../ui/alerts';
import { useProjectState } from '../../../../../state/use-project';
import { RunProgress } from '../../../../../ui/RunProgress';
import { useEngineRun } from '../../use-engine-run';
import { mergeRunAnswer, runMessage } from './run-edits';
import { runSections, type SectionsSettings } from './sections-call';
import '../../units/design/design.css';

const CHOICES = [
  { key: 'sections', label: 'Sections', title: 'Divide the rooms with detectors into sections' },
  { key: 'labels', label: 'Section labels', title: 'Write a label with each section’s name in it' },
  { key: 'addresses', label: 'Addresses', title: 'Give the units in each section their addresses' },
] as const;

/**
 * The sections page's Run (F§2, issue 24): calc_fire_sections with the checkboxes Sections, Section labels and
 * Addresses (all on at first). While it runs an indeterminate progress bar with the elapsed seconds, the page stays
 * usable and Run waits; the answer is merged against the model as it is then (run-edits.ts) and applied as one undo
 * step of its own. A failure toasts the server's message ('Fire detectors missing').
 */
export function SectionsRun() {
  const { model } = useProjectState();
  const [settings, setSettings] = useState<SectionsSettings>({ sections: true, labels: true, addresses: true });
  // The call is quiet: the page says the server's own message ('Fire detectors missing').
  const { clock, busy, start } = useEngineRun((error) =>
    toast.error(error instanceof ApiError ? (error.detail ?? error.message) : 'Failed to calculate fire sections'),
  );

  const run = () => {
    const asked = settings;
    start(async ({ sent, now, apply, progress }) => {
      const answer = await runSections({ settings: asked, model: { arch: sent.arch, elec: sent.elec, fire: sent.fire } }, progress);
      const next = mergeRunAnswer(now(), sent, answer, asked);
      if (next) {
        apply(next);
        toast.info(runMessage(next));
      }
    });
  };

  const running = busy;
  const nothing = !settings.sections && !settings.labels && !settings.addresses;
  return (
    <div className="design-run sections-run" role="group" aria-label="Calculate sections">
      {CHOICES.map((choice) => (
        <label key={choice.key} className="check" title={choice.title}>
          <input
            type="checkbox"
            checked={settings[choice.key]}
            disabled={running}
            onChange={(event) => setSettings((was) => ({ ...was, [choice.key]: event.target.checked }))}
          />
          {choice.label}
        </label>
      ))}
      <button
        type="button"
        className="btn btn-small"
        title="Run the sections calculation with the ticked parts"
        disabled={running || !model.fire || nothing}
        onClick={run}
      >
        Run
      </button>
      <RunProgress label="Calculating sections" state={clock} />
    </div>
  );
}
