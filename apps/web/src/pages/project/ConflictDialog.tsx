import { useState } from 'react';
import { validateModel } from '@edrf/model';
import { getLatestVersion, toLoadedVersion, type VersionWithModel } from '../../api/versions';
import { toast } from '../../app/overlay/alerts';
import { Modal } from '../../ui/Modal';
import { UNKNOWN_BASE, type MergeChoice, type MergeConflict } from '../../state/merge';
import { UNABLE_TO_VALIDATE_MODEL } from '../../state/open-project';
import { getIn, isPlainObject } from '../../state/paths';
import type { PreparedMerge, ProjectStore } from '../../state/project-store';
import { useProjectState } from '../../state/use-project';
import { PROPERTY_FIELDS } from './PropertyDetailsPage';
import './conflicts.css';

/**
 * Someone else synced first (the 409): "Get their changes and keep mine" loads the latest working
 * version, re-applies the user's unsynced edits on it, asks about the values both changed, and
 * syncs (docs/versions.md).
 */
export const GET_THEIR_CHANGES = 'Get their changes and keep mine';

export function GetTheirChangesButton({ store }: { store: ProjectStore }) {
  const { projectId, syncing, saving } = useProjectState();
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
    else if (result.status === 'idle' || result.status === 'unchanged') toast.info('Got their changes');
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
        title="Someone else synced first: load their changes, keep your unsynced edits on top, then sync"
        onClick={() => void start()}
      >
        {GET_THEIR_CHANGES}
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
        {merge.conflicts.map((conflict, i) => (
          <fieldset key={conflict.path.join('\u0000')} className="merge-conflict">
            <legend>{conflictLabel(conflict, merge)}</legend>
            {(['mine', 'theirs'] as const).map((side) => (
              <label key={side} className={choices[i] === side ? 'merge-option chosen' : 'merge-option'}>
                <input
                  type="radio"
                  name={`conflict-${i}`}
                  checked={choices[i] === side}
                  onChange={() => setChoices((now) => now.map((choice, j) => (j === i ? side : choice)))}
                />
                <span>
                  {side === 'mine' ? 'Mine' : 'Theirs'}: {describeValue(conflict[side])}
                </span>
              </label>
            ))}
          </fieldset>
        ))}
      </div>
    </Modal>
  );
}

/**
 * Where the value is, as the user knows it: a Property details field by its label, otherwise the
 * path with each item named ('arch › rooms › Kitchen (r1) › name').
 */
export function conflictLabel(conflict: MergeConflict, merge: Pick<PreparedMerge, 'mine' | 'theirs'>): string {
  const { path } = conflict;
  if (path.length === 2 && path[0] === 'config') {
    const field = PROPERTY_FIELDS.find((candidate) => candidate.key === path[1]);
    if (field) return field.label;
  }
  return path
    .map((key, i) => {
      if (i < 2) return String(key);
      const prefix = path.slice(0, i + 1);
      const item = [getIn(merge.theirs, prefix), getIn(merge.mine, prefix), i === path.length - 1 ? conflict.base : undefined].find(
        (value) => isPlainObject(value) && typeof value.name === 'string' && value.name !== '',
      ) as { name: string } | undefined;
      return item ? `${item.name} (${key})` : String(key);
    })
    .join(' › ');
}

const MAX_SHOWN = 140;

/** A value as the dialog shows it: text as it is, a deleted item as 'Deleted', anything else as short JSON. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'Deleted';
  if (value === UNKNOWN_BASE) return 'Unknown';
  if (value === null) return 'None';
  if (value === '') return 'Empty';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const json = JSON.stringify(value);
  const name = isPlainObject(value) && typeof value.name === 'string' && value.name !== '' ? `${value.name} — ` : '';
  const text = `${name}${json}`;
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN - 1)}…` : text;
}
