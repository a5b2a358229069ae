/**
 * Reader of rooms. Reads IfcSpace (GlobalId, LongName, Name) and the body's footprint and z range from
 * shapes/element-shape.ts (read from the STEP text where it gives the shape, else meshed by web-ifc from a sub-model).
 * Entities come from the STEP reader (ctx.api: step/text-lines.ts, what web-ifc's GetLine would give).
 */
import { IFCSPACE } from 'web-ifc';
import type { Room } from '@edrf/model';
// clean_arch's rules (Swedish, English and German keywords), so that import and clean agree on a room's type.
import { roomTypeFromName } from '@edrf/geometry';
import type { ExtractContext, Placed } from '../context.js';
import { line } from '../context.js';
import { elementShape } from '../shapes/element-shape.js';
import { idsOfType, str } from '../step/line-source.js';

export const ROOM_CLASSES = [IFCSPACE];

/**
 * One room per IfcSpace with a body mesh: the footprint is the mesh projected to XY and united; when a space
 * falls apart in pieces, the largest is kept (and a warning says so). below/above are the footprint's corners at
 * the mesh's lowest and highest Z.
 */
export function readRooms(ctx: ExtractContext): Placed<Room>[] {
  const rooms: Placed<Room>[] = [];
  let withoutGeometry = 0;
  for (const expressID of ROOM_CLASSES.flatMap((type) => idsOfType(ctx.api, ctx.modelID, type))) {
    const l = line(ctx, expressID);
    if (!l) continue;
    const shape = elementShape(ctx, expressID);
    if (!shape) {
      withoutGeometry++;
      continue;
    }
    const [polygon, ...rest] = shape.polygons;
    if (!polygon) continue;
    const globalId = str(l.GlobalId);
    const name = str(l.LongName) || str(l.Name);
    if (rest.length > 0)
      ctx.warnings.push(`Space ${globalId} '${name}' has ${shape.polygons.length} separate parts; the largest was kept.`);
    rooms.push({
      expressID,
      minZ: shape.minZ,
      item: {
        id: globalId || `space-${expressID}`,
        global_id: globalId,
        name,
        type: roomTypeFromName(`${str(l.LongName)} ${str(l.Name)}`),
        synthetic: false,
        shape: {
          exterior: polygon.exterior,
          interiors: polygon.interiors,
          below: polygon.exterior.map(([x, y]) => [x, y, shape.minZ]),
          above: polygon.exterior.map(([x, y]) => [x, y, shape.maxZ]),
        },
      },
    });
  }
  if (withoutGeometry > 0) ctx.warnings.push(`${withoutGeometry} space(s) without geometry were skipped.`);
  return rooms;
}
