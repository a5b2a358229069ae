import type { JsonObject, Model, VersionStatus, VersionSummary } from '@edrf/model';
import type { OpenTransport, ProjectMeta } from '../state/open-project';
import type { LoadedVersion, SaveAnswer, SyncAnswer, SyncBody, VersionTransport } from '../state/project-store';
import { apiCall } from './client';

/** Version calls of P§7 and docs/versions.md, and their query keys. */
export const versionsKey = (projectId: string) => ['project', projectId, 'versions'] as const;

const projectPath = (projectId: string, rest: string) => `/api/v1/project/${encodeURIComponent(projectId)}${rest}`;

/** A version with its model, as get_version and latest_version answer. */
export interface VersionWithModel extends Omit<VersionSummary, 'comment' | 'status'> {
  comment: string | null;
  status: VersionStatus | null;
  working_revision: string;
  model: Model;
}

export const listVersions = (projectId: string) =>
  apiCall<{ versions: VersionSummary[] }>('load versions', projectPath(projectId, '/list_versions')).then((r) => r.versions);

export const getVersion = (projectId: string, versionId: string) =>
  apiCall<VersionWithModel>('load version', projectPath(projectId, `/get_version/${encodeURIComponent(versionId)}`));

export const getLatestVersion = (projectId: string, opts: { quiet?: boolean } = {}) =>
  apiCall<VersionWithModel>('load the working version', projectPath(projectId, '/latest_version'), opts);

export const getProjectMeta = (projectId: string, opts: { quiet?: boolean } = {}) =>
  apiCall<ProjectMeta>('load project', projectPath(projectId, '/get_project_meta'), opts);

/** A 409 is the caller's to show: the server's own message, without 'Failed to sync'. */
export const syncWorkingVersion = (projectId: string, body: SyncBody) =>
  apiCall<SyncAnswer>('sync', projectPath(projectId, '/sync_working_version'), { body, quietStatuses: [409] });

export const saveWorkingVersion = (projectId: string, comment: string, workingRevision: string) =>
  apiCall<SaveAnswer>('save version', projectPath(projectId, '/save_working_version'), {
    body: { comment, working_revision: workingRevision },
    quietStatuses: [409],
  });

export const setVersionStatus = (projectId: string, versionId: string, status: VersionStatus | null) =>
  apiCall<object>('set version status', projectPath(projectId, `/create_version_status/${encodeURIComponent(versionId)}`), {
    body: { status },
  });

/** An .edrf of an older schema, brought to the current one by the server (P§5); quiet: a failure is 'Error importing .edrf'. */
export const upgradeEdrf = (model: JsonObject) =>
  apiCall<unknown>('import .edrf', '/api/v1/upgrade_edrf', { body: { model }, quiet: true });

/** The store's calls. */
export const versionTransport: VersionTransport = { sync: syncWorkingVersion, save: saveWorkingVersion };

/** Opening a project: quiet, the P§8 texts are shown instead ('Unable to find project'). */
export const openTransport: OpenTransport = {
  meta: (projectId) => getProjectMeta(projectId, { quiet: true }),
  latest: (projectId) => getLatestVersion(projectId, { quiet: true }),
};

export const toLoadedVersion = (version: VersionWithModel, model: Model): LoadedVersion => ({
  project_version_id: version.project_version_id,
  comment: version.comment,
  working_revision: version.working_revision,
  model,
});
