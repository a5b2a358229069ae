/**
 * Openings, cut in plan instead of in 3D. web-ifc cuts every IfcOpeningElement out of its host's mesh with 3D
 * booleans, which is most of its time on models with many walls and windows (four fifths on AC20-FZK-Haus). A plan
 * needs none of it: a window or a door opening that stops below the top of its wall leaves the wall's footprint as it
 * was. So the file's IfcRelVoidsElement lines reach web-ifc renamed to IfcRelProjectsElement, a relation with the
 * same attributes that web-ifc does not cut with; and an opening that runs through the whole height of its host is
 * cut from the host's footprint here, in 2D (element-shape.ts).
 */
import type { ExtractContext } from './context.js';
import { line, prefetchLines } from './context.js';
import { ref } from './step.js';
import { asBuffer, entitiesOf } from './step-text.js';

const VOIDS = Buffer.from('IFCRELVOIDSELEMENT', 'latin1');
const PROJECTS = Buffer.from('IFCRELPROJECTSELEMENT', 'latin1');

export interface UncutFile {
  bytes: Uint8Array;
  /** Express ids of the file's IfcRelVoidsElement lines (web-ifc reads them as IfcRelProjectsElement). */
  voidRelations: number[];
}

/** The bytes with every IfcRelVoidsElement entity renamed IfcRelProjectsElement: a copy when there is one. */
export function openingsUncut(input: Uint8Array): UncutFile {
  const bytes = asBuffer(input);
  const relations = entitiesOf(bytes, VOIDS);
  const at = relations.map((relation) => relation.at);
  const voidRelations = relations.map((relation) => relation.id);
  if (at.length === 0) return { bytes: input, voidRelations };
  const out = new Uint8Array(bytes.length + at.length * (PROJECTS.length - VOIDS.length));
  let from = 0;
  let to = 0;
  for (const i of at) {
    out.set(bytes.subarray(from, i), to);
    to += i - from;
    out.set(PROJECTS, to);
    to += PROJECTS.length;
    from = i + VOIDS.length;
  }
  out.set(bytes.subarray(from), to);
  return { bytes: out, voidRelations };
}

export interface Voids {
  /** Opening -> the elements it voids. */
  hostsOf: Map<number, number[]>;
  /** Element -> the openings that void it. */
  openingsOf: Map<number, number[]>;
}

const push = (map: Map<number, number[]>, key: number, value: number) => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};

/** The file's IfcRelVoidsElement relations, read once per model. */
export function voids(ctx: ExtractContext): Voids {
  if (ctx.voids) return ctx.voids;
  const found: Voids = { hostsOf: new Map(), openingsOf: new Map() };
  prefetchLines(ctx, ctx.voidRelations);
  for (const id of ctx.voidRelations) {
    const rel = line(ctx, id);
    const host = ref(rel?.RelatingElement);
    const opening = ref(rel?.RelatedFeatureElement);
    if (host === undefined || opening === undefined) continue;
    push(found.hostsOf, opening, host);
    push(found.openingsOf, host, opening);
  }
  ctx.voids = found;
  return found;
}
