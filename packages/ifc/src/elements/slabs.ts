/**
 * Reader of slabs (floors), stairs and ceilings: IfcSlab and IfcSlabStandardCase, IfcStair (its flights' and landings'
 * geometry when it has none), IfcCovering with PredefinedType CEILING. Reads GlobalId, PredefinedType and the body's
 * footprint and z range from shapes/element-shape.ts (read from the STEP text where it gives the shape, else meshed by
 * web-ifc from a sub-model). Entities come from the STEP reader (ctx.api: step/text-lines.ts, what web-ifc's GetLine
 * would give).
 */
import { IFCCOVERING, IFCSLAB, IFCSLABSTANDARDCASE, IFCSTAIR } from 'web-ifc';
import type { Ceiling, Slab, Stair } from '@edrf/model';
import type { ExtractContext, Placed } from '../context.js';
import { line } from '../context.js';
import { elementShape } from '../shapes/element-shape.js';
import type { ElementShape } from '../shapes/plan-shapes.js';
import { idsOfType, str } from '../step/line-source.js';

export const SLAB_CLASSES = [IFCSLAB, IFCSLABSTANDARDCASE];
export const STAIR_CLASSES = [IFCSTAIR];
/** Coverings of every kind: which are ceilings is their PredefinedType's say. */
export const CEILING_CLASSES = [IFCCOVERING];

interface Found {
  expressID: number;
  globalId: string;
  shape: ElementShape;
}

function withShapes(ctx: ExtractContext, types: readonly number[], keep: (l: Record<string, unknown>) => boolean = () => true): Found[] {
  const found: Found[] = [];
  for (const type of types) {
    for (const expressID of idsOfType(ctx.api, ctx.modelID, type)) {
      const l = line(ctx, expressID);
      if (!l || !keep(l)) continue;
      const shape = elementShape(ctx, expressID);
      if (shape) found.push({ expressID, globalId: str(l.GlobalId), shape });
    }
  }
  return found;
}

const polygonOf = (shape: ElementShape) => {
  const [p] = shape.polygons;
  return { exterior: p?.exterior ?? [], interiors: p?.interiors ?? [] };
};

/** Every IfcSlab (floors, base slabs, landings and roof slabs alike): the largest piece of its footprint. */
export function readSlabs(ctx: ExtractContext): Placed<Slab>[] {
  return withShapes(ctx, SLAB_CLASSES).map(({ expressID, globalId, shape }) => ({
    expressID,
    minZ: shape.minZ,
    item: { id: globalId || `slab-${expressID}`, global_id: globalId, shape: polygonOf(shape), min_z: shape.minZ, max_z: shape.maxZ },
  }));
}

/** Every IfcStair; its geometry is its own or its flights' and landings' (IfcRelAggregates). */
export function readStairs(ctx: ExtractContext): Placed<Stair>[] {
  return withShapes(ctx, STAIR_CLASSES).map(({ expressID, globalId, shape }) => ({
    expressID,
    minZ: shape.minZ,
    item: { id: globalId || `stair-${expressID}`, global_id: globalId, shape: polygonOf(shape), min_z: shape.minZ, max_z: shape.maxZ },
  }));
}

/** IfcCovering with PredefinedType CEILING; z is the underside of the covering (the surface seen from the room). */
export function readCeilings(ctx: ExtractContext): Placed<Ceiling>[] {
  return withShapes(ctx, CEILING_CLASSES, (l) => str(l.PredefinedType) === 'CEILING').map(({ expressID, globalId, shape }) => ({
    expressID,
    minZ: shape.minZ,
    item: { id: globalId || `ceiling-${expressID}`, global_id: globalId, shape: polygonOf(shape), z: shape.minZ, grid_lines: [] },
  }));
}
