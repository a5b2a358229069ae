/**
 * Reader of storeys and buildings. Reads IfcBuildingStorey (GlobalId, Name or LongName, the Z of its ObjectPlacement
 * chain; Elevation only when the placement gives no number) and IfcBuilding (GlobalId, Name or LongName; its storeys by
 * IfcRelAggregates, spatial.ts). Entities come from the STEP reader (ctx.api: step/text-lines.ts, what web-ifc's
 * GetLine would give).
 */
import { IFCBUILDING, IFCBUILDINGSTOREY } from 'web-ifc';
import type { Building, Storey } from '@edrf/model';
import type { ExtractContext } from '../context.js';
import { line, objectTransform } from '../context.js';
import { idsOfType, num, str } from '../step/line-source.js';

/** Height given to the top storey (metres): its min_z plus this. */
export const TOP_STOREY_HEIGHT = 3;

export interface StoreyInfo {
  expressID: number;
  storey: Storey;
}

/**
 * Storeys in elevation order (ties keep file order), numbered 0…. The elevation is the Z of the storey's
 * placement (the Elevation attribute is often $ or wrong). max_z is the next storey's min_z; the top storey
 * gets min_z + TOP_STOREY_HEIGHT.
 */
export function readStoreys(ctx: ExtractContext): StoreyInfo[] {
  const found = idsOfType(ctx.api, ctx.modelID, IFCBUILDINGSTOREY).flatMap((expressID, order) => {
    const l = line(ctx, expressID);
    if (!l) return [];
    const m = objectTransform(ctx, l);
    let z = (m[11] ?? 0) * ctx.scale;
    if (!Number.isFinite(z)) z = (num(l.Elevation) ?? 0) * ctx.scale;
    return [{ expressID, order, z: Math.round(z * 1e6) / 1e6, globalId: str(l.GlobalId), name: str(l.Name) || str(l.LongName) }];
  });
  found.sort((a, b) => a.z - b.z || a.order - b.order);
  return found.map((s, i) => {
    const next = found[i + 1];
    const id = s.globalId || `storey-${s.expressID}`;
    return {
      expressID: s.expressID,
      storey: {
        id,
        global_id: s.globalId,
        number: i,
        name: s.name,
        height: { min_z: s.z, max_z: next ? next.z : s.z + TOP_STOREY_HEIGHT },
        rooms: [],
        walls: [],
        wall_openings: [],
        doors: [],
        stairs: [],
        ceilings: [],
        floors: [],
        other_objects: [],
      },
    };
  });
}

/** Buildings with the storeys they aggregate. */
export function readBuildings(ctx: ExtractContext, parents: Map<number, number>, storeys: StoreyInfo[]): Building[] {
  return idsOfType(ctx.api, ctx.modelID, IFCBUILDING).flatMap((expressID) => {
    const l = line(ctx, expressID);
    if (!l) return [];
    const globalId = str(l.GlobalId);
    return [
      {
        id: globalId || `building-${expressID}`,
        global_id: globalId,
        name: str(l.Name) || str(l.LongName),
        storeys: storeys.filter((s) => parents.get(s.expressID) === expressID).map((s) => s.storey.id),
      },
    ];
  });
}
