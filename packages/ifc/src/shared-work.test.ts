/** The geometry work shared with helpers (shared-work.ts), from the extracting thread's side. */
import { describe, expect, it } from 'vitest';
import { extractIfc } from './index.js';
import { HELP_AT_ONCE_FROM_SHAPES, newWorkState, worthHelpAtOnce, type WorkResult } from './shared-work.js';
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

  it('is worth a helper at once for a file with enough elements with a shape, by its text', () => {
    const text = tinyIfc();
    const own = (text.match(/=\s*IFCPRODUCTDEFINITIONSHAPE\s*\(/g) ?? []).length;
    // `count` more shapes at the end of the DATA section.
    const withShapes = (count: number) => {
      const end = text.lastIndexOf('ENDSEC;');
      const shapes = Array.from({ length: count }, (_, i) => `#${90000 + i}=IFCPRODUCTDEFINITIONSHAPE($,$,(#1));\n`);
      return new TextEncoder().encode(text.slice(0, end) + shapes.join('') + text.slice(end));
    };
    expect(worthHelpAtOnce(bytes())).toBe(false);
    expect(worthHelpAtOnce(withShapes(HELP_AT_ONCE_FROM_SHAPES - own - 1))).toBe(false);
    expect(worthHelpAtOnce(withShapes(HELP_AT_ONCE_FROM_SHAPES - own))).toBe(true);
  });
});
