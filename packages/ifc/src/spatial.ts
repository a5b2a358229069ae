/** The spatial tree: which storey each element or space belongs to. */
import { IFCRELAGGREGATES, IFCRELCONTAINEDINSPATIALSTRUCTURE } from 'web-ifc';
import type { ExtractContext } from './context.js';
import { line } from './context.js';
import { idsOfType, ref, refs } from './step.js';

/** Child express id -> parent express id (IfcRelAggregates, IfcRelContainedInSpatialStructure). */
export function spatialParents(ctx: ExtractContext): Map<number, number> {
  const parents = new Map<number, number>();
  for (const id of idsOfType(ctx.api, ctx.modelID, IFCRELAGGREGATES)) {
    const rel = line(ctx, id);
    const parent = ref(rel?.RelatingObject);
    if (parent === undefined) continue;
    const children = refs(rel?.RelatedObjects);
    for (const child of children) parents.set(child, parent);
    ctx.parts.set(parent, [...(ctx.parts.get(parent) ?? []), ...children]);
  }
  for (const id of idsOfType(ctx.api, ctx.modelID, IFCRELCONTAINEDINSPATIALSTRUCTURE)) {
    const rel = line(ctx, id);
    const parent = ref(rel?.RelatingStructure);
    if (parent !== undefined) for (const child of refs(rel?.RelatedElements)) if (!parents.has(child)) parents.set(child, parent);
  }
  return parents;
}

/** The storey (express id) an item sits in by the spatial tree, walking up through spaces and parts. */
export function storeyOf(parents: Map<number, number>, storeyIds: ReadonlySet<number>, id: number): number | undefined {
  let current: number | undefined = id;
  for (let depth = 0; current !== undefined && depth < 32; depth++) {
    if (storeyIds.has(current)) return current;
    current = parents.get(current);
  }
  return undefined;
}
