import { useState } from 'react';
import { UNSYNCED } from '@edrf/model';
import { getProjectMeta } from '../../api/versions';
import { useHeadCheck } from '../../state/head-check';
import { versionStateLabel, type ProjectStore } from '../../state/project-store';
import { useProjectCommands, useProjectState } from '../../state/use-project';
import { GetTheirChangesButton } from './ConflictDialog';
import { VersionsDialog } from './VersionsDialog';

/** The head check's question: the server's working revision, quietly (a failure waits for the next check). */
const askRevision = (projectId: string) => getProjectMeta(projectId, { quiet: true }).then((meta) => meta.working_revision);

/**
 * The bar above every project page: the version state (P§4), Undo, Redo, Sync and the Versions
 * dialog; when someone else synced first, "Get their changes and keep mine" (or, with nothing
 * unsynced, "Load the newer version"), found by a sync's 409 or the head check.
 */
export function ProjectBar({ store, projectName }: { store: ProjectStore; projectName: string }) {
  const state = useProjectState();
  const commands = useProjectCommands(store);
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
      <button type="button" className="btn btn-small" disabled={!state.canUndo} title="Undo (Ctrl+Z)" onClick={commands.undo}>
        Undo
      </button>
      <button type="button" className="btn btn-small" disabled={!state.canRedo} title="Redo (Ctrl+Y)" onClick={commands.redo}>
        Redo
      </button>
      <button
        type="button"
        className="btn btn-small btn-primary"
        disabled={!unsynced || state.syncing}
        title="Send your changes to the working version (Ctrl+S)"
        onClick={() => void commands.sync()}
      >
        Sync
      </button>
      <button type="button" className="btn btn-small" onClick={() => setVersions(true)}>
        Versions
      </button>
      {versions && <VersionsDialog store={store} projectName={projectName} onClose={() => setVersions(false)} />}
    </div>
  );
}
