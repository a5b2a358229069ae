/** The geometry work shared with helpers (shared-work.ts), from the extracting thread's side. */
import { describe, expect, it, vi } from 'vitest';
import { IfcAPI } from 'web-ifc';
import { extractIfc, helpExtractIfc } from '../index.js';
import { HELP_AT_ONCE_FROM_SHAPES, worthHelpAtOnce, type WorkBatch, type WorkShare } from './shared-work.js';
import { LATER_COUNT, LATER_NEXT, newWorkState } from './work-state.js';
import { tinyGlobalId, tinyIfc } from '../test-support.js';

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
        sent = { results: [{ kind: 'failed', expressID: -1 }] };
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

/** What opening a model in web-ifc was given, per call, while `run` ran (the whole file, or a part: sub-model.ts). */
async function opensDuring(run: () => Promise<unknown>): Promise<number[]> {
  const opens = vi.spyOn(IfcAPI.prototype, 'OpenModel');
  try {
    await run();
    return opens.mock.calls.map(([data]) => data.length);
  } finally {
    opens.mockRestore();
  }
}

/** The tiny model with its wall copied: `straight` more as they are, `round` more on an ellipse profile (a curve: web-ifc meshes it). */
function wallsModel(straight: number, round: number): Uint8Array {
  const text = tinyIfc();
  const wallLine = text.split('\n').find((line) => line.startsWith('#57=IFCWALL('))!;
  const ellipse = [
    '#9990=IFCELLIPSEPROFILEDEF(.AREA.,$,#51,1000.,800.);',
    '#9991=IFCEXTRUDEDAREASOLID(#9990,#4,#2,3000.);',
    "#9992=IFCSHAPEREPRESENTATION(#6,'Body','SweptSolid',(#9991));",
    '#9993=IFCPRODUCTDEFINITIONSHAPE($,$,(#9992));',
  ];
  const copy = (id: number, n: number) => wallLine.replace('#57=', `#${id}=`).replace(tinyGlobalId(13), tinyGlobalId(n));
  const straightWalls = Array.from({ length: straight }, (_, i) => copy(8000 + i, 300 + i));
  const roundWalls = Array.from({ length: round }, (_, i) => copy(9000 + i, 500 + i).replace(',#55,', ',#9993,'));
  return new TextEncoder().encode(text.replace(wallLine, [wallLine, ...straightWalls, ...ellipse, ...roundWalls].join('\n')));
}

describe('web-ifc in an extraction', () => {
  it('is not used for a file whose shapes the text gives', async () => {
    expect(await opensDuring(() => extractIfc(bytes()))).toEqual([]);
  });

  it('meshes what the text does not give from one part of the file, opened once for all of it', async () => {
    const many = wallsModel(100, 20);
    let extraction: Awaited<ReturnType<typeof extractIfc>> | undefined;
    const opened = await opensDuring(async () => void (extraction = await extractIfc(many)));
    expect(opened).toHaveLength(1);
    expect(opened[0]).toBeLessThan(many.length / 4);
    expect(Object.keys(extraction!.arch.walls)).toHaveLength(121);
    // The round walls are ellipses of 1 m by 0.8 m: their footprints are round, not the straight wall's rectangle.
    const round = extraction!.arch.walls[tinyGlobalId(500)]!;
    expect(round.shape.exterior.length).toBeGreaterThan(8);
  });
});

describe('a helper asked for geometry work', () => {
  /** What a helper that had the whole work to itself sent, and what it opened in web-ifc for it. */
  async function helpAlone(input: Uint8Array): Promise<{ state: Int32Array; batches: WorkBatch[]; opened: number[] }> {
    const state = newWorkState();
    const batches: WorkBatch[] = [];
    const opened = await opensDuring(() => helpExtractIfc(input, { state, send: (batch) => batches.push(batch) }));
    return { state, batches, opened };
  }
  const fromHelper = (state: Int32Array, batches: WorkBatch[]): WorkShare => ({ state, receive: () => batches.shift() });

  it('makes what the text gives without web-ifc, and the extracting thread takes it as its own', async () => {
    const alone = await extractIfc(bytes());
    const { state, batches, opened } = await helpAlone(bytes());
    expect(opened).toEqual([]);
    const results = batches.flatMap((batch) => batch.results);
    expect(results.map((result) => result.kind)).toContain('shape');
    expect(results.map((result) => result.kind)).not.toContain('failed');
    const shared = await extractIfc(bytes(), undefined, { share: () => fromHelper(state, batches) });
    expect(shared).toEqual(alone);
  });

  it('makes the shapes the text does not give from parts of the file, a share at a time, after all it took', async () => {
    const many = wallsModel(100, 20);
    const { state, batches, opened } = await helpAlone(many);
    // Shares of a quarter of those left (5, 4, 3, 2, 2, 1, 1, 1, 1), each from a part of the file of its own.
    expect(opened).toHaveLength(9);
    expect(opened.every((size) => size < many.length / 4)).toBe(true);
    const results = batches.flatMap((batch) => batch.results);
    const walls = [57, ...Array.from({ length: 100 }, (_, i) => 8000 + i), ...Array.from({ length: 20 }, (_, i) => 9000 + i)];
    const made = results.filter((result) => result.kind === 'shape' && result.shape).map((result) => result.expressID);
    expect(made).toEqual(expect.arrayContaining(walls));
    // The extracting thread, every item taken by the helper, uses web-ifc for nothing.
    let shared: Awaited<ReturnType<typeof extractIfc>> | undefined;
    expect(
      await opensDuring(async () => void (shared = await extractIfc(many, undefined, { share: () => fromHelper(state, batches) }))),
    ).toEqual([]);
    expect(shared).toEqual(await extractIfc(many));
  });

  it('leaves the extracting thread, waiting for its results, to take the items it lists for later', async () => {
    const many = wallsModel(100, 20);
    const { state, batches } = await helpAlone(many);
    const round = new Set(Array.from({ length: 20 }, (_, i) => 9000 + i));
    const listed = Atomics.load(state, LATER_COUNT);
    expect(listed).toBe(round.size);
    // As if the helper had taken every item, sent what the text gives, and listed the round walls once the extracting
    // thread was past its own items: listed at its first look for results, none of them taken or sent.
    Atomics.store(state, LATER_NEXT, 0);
    Atomics.store(state, LATER_COUNT, 0);
    const sent = batches.map((batch) => ({ results: batch.results.filter((result) => !round.has(result.expressID)) }));
    let listedLate = false;
    const share: WorkShare = {
      state,
      quietMs: 10_000,
      receive: () => {
        if (listedLate) return sent.shift();
        listedLate = true;
        Atomics.store(state, LATER_COUNT, listed);
        return undefined;
      },
    };
    const started = performance.now();
    let shared: Awaited<ReturnType<typeof extractIfc>> | undefined;
    const opened = await opensDuring(async () => void (shared = await extractIfc(many, undefined, { share: () => share })));
    // Not waited for as a helper gone quiet: taken at once, a share at a time.
    expect(performance.now() - started).toBeLessThan(share.quietMs!);
    expect(opened.length).toBeGreaterThan(1);
    expect(shared).toEqual(await extractIfc(many));
  }, 30_000);
});
