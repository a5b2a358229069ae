/** The geometry work shared with helpers (shared-work.ts), from the extracting thread's side. */
import { describe, expect, it } from 'vitest';
import { extractIfc } from './index.js';
import { newWorkState, type WorkResult } from './shared-work.js';
import { tinyIfc } from './test-support.js';

const bytes = () => new TextEncoder().encode(tinyIfc());

describe('shared geometry work', () => {
  it('is asked for with the number of items, and takes what a helper sent', async () => {
    const alone = await extractIfc(bytes());
    const state = newWorkState();
    const asked: number[] = [];
    let sent: WorkResult[] | undefined;
    const shared = await extractIfc(bytes(), undefined, {
      share: (items) => {
        asked.push(items);
        // A helper that took the first item and made nothing of it: the extracting thread makes it itself.
        Atomics.add(state, 0, 1);
        sent = [{ kind: 'failed', expressID: -1 }];
        return {
          state,
          receive: () => {
            const batch = sent;
            sent = undefined;
            return batch;
          },
        };
      },
    });
    expect(asked).toHaveLength(1);
    expect(asked[0]).toBeGreaterThan(0);
    expect(shared).toEqual(alone);
  });

  it('goes on without a helper that took items and went quiet, and makes them itself', async () => {
    const alone = await extractIfc(bytes());
    const state = newWorkState();
    const started = performance.now();
    const shared = await extractIfc(bytes(), undefined, {
      share: () => {
        // A helper that took two items and then died.
        Atomics.add(state, 0, 2);
        return { state, receive: () => undefined, quietMs: 50 };
      },
    });
    expect(performance.now() - started).toBeGreaterThanOrEqual(50);
    expect(shared).toEqual(alone);
  });
});
