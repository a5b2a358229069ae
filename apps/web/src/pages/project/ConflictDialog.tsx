import { useState } from 'react';
import { UNSYNCED, validateModel } from '@edrf/model';
import { getLatestVersion, toLoadedVersion, type VersionWithModel } from '../../api/versions';
import { toast } from '../../ui/alerts';
import { Modal } from '../../ui/Modal';
import type { MergeChoice, MergeConflict } from '../../state/merge';
import { UNABLE_TO_VALIDATE_MODEL } from '../../state/open-project';
import type { PreparedMerge, ProjectStore } from '../../state/project-store';
import { useProjectState } from '../../state/use-project';
import { conflictWords, sideText } from './conflict-words';
import { PROPERTY_FIELDS } from './PropertyDetailsPage';
import './conflicts.css';

/**
 * Someone else synced first (the 409): "Get their changes and keep mine" loads the latest working
 * version, re-applies the user's unsynced edits on it, asks about the values both changed, and
 * syncs (docs/versions.md).
 */
export const GET_THEIR_CHANGES = 'Get their changes and keep mine';
/** The same with nothing of the user's unsynced: their version is simply loaded (the undo history stays). */
export const LOAD_NEWER_VERSION = 'Load the newer version';
export const LOADED_NEWER_VERSION = 'Loaded the newer version';

export function GetTheirChangesButton({ store }: { store: ProjectStore }) {
  const { projectId, syncing, saving, identity } = useProjectState();
  const keepMine = identity === UNSYNCED;
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState<{ merge: PreparedMerge; round: number } | null>(null);

  async function offer(merge: PreparedMerge): Promise<void> {
    if (merge.conflicts.length > 0) return setAsking((previous) => ({ merge, round: (previous?.round ?? 0) + 1 }));
    await finish(merge, []);
  }

  async function finish(merge: PreparedMerge, choices: MergeChoice[]): Promise<void> {
    // Edited while the dialog was open: merge again on the same working version, and ask again if need be.
    if (!store.applyMerge(merge, choices)) return offer(store.prepareMerge(merge.version));
    setAsking(null);
    const result = await store.sync();
    if (result.status === 'synced') toast.info('Got their changes and synced yours');
    else if (result.status === 'idle' || result.status === 'unchanged') toast.info(keepMine ? 'Got their changes' : LOADED_NEWER_VERSION);
    // A conflict again (someone synced meanwhile) or a failure is reported by the store; the button stays.
  }

  async function start() {
    setBusy(true);
    let version: VersionWithModel;
    try {
      version = await getLatestVersion(projectId);
    } catch {
      // Shown by the API helper.
      setBusy(false);
      return;
    }
    const model = validateModel(version.model);
    if (!model.ok) toast.error(UNABLE_TO_VALIDATE_MODEL);
    else await offer(store.prepareMerge(toLoadedVersion(version, model.value)));
    setBusy(false);
  }

  return (
    <>
      <button
        type="button"
        className="btn btn-small btn-get-theirs"
        disabled={busy || syncing || saving || asking !== null}
        title={
          keepMine
            ? 'Someone else synced first: load their changes, keep your unsynced edits on top, then sync'
            : 'Someone else synced a newer working version: load it (your undo history stays)'
        }
        onClick={() => void start()}
      >
        {keepMine ? GET_THEIR_CHANGES : LOAD_NEWER_VERSION}
      </button>
      {asking && (
        <ConflictDialog
          key={asking.round}
          merge={asking.merge}
          onApply={(choices) => void finish(asking.merge, choices)}
          onCancel={() => setAsking(null)}
        />
      )}
    </>
  );
}

/** Per value both changed: theirs or mine. Apply is enabled once each has a choice. */
export function ConflictDialog({
  merge,
  onApply,
  onCancel,
}: {
  merge: PreparedMerge;
  onApply: (choices: MergeChoice[]) => void;
  onCancel: () => void;
}) {
  const [choices, setChoices] = useState<(MergeChoice | null)[]>(() => merge.conflicts.map(() => null));
  const all = (choice: MergeChoice) => setChoices(merge.conflicts.map(() => choice));
  const complete = choices.every((choice) => choice !== null);
  return (
    <Modal
      title="Resolve conflicts"
      onClose={onCancel}
      width="46rem"
      footer={
        <>
          <button type="button" className="btn" onClick={() => all('mine')}>
            Keep all mine
          </button>
          <button type="button" className="btn" onClick={() => all('theirs')}>
            Keep all theirs
          </button>
          <span className="grow" />
          <button type="button" className="btn" onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className="btn btn-primary" disabled={!complete} onClick={() => onApply(choices as MergeChoice[])}>
            Apply and sync
          </button>
        </>
      }
    >
      <p>
        Someone else synced changes to {merge.conflicts.length === 1 ? 'a value' : `${merge.conflicts.length} values`} you changed too.
        Choose what to keep; all their other changes and all your other edits are kept.
      </p>
      <div className="merge-conflicts">
        {merge.conflicts.map((conflict, i) => {
          const words = conflictWords(conflict, merge, fieldLabelOf(conflict));
          return (
            <fieldset key={conflict.path.join('\u0000')} className="merge-conflict">
              <legend>{[words.subject, words.field].filter(Boolean).join(': ')}</legend>
              <p className="merge-sentence small muted">{words.sentence}</p>
              {(['mine', 'theirs'] as const).map((side) => (
                <label key={side} className={choices[i] === side ? 'merge-option chosen' : 'merge-option'}>
                  <input
                    type="radio"
                    name={`conflict-${i}`}
                    checked={choices[i] === side}
                    onChange={() => setChoices((now) => now.map((choice, j) => (j === i ? side : choice)))}
                  />
                  <span>
                    {side === 'mine' ? 'Mine' : 'Theirs'}: {sideText(words[side])}
                  </span>
                </label>
              ))}
            </fieldset>
          );
        })}
      </div>
    </Modal>
  );
}

/** The Property details label of a config field ('Property Name'), for the conflict's words. */
function fieldLabelOf(conflict: MergeConflict): string | undefined {
  const { path } = conflict;
  if (path.length !== 2 || path[0] !== 'config') return undefined;
  return PROPERTY_FIELDS.find((candidate) => candidate.key === path[1])?.label;
}
