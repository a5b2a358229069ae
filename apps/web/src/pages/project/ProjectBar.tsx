import { useState } from 'react';
import { UNSYNCED } from '@edrf/model';
import { getProjectMeta } from '../../api/versions';
import { useHeadCheck } from '../../state/head-check';
import { versionStateLabel, type ProjectStore } from '../../state/project-store';
import { useProjectActions, useProjectState } from '../../state/use-project';
import { ActionButton } from '../../ui/ActionButton';
import { GetTheirChangesButton } from './ConflictDialog';
import { VersionsDialog } from './VersionsDialog';

/** The head check's question: the server's working revision, quietly (a failure waits for the next check). */
const askRevision = (projectId: string) => getProjectMeta(projectId, { quiet: true }).then((meta) => meta.working_revision);

/**
 * The bar above every project page: the version state (P§4), Undo, Redo and Sync (the project's actions, which its
 * keys read too: state/use-project.ts), the Versions dialog; when someone else synced first, "Get their changes and
 * keep mine" (or, with nothing unsynced, "Load the newer version"), found by a sync's 409 or the head check.
 */
export function ProjectBar({ store, projectName }: { store: ProjectStore; projectName: string }) {
  const state = useProjectState();
  const actions = useProjectActions(store);
  const [versions, setVersions] = useState(false);
  const unsynced = state.identity === UNSYNCED;
  useHeadCheck(store, askRevision);
  return (
    <div className="project-bar">
      <span
        className={unsynced ? 'version-state unsynced' : state.behind ? 'version-state behind' : 'version-state'}
        role="status"
        aria-label="Version state"
      >
        {state.syncing ? 'Syncing…' : versionStateLabel(state)}
      </span>
      <span className="grow" />
      {state.behind && <GetTheirChangesButton store={store} />}
      <ActionButton action={actions.undo} />
      <ActionButton action={actions.redo} />
      <ActionButton action={actions.sync} primary busy={state.syncing} />
      <button type="button" className="btn btn-small" onClick={() => setVersions(true)}>
        Versions
      </button>
      {versions && <VersionsDialog store={store} projectName={projectName} onClose={() => setVersions(false)} />}
    </div>
  );
}
