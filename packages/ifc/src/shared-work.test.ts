/** The geometry work shared with helpers (shared-work.ts), from the extracting thread's side. */
import { describe, expect, it } from 'vitest';
import { extractIfc } from './index.js';
import type { KnownFacets } from './facets.js';
import {
  FACET_HELP_FROM_LOOPS,
  facetsFromHelper,
  HELP_AT_ONCE_FROM_SHAPES,
  helpWithFacets,
  newWorkState,
  worthFacetHelp,
  worthHelpAtOnce,
  type WorkResult,
  type WorkShare,
} from './shared-work.js';
import { expressIdOf, tinyGlobalId, tinyIfc } from './test-support.js';

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

describe('the facets read by a helper', () => {
  /** A share whose helper's facets arrive through `inbox` (as its MessagePort would bring them). */
  const shareWith = (state: Int32Array, inbox: KnownFacets[]): WorkShare => ({
    state,
    receive: () => undefined,
    receiveFacets: () => inbox.shift(),
    quietMs: 100,
  });

  it('are used by the extracting thread, with the outcome of reading them itself', async () => {
    const text = tinyIfc();
    const alone = await extractIfc(bytes());
    const state = newWorkState();
    const inbox: KnownFacets[] = [];
    const read = helpWithFacets(bytes(), { state, send: () => {}, sendFacets: (facets) => inbox.push(facets), geometry: false });
    // The door of the tiny file is an extruded rectangle: read as the box it is (extrusions.ts).
    const door = expressIdOf(text, 'IFCDOOR', tinyGlobalId(18))!;
    expect(read?.get(door)?.[0]?.geometry.points).toHaveLength(8 * 3);
    const share = shareWith(state, inbox);
    const shared = await extractIfc(bytes(), undefined, { facets: () => facetsFromHelper(share) });
    expect(shared).toEqual(alone);
    expect(inbox).toHaveLength(0);
  });

  it('are read by the extracting thread itself when it gets there first, and then not by the helper', () => {
    const state = newWorkState();
    const inbox: KnownFacets[] = [];
    expect(facetsFromHelper(shareWith(state, inbox))).toBeUndefined();
    expect(helpWithFacets(bytes(), { state, send: () => {}, sendFacets: (facets) => inbox.push(facets), geometry: false })).toBeUndefined();
    expect(inbox).toHaveLength(0);
  });

  it('are not read by a helper asked for geometry work, nor waited for', () => {
    const state = newWorkState();
    const inbox: KnownFacets[] = [];
    expect(helpWithFacets(bytes(), { state, send: () => {}, sendFacets: (facets) => inbox.push(facets), geometry: true })).toBeUndefined();
    expect(inbox).toHaveLength(0);
    expect(facetsFromHelper(shareWith(state, inbox))).toBeUndefined();
  });

  it('are waited for no longer than a quiet helper is', () => {
    const state = newWorkState();
    // A helper that took the facets (slot 3: 1) and died before it sent them.
    Atomics.store(state, 3, 1);
    const started = performance.now();
    expect(facetsFromHelper(shareWith(state, []))).toBeUndefined();
    expect(performance.now() - started).toBeGreaterThanOrEqual(100);
  });

  it('are worth a helper for a file with enough faces, by its text', () => {
    const text = tinyIfc();
    const end = text.lastIndexOf('ENDSEC;');
    const loops = (count: number) =>
      new TextEncoder().encode(
        text.slice(0, end) + Array.from({ length: count }, (_, i) => `#${90000 + i}=IFCPOLYLOOP((#1,#1,#1));\n`).join('') + text.slice(end),
      );
    expect(worthFacetHelp(loops(FACET_HELP_FROM_LOOPS - 1))).toBe(false);
    expect(worthFacetHelp(loops(FACET_HELP_FROM_LOOPS))).toBe(true);
  });
});
