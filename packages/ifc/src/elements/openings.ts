/**
 * Reader of wall openings. Reads IfcOpeningElement (GlobalId) that voids an imported wall (IfcRelVoidsElement, read
 * from the STEP text: step/voids.ts) and the body's footprint and z range from shapes/element-shape.ts (read from the
 * STEP text where it gives the shape, else meshed by web-ifc from a sub-model). Entities come from the STEP reader
 * (ctx.api: step/text-lines.ts, what web-ifc's GetLine would give).
 */
import { IFCOPENINGELEMENT } from 'web-ifc';
import type { WallOpening } from '@edrf/model';
import type { ExtractContext, Placed } from '../context.js';
import { line } from '../context.js';
import { elementShape } from '../shapes/element-shape.js';
import { idsOfType, str } from '../step/line-source.js';

/**
 * One wall opening per IfcOpeningElement that voids an imported wall (IfcRelVoidsElement) and has geometry: the
 * largest piece of its plan footprint and its z range. Openings in slabs, roofs or unimported elements are left out.
 */
export function readOpenings(ctx: ExtractContext, wallIds: ReadonlyMap<number, string>): Placed<WallOpening>[] {
  const wallOf = new Map<number, string>();
  for (const [opening, hosts] of ctx.voids.hostsOf) {
    const wall = hosts.map((host) => wallIds.get(host)).find((id) => id !== undefined);
    if (wall !== undefined) wallOf.set(opening, wall);
  }
  const out: Placed<WallOpening>[] = [];
  for (const expressID of idsOfType(ctx.api, ctx.modelID, IFCOPENINGELEMENT)) {
    const wallId = wallOf.get(expressID);
    const l = wallId === undefined ? undefined : line(ctx, expressID);
    const shape = l ? elementShape(ctx, expressID) : undefined;
    const polygon = shape?.polygons[0];
    if (!l || !shape || !polygon || wallId === undefined) continue;
    const globalId = str(l.GlobalId);
    out.push({
      expressID,
      minZ: shape.minZ,
      item: {
        id: globalId || `opening-${expressID}`,
        global_id: globalId,
        wall_id: wallId,
        shape: polygon,
        min_z: shape.minZ,
        max_z: shape.maxZ,
      },
    });
  }
  return out;
}
