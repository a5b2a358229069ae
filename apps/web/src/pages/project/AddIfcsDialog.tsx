import { useState, type ChangeEvent } from 'react';
import { useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { UNSYNCED, WORKING_VERSION, removeDanglingReferences, validateModelPart, type Model } from '@edrf/model';
import { refreshProjectQueries } from '../../api/projects';
import { toast } from '../../ui/alerts';
import { formatMb } from '../../lib/files';
import type { ProjectStore } from '../../state/project-store';
import { Modal } from '../../ui/Modal';
import { readIfcNames, shownName } from '../../upload/ifc-name';
import {
  STEP_LABELS,
  UPLOAD_TEXT,
  uploadIfcs,
  uploadUrl,
  type ChangeCount,
  type UploadResult,
  type UploadState,
} from '../../upload/upload-client';

interface Row {
  key: string;
  file: File;
  /** The IFC's own project name when it says something (upload/ifc-name.ts); the file is named by file.name. */
  projectName: string | null;
  state: UploadState;
}

const isIfcName = (name: string) => name.toLowerCase().endsWith('.ifc');

let nextKey = 1;

/** 'Rooms 3 added, 1 changed · Walls 12 added', or 'No changes' (the done message's counts). */
export function changesSummary(changes: Record<string, ChangeCount>): string {
  const parts = Object.entries(changes).flatMap(([kind, count]) => {
    const counts = (['added', 'changed', 'removed'] as const).filter((what) => count[what] > 0).map((what) => `${count[what]} ${what}`);
    if (counts.length === 0) return [];
    const label = kind.replace(/_/g, ' ');
    return [`${label.charAt(0).toUpperCase()}${label.slice(1)} ${counts.join(', ')}`];
  });
  return parts.length === 0 ? 'No changes' : parts.join(' · ');
}

function stepText(state: UploadState): string {
  switch (state.status) {
    case 'idle':
      return 'Waiting';
    case 'uploading':
      return `Uploading ${Math.round(state.progress * 100)}%`;
    case 'uploaded':
      return 'Uploaded';
    case 'processing':
      return `${STEP_LABELS[state.step]} ${Math.round(state.progress * 100)}%`;
    case 'done':
      return 'Imported';
    case 'error':
      return 'Stopped';
  }
}

const barValue = (state: UploadState) =>
  state.status === 'uploading' || state.status === 'processing' ? state.progress : state.status === 'idle' ? 0 : 1;

const stateLabel: Record<UploadState['status'], string> = {
  idle: 'Idle',
  uploading: 'Uploading',
  uploaded: 'Uploaded',
  processing: 'Processing',
  done: 'Done',
  error: 'Error',
};

/** The file's true north from `done`, in [0, 360) as config.compass_degrees takes it; undefined when absent. */
function compassOf(result: UploadResult): number | undefined {
  const degrees = result.compass_degrees;
  if (typeof degrees !== 'number' || !Number.isFinite(degrees)) return undefined;
  const turned = ((degrees % 360) + 360) % 360;
  return turned < 360 ? turned : 0;
}

/**
 * The model with an upload's result in it (docs/ifc-upload.md): arch and elec as the server merged
 * them, config.ifc_files as it answered, config.compass_degrees from the file when done carries it,
 * and the references the merge's cascade left cleaned.
 */
export function withUpload(model: Model, result: UploadResult): Model | null {
  const arch = validateModelPart('arch', result.arch);
  const elec = validateModelPart('elec', result.elec);
  const compass = compassOf(result);
  const config = validateModelPart('config', {
    ...model.config,
    ifc_files: result.ifc_files,
    ...(compass === undefined ? {} : { compass_degrees: compass }),
  });
  if (!arch.ok || !elec.ok || !config.ok) return null;
  return removeDanglingReferences({ ...model, config: config.value, arch: arch.value, elec: elec.value });
}

/**
 * P§2 Add IFCs: choose .ifc files, upload them one after another (P§4 protocol), and apply each
 * one's result to the project as one undoable edit. Unsynced edits are synced first, since the
 * server merges into its own copy of the open version.
 */
export function AddIfcsDialog({ store, onClose }: { store: ProjectStore; onClose: () => void }) {
  const location = useLocation();
  const page = location.pathname + location.search;
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<Row[]>([]);
  const [refused, setRefused] = useState<string | null>(null);
  const [running, setRunning] = useState(false);

  const setState = (key: string, state: UploadState) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, state } : row)));

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = Array.from(event.target.files ?? []);
    event.target.value = '';
    const notIfc = chosen.filter((file) => !isIfcName(file.name));
    setRefused(
      notIfc.length === 0
        ? null
        : `Only .ifc files can be uploaded: ${notIfc.map((file) => file.name).join(', ')} ${notIfc.length === 1 ? 'was' : 'were'} not added`,
    );
    const added = await Promise.all(
      chosen
        .filter((file) => isIfcName(file.name))
        .map(async (file): Promise<Row> => ({
          key: `ifc-${nextKey++}`,
          file,
          projectName: (await readIfcNames(file, file.name)).projectName,
          state: { status: 'idle' },
        })),
    );
    setRows((current) => [...current, ...added]);
  }

  function apply(key: string, result: UploadResult) {
    const model = withUpload(store.getState().model, result);
    if (!model)
      return setState(key, {
        status: 'error',
        message: UPLOAD_TEXT.failed('the answer of the server is not a valid model'),
        connection: false,
      });
    store.replaceModel(model, page);
  }

  async function upload() {
    const pending = rows.filter((row) => row.state.status === 'idle');
    if (pending.length === 0) return;
    setRunning(true);
    let fileFailed = false;
    try {
      for (const [index, row] of pending.entries()) {
        // The server merges into its copy of the open version: unsynced edits (and the previous file) go first.
        if (store.getState().identity === UNSYNCED) {
          const synced = await store.sync();
          if (synced.status === 'failed' || synced.status === 'conflict') {
            const message = UPLOAD_TEXT.failed(synced.message);
            for (const rest of pending.slice(index)) setState(rest.key, { status: 'error', message, connection: false });
            fileFailed = true;
            break;
          }
        }
        const identity = store.getState().identity;
        const versionId = identity === UNSYNCED ? WORKING_VERSION : identity;
        const summary = await uploadIfcs({
          url: uploadUrl(window.location, store.getState().projectId, versionId),
          files: [{ id: row.key, name: row.file.name, blob: row.file }],
          onState: setState,
          onDone: (key, result) => apply(key, result),
        });
        if (summary.connectionError) toast.error(summary.connectionError);
        else if (summary.failed > 0) fileFailed = true;
      }
    } catch {
      toast.error(UPLOAD_TEXT.uploadFailed);
    } finally {
      setRunning(false);
      if (fileFailed) toast.error(UPLOAD_TEXT.failedToUpload);
      void refreshProjectQueries(queryClient);
    }
  }

  const idle = rows.filter((row) => row.state.status === 'idle').length;
  return (
    <Modal
      title="Add IFCs"
      onClose={onClose}
      width="52rem"
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Close
          </button>
          <button type="button" className="btn btn-primary" disabled={running || idle === 0} onClick={() => void upload()}>
            {running ? 'Uploading…' : 'Upload'}
          </button>
        </>
      }
    >
      <label className="field">
        <span>IFC files</span>
        <input type="file" accept=".ifc" multiple disabled={running} onChange={(event) => void choose(event)} />
      </label>
      {refused && (
        <p className="form-error" role="alert">
          {refused}
        </p>
      )}
      {rows.length === 0 ? (
        <div className="empty-state">No files chosen</div>
      ) : (
        <table className="table ifc-upload-table">
          <thead>
            <tr>
              <th>File</th>
              <th>IFC project</th>
              <th>Size</th>
              <th>Progress</th>
              <th>State</th>
              <th aria-label="Remove" />
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const shown = shownName(row.file.name);
              const project = row.projectName === null ? null : shownName(row.projectName);
              const { state } = row;
              return (
                <tr key={row.key} data-state={state.status}>
                  <td className="ifc-file" title={shown.title}>
                    {shown.label}
                  </td>
                  <td className="ifc-project" title={project?.title}>
                    {project ? project.label : <span className="muted">—</span>}
                  </td>
                  <td className="ifc-size">{formatMb(row.file.size)}</td>
                  <td className="ifc-progress">
                    <progress max={1} value={barValue(state)} aria-label={`Progress of ${row.file.name}`} />
                    <span className="ifc-step">{stepText(state)}</span>
                  </td>
                  <td className="ifc-state">
                    {state.status === 'error' ? (
                      <span className="form-error">{state.message}</span>
                    ) : (
                      <span className={`ifc-status ifc-status-${state.status}`}>{stateLabel[state.status]}</span>
                    )}
                    {state.status === 'done' && (
                      <>
                        <div className="ifc-changes">{changesSummary(state.result.changes)}</div>
                        {state.result.warnings.map((warning) => (
                          <div key={warning} className="ifc-warning">
                            {warning}
                          </div>
                        ))}
                      </>
                    )}
                  </td>
                  <td>
                    {state.status === 'idle' && !running && (
                      <button
                        type="button"
                        className="icon-btn"
                        aria-label={`Remove ${row.file.name}`}
                        onClick={() => setRows((current) => current.filter((other) => other.key !== row.key))}
                      >
                        ×
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </Modal>
  );
}
