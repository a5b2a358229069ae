/** The geometry work shared with helpers (shared-work.ts), from the extracting thread's side. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IfcAPI } from 'web-ifc';
import { extractIfc, helpExtractIfc } from './index.js';
import type { KnownFacets } from './facets.js';
import {
  FACET_HELP_FROM_LOOPS,
  facetsFromHelper,
  HELP_AT_ONCE_FROM_SHAPES,
  helpWithFacets,
  newWorkState,
  OPEN_AFTER_GIVING_BACK,
  worthFacetHelp,
  worthHelpAtOnce,
  type WorkBatch,
  type WorkShare,
} from './shared-work.js';
import { expressIdOf, tinyGlobalId, tinyIfc } from './test-support.js';

const bytes = () => new TextEncoder().encode(tinyIfc());

describe('shared geometry work', () => {
  it('is asked for with the number of items, and takes what a helper sent', async () => {
    const alone = await extractIfc(bytes());
    const state = newWorkState();
    const asked: number[] = [];
    let sent: WorkBatch | undefined;
    const shared = await extractIfc(bytes(), undefined, {
      share: (items) => {
        asked.push(items);
        // A helper that took the first item and made nothing of it: the extracting thread makes it itself.
        Atomics.add(state, 0, 1);
        sent = { scale: 0.001, results: [{ kind: 'failed', expressID: -1 }] };
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

describe('a helper asked for geometry work', () => {
  afterEach(() => vi.restoreAllMocks());

  /** What a helper that had the whole work to itself sent, and whether it opened the file in web-ifc for it. */
  async function helpAlone(input: Uint8Array): Promise<{ state: Int32Array; batches: WorkBatch[]; opened: boolean }> {
    const opens = vi.spyOn(IfcAPI.prototype, 'OpenModel');
    const state = newWorkState();
    const batches: WorkBatch[] = [];
    await helpExtractIfc(input, { state, send: (batch) => batches.push(batch), geometry: true });
    const opened = opens.mock.calls.length > 0;
    opens.mockRestore();
    return { state, batches, opened };
  }
  const fromHelper = (state: Int32Array, batches: WorkBatch[]): WorkShare => ({ state, receive: () => batches.shift() });

  it('makes what the text gives without opening the file, and the extracting thread takes it as its own', async () => {
    const alone = await extractIfc(bytes());
    const { state, batches, opened } = await helpAlone(bytes());
    expect(opened).toBe(false);
    const results = batches.flatMap((batch) => batch.results);
    expect(results.map((result) => result.kind)).toContain('shape');
    expect(results.map((result) => result.kind)).not.toContain('failed');
    expect(batches.every((batch) => batch.scale === 0.001)).toBe(true);
    const shared = await extractIfc(bytes(), undefined, { share: () => fromHelper(state, batches) });
    expect(shared).toEqual(alone);
  });

  it('gives back what the text does not give, which the extracting thread then makes', async () => {
    // The wall of a circle (a curve, which web-ifc meshes in its own segments): the text does not give it.
    const round = new TextEncoder().encode(
      tinyIfc().replace('#52=IFCRECTANGLEPROFILEDEF(.AREA.,$,#51,200.,5000.);', '#52=IFCCIRCLEPROFILEDEF(.AREA.,$,#51,1000.);'),
    );
    const alone = await extractIfc(round);
    const { state, batches, opened } = await helpAlone(round);
    expect(opened).toBe(false);
    const wall = expressIdOf(new TextDecoder().decode(round), 'IFCWALL', tinyGlobalId(13));
    expect(batches.flatMap((batch) => batch.results).map((result) => result.expressID)).not.toContain(wall);
    expect(batches.flatMap((batch) => batch.returned ?? [])).toHaveLength(1);
    const shared = await extractIfc(round, undefined, { share: () => fromHelper(state, batches) });
    expect(shared).toEqual(alone);
    expect(Object.keys(shared.arch.walls)).toEqual([tinyGlobalId(13)]);
  });

  it(`opens the file after all once it has given back ${OPEN_AFTER_GIVING_BACK} items and a third of those it took`, async () => {
    // Round walls enough: the first OPEN_AFTER_GIVING_BACK are given back, the others made with web-ifc.
    const text = tinyIfc().replace('#52=IFCRECTANGLEPROFILEDEF(.AREA.,$,#51,200.,5000.);', '#52=IFCCIRCLEPROFILEDEF(.AREA.,$,#51,1000.);');
    const wallLine = text.split('\n').find((line) => line.startsWith('#57=IFCWALL('))!;
    const copies = Array.from({ length: OPEN_AFTER_GIVING_BACK + 4 }, (_, i) =>
      wallLine.replace('#57=', `#${9000 + i}=`).replace(tinyGlobalId(13), tinyGlobalId(200 + i)),
    );
    const many = new TextEncoder().encode(text.replace(wallLine, [wallLine, ...copies].join('\n')));
    const alone = await extractIfc(many);
    const { state, batches, opened } = await helpAlone(many);
    expect(opened).toBe(true);
    expect(batches.flatMap((batch) => batch.returned ?? [])).toHaveLength(OPEN_AFTER_GIVING_BACK);
    const made = batches.flatMap((batch) => batch.results).filter((result) => result.kind === 'shape' && result.shape);
    expect(made.length).toBeGreaterThanOrEqual(5);
    const shared = await extractIfc(many, undefined, { share: () => fromHelper(state, batches) });
    expect(shared).toEqual(alone);
  });

  it('gives back a few among many without opening the file', async () => {
    const text = tinyIfc();
    const wallLine = text.split('\n').find((line) => line.startsWith('#57=IFCWALL('))!;
    const round = [
      '#9990=IFCCIRCLEPROFILEDEF(.AREA.,$,#51,1000.);',
      '#9991=IFCEXTRUDEDAREASOLID(#9990,#4,#2,3000.);',
      "#9992=IFCSHAPEREPRESENTATION(#6,'Body','SweptSolid',(#9991));",
      '#9993=IFCPRODUCTDEFINITIONSHAPE($,$,(#9992));',
    ];
    const copy = (id: number, n: number) => wallLine.replace('#57=', `#${id}=`).replace(tinyGlobalId(13), tinyGlobalId(n));
    const straight = Array.from({ length: 100 }, (_, i) => copy(8000 + i, 300 + i));
    const curved = Array.from({ length: OPEN_AFTER_GIVING_BACK + 4 }, (_, i) => copy(9000 + i, 500 + i).replace(',#55,', ',#9993,'));
    const many = new TextEncoder().encode(text.replace(wallLine, [wallLine, ...straight, ...round, ...curved].join('\n')));
    const { state, batches, opened } = await helpAlone(many);
    expect(opened).toBe(false);
    expect(batches.flatMap((batch) => batch.returned ?? [])).toHaveLength(OPEN_AFTER_GIVING_BACK + 4);
    const shared = await extractIfc(many, undefined, { share: () => fromHelper(state, batches) });
    expect(shared).toEqual(await extractIfc(many));
    expect(Object.keys(shared.arch.walls)).toHaveLength(1 + 100 + OPEN_AFTER_GIVING_BACK + 4);
  });

  it('has nothing it made in another unit kept', async () => {
    const alone = await extractIfc(bytes());
    const { state, batches } = await helpAlone(bytes());
    // Shapes of nothing: kept when said to be in the file's unit (the wall is gone), not when said to be in metres.
    const empty = (scale: number) =>
      batches.map(({ results }) => ({ scale, results: results.map((r) => (r.kind === 'shape' ? { ...r, shape: undefined } : r)) }));
    const copy = newWorkState();
    copy.set(state);
    const sameUnit = await extractIfc(bytes(), undefined, { share: () => fromHelper(copy, empty(0.001)) });
    expect(Object.keys(sameUnit.arch.walls)).toHaveLength(0);
    const otherUnit = await extractIfc(bytes(), undefined, { share: () => fromHelper(state, empty(1)) });
    expect(otherUnit).toEqual(alone);
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
