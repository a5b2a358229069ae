/**
 * Reader of walls. Reads IfcWall, IfcWallStandardCase, IfcWallElementedCase (Standard), IfcCurtainWall (Curtain: its
 * plates' and members' geometry when it has none), IfcColumn and IfcColumnStandardCase (Column), IfcBeam (Standard):
 * GlobalId; the body's footprint and z range from shapes/element-shape.ts (read from the STEP text where it gives the
 * shape, else meshed by web-ifc from a sub-model); FireRating of Pset_WallCommon, Pset_CurtainWallCommon,
 * Pset_ColumnCommon or Pset_BeamCommon (properties.ts). Entities come from the STEP reader (ctx.api:
 * step/text-lines.ts, what web-ifc's GetLine would give).
 */
import { IFCBEAM, IFCCOLUMN, IFCCOLUMNSTANDARDCASE, IFCCURTAINWALL, IFCWALL, IFCWALLELEMENTEDCASE, IFCWALLSTANDARDCASE } from 'web-ifc';
import type { Wall, WallType } from '@edrf/model';
import type { ExtractContext, Placed } from '../context.js';
import { line } from '../context.js';
import { elementShape } from '../shapes/element-shape.js';
import type { Properties, PropertyName } from './properties.js';
import { idsOfType, str } from '../step/line-source.js';

export const WALL_CLASSES: readonly (readonly [number, WallType])[] = [
  [IFCWALL, 'Standard'],
  [IFCWALLSTANDARDCASE, 'Standard'],
  [IFCWALLELEMENTEDCASE, 'Standard'],
  [IFCCURTAINWALL, 'Curtain'],
  [IFCCOLUMN, 'Column'],
  [IFCCOLUMNSTANDARDCASE, 'Column'],
  // P§9: beams are walls above storey min_z + 1.5, shown with the beams layer.
  [IFCBEAM, 'Standard'],
];

const FIRE_RATING = 'FireRating';

/** The property set that holds a wall's, column's or beam's fire rating. */
const fireRatingSet = (ifcClass: number, type: WallType): string =>
  ifcClass === IFCBEAM
    ? 'Pset_BeamCommon'
    : type === 'Column'
      ? 'Pset_ColumnCommon'
      : type === 'Curtain'
        ? 'Pset_CurtainWallCommon'
        : 'Pset_WallCommon';

/** The properties readWalls reads. */
export const WALL_PROPERTIES: readonly PropertyName[] = [
  ...new Set(WALL_CLASSES.map(([ifcClass, type]) => fireRatingSet(ifcClass, type))),
].map((pset) => [pset, FIRE_RATING] as const);

/**
 * One wall per IfcWall / IfcWallStandardCase / IfcCurtainWall / IfcColumn / IfcBeam with geometry: exterior is the largest
 * piece of the plan footprint at the element's lowest Z; below / above are those corners at its lowest and
 * highest Z. fire_rating is Pset_WallCommon.FireRating (Pset_ColumnCommon for columns, Pset_CurtainWallCommon).
 */
export function readWalls(ctx: ExtractContext, props: Properties): Placed<Wall>[] {
  const walls: Placed<Wall>[] = [];
  let withoutGeometry = 0;
  for (const [ifcClass, type] of WALL_CLASSES) {
    const pset = fireRatingSet(ifcClass, type);
    for (const expressID of idsOfType(ctx.api, ctx.modelID, ifcClass)) {
      const l = line(ctx, expressID);
      const shape = l ? elementShape(ctx, expressID) : undefined;
      const polygon = shape?.polygons[0];
      if (!l || !shape || !polygon) {
        withoutGeometry++;
        continue;
      }
      const globalId = str(l.GlobalId);
      walls.push({
        expressID,
        minZ: shape.minZ,
        item: {
          id: globalId || `wall-${expressID}`,
          global_id: globalId,
          type,
          shape: {
            exterior: polygon.exterior.map(([x, y]) => [x, y, shape.minZ]),
            below: polygon.exterior.map(([x, y]) => [x, y, shape.minZ]),
            above: polygon.exterior.map(([x, y]) => [x, y, shape.maxZ]),
          },
          fire_rating: str(props.value(expressID, pset, FIRE_RATING)),
          enclosing_id: '',
        },
      });
    }
  }
  if (withoutGeometry > 0) ctx.warnings.push(`${withoutGeometry} wall(s) or column(s) without geometry were skipped.`);
  return walls;
}
