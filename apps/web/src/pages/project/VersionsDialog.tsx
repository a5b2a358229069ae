import { useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { UNSYNCED, VERSION_STATUSES, saveVersionBody, validateModel, type VersionStatus, type VersionSummary } from '@edrf/model';
import {
  getLatestVersion,
  getVersion,
  listVersions,
  setVersionStatus,
  toLoadedVersion,
  upgradeEdrf,
  versionsKey,
  type VersionWithModel,
} from '../../api/versions';
import { saveBlob } from '../../api/admin';
import { refreshProjectQueries } from '../../api/projects';
import { toast } from '../../ui/alerts';
import { relativeTime } from '../../lib/time';
import { Modal } from '../../ui/Modal';
import { FormError, firstIssue } from '../../ui/FormError';
import { confirmAction } from '../../ui/confirm';
import type { ProjectStore } from '../../state/project-store';
import { useProjectState } from '../../state/use-project';
import { UNABLE_TO_VALIDATE_MODEL } from '../../state/open-project';
import { edrfExport, readEdrfFile } from './edrf-file';

/**
 * P§2 Versions dialog: the saved versions (comment, user, when, status), save the working version
 * with a comment, load a version, import and export .edrf (docs/editing.md).
 */
export function VersionsDialog({ store, projectName, onClose }: { store: ProjectStore; projectName: string; onClose: () => void }) {
  const state = useProjectState();
  const { projectId } = state;
  const queryClient = useQueryClient();
  const location = useLocation();
  const versions = useQuery({ queryKey: versionsKey(projectId), queryFn: () => listVersions(projectId) });
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const locked = busy !== null || state.syncing || state.saving;

  const refresh = () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: versionsKey(projectId) }), refreshProjectQueries(queryClient)]);

  async function save(event: FormEvent) {
    event.preventDefault();
    const parsed = saveVersionBody.safeParse({ comment });
    if (!parsed.success) return setError(firstIssue(parsed.error));
    setError(null);
    setBusy('save');
    const result = await store.save(parsed.data.comment);
    setBusy(null);
    if (result.status === 'saved') {
      setComment('');
      toast.info(`Version ${parsed.data.comment} saved`);
      await refresh();
    }
  }

  async function load(label: string, fetch: () => Promise<VersionWithModel>) {
    if (state.identity === UNSYNCED) {
      const sure = await confirmAction({
        title: 'Load version',
        message: `Load ${label}? Your unsynced changes will be lost.`,
        confirmLabel: 'Load',
        danger: true,
      });
      if (!sure) return;
    }
    setBusy('load');
    try {
      const version = await fetch();
      const model = validateModel(version.model);
      if (!model.ok) return toast.error(UNABLE_TO_VALIDATE_MODEL);
      store.loadVersion(toLoadedVersion(version, model.value));
      toast.info(`Loaded ${label}`);
      onClose();
    } catch {
      // Shown by the API helper.
    } finally {
      setBusy(null);
    }
  }

  async function importFile() {
    setBusy('import');
    const imported = await readEdrfFile(fileInput.current?.files?.[0], upgradeEdrf);
    setBusy(null);
    if (!imported.ok) return toast.error(imported.error);
    store.replaceModel(imported.model, location.pathname + location.search);
    toast.info('Imported .edrf');
    onClose();
  }

  function exportFile() {
    const { fileName, blob } = edrfExport(store.getState().model, projectName, new Date());
    saveBlob(blob, fileName);
  }

  async function changeStatus(version: VersionSummary, value: string) {
    const status = value === '' ? null : (value as VersionStatus);
    try {
      await setVersionStatus(projectId, version.project_version_id, status);
      toast.info('Version status updated');
    } catch {
      // Shown by the API helper; the list shows the stored status again.
    }
    await refresh();
  }

  return (
    <Modal
      title="Versions"
      onClose={onClose}
      width="50rem"
      footer={
        <button type="button" className="btn" onClick={onClose}>
          Close
        </button>
      }
    >
      <form className="version-save" onSubmit={(event) => void save(event)} noValidate>
        <label className="field grow">
          <span>Comment</span>
          <input value={comment} maxLength={2000} onChange={(event) => setComment(event.target.value)} placeholder="What this version is" />
        </label>
        <button type="submit" className="btn btn-primary" disabled={locked}>
          {busy === 'save' ? 'Saving…' : 'Save'}
        </button>
      </form>
      <FormError message={error} />

      <div className="version-list">
        {versions.isPending ? (
          <div className="empty-state">Loading versions…</div>
        ) : !versions.data?.length ? (
          <div className="empty-state">{versions.isError ? 'Unavailable' : 'No saved versions'}</div>
        ) : (
          <table className="table">
            <thead>
              <tr>
                <th>Comment</th>
                <th>User</th>
                <th>Saved</th>
                <th>Status</th>
                <th aria-label="Actions" />
              </tr>
            </thead>
            <tbody>
              {versions.data.map((version) => (
                <tr key={version.project_version_id}>
                  <td>
                    {version.comment}
                    {version.project_version_id === state.identity && <span className="badge version-current">Current</span>}
                  </td>
                  <td>{version.user_email}</td>
                  <td title={new Date(version.created_at).toLocaleString()}>{relativeTime(version.created_at)}</td>
                  <td>
                    <select
                      aria-label={`Status of ${version.comment}`}
                      value={version.status ?? ''}
                      onChange={(event) => void changeStatus(version, event.target.value)}
                    >
                      <option value="">—</option>
                      {VERSION_STATUSES.map((status) => (
                        <option key={status} value={status}>
                          {status}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td className="actions">
                    <button
                      type="button"
                      className="btn btn-small"
                      aria-label={`Load ${version.comment}`}
                      disabled={locked}
                      onClick={() => void load(version.comment, () => getVersion(projectId, version.project_version_id))}
                    >
                      Load
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>

      <div className="version-tools">
        <button
          type="button"
          className="btn"
          disabled={locked}
          title="The working version as the server has it: everyone's synced changes"
          onClick={() => void load('the working version', () => getLatestVersion(projectId))}
        >
          Load working version
        </button>
        <span className="grow" />
        <input ref={fileInput} type="file" accept=".edrf,.json" aria-label=".edrf file to import" />
        <button type="button" className="btn" disabled={locked} onClick={() => void importFile()}>
          Import .edrf
        </button>
        <button type="button" className="btn" onClick={exportFile}>
          Export .edrf
        </button>
      </div>
    </Modal>
  );
}
