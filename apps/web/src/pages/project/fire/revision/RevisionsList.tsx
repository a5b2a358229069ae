import { useState } from 'react';
import type { Revision } from '@edrf/model';
import { useProjectState } from '../../../../state/use-project';
import { Modal } from '../../../../ui/Modal';
import { REVISION_TEXTS, cableLine, changeCounts, revisionLine } from './revision-texts';

/** The revisions of the fire design, newest first (issue 40): letter, date, what changed in the building and the design. */
export function RevisionsButton() {
  const { model } = useProjectState();
  const [open, setOpen] = useState(false);
  const revisions = Object.values(model.fire?.revisions ?? {}).sort((a, b) => b.date.localeCompare(a.date));
  return (
    <>
      <button type="button" className="btn btn-small" onClick={() => setOpen(true)}>
        {REVISION_TEXTS.revisions} ({revisions.length})
      </button>
      {open && (
        <Modal title={REVISION_TEXTS.revisions} onClose={() => setOpen(false)} width="36rem">
          {revisions.length === 0 ? (
            <p>{REVISION_TEXTS.noRevisions}</p>
          ) : (
            <ol className="revisions-list" aria-label={REVISION_TEXTS.revisions}>
              {revisions.map((revision) => (
                <RevisionItem key={revision.id} revision={revision} />
              ))}
            </ol>
          )}
        </Modal>
      )}
    </>
  );
}

function RevisionItem({ revision }: { revision: Revision }) {
  const cable = cableLine(revision);
  return (
    <li>
      <div className="revision-head">
        <strong>{revision.letter}</strong> <time dateTime={revision.date}>{revision.date.slice(0, 10)}</time>
      </div>
      <div>{changeCounts(revision.changes) || 'No room changed'}</div>
      <div>{revisionLine(revision)}</div>
      {cable && <div>{cable}</div>}
    </li>
  );
}
