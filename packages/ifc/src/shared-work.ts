/**
 * The geometry work of one extraction, shared between threads. Making elements' shapes (read from the text or meshed
 * by web-ifc) and their footprints and hulls is most of an import's time, and each element's is independent of every
 * other's. So every thread that takes part lists the same work from the file's text (geometryWork), and they take
 * items one at a time from a counter in shared memory: a helper that starts late or runs slow just takes fewer, and one
 * that never starts takes none. A helper starts on what the text gives before it has the file open in web-ifc, if it
 * ever opens it (helpFromText). Helpers send what they made to the extracting thread, which waits for the items they
 * took and then reads the model as it would alone, its shapes already known.
 */
import type { ExtractContext } from './context.js';
import { elementShape, outlineWithParts, pointsWithParts, type ElementOutline, type ElementShape } from './element-shape.js';
import { NEEDS_WEB_IFC, type ElementPoints } from './mesh.js';
import * as WebIfc from 'web-ifc';
import { DOOR_CLASSES } from './doors.js';
import { OBJECT_CLASSES } from './objects.js';
import { CEILING_CLASSES, SLAB_CLASSES, STAIR_CLASSES } from './slabs.js';
import { ROOM_CLASSES } from './spaces.js';
import { TRAY_CLASSES } from './trays.js';
import { WALL_CLASSES } from './walls.js';
import { voids } from './voids.js';
import { asBuffer, countEntities } from './step-text.js';
import { readElementFacets, type KnownFacets } from './facets.js';

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

/** Int32 slots of the shared state. */
const NEXT = 0;
const DELIVERED = 1;
const FINISHED = 2;
/** Who reads the doors' and objects' facets (FACETS_*). */
const FACETS = 3;
const FACETS_OPEN = 0;
const FACETS_HELPER = 1;
const FACETS_DELIVERED = 2;
const FACETS_EXTRACTOR = 3;

/**
 * The shared state of one extraction's work: the next item to take, items delivered by helpers, finished, and who
 * reads the facets.
 */
export const newWorkState = (): Int32Array => new Int32Array(new SharedArrayBuffer(4 * Int32Array.BYTES_PER_ELEMENT));

/**
 * Fewer items than this are not worth a helper: it would open the file (as long as the extracting thread took) to
 * share a few hundred milliseconds of work, and on two cores the two threads slow each other down meanwhile.
 */
export const HELP_FROM_ITEMS = 400;

/**
 * Elements with a shape (IfcProductDefinitionShape) from which a helper is asked for before the file is opened
 * (worthHelpAtOnce). Measured on two cores (docs/compute.md): with fewer, a helper slowed the import down, since
 * opening the file a second time cost more than it took off the geometry (SampleHouse4, 69 shapes: 105–111 ms with a
 * helper, 80–84 without); with more, it sped it up (Jasmin, 95: 121–146 instead of 142–157; House, 192: 108 instead
 * of 147; duplex, 286: 112 instead of 132).
 */
export const HELP_AT_ONCE_FROM_SHAPES = 80;
const PRODUCT_SHAPE = Buffer.from('IFCPRODUCTDEFINITIONSHAPE', 'latin1');

/**
 * Whether the file's geometry work looks worth a helper asked for before the file is opened, from its STEP text alone
 * (a millisecond for 3 MB): it has HELP_AT_ONCE_FROM_SHAPES elements with a shape or more.
 */
export const worthHelpAtOnce = (bytes: Uint8Array): boolean =>
  countEntities(asBuffer(bytes), PRODUCT_SHAPE, HELP_AT_ONCE_FROM_SHAPES) >= HELP_AT_ONCE_FROM_SHAPES;

/**
 * Polyloops from which a file with too few shapes for a geometry helper (worthHelpAtOnce) gets a helper that reads the
 * doors' and objects' facets from the text (facets.ts) while this thread opens it. Knowing them beforehand took 13 ms
 * off SampleHouse4 (11,391 loops) in one thread, and 1.5 ms off IfcopenHouse_Lantern (3,738, most of them its walls').
 */
export const FACET_HELP_FROM_LOOPS = 4000;
const POLYLOOP = Buffer.from('IFCPOLYLOOP', 'latin1');

/** Whether the file's text has enough faces for a helper to read its doors' and objects' facets (FACET_HELP_FROM_LOOPS). */
export const worthFacetHelp = (bytes: Uint8Array): boolean =>
  countEntities(asBuffer(bytes), POLYLOOP, FACET_HELP_FROM_LOOPS) >= FACET_HELP_FROM_LOOPS;

/** The extracting thread's side: the shared state and the helpers' results. */
export interface WorkShare {
  state: Int32Array;
  /** The next batch of results a helper sent, if one has arrived (without waiting). */
  receive(): WorkBatch | undefined;
  /** The facets a helper sent, if they have arrived (without waiting). */
  receiveFacets?(): KnownFacets | undefined;
  /** How long to wait for a helper that has gone quiet (ms; QUIET_MS when not given). */
  quietMs?: number;
}

/**
 * Results as a helper sends them, with the metres per file unit it made them in: a helper reads the unit from the text
 * before it has the file open (helpFromText), and the extracting thread keeps no result made in another unit than its own.
 */
export interface WorkBatch {
  scale: number;
  results: WorkResult[];
  /** Items the helper took and gives back, by their place in the work (helpFromText): the extracting thread makes them. */
  returned?: number[];
}

/** A helper's side: the shared state and where its results go. */
export interface WorkHelp {
  state: Int32Array;
  send(batch: WorkBatch): void;
  /** Where the doors' and objects' facets go; none: this helper does not read them. */
  sendFacets?(facets: KnownFacets): void;
  /** Whether it was asked for geometry work (it opens the file); otherwise it reads the facets alone. */
  geometry: boolean;
}

/** Results a helper sends at a time. */
const BATCH = 16;
/** How long the extracting thread waits for a helper that has gone quiet before it makes the rest itself (ms). */
const QUIET_MS = 5000;

/** STEP keywords by web-ifc's type codes (IFCWALL: 'IFCWALL'), from web-ifc's own names for them. */
let keywordsByType: Map<number, Buffer> | undefined;
function keywordOf(type: number): Buffer {
  keywordsByType ??= new Map(
    Object.entries(WebIfc)
      .filter(([name, code]) => name.startsWith('IFC') && typeof code === 'number')
      .map(([name, code]) => [code as number, Buffer.from(name, 'latin1')]),
  );
  const keyword = keywordsByType.get(type);
  if (!keyword) throw new Error(`No STEP keyword for web-ifc type ${type}`);
  return keyword;
}

/**
 * Every element the readers will need geometry of, listed from the file's text (StepIndex.idsOf), so that every thread
 * of one file lists the same items in the same order, whether it has the file open in web-ifc or not yet.
 */
function geometryWork(ctx: ExtractContext): WorkItem[] {
  const groups = [ROOM_CLASSES, WALL_CLASSES, SLAB_CLASSES, STAIR_CLASSES, CEILING_CLASSES, DOOR_CLASSES, TRAY_CLASSES, OBJECT_CLASSES].map(
    (classes) => classes.map((c) => (typeof c === 'number' ? c : c[0])),
  );
  const ids = ctx.facets.index.idsOf(groups.flat().map(keywordOf));
  let at = 0;
  const [rooms, walls, slabs, stairs, ceilings, doors, trays, objects] = groups.map((classes) =>
    ids.slice(at, (at += classes.length)).flat(),
  );
  const shapes = [...rooms!, ...walls!, ...slabs!, ...stairs!, ...ceilings!];
  const openings = [...voids(ctx).hostsOf.keys()].sort((a, b) => a - b);
  return [
    ...[...shapes, ...openings].map((expressID): WorkItem => ({ kind: 'shape', expressID })),
    ...[...doors!, ...trays!].map((expressID): WorkItem => ({ kind: 'points', expressID })),
    ...objects!.map((expressID): WorkItem => ({ kind: 'outline', expressID })),
  ];
}

/** One item made; NEEDS_WEB_IFC goes on to the caller (helpFromText), any other error is a failed item. */
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

function keep(ctx: ExtractContext, result: WorkResult): void {
  if (result.kind === 'shape') ctx.shapes.set(result.expressID, result.shape);
  else if (result.kind === 'points') ctx.points.set(result.expressID, result.points);
  else if (result.kind === 'outline') ctx.outlines.set(result.expressID, result.outline);
}

/**
 * The extracting thread: takes items until none is left, then waits for those the helpers took. When there is little
 * work, or no helper, it does all of them. Either way, every shape the readers ask for is known afterwards (or made on
 * demand if a helper failed or went quiet). `meanwhile` is work that needs no geometry, given the express ids of the
 * elements the readers will read: it is done first, while a helper opens the file and starts on the geometry. Answers
 * those express ids.
 */
export function doGeometryWork(
  ctx: ExtractContext,
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
  let made = 0;
  for (let i = Atomics.add(state, NEXT, 1); i < total; i = Atomics.add(state, NEXT, 1)) {
    keep(ctx, make(ctx, items[i]!));
    made++;
    if (made % 64 === 0) progress(Atomics.load(state, NEXT) / total);
  }
  endWork(state);
  if (!share) return elements;
  let received = 0;
  let quietSince = performance.now();
  while (received < total - made) {
    const batch = share.receive();
    if (batch) {
      if (batch.scale === ctx.scale) for (const result of batch.results) keep(ctx, result);
      for (const i of batch.returned ?? []) if (items[i]) keep(ctx, make(ctx, items[i]));
      received += batch.results.length + (batch.returned?.length ?? 0);
      quietSince = performance.now();
      continue;
    }
    if (performance.now() - quietSince > (share.quietMs ?? QUIET_MS)) break;
    Atomics.wait(state, DELIVERED, Atomics.load(state, DELIVERED), 20);
  }
  return elements;
}

/** Where a helper's results go, BATCH at a time, in the unit they were made in. */
class Outbox {
  private batch: WorkResult[] = [];
  private returned: number[] = [];
  constructor(
    private readonly help: WorkHelp,
    private readonly scale: number,
  ) {}

  add(result: WorkResult): void {
    this.batch.push(result);
    if (this.batch.length >= BATCH) this.flush();
  }

  /** Gives item `i` back at once, with what was made before it: the extracting thread makes it as soon as it is free. */
  giveBack(i: number): void {
    this.returned.push(i);
    this.flush();
  }

  flush(): void {
    const count = this.batch.length + this.returned.length;
    if (count === 0) return;
    this.help.send({ scale: this.scale, results: this.batch, ...(this.returned.length > 0 ? { returned: this.returned } : {}) });
    Atomics.add(this.help.state, DELIVERED, count);
    Atomics.notify(this.help.state, DELIVERED);
    this.batch = [];
    this.returned = [];
  }
}

const take = (help: WorkHelp, items: readonly WorkItem[]): number =>
  workFinished(help.state) ? items.length : Math.min(items.length, Atomics.add(help.state, NEXT, 1));

/**
 * When a helper reading the text alone (helpFromText) opens the file in web-ifc after all: once it has given back this
 * many items, and at least a third of those it took. Then the file has more work only web-ifc can do (shapes with
 * curves or booleans) than the extracting thread should do alone: ISSUE_021 gives back 780 of 2,000, Janesville 521
 * of 1,423, House 78 of 146. Files that give back a few (duplex 16 of 247, modelo2016 32 of 111) are better off
 * without: opening the file took the helper as long as the extracting thread, which was then done.
 */
export const OPEN_AFTER_GIVING_BACK = 16;
const OPEN_AT_SHARE_GIVEN_BACK = 1 / 3;

/**
 * A helper thread before it has the file open in web-ifc (its MeshReader has none): takes items and makes those whose
 * shapes the text gives (facets.ts), from the moment the bytes arrive, while the extracting thread opens the file; it
 * gives back any other (the extracting thread makes it when it is free), until it has given back enough to open the file
 * itself (OPEN_AFTER_GIVING_BACK). Answers whether it stopped there, items left: it then opens the file for the rest.
 */
export function helpFromText(ctx: ExtractContext, help: WorkHelp): boolean {
  const items = geometryWork(ctx);
  const outbox = new Outbox(help, ctx.scale);
  let [taken, givenBack] = [0, 0];
  try {
    for (let i = take(help, items); i < items.length; i = take(help, items)) {
      taken++;
      try {
        outbox.add(make(ctx, items[i]!));
      } catch (error) {
        if (error !== NEEDS_WEB_IFC) throw error;
        outbox.giveBack(i);
        if (++givenBack >= OPEN_AFTER_GIVING_BACK && givenBack >= taken * OPEN_AT_SHARE_GIVEN_BACK) return true;
      }
    }
    return false;
  } finally {
    outbox.flush();
  }
}

/** A helper thread, with the file open as the extracting thread has it: takes items until none is left. */
export function helpWithGeometryWork(ctx: ExtractContext, help: WorkHelp): void {
  const items = geometryWork(ctx);
  const outbox = new Outbox(help, ctx.scale);
  for (let i = take(help, items); i < items.length; i = take(help, items)) outbox.add(make(ctx, items[i]!));
  outbox.flush();
}

/**
 * A helper asked for the facets alone (not for geometry work): the doors' and objects' facets, read from the text (no
 * web-ifc) and sent, unless the extracting thread has started on them itself. A helper asked for geometry work opens
 * the file at once instead: reading the facets first kept it from the curtain walls of building_2 (120 ms instead of
 * 109) and AC11-FZK-Haus, and each thread reads the facets of the elements it takes.
 */
export function helpWithFacets(bytes: Uint8Array, help: WorkHelp): KnownFacets | undefined {
  if (help.geometry || !help.sendFacets) return undefined;
  if (Atomics.compareExchange(help.state, FACETS, FACETS_OPEN, FACETS_HELPER) !== FACETS_OPEN) return undefined;
  const facets = readElementFacets(asBuffer(bytes));
  help.sendFacets(facets);
  Atomics.store(help.state, FACETS, FACETS_DELIVERED);
  Atomics.notify(help.state, FACETS);
  return facets;
}

/**
 * The extracting thread's side: the facets a helper read, waiting for them while it reads; undefined when no helper
 * took them (the extracting thread reads them itself, and a helper that starts later does not), or when it went quiet.
 */
export function facetsFromHelper(share: WorkShare): KnownFacets | undefined {
  const state = share.state;
  if (Atomics.compareExchange(state, FACETS, FACETS_OPEN, FACETS_EXTRACTOR) === FACETS_OPEN) return undefined;
  const until = performance.now() + (share.quietMs ?? QUIET_MS);
  while (Atomics.load(state, FACETS) === FACETS_HELPER && performance.now() < until) {
    Atomics.wait(state, FACETS, FACETS_HELPER, Math.max(1, until - performance.now()));
  }
  return Atomics.load(state, FACETS) === FACETS_DELIVERED ? share.receiveFacets?.() : undefined;
}

/** Whether the extraction is past its geometry work already (or gave up), so that helpers stop or do not start. */
export const workFinished = (state: Int32Array): boolean => Atomics.load(state, FINISHED) === 1;

/** Tells the helpers the extraction is past its geometry work (or gave up): they stop. */
export const endWork = (state: Int32Array): void => void Atomics.store(state, FINISHED, 1);
