/** Property sets of occurrences and their types (IfcRelDefinesByProperties, IfcRelDefinesByType). */
import { IFCPROPERTYSET, IFCRELDEFINESBYPROPERTIES, IFCRELDEFINESBYTYPE } from 'web-ifc';
import type { ExtractContext } from './context.js';
import { line, prefetchLines } from './context.js';
import { idsOfType, ref, refs, str, type IfcLine } from './step.js';

export class Properties {
  private readonly psetsOf = new Map<number, number[]>();
  private readonly typeOf = new Map<number, number>();
  /** Every IfcPropertySet of the file, once read (valuesIn). */
  private propertySets?: number[];
  private readonly values = new Map<string, Map<number, unknown>>();

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
    const values = this.valuesIn(psetName, propName);
    if (values.size === 0) return undefined;
    const typeLine = this.typeObject(expressID);
    for (const psetId of [...(this.psetsOf.get(expressID) ?? []), ...refs(typeLine?.HasPropertySets)]) {
      if (values.has(psetId)) return values.get(psetId);
    }
    return undefined;
  }

  /**
   * The property `propName` of every property set named `psetName`: set express id -> NominalValue. Read for all
   * elements at once, the first time it is asked for: thousands of walls or beams each reading their own sets
   * would each cost a call into web-ifc (ISSUE_021: 2,000 beams).
   */
  private valuesIn(psetName: string, propName: string): Map<number, unknown> {
    const key = `${psetName}/${propName}`;
    const known = this.values.get(key);
    if (known) return known;
    if (!this.propertySets) {
      this.propertySets = idsOfType(this.ctx.api, this.ctx.modelID, IFCPROPERTYSET);
      prefetchLines(this.ctx, this.propertySets);
    }
    const named = this.propertySets.filter((id) => str(line(this.ctx, id)?.Name) === psetName);
    prefetchLines(
      this.ctx,
      named.flatMap((id) => refs(line(this.ctx, id)?.HasProperties)),
    );
    const values = new Map<number, unknown>();
    for (const psetId of named) {
      for (const propId of refs(line(this.ctx, psetId)?.HasProperties)) {
        const prop = line(this.ctx, propId);
        if (prop && str(prop.Name) === propName) {
          values.set(psetId, prop.NominalValue);
          break;
        }
      }
    }
    this.values.set(key, values);
    return values;
  }
}
