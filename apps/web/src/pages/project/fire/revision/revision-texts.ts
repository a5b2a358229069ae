import { latestRevision } from '@edrf/fire';
import type { ArchChanges, Fire, Revision, UnitIdsByGroup } from '@edrf/model';

/** The fire area's words for a revision of the architecture (issue 40). */
export const REVISION_TEXTS = {
  notice: 'The architecture has changed since the fire design was last run',
  update: 'Update the design',
  updateTitle:
    'Removes the units of removed rooms, designs the added and reshaped rooms, puts new rooms in sections, and records a revision — one edit',
  keepRemoved: 'Keep units in removed rooms (flagged)',
  showRooms: 'Show rooms',
  hideRooms: 'Hide rooms',
  revisions: 'Revisions',
  noRevisions: 'No revision yet: a revision is recorded each time the design is updated to a changed architecture.',
  changedDuring: 'The model changed during the update: nothing was applied. Update the design again.',
  groups: { added: 'Added', removed: 'Removed', reshaped: 'Reshaped', retyped: 'Re-typed' },
  /** The toast's close when the update left units on no loop: the routes page's Warnings say which and why. */
  offLoop: (units: number) => `${units} unit${units === 1 ? '' : 's'} on no loop (see Warnings on the Routes page)`,
} as const;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** 'n word verb, n verb, …' for the groups with any: '2 rooms added, 1 removed'. */
const counted = (word: string, groups: readonly (readonly [number, string])[]) =>
  groups
    .filter(([n]) => n > 0)
    .map(([n, verb], i) => (i === 0 ? `${plural(n, word)} ${verb}` : `${n} ${verb}`))
    .join(', ');

/**
 * '2 rooms added, 1 removed, 1 reshaped, 1 re-typed; 2 walls added, 1 removed' (the groups with any): a wall added
 * inside a room that stays the same is a change of its own, since loops may run through it.
 */
export function changeCounts(changes: ArchChanges): string {
  const rooms = counted('room', [
    [changes.added.length, 'added'],
    [changes.removed.length, 'removed'],
    [changes.reshaped.length, 'reshaped'],
    [changes.retyped.length, 're-typed'],
  ]);
  const walls = changes.walls
    ? counted('wall', [
        [changes.walls.added.length, 'added'],
        [changes.walls.removed.length, 'removed'],
        [changes.walls.moved.length, 'moved'],
      ])
    : '';
  return [rooms, walls].filter((part) => part !== '').join('; ');
}

const countUnits = (units: UnitIdsByGroup) => Object.values(units).reduce((n, ids) => n + (ids?.length ?? 0), 0);

/** What a revision changed in the design, in one line: 'Revision B: 12 units added, 3 removed; 2 sections changed'. */
export function revisionLine(revision: Revision): string {
  const added = countUnits(revision.units.added);
  const removed = countUnits(revision.units.removed);
  const flagged = countUnits(revision.units.flagged);
  const parts = [`${plural(added, 'unit')} added, ${removed} removed`];
  if (flagged > 0) parts.push(`${flagged} kept in removed rooms (flagged)`);
  parts.push(`${plural(revision.sections_changed.length, 'section')} changed`);
  return `Revision ${revision.letter}: ${parts.join('; ')}`;
}

/** Metres before → after, when the revision measured them and the design has cable. */
export function cableLine(revision: Revision): string | null {
  if (revision.cable_m_before === null || revision.cable_m_after === null) return null;
  if (revision.cable_m_before === 0 && revision.cable_m_after === 0) return null;
  return `Cable ${revision.cable_m_before.toFixed(0)} m → ${revision.cable_m_after.toFixed(0)} m`;
}

/** The letter of the design's latest revision ('' before the first): the documents' title blocks carry it. */
export function currentRevision(fire: Pick<Fire, 'revisions'> | undefined): string {
  // The engine's rule, which the plan drawings' revision clouds follow too: the title block and the clouds agree.
  return latestRevision(fire?.revisions)?.letter ?? '';
}
