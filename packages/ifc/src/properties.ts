/** Property sets of occurrences and their types (IfcRelDefinesByProperties, IfcRelDefinesByType). */
import { IFCPROPERTYSET, IFCRELDEFINESBYPROPERTIES, IFCRELDEFINESBYTYPE } from 'web-ifc';
import type { ExtractContext } from './context.js';
import { line, prefetchLines } from './context.js';
import { idsOfType, ref, refs, str, type IfcLine } from './step.js';

export class Properties {
  private readonly psetsOf = new Map<number, number[]>();
  private readonly typeOf = new Map<number, number>();

  constructor(private readonly ctx: ExtractContext) {
    const byProperties = idsOfType(ctx.api, ctx.modelID, IFCRELDEFINESBYPROPERTIES);
    const byType = idsOfType(ctx.api, ctx.modelID, IFCRELDEFINESBYTYPE);
    prefetchLines(ctx, [...byProperties, ...byType]);
    for (const id of byProperties) {
      const rel = line(ctx, id);
      const pset = ref(rel?.RelatingPropertyDefinition);
      if (pset === undefined) continue;
      for (const object of refs(rel?.RelatedObjects)) {
        const list = this.psetsOf.get(object) ?? [];
        list.push(pset);
        this.psetsOf.set(object, list);
      }
    }
    for (const id of byType) {
      const rel = line(ctx, id);
      const type = ref(rel?.RelatingType);
      if (type !== undefined) for (const object of refs(rel?.RelatedObjects)) this.typeOf.set(object, type);
    }
  }

  /** The element's type object (IfcDoorStyle, IfcDoorType, …), if any. */
  typeObject(expressID: number): IfcLine | undefined {
    const id = this.typeOf.get(expressID);
    return id === undefined ? undefined : line(this.ctx, id);
  }

  /** A single property value, looked up on the occurrence first and then on its type. */
  value(expressID: number, psetName: string, propName: string): unknown {
    const typeLine = this.typeObject(expressID);
    const psets = [...(this.psetsOf.get(expressID) ?? []), ...refs(typeLine?.HasPropertySets)];
    prefetchLines(this.ctx, psets);
    for (const psetId of psets) {
      const pset = line(this.ctx, psetId);
      if (!pset || pset.type !== IFCPROPERTYSET || str(pset.Name) !== psetName) continue;
      const properties = refs(pset.HasProperties);
      prefetchLines(this.ctx, properties);
      for (const propId of properties) {
        const prop = line(this.ctx, propId);
        if (prop && str(prop.Name) === propName) return prop.NominalValue;
      }
    }
    return undefined;
  }
}
