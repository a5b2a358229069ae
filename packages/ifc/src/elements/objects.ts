/**
 * Reader of other objects: IfcFurnishingElement, IfcFurniture, IfcFlowTerminal, IfcAirTerminal (vents: vent_type from
 * Name, ObjectType and PredefinedType), IfcBuildingElementProxy. Reads GlobalId, Name and the plan convex hull and z
 * range of the body (shapes/element-shape.ts: from the STEP text where it gives the shape, else web-ifc). Entities come
 * from the STEP reader (ctx.api: step/text-lines.ts, what web-ifc's GetLine would give).
 */
import { IFCAIRTERMINAL, IFCBUILDINGELEMENTPROXY, IFCFLOWTERMINAL, IFCFURNISHINGELEMENT, IFCFURNITURE } from 'web-ifc';
import type { OtherObject, VentType } from '@edrf/model';
import type { ExtractContext, Placed } from '../context.js';
import { line } from '../context.js';
import { outlineWithParts } from '../shapes/element-shape.js';
import { idsOfType, str } from '../step/line-source.js';

const round = (v: number): number => Math.round(v * 1e5) / 1e5;

export const OBJECT_CLASSES: readonly (readonly [number, string])[] = [
  [IFCFURNISHINGELEMENT, 'IfcFurnishingElement'],
  [IFCFURNITURE, 'IfcFurniture'],
  [IFCFLOWTERMINAL, 'IfcFlowTerminal'],
  [IFCAIRTERMINAL, 'IfcAirTerminal'],
  [IFCBUILDINGELEMENTPROXY, 'IfcBuildingElementProxy'],
];

/** Supply terminals blow air in, exhaust/return terminals take it out (by name, then by IFC predefined type). */
export function ventTypeOf(text: string): VentType {
  if (/supply|inlet|tilluft|zuluft|diffuser/i.test(text)) return 'AirInlet';
  if (/exhaust|return|extract|outlet|frånluft|franluft|abluft|grille/i.test(text)) return 'AirOutlet';
  return 'Other';
}

const isAirTerminal = (type: number, text: string): boolean => type === IFCAIRTERMINAL || /air|luft|vent|diffus|grille/i.test(text);

/**
 * One other object per furnishing element, furniture, flow terminal, air terminal and building element proxy with
 * geometry; its shape is the convex hull of its mesh in plan (exact outlines of furniture meshes are slow to unite).
 * type is the IFC class; vent_type is read from the name, ObjectType and PredefinedType of air terminals
 * (flow terminals count as air terminals when that text speaks of air or vents).
 */
export function readObjects(ctx: ExtractContext): Placed<OtherObject>[] {
  const out: Placed<OtherObject>[] = [];
  for (const [ifcClass, type] of OBJECT_CLASSES) {
    for (const expressID of idsOfType(ctx.api, ctx.modelID, ifcClass)) {
      const l = line(ctx, expressID);
      const shape = l ? outlineWithParts(ctx, expressID) : undefined;
      if (!l || !shape) continue;
      const { polygon } = shape;
      const globalId = str(l.GlobalId);
      const name = str(l.Name);
      const text = `${name} ${str(l.ObjectType)} ${str(l.PredefinedType)}`;
      out.push({
        expressID,
        minZ: round(shape.minZ),
        item: {
          id: globalId || `object-${expressID}`,
          global_id: globalId,
          name,
          type,
          vent_type: isAirTerminal(ifcClass, text) ? ventTypeOf(text) : 'Other',
          shape: { exterior: polygon.exterior, interiors: polygon.interiors },
          min_z: round(shape.minZ),
          max_z: round(shape.maxZ),
        },
      });
    }
  }
  return out;
}
