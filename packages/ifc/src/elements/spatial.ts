/**
 * The spatial tree and putting items on storeys. Reads IfcRelAggregates (RelatingObject, RelatedObjects) and
 * IfcRelContainedInSpatialStructure (RelatingStructure, RelatedElements); an item whose tree leads to no storey goes by
 * its lowest Z. Entities come from the STEP reader (ctx.api: step/text-lines.ts, what web-ifc's GetLine would give).
 */
import { IFCRELAGGREGATES, IFCRELCONTAINEDINSPATIALSTRUCTURE } from 'web-ifc';
import type { Storey } from '@edrf/model';
import type { ExtractContext } from '../context.js';
import { line, prefetchLines } from '../context.js';
import { idsOfType, ref, refs } from '../step/line-source.js';
import type { StoreyInfo } from './storeys.js';

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

export type StoreyList = 'rooms' | 'walls' | 'wall_openings' | 'doors' | 'stairs' | 'ceilings' | 'floors' | 'other_objects';

export class StoreyAssigner {
  private readonly byExpressId = new Map<number, Storey>();
  private readonly storeyIds: Set<number>;

  constructor(
    private readonly storeys: StoreyInfo[],
    private readonly parents: Map<number, number>,
  ) {
    for (const s of storeys) this.byExpressId.set(s.expressID, s.storey);
    this.storeyIds = new Set(this.byExpressId.keys());
  }

  /** The storey by the spatial tree, else the highest storey whose min_z is at or below the item's lowest Z. */
  storeyFor(expressID: number, minZ: number | undefined): Storey | undefined {
    const tree = storeyOf(this.parents, this.storeyIds, expressID);
    if (tree !== undefined) return this.byExpressId.get(tree);
    if (minZ === undefined || !Number.isFinite(minZ)) return this.storeys[0]?.storey;
    let found = this.storeys[0]?.storey;
    for (const s of this.storeys) if (s.storey.height.min_z <= minZ + 0.01) found = s.storey;
    return found;
  }

  /** Lists the item on its storey; false when the model has no storey at all. */
  assign(list: StoreyList, expressID: number, itemId: string, minZ: number | undefined): boolean {
    const storey = this.storeyFor(expressID, minZ);
    if (!storey) return false;
    storey[list].push(itemId);
    return true;
  }
}
