import type { BasisRoom, Revision } from '@edrf/model';
import { costModel } from '../cost.js';

/** The n-th revision's letter from 0: 'A' … 'Z', then 'AA', 'AB' … (as spreadsheet columns). */
export function revisionLetter(n: number): string {
  let letter = '';
  for (let k = Math.max(0, Math.floor(n)) + 1; k > 0; k = Math.floor((k - 1) / 26))
    letter = String.fromCharCode(65 + ((k - 1) % 26)) + letter;
  return letter;
}

/** The place of a letter in that order ('A' 0, 'AA' 26); -1 for anything else. */
export function letterIndex(letter: string): number {
  if (!/^[A-Z]+$/.test(letter)) return -1;
  return [...letter].reduce((k, c) => k * 26 + (c.charCodeAt(0) - 64), 0) - 1;
}

/**
 * The design's latest revision (the one its documents carry and their revision clouds mark): the latest date, then the
 * later letter; undefined before the first.
 */
export function latestRevision(revisions: Readonly<Record<string, Revision>> | undefined): Revision | undefined {
  let latest: Revision | undefined;
  for (const r of Object.values(revisions ?? {}))
    if (!latest || r.date > latest.date || (r.date === latest.date && letterIndex(r.letter) > letterIndex(latest.letter))) latest = r;
  return latest;
}

/** The next revision's id and letter: the letter after the latest there is, the id 'revision-n' not yet taken. */
export function nextRevision(revisions: Readonly<Record<string, Revision>> | undefined): { id: string; letter: string } {
  const list = Object.values(revisions ?? {});
  const letter = revisionLetter(Math.max(-1, ...list.map((r) => letterIndex(r.letter))) + 1);
  let n = list.length + 1;
  while (revisions?.[`revision-${n}`]) n++;
  return { id: `revision-${n}`, letter };
}

/** The fire module's price (cost_model) for rooms of these areas. */
export const priceOfRooms = (rooms: readonly Pick<BasisRoom, 'area'>[]): number =>
  costModel({ num_rooms: rooms.length, area_sqm: rooms.reduce((sum, r) => sum + Math.max(0, r.area), 0) }, 'fire');
