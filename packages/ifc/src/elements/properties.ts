/**
 * Reader of property values (e.g. Pset_WallCommon.FireRating) on occurrences and their type objects. Reads
 * IfcPropertySet (Name, HasProperties → IfcPropertySingleValue), IfcRelDefinesByProperties and IfcRelDefinesByType.
 * Which sets and relations to read is told from the STEP text (step/step-text.ts); the lines themselves come from the
 * STEP reader (ctx.api: step/text-lines.ts).
 */
import { IFCPROPERTYSET, IFCRELDEFINESBYPROPERTIES, IFCRELDEFINESBYTYPE } from 'web-ifc';
import type { ExtractContext } from '../context.js';
import { line, prefetchLines } from '../context.js';
import { idsOfType, ref, refs, str, type IfcLine } from '../step/line-source.js';
import { entitiesOf, entitiesWithStrings, lastAttributeRef } from '../step/step-text.js';

/** A property by its set's name and its own, e.g. ['Pset_WallCommon', 'FireRating']. */
export type PropertyName = readonly [psetName: string, propName: string];

const DEFINES_BY_PROPERTIES = Buffer.from('IFCRELDEFINESBYPROPERTIES', 'latin1');

/**
 * Each property set's IfcRelDefinesByProperties lines, told from the file's text (step-text.ts); undefined when the
 * text does not show every such line web-ifc found, and every relation must then be read.
 */
function relationsBySetFromText(ctx: ExtractContext): Map<number, number[]> | undefined {
  const relations = entitiesOf(ctx.text, DEFINES_BY_PROPERTIES);
  if (relations.length !== idsOfType(ctx.api, ctx.modelID, IFCRELDEFINESBYPROPERTIES).length) return undefined;
  const bySet = new Map<number, number[]>();
  for (const { id, open } of relations) {
    const set = lastAttributeRef(ctx.text, open);
    if (set === undefined) continue;
    const list = bySet.get(set);
    if (list) list.push(id);
    else bySet.set(set, [id]);
  }
  return bySet;
}

/**
 * Property values of occurrences, looked up on the occurrence and then on its type. Only the property sets of the
 * names asked for are read, with the relations that give them to occurrences: a file holds thousands of sets and
 * relations, and reading them all took a third of a small model's import.
 */
export class Properties {
  private readonly typeOf = new Map<number, number>();
  /** Occurrence -> the property sets given to it, of the relations read so far. */
  private readonly psetsOf = new Map<number, number[]>();
  private readonly relationsRead = new Set<number>();
  /** Every IfcPropertySet of the file, once read (when the text cannot tell sets by name). */
  private propertySets?: number[];
  private relationsBySet?: Map<number, number[]> | null;
  /** Property sets by name, as the text tells them (entitiesWithStrings), for the names read ahead; null: untold. */
  private setsByName?: Map<string, number[]> | null;
  private readonly values = new Map<string, Map<number, unknown>>();

  constructor(private readonly ctx: ExtractContext) {
    const byType = idsOfType(ctx.api, ctx.modelID, IFCRELDEFINESBYTYPE);
    prefetchLines(ctx, byType);
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

  /** Reads the values of these properties (set name, property name) now, so that value() finds them read. */
  readAhead(properties: readonly PropertyName[]): void {
    // The sets of every name are found in one pass over the text.
    this.setsByName ??= entitiesWithStrings(this.ctx.text, [...new Set(properties.map(([psetName]) => psetName))]) ?? null;
    for (const [psetName, propName] of properties) this.valuesIn(psetName, propName);
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
    const named = this.setsNamed(psetName);
    this.relate(named);
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

  /** The entities whose text holds the name (found ahead with the others, or now); undefined when the text cannot tell. */
  private setsInText(name: string): number[] | undefined {
    if (this.setsByName === null) return undefined;
    return this.setsByName?.get(name) ?? entitiesWithStrings(this.ctx.text, [name])?.get(name);
  }

  /** The IfcPropertySet lines of a name: those whose text holds the name, as web-ifc reads them; else every set read. */
  private setsNamed(name: string): number[] {
    const candidates = this.setsInText(name);
    if (!candidates && !this.propertySets) {
      this.propertySets = idsOfType(this.ctx.api, this.ctx.modelID, IFCPROPERTYSET);
      prefetchLines(this.ctx, this.propertySets);
    }
    const sets = candidates ?? this.propertySets!;
    prefetchLines(this.ctx, sets);
    return [...new Set(sets)].filter((id) => {
      const set = line(this.ctx, id);
      return set?.type === IFCPROPERTYSET && str(set.Name) === name;
    });
  }

  /** Reads the relations that give these sets to occurrences (all relations when the text cannot tell which). */
  private relate(sets: readonly number[]): void {
    if (this.relationsBySet === undefined) this.relationsBySet = relationsBySetFromText(this.ctx) ?? null;
    const relations = this.relationsBySet
      ? sets.flatMap((set) => this.relationsBySet!.get(set) ?? [])
      : idsOfType(this.ctx.api, this.ctx.modelID, IFCRELDEFINESBYPROPERTIES);
    const unread = relations.filter((id) => !this.relationsRead.has(id));
    prefetchLines(this.ctx, unread);
    for (const id of unread) {
      this.relationsRead.add(id);
      const rel = line(this.ctx, id);
      const pset = ref(rel?.RelatingPropertyDefinition);
      if (pset === undefined) continue;
      for (const object of refs(rel?.RelatedObjects)) {
        const list = this.psetsOf.get(object);
        if (list) list.push(pset);
        else this.psetsOf.set(object, [pset]);
      }
    }
  }
}
