/**
 * Openings, cut in plan instead of in 3D. web-ifc cuts every IfcOpeningElement out of its host's mesh with 3D
 * booleans, which is most of its time on models with many walls and windows (four fifths on AC20-FZK-Haus). A plan
 * needs none of it: a window or a door opening that stops below the top of its wall leaves the wall's footprint as it
 * was. An import gives web-ifc only sub-models (shapes/sub-model.ts), which hold what their elements refer to and never
 * a relation (nothing refers to one), so web-ifc cuts nothing; an opening that runs through the whole height of its
 * host is cut from the host's footprint here, in 2D (element-shape.ts), from the relations read from the text (voidsOf).
 * A test that compares with web-ifc's meshes of a whole file gives it the file with the relations renamed
 * IfcRelProjectsElement, a relation with the same attributes that web-ifc does not cut with (openingsUncut).
 */
import { asBuffer, entitiesOf } from './step-text.js';
import { voidsFromText, type Voids } from './text-relations.js';

export type { Voids } from './text-relations.js';

const VOIDS = Buffer.from('IFCRELVOIDSELEMENT', 'latin1');
const PROJECTS = Buffer.from('IFCRELPROJECTSELEMENT', 'latin1');

export interface UncutFile {
  bytes: Uint8Array;
  /** The file's IfcRelVoidsElement relations, read from its text (web-ifc reads them as IfcRelProjectsElement). */
  voids: Voids;
}

/** The file's IfcRelVoidsElement relations, read from its text: which opening voids which element. */
export const voidsOf = (text: Buffer): Voids => voidsFromText(text, entitiesOf(text, VOIDS));

/** The bytes with every IfcRelVoidsElement entity renamed IfcRelProjectsElement (a copy when there is one), for web-ifc. */
export function openingsUncut(input: Uint8Array): UncutFile {
  const bytes = asBuffer(input);
  const relations = entitiesOf(bytes, VOIDS);
  const at = relations.map((relation) => relation.at);
  const voids = voidsFromText(bytes, relations);
  if (at.length === 0) return { bytes: input, voids };
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
  return { bytes: out, voids };
}
