/** What every extractor needs: the open model, its unit, placements and the Clipper2 module. */
import { IFCLOCALPLACEMENT, type IfcAPI } from 'web-ifc';
import type { MainModule } from 'clipper2-wasm/dist/clipper2z';
import type { Affine } from './placement.js';
import { placementTransform } from './placement.js';
import { getLine, ref, type IfcLine } from './step.js';

export interface ExtractContext {
  api: IfcAPI;
  modelID: number;
  clipper: MainModule;
  /** Metres per file unit. */
  scale: number;
  warnings: string[];
  placements: Map<number, Affine>;
  /** Whole -> parts by IfcRelAggregates (curtain walls, stairs, roofs keep their geometry in parts). */
  parts: Map<number, number[]>;
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

export const line = (ctx: ExtractContext, id: number): IfcLine | undefined => getLine(ctx.api, ctx.modelID, id);

/** An IFC GlobalId (22 characters of IFC's base-64 alphabet in a well-formed file). */
export const GLOBAL_ID = /^[0-9A-Za-z_$]{22}$/;
