import { useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { ApiError } from '../../../../../api/client';
import { toast } from '../../../../../app/overlay/alerts';
import { useProjectState, useProjectStore } from '../../../../../state/use-project';
import { RunProgress, useRunProgress } from '../../../../../ui/RunProgress';
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
  const store = useProjectStore();
  const { model } = useProjectState();
  const location = useLocation();
  const [settings, setSettings] = useState<SectionsSettings>({ sections: true, labels: true, addresses: true });
  const clock = useRunProgress();
  const busy = useRef(false);

  const run = async () => {
    const sent = store.getState().model;
    if (busy.current || !sent.fire) return;
    const asked = settings;
    // Undo and redo come back here, to the storey shown when Run was pressed.
    const page = location.pathname + location.search;
    busy.current = true;
    clock.start();
    try {
      const answer = await runSections({ settings: asked, model: { arch: sent.arch, elec: sent.elec, fire: sent.fire } }, clock.progress);
      const next = mergeRunAnswer(store.getState().model, sent, answer, asked);
      if (next) {
        store.replaceModel(next, page);
        toast.info(runMessage(next));
      }
    } catch (error) {
      toast.error(error instanceof ApiError ? (error.detail ?? error.message) : 'Failed to calculate fire sections');
    } finally {
      busy.current = false;
      clock.stop();
    }
  };

  const running = clock.running;
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
        onClick={() => void run()}
      >
        Run
      </button>
      <RunProgress label="Calculating sections" state={clock} />
    </div>
  );
}
