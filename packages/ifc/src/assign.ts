/** Putting items on storeys. */
import type { Storey } from '@edrf/model';
import type { StoreyInfo } from './storeys.js';
import { storeyOf } from './spatial.js';

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
