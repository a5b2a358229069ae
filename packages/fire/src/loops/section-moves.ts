import { EPS, type ExchangeState } from './exchange-state.js';
import { insertAll, loopLength } from './loop-length.js';

/** Whether loop a or a loop beside one of its units changed since a's sections were last tried as blocks. */
export function sectionsMayMove(x: ExchangeState, near: Map<number, number[]>, a: number): boolean {
  const since = x.blocksTriedAt[a]!;
  if (since < 0 || x.changedAt[a]! > since) return true;
  for (const p of x.tours[a]!) for (const q of near.get(p)!) if (x.changedAt[x.loopOf[q]!]! > since) return true;
  return false;
}

/** Section s's units on loop a moved as one into another loop nearby, or swapped with another section's there; true if made. */
export function moveSection(x: ExchangeState, near: Map<number, number[]>, a: number, s: string): boolean {
  const { d, sections, tours, loopOf } = x;
  const A = tours[a]!;
  const block = A.filter((p) => sections[p] === s);
  const restA = A.filter((p) => sections[p] !== s);
  const gain = x.length[a]! - loopLength(restA, d);
  const targets = new Set<number>();
  for (const p of block) for (const q of near.get(p)!) if (loopOf[q] !== a) targets.add(loopOf[q]!);
  for (const b of targets) {
    const B = tours[b]!;
    if (!x.allows(a, b, block, 0, block.length)) continue;
    // Into B as it is, each unit where it lengthens B least (the pass then shortens the loops changed).
    const into = insertAll(B, block, d);
    if (loopLength(into, d) - x.length[b]! < gain - EPS && x.commit(a, b, restA, into)) return true;
    // Swapped with the units on B of a section near it (each section then leaves a loop as it joins one).
    const partners = new Set<string>();
    for (const p of block) for (const q of near.get(p)!) if (loopOf[q] === b && sections[q] !== '') partners.add(sections[q]!);
    for (const t of partners) {
      if (t === s) continue;
      const other = B.filter((p) => sections[p] === t);
      if (!x.allows(a, b, block, 0, block.length, other, 0, other.length)) continue;
      const restB = B.filter((p) => sections[p] !== t);
      if (x.commit(a, b, insertAll(restA, other, d), insertAll(restB, block, d))) return true;
    }
  }
  return false;
}
