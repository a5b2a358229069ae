/**
 * web-ifc opened on the part of a file that some elements' shapes need, not on the whole file: the elements, their
 * parts (IfcRelAggregates), everything they refer to (placements, representations, profiles, styles' targets) and the
 * project with its units and contexts, under the file's own header and express ids. Most shapes are read from the
 * text (facets.ts, extrusions.ts); the few that need web-ifc's geometry (booleans, curves, sweeps) are meshed from such a
 * part, which web-ifc parses in a fraction of the time of the whole file (OpenModel reads every line of it).
 */
import type { IfcAPI } from 'web-ifc';
import { IdTable } from '../step/id-table.js';
import { starsAsUnset } from '../step/stars.js';
import { refBuffer, type StepIndex } from '../step/step-index.js';
import { NEEDS_WEB_IFC, type MeshSource, type OpenModel } from './mesh.js';

const PROJECT = Buffer.from('IFCPROJECT', 'latin1');
const DATA = Buffer.from('DATA;', 'latin1');
const END = Buffer.from('ENDSEC;\nEND-ISO-10303-21;\n', 'latin1');

/** Depth to which parts of parts are followed, as element-shape.ts's withParts does. */
const PART_DEPTH = 5;

/**
 * The sub-model of a file that web-ifc meshes elements from: opened on first need, for the element asked for and those
 * announced (expect); another replaces it for an element it does not hold (a mesh is read once: MeshReader keeps it).
 * Until web-ifc is to be used (useWebIfc), an element it would have to open a model for throws NEEDS_WEB_IFC: the
 * thread makes it later.
 */
export class SubModels implements MeshSource {
  useWebIfc = false;
  private open: (OpenModel & { holds: (expressID: number) => boolean }) | undefined;
  private readonly expected = new Set<number>();
  /** Sub-models opened (for the tests and the benchmark's figures). */
  opened = 0;

  constructor(
    private readonly index: StepIndex,
    private readonly parts: Map<number, number[]>,
    private readonly api: IfcAPI,
  ) {}

  /** Elements that will be meshed soon: the next sub-model opened holds them too, so that it is opened once. */
  expect(expressIDs: Iterable<number>): void {
    for (const id of expressIDs) if (!this.open?.holds(id)) this.expected.add(id);
  }

  /** A model holding the element, opening one (for it and the expected elements) if need be. */
  modelOf(expressID: number): OpenModel {
    if (this.open?.holds(expressID)) return this.open;
    if (!this.useWebIfc) throw NEEDS_WEB_IFC;
    const elements = new Set([...this.expected, expressID]);
    this.expected.clear();
    this.close();
    const { text, holds } = subModelText(this.index, this.parts, elements);
    const modelID = this.api.OpenModel(text, { COORDINATE_TO_ORIGIN: false });
    if (modelID < 0) throw new Error('web-ifc could not open the part of the file it was asked to mesh');
    this.opened++;
    this.open = { api: this.api, modelID, holds };
    return this.open;
  }

  close(): void {
    if (this.open) this.api.CloseModel(this.open.modelID);
    this.open = undefined;
  }
}

/** A sub-model's STEP text, and whether it holds an entity with everything the entity refers to. */
export interface SubModelText {
  text: Uint8Array;
  holds: (expressID: number) => boolean;
}

/**
 * The STEP text of the file's header and of the entities the elements need (see the top of this file), each copied as
 * the file writes it, in the file's order of ids.
 */
export function subModelText(index: StepIndex, parts: Map<number, number[]>, elements: Iterable<number>): SubModelText {
  const bytes = index.bytes;
  const wanted = new IdTable();
  const order: number[] = [];
  const want = (id: number) => {
    if (wanted.get(id) !== 0 || index.keywordStart(id) === 0) return;
    wanted.set(id, 1);
    order.push(id);
  };
  const withParts = (id: number, depth: number) => {
    want(id);
    if (depth < PART_DEPTH) for (const part of parts.get(id) ?? []) withParts(part, depth + 1);
  };
  for (const id of elements) withParts(id, 0);
  for (const project of index.idsWithKeyword(PROJECT)) want(project);
  // Everything the entities wanted so far refer to, and so on: `order` grows as it is read.
  const refs = refBuffer();
  for (let n = 0; n < order.length; n++) {
    refs.count = 0;
    index.refsInto(index.keywordStart(order[n]!), refs);
    for (let i = 0; i < refs.count; i++) want(refs.ids[i]!);
  }
  order.sort((a, b) => a - b);
  const dataAt = bytes.indexOf(DATA);
  const headerEnd = dataAt < 0 ? 0 : dataAt + DATA.length;
  const spans = new Int32Array(order.length * 2);
  let size = headerEnd + 1 + END.length;
  order.forEach((id, n) => {
    const start = index.entityStart(id);
    const end = index.entityEnd(id) + 1;
    spans[n * 2] = start;
    spans[n * 2 + 1] = end;
    size += end - start + 1;
  });
  const text = Buffer.allocUnsafe(size);
  let at = bytes.copy(text, 0, 0, headerEnd);
  text[at++] = NEWLINE;
  for (let n = 0; n < order.length; n++) {
    at += bytes.copy(text, at, spans[n * 2], spans[n * 2 + 1]);
    text[at++] = NEWLINE;
  }
  END.copy(text, at);
  return { text: starsAsUnset(text, true), holds: (id) => wanted.get(id) !== 0 };
}

const NEWLINE = 0x0a;
