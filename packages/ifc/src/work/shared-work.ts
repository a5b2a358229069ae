/**
 * The geometry work of one extraction, shared between threads. Making elements' shapes (read from the text or meshed
 * by web-ifc) and their footprints and hulls is most of an import's time, and each element's is independent of every
 * other's. So every thread that takes part lists the same work from the file's text (geometryWork), and they take
 * items one at a time from a counter in shared memory: a helper that starts late or runs slow just takes fewer, and one
 * that never starts takes none. Each thread makes what the text gives as it takes it, and the items that need web-ifc
 * after it has taken its last one, from one part of the file opened for all of them (sub-model.ts). Helpers send what
 * they made to the extracting thread, which waits for the items they took and then reads the model as it would alone,
 * its shapes already known.
 */
import type { ExtractContext } from '../context.js';
import type { SubModels } from '../shapes/sub-model.js';
import { elementShape, outlineWithParts, pointsWithParts } from '../shapes/element-shape.js';
import type { ElementOutline, ElementShape } from '../shapes/plan-shapes.js';
import { NEEDS_WEB_IFC, type ElementPoints } from '../shapes/mesh.js';
import { DOOR_CLASSES } from '../elements/doors.js';
import { OBJECT_CLASSES } from '../elements/objects.js';
import { CEILING_CLASSES, SLAB_CLASSES, STAIR_CLASSES } from '../elements/slabs.js';
import { ROOM_CLASSES } from '../elements/spaces.js';
import { TRAY_CLASSES } from '../elements/trays.js';
import { WALL_CLASSES } from '../elements/walls.js';
import { asBuffer, countEntities } from '../step/step-text.js';
import { keywordOf } from '../step/ifc-types.js';
import {
  bumpNews,
  endWork,
  LATER_CAPACITY,
  LATER_COUNT,
  LATER_LIST,
  LATER_NEXT,
  newWorkState,
  NEWS,
  NEXT,
  workFinished,
} from './work-state.js';

/** One element's footprint (elementShape), hull points (pointsWithParts) or outline (outlineWithParts). */
interface WorkItem {
  kind: 'shape' | 'points' | 'outline';
  expressID: number;
}

/** What a helper made of one item; failed when it threw (the extracting thread then makes it itself). */
export type WorkResult =
  | { kind: 'shape'; expressID: number; shape: ElementShape | undefined }
  | { kind: 'points'; expressID: number; points: ElementPoints | undefined }
  | { kind: 'outline'; expressID: number; outline: ElementOutline | undefined }
  | { kind: 'failed'; expressID: number };

/** The share of the items left that a thread takes at a time (LaterWork.makeAll). */
const LATER_SHARES = 4;

/**
 * Fewer items than this are not worth a helper: it would read the file again (as long as the extracting thread took)
 * to share a few hundred milliseconds of work, and on two cores the two threads slow each other down meanwhile.
 */
export const HELP_FROM_ITEMS = 400;

/**
 * Elements with a shape (IfcProductDefinitionShape) from which a helper is asked for before the file is read
 * (worthHelpAtOnce). Measured on two cores (docs/compute.md), when each thread opened the whole file in web-ifc: with
 * fewer, a helper slowed the import down (SampleHouse4, 69 shapes: 105–111 ms with a helper, 80–84 without); with
 * more, it sped it up (Jasmin, 95: 121–146 instead of 142–157; House, 192: 108 instead of 147; duplex, 286: 112
 * instead of 132). Reading the text only, SampleHouse4 with a helper at 40 shapes still took longer (session 8).
 */
export const HELP_AT_ONCE_FROM_SHAPES = 80;
const PRODUCT_SHAPE = Buffer.from('IFCPRODUCTDEFINITIONSHAPE', 'latin1');

/**
 * Whether the file's geometry work looks worth a helper asked for before the file is read, from its STEP text alone
 * (a millisecond for 3 MB): it has HELP_AT_ONCE_FROM_SHAPES elements with a shape or more.
 */
export const worthHelpAtOnce = (bytes: Uint8Array): boolean =>
  countEntities(asBuffer(bytes), PRODUCT_SHAPE, HELP_AT_ONCE_FROM_SHAPES) >= HELP_AT_ONCE_FROM_SHAPES;

/** The extracting thread's side: the shared state and the helpers' results. */
export interface WorkShare {
  state: Int32Array;
  /** The next batch of results a helper sent, if one has arrived (without waiting). */
  receive(): WorkBatch | undefined;
  /** How long to wait for a helper that has gone quiet (ms; QUIET_MS when not given). */
  quietMs?: number;
}

/** Results as a helper sends them. */
export interface WorkBatch {
  results: WorkResult[];
}

/** A helper's side: the shared state and where its results go. */
export interface WorkHelp {
  state: Int32Array;
  send(batch: WorkBatch): void;
}

/** Results a helper sends at a time. */
const BATCH = 16;
/** How long the extracting thread waits for a helper that has gone quiet before it makes the rest itself (ms). */
const QUIET_MS = 5000;

/**
 * Every element the readers will need geometry of, listed from the file's text (StepIndex.idsWithKeyword), so that
 * every thread of one file lists the same items in the same order.
 */
function geometryWork(ctx: ExtractContext): WorkItem[] {
  const groups = [ROOM_CLASSES, WALL_CLASSES, SLAB_CLASSES, STAIR_CLASSES, CEILING_CLASSES, DOOR_CLASSES, TRAY_CLASSES, OBJECT_CLASSES].map(
    (classes) => classes.map((c) => (typeof c === 'number' ? c : c[0])),
  );
  const index = ctx.facets.index;
  const [rooms, walls, slabs, stairs, ceilings, doors, trays, objects] = groups.map((classes) =>
    classes.flatMap((type) => index.idsWithKeyword(keywordOf(type)).sort((a, b) => a - b)),
  );
  const shapes = [...rooms!, ...walls!, ...slabs!, ...stairs!, ...ceilings!];
  const openings = [...ctx.voids.hostsOf.keys()].sort((a, b) => a - b);
  return [
    ...[...shapes, ...openings].map((expressID): WorkItem => ({ kind: 'shape', expressID })),
    ...[...doors!, ...trays!].map((expressID): WorkItem => ({ kind: 'points', expressID })),
    ...objects!.map((expressID): WorkItem => ({ kind: 'outline', expressID })),
  ];
}

/** One item made; NEEDS_WEB_IFC goes on to the caller (makeFromText), any other error is a failed item. */
function make(ctx: ExtractContext, { kind, expressID }: WorkItem): WorkResult {
  try {
    if (kind === 'shape') return { kind, expressID, shape: elementShape(ctx, expressID) };
    if (kind === 'points') return { kind, expressID, points: pointsWithParts(ctx, expressID) };
    return { kind, expressID, outline: outlineWithParts(ctx, expressID) };
  } catch (error) {
    if (error === NEEDS_WEB_IFC) throw error;
    return { kind: 'failed', expressID };
  }
}

/** One item made from the text alone; undefined when it needs web-ifc (its source does not use it yet: sub-model.ts). */
function makeFromText(ctx: ExtractContext, item: WorkItem): WorkResult | undefined {
  try {
    return make(ctx, item);
  } catch (error) {
    if (error === NEEDS_WEB_IFC) return undefined;
    throw error;
  }
}

/**
 * Items that need web-ifc, shared by the threads of one extraction: each lists those it meets while it makes what the
 * text gives, and once it has taken its last item of the work, takes listed ones until none is left, meshing them from
 * sub-models (sub-model.ts); the extracting thread, waiting for a helper's results, takes those listed after that too.
 * So the two threads share that work however the items fell to them. Items beyond the list's capacity stay with their
 * thread.
 */
class LaterWork {
  private readonly own: number[] = [];
  constructor(
    private readonly state: Int32Array,
    private readonly items: readonly WorkItem[],
    /** The share of those left taken at a time: 1 (all) for a thread alone, LATER_SHARES beside another. */
    private readonly shares: number,
  ) {}

  /** Lists item `i` (by its place in the work) for later, and wakes the extracting thread if it waits (NEWS). */
  add(i: number): void {
    const at = Atomics.add(this.state, LATER_COUNT, 1);
    if (at < LATER_CAPACITY) {
      Atomics.store(this.state, LATER_LIST + at, i + 1);
      bumpNews(this.state);
    } else this.own.push(i);
  }

  /**
   * Makes listed items until none is left (and this thread's own beyond the list), with web-ifc from then on. Beside
   * another thread, items are taken a share of those left at a time (LATER_SHARES), each share meshed from a sub-model of its own: a thread parses
   * the part of the file its own items need, not the other thread's too, and the shares shrink as the list runs out,
   * so that neither thread is left with much when the other is done.
   */
  makeAll(ctx: ExtractContext, models: SubModels, done: (result: WorkResult) => void): number {
    models.useWebIfc = true;
    let made = 0;
    for (;;) {
      const listed = this.listed();
      const next = Atomics.load(this.state, LATER_NEXT);
      if (next >= listed) break;
      const count = Math.ceil((listed - next) / this.shares);
      // Taken only if no other thread took them meanwhile: an item listed later is taken by whoever finds it.
      if (Atomics.compareExchange(this.state, LATER_NEXT, next, next + count) !== next) continue;
      const share = Array.from({ length: count }, (_, k) => this.items[this.itemAt(next + k)]!);
      models.expect(share.map((item) => item.expressID));
      for (const item of share) done(make(ctx, item));
      made += count;
    }
    models.expect(this.own.map((i) => this.items[i]!.expressID));
    for (const i of this.own.splice(0)) {
      done(make(ctx, this.items[i]!));
      made++;
    }
    return made;
  }

  private listed(): number {
    return Math.min(LATER_CAPACITY, Atomics.load(this.state, LATER_COUNT));
  }

  /** The item listed at `k`: its thread counted it before it wrote it, so it may take a moment to appear. */
  private itemAt(k: number): number {
    let value = Atomics.load(this.state, LATER_LIST + k);
    while (value === 0) {
      Atomics.wait(this.state, LATER_LIST + k, 0, 1);
      value = Atomics.load(this.state, LATER_LIST + k);
    }
    return value - 1;
  }
}

function keep(ctx: ExtractContext, result: WorkResult): void {
  if (result.kind === 'shape') ctx.shapes.set(result.expressID, result.shape);
  else if (result.kind === 'points') ctx.points.set(result.expressID, result.points);
  else if (result.kind === 'outline') ctx.outlines.set(result.expressID, result.outline);
}

/**
 * The extracting thread: takes items until none is left, takes part in making those that need web-ifc (LaterWork),
 * then waits for those the helpers made, taking meanwhile any they list for later. When there is little work, or no
 * helper, it does all of them. Either way, every shape the readers ask for is known afterwards (or made on demand if a
 * helper failed or went quiet). `meanwhile` is work that needs no geometry, given the express ids of the elements the
 * readers will read: it is done first, while a helper starts on the geometry. Answers those express ids.
 */
export function doGeometryWork(
  ctx: ExtractContext,
  models: SubModels,
  askShare: ((items: number) => WorkShare | undefined) | undefined,
  progress: (fraction: number) => void,
  meanwhile: (elements: number[]) => void = () => {},
): number[] {
  const items = geometryWork(ctx);
  const share = askShare?.(items.length);
  const elements = items.map((item) => item.expressID);
  meanwhile(elements);
  const state = share?.state ?? newWorkState();
  const total = items.length;
  const later = new LaterWork(state, items, share ? LATER_SHARES : 1);
  let made = 0;
  let taken = 0;
  for (let i = Atomics.add(state, NEXT, 1); i < total; i = Atomics.add(state, NEXT, 1)) {
    const result = makeFromText(ctx, items[i]!);
    if (result) {
      keep(ctx, result);
      made++;
    } else later.add(i);
    if (++taken % 64 === 0) progress(Atomics.load(state, NEXT) / total);
  }
  endWork(state);
  made += later.makeAll(ctx, models, (result) => keep(ctx, result));
  if (!share) return elements;
  let received = 0;
  let quietSince = performance.now();
  while (received < total - made) {
    // Read before looking, so that news arriving meanwhile ends the wait below at once.
    const news = Atomics.load(state, NEWS);
    const batch = share.receive();
    if (batch) {
      for (const result of batch.results) keep(ctx, result);
      received += batch.results.length;
      quietSince = performance.now();
      continue;
    }
    // Items a helper listed after this thread's last look: taken here rather than left to a helper that has others.
    const more = later.makeAll(ctx, models, (result) => keep(ctx, result));
    if (more > 0) {
      made += more;
      quietSince = performance.now();
      continue;
    }
    if (performance.now() - quietSince > (share.quietMs ?? QUIET_MS)) break;
    Atomics.wait(state, NEWS, news, 20);
  }
  return elements;
}

/** Where a helper's results go, BATCH at a time. */
class Outbox {
  private batch: WorkResult[] = [];
  constructor(private readonly help: WorkHelp) {}

  add(result: WorkResult): void {
    this.batch.push(result);
    if (this.batch.length >= BATCH) this.flush();
  }

  flush(): void {
    const count = this.batch.length;
    if (count === 0) return;
    this.help.send({ results: this.batch });
    bumpNews(this.help.state);
    this.batch = [];
  }
}

/**
 * A helper thread: takes items until none is left (or the extracting thread is past its own), making what the text
 * gives and sending it at once, then takes part in making those that need web-ifc (LaterWork): the extracting thread
 * waits for every item taken.
 */
export function helpWithGeometryWork(ctx: ExtractContext, models: SubModels, help: WorkHelp): void {
  const items = geometryWork(ctx);
  const outbox = new Outbox(help);
  const later = new LaterWork(help.state, items, LATER_SHARES);
  for (let i = take(help, items); i < items.length; i = take(help, items)) {
    const result = makeFromText(ctx, items[i]!);
    if (result) outbox.add(result);
    else later.add(i);
  }
  outbox.flush();
  later.makeAll(ctx, models, (result) => outbox.add(result));
  outbox.flush();
}

const take = (help: WorkHelp, items: readonly WorkItem[]): number =>
  workFinished(help.state) ? items.length : Math.min(items.length, Atomics.add(help.state, NEXT, 1));
