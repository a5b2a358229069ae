/**
 * A file's entities read from its STEP text, as web-ifc's GetLine gives them once the file is open: the same objects,
 * made by web-ifc's own FromRawLineData from the raw attributes read here (step-values.ts). The readers of extract.ts
 * read a few thousand lines of a file; web-ifc's OpenModel parses all of it first (20 to 30 ms for 2 to 3 MB, most of
 * a small model's import), and its meshes are needed for a few shapes only, if any (mesh.ts, sub-model.ts).
 */
import { FromRawLineData, SchemaNames } from 'web-ifc';

/** web-ifc's line constructors per schema and type code (its FromRawLineData, typed `any` in its declarations). */
const LINE_MAKERS = FromRawLineData as Record<number, Record<number, ((args: unknown[]) => IfcLine) | undefined> | undefined>;
import type { StepIndex } from './step-index.js';
import { rawAttributes } from './step-values.js';
import { keywordOf, typeOf } from './ifc-types.js';
import type { IfcLine, LineSource } from './line-source.js';

/** The schema's index in web-ifc's tables (its LookupSchemaId), from the header's FILE_SCHEMA; -1 when none is known. */
export function schemaOf(text: Buffer): number {
  const header = text.toString('latin1', 0, Math.min(text.length, 64 * 1024));
  const name = /FILE_SCHEMA\s*\(\s*\(\s*'([^']*)'/i.exec(header)?.[1]?.toUpperCase();
  if (!name) return -1;
  return (SchemaNames as (string[] | undefined)[]).findIndex((names) => names?.includes(name));
}

export class TextLines implements LineSource {
  private readonly types = new Map<number, number>();

  constructor(
    private readonly index: StepIndex,
    /** web-ifc's index of the file's schema (schemaOf). */
    private readonly schema: number,
  ) {}

  /** The entity's attributes as web-ifc's GetRawLineData gives them; undefined when there is no such entity. */
  GetRawLineData(_modelID: number, expressID: number): { ID: number; type: number; arguments: unknown[] } | undefined {
    const open = this.index.openAny(expressID);
    if (open < 0) return undefined;
    return { ID: expressID, type: this.GetLineType(_modelID, expressID), arguments: rawAttributes(this.index.bytes, open, typeOf) };
  }

  GetLine(modelID: number, expressID: number): IfcLine | undefined {
    const raw = this.GetRawLineData(modelID, expressID);
    const make = raw && LINE_MAKERS[this.schema]?.[raw.type];
    if (!raw || !make) return undefined;
    const line = make(raw.arguments);
    line.expressID = expressID;
    return line;
  }

  GetLines(modelID: number, expressIDs: readonly number[]): IfcLine[] {
    const out: IfcLine[] = [];
    for (const id of expressIDs) {
      const line = this.GetLine(modelID, id);
      if (line) out.push(line);
    }
    return out;
  }

  /** The entity's web-ifc type code; 0 when there is no such entity or web-ifc does not know its keyword. */
  GetLineType(_modelID: number, expressID: number): number {
    let type = this.types.get(expressID);
    if (type === undefined) this.types.set(expressID, (type = typeOf(this.index.keyword(expressID))));
    return type;
  }

  /** The express ids of one type's entities (not its subtypes'), in the file's order, as web-ifc's Vector. */
  GetLineIDsWithType(_modelID: number, type: number): { size(): number; get(i: number): number } {
    const ids = this.index.idsWithKeyword(keywordOf(type));
    return { size: () => ids.length, get: (i: number) => ids[i]! };
  }
}
