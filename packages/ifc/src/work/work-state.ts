/**
 * The state one extraction's threads share in memory (shared-work.ts): Int32 slots read and written with Atomics.
 * Its layout is told here alone, for the threads and for tests that play a helper's part.
 */

/** The next item of the work to take. */
export const NEXT = 0;
/**
 * Bumped when a helper has delivered results or a thread has listed an item for later (LaterWork.add): the extracting
 * thread, done with its own items, sleeps on it until there is something to receive or to take.
 */
export const NEWS = 1;
/** 1 once the extracting thread is past its geometry work (or gave up): helpers stop. */
const FINISHED = 2;
/** Items that need web-ifc, listed by the threads as they meet them (LATER_LIST on), and the next to take of them. */
export const LATER_COUNT = 4;
export const LATER_NEXT = 5;
/** Each listed item's place in the work plus one (0: counted, not yet written). */
export const LATER_LIST = 8;
/**
 * Items that need web-ifc the shared list holds; a thread makes any beyond it itself. Files need none to a few dozen
 * (House 24), the largest a few hundred (ISSUE_021 502; Janesville 521 before clipped walls were read from the text).
 */
export const LATER_CAPACITY = 4096;

/** A new shared state: nothing taken, delivered or listed. */
export const newWorkState = (): Int32Array =>
  new Int32Array(new SharedArrayBuffer((LATER_LIST + LATER_CAPACITY) * Int32Array.BYTES_PER_ELEMENT));

/** Tells the extracting thread there is news (NEWS). */
export function bumpNews(state: Int32Array): void {
  Atomics.add(state, NEWS, 1);
  Atomics.notify(state, NEWS);
}

/** Whether the extraction is past its geometry work already (or gave up), so that helpers stop or do not start. */
export const workFinished = (state: Int32Array): boolean => Atomics.load(state, FINISHED) === 1;

/** Tells the helpers the extraction is past its geometry work (or gave up): they stop. */
export const endWork = (state: Int32Array): void => void Atomics.store(state, FINISHED, 1);
