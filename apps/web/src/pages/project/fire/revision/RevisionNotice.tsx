import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { ArchChanges, RevisionRoom } from '@edrf/model';
import { updateFireDesign } from '../../../../api/fire';
import { useProjectState } from '../../../../state/use-project';
import { toast } from '../../../../ui/alerts';
import { setLastCabling } from '../routes/run/last-cabling';
import { RunProgress } from '../../../../ui/RunProgress';
import { useEngineRun } from '../use-engine-run';
import { pendingChanges } from './design-basis';
import { REVISION_TEXTS, changeCounts, revisionLine } from './revision-texts';
import { RevisionsButton } from './RevisionsList';
import './revision.css';

const GROUPS = ['added', 'removed', 'reshaped', 'retyped'] as const;
/** The update's warnings that are the cabling's (loop_…, rack_…), and those of a unit left on no loop. */
const CABLING_WARNING = /^(loop|rack)_/;
const OFF_LOOP = /^loop_(cut_off|no_room):/;

/**
 * The fire area's notice (issue 40, docs/fire-revisions.md): shown while the architecture differs from the one the
 * fire design was last run or updated on; lists the rooms added, removed, reshaped and re-typed, each a link to its
 * storey on the units plan, and offers 'Update the design' (one edit, undone as one). Beside it, the Revisions list.
 */
export function RevisionNotice() {
  const { model } = useProjectState();
  const { projectId = '' } = useParams();
  const changes = useMemo(() => pendingChanges(model), [model]);
  const [open, setOpen] = useState(false);
  const [keepRemoved, setKeepRemoved] = useState(false);
  const { clock, busy, start } = useEngineRun();
  const revisions = model.fire?.revisions ?? {};

  const update = (shown: ArchChanges) =>
    start(async ({ sent, now, apply, progress }) => {
      const answer = await updateFireDesign({ arch: sent.arch, elec: sent.elec, fire: sent.fire }, shown, keepRemoved, progress);
      if (now() !== sent) {
        toast.warning(REVISION_TEXTS.changedDuring);
        return;
      }
      const next = { ...sent, fire: answer.fire };
      apply(next);
      const reroute = answer.summary.reroute.length;
      // The re-route's warnings (a new unit on no loop, a leg with no way) are the routes page's, as a cabling run's are.
      const cabling = answer.summary.warnings.filter((w) => CABLING_WARNING.test(w.warning_id));
      if (reroute > 0 || cabling.length > 0) setLastCabling(projectId, cabling, next);
      const offLoop = cabling.filter((w) => OFF_LOOP.test(w.warning_id)).length;
      const line = `${revisionLine(answer.summary.revision)}${reroute > 0 ? `; ${reroute} loop routes to route again` : ''}`;
      if (offLoop > 0) toast.warning(`${line}; ${REVISION_TEXTS.offLoop(offLoop)}`, 12000);
      else toast.info(line, 8000);
    });

  if (!changes) return Object.keys(revisions).length > 0 ? <RevisionsBar /> : null;
  const storeyName = (room: RevisionRoom) => model.arch.storeys[room.storey_id]?.name ?? '';
  const roomLink = (room: RevisionRoom) =>
    `/project/${encodeURIComponent(projectId)}/fire/units?storey=${encodeURIComponent(room.storey_id)}`;
  return (
    <div className="revision-notice" role="region" aria-label="Architecture changed">
      <div className="revision-notice-line">
        <strong>{REVISION_TEXTS.notice}:</strong> <span>{changeCounts(changes)}.</span>
        <button type="button" className="btn btn-small btn-link" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? REVISION_TEXTS.hideRooms : REVISION_TEXTS.showRooms}
        </button>
        <span className="revision-notice-actions">
          {changes.removed.length > 0 && (
            <label>
              <input type="checkbox" checked={keepRemoved} disabled={busy} onChange={(e) => setKeepRemoved(e.target.checked)} />{' '}
              {REVISION_TEXTS.keepRemoved}
            </label>
          )}
          <button
            type="button"
            className="btn btn-small btn-primary"
            title={REVISION_TEXTS.updateTitle}
            disabled={busy}
            onClick={() => update(changes)}
          >
            {REVISION_TEXTS.update}
          </button>
          <RunProgress label={REVISION_TEXTS.update} state={clock} />
          <RevisionsButton />
        </span>
      </div>
      {open && (
        <div className="revision-rooms">
          {GROUPS.filter((group) => changes[group].length > 0).map((group) => (
            <section key={group} aria-label={REVISION_TEXTS.groups[group]}>
              <h3>{REVISION_TEXTS.groups[group]}</h3>
              <ul>
                {changes[group].map((room) => (
                  <li key={room.id}>
                    <Link to={roomLink(room)} title={`Show ${storeyName(room) || 'its storey'} on the units plan`}>
                      {room.name || room.id}
                    </Link>
                    <span className="revision-room-storey">{storeyName(room)}</span>
                    {'from' in room && (
                      <span>
                        {' '}
                        {String(room.from)} → {String(room.to)}
                      </span>
                    )}
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </div>
  );
}

/** With no change pending but revisions recorded: only the Revisions button, at the tabs' end. */
function RevisionsBar() {
  return (
    <div className="revision-bar">
      <RevisionsButton />
    </div>
  );
}
