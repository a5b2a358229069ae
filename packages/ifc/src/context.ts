/**
 * What every element reader (elements/) is given: the file's entities (read by the STEP reader, step/), its shapes
 * (shapes/), its unit, and the entities, placements and shapes already read, so each is read once.
 */
import { IFCLOCALPLACEMENT } from 'web-ifc';
import type { LineSource } from './step/line-source.js';
import type { MainModule } from 'clipper2-wasm/dist/clipper2z';
import type { Affine } from './shapes/placement.js';
import type { ElementPoints, MeshReader } from './shapes/mesh.js';
import type { FacetReader } from './shapes/facets.js';
import type { ElementOutline, ElementShape } from './shapes/plan-shapes.js';
import type { Voids } from './step/voids.js';
import { placementTransform } from './shapes/placement.js';
import { getLine, ref, type IfcLine } from './step/line-source.js';

export interface ExtractContext {
  /** The file's entities, read from its text as web-ifc reads them (text-lines.ts). */
  api: LineSource;
  /** The model id the readers pass to api (any: the text is one file). */
  modelID: number;
  /** The file's bytes as web-ifc was given them, for what is read from the STEP text (step-text.ts). */
  text: Buffer;
  clipper: MainModule;
  /** The model's meshes: read from the text where it gives them, else meshed by web-ifc once each (sub-model.ts). */
  meshes: MeshReader;
  /** Shapes and the file's index read from the text (facets.ts, step-index.ts). */
  facets: FacetReader;
  /** Metres per file unit. */
  scale: number;
  warnings: string[];
  placements: Map<number, Affine>;
  /** Entities already read (line()). */
  lines: Map<number, IfcLine | undefined>;
  /** Whole -> parts by IfcRelAggregates (curtain walls, stairs, roofs keep their geometry in parts), from the text. */
  parts: Map<number, number[]>;
  /** Element shapes already computed (elementShape()). */
  shapes: Map<number, ElementShape | undefined>;
  /** Element hull points already computed (pointsWithParts()). */
  points: Map<number, ElementPoints | undefined>;
  /** Element outlines already computed (outlineWithParts()). */
  outlines: Map<number, ElementOutline | undefined>;
  /** The file's IfcRelVoidsElement relations, which web-ifc reads as IfcRelProjectsElement (voids.ts). */
  voids: Voids;
}

/** The world transform of an element's ObjectPlacement, in file units. */
export function objectTransform(ctx: ExtractContext, line: IfcLine): Affine {
  return placementTransform(ctx.api, ctx.modelID, placementId(ctx, line), ctx.placements);
}

const isPlacement = (ctx: ExtractContext, id: number | undefined): id is number => {
  if (id === undefined) return false;
  try {
    return ctx.api.GetLineType(ctx.modelID, id) === IFCLOCALPLACEMENT;
  } catch {
    return false;
  }
};

/**
 * The ObjectPlacement's id. When web-ifc has shifted the attributes (it drops `*` tokens), the first
 * attribute that points at an IfcLocalPlacement is taken instead.
 */
function placementId(ctx: ExtractContext, l: IfcLine): number | undefined {
  const direct = ref(l.ObjectPlacement);
  if (isPlacement(ctx, direct)) return direct;
  for (const [key, attr] of Object.entries(l)) {
    if (key === 'expressID' || key === 'type' || key === 'OwnerHistory' || !attr || typeof attr !== 'object') continue;
    const v = (attr as { value?: unknown }).value;
    if (typeof v === 'number' && Number.isInteger(v) && isPlacement(ctx, v)) return v;
  }
  return undefined;
}

/**
 * Reads many entities at once into ctx.lines: web-ifc's GetLines takes a third of the time of as many GetLine calls
 * (one call into WebAssembly instead of one each). What it cannot read is left to line(), one by one.
 */
export function prefetchLines(ctx: ExtractContext, ids: Iterable<number>): void {
  const missing = [...ids].filter((id) => !ctx.lines.has(id));
  if (missing.length === 0) return;
  let read: unknown[];
  try {
    read = ctx.api.GetLines(ctx.modelID, missing);
  } catch {
    return;
  }
  for (const l of read)
    if (l && typeof l === 'object' && typeof (l as IfcLine).expressID === 'number') ctx.lines.set((l as IfcLine).expressID, l as IfcLine);
}

/** One entity, read from web-ifc once (property sets and relations are read again for many elements). */
export function line(ctx: ExtractContext, id: number): IfcLine | undefined {
  if (ctx.lines.has(id)) return ctx.lines.get(id);
  const read = getLine(ctx.api, ctx.modelID, id);
  ctx.lines.set(id, read);
  return read;
}

/** An IFC GlobalId (22 characters of IFC's base-64 alphabet in a well-formed file). */
export const GLOBAL_ID = /^[0-9A-Za-z_$]{22}$/;

/** An item a reader made, with the entity it came from and its lowest Z, for putting it on a storey (extract.ts). */
export interface Placed<T> {
  expressID: number;
  item: T;
  minZ: number;
}
