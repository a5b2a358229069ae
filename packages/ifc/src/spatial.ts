/** The spatial tree: which storey each element or space belongs to. */
import { IFCRELAGGREGATES, IFCRELCONTAINEDINSPATIALSTRUCTURE } from 'web-ifc';
import type { ExtractContext } from './context.js';
import { line, prefetchLines } from './context.js';
import { idsOfType, ref, refs } from './step.js';

/** Child express id -> parent express id (IfcRelAggregates, IfcRelContainedInSpatialStructure). */
export function spatialParents(ctx: ExtractContext): Map<number, number> {
  const parents = new Map<number, number>();
  const aggregates = idsOfType(ctx.api, ctx.modelID, IFCRELAGGREGATES);
  const contained = idsOfType(ctx.api, ctx.modelID, IFCRELCONTAINEDINSPATIALSTRUCTURE);
  prefetchLines(ctx, [...aggregates, ...contained]);
  for (const id of aggregates) {
    const rel = line(ctx, id);
    const parent = ref(rel?.RelatingObject);
    if (parent === undefined) continue;
    for (const child of refs(rel?.RelatedObjects)) parents.set(child, parent);
  }
  for (const id of contained) {
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
