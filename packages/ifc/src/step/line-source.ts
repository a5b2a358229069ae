/** Reading web-ifc's untyped lines (GetLine) safely. */

/**
 * Where the readers read a file's entities: web-ifc with the file open, or its text read as web-ifc reads it
 * (text-lines.ts).
 */
export interface LineSource {
  GetLine(modelID: number, expressID: number): unknown;
  GetLines(modelID: number, expressIDs: number[]): unknown[];
  GetLineType(modelID: number, expressID: number): number;
  GetLineIDsWithType(modelID: number, type: number): { size(): number; get(i: number): number };
}

/** One IFC entity as web-ifc's GetLine gives it: attributes are `{ value, type }` wrappers, references have type 5. */
export type IfcLine = { expressID: number; type: number } & Record<string, unknown>;

export function getLine(api: LineSource, modelID: number, expressID: number): IfcLine | undefined {
  try {
    const line = api.GetLine(modelID, expressID);
    return line && typeof line === 'object' ? (line as IfcLine) : undefined;
  } catch {
    return undefined;
  }
}

const unwrap = (attr: unknown): unknown => (attr && typeof attr === 'object' && 'value' in attr ? attr.value : attr);

/** A string attribute ('' when absent). */
export function str(attr: unknown): string {
  const v = unwrap(attr);
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
}

/** A number attribute (undefined when absent or not finite). */
export function num(attr: unknown): number | undefined {
  const v = unwrap(attr);
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : undefined;
}

/** A boolean/logical attribute (undefined when absent or UNKNOWN). */
export function bool(attr: unknown): boolean | undefined {
  const v = unwrap(attr);
  if (typeof v === 'boolean') return v;
  if (v === 'T' || v === '.T.' || v === 'TRUE' || v === 1) return true;
  if (v === 'F' || v === '.F.' || v === 'FALSE' || v === 0) return false;
  return undefined;
}

/** The express id an entity reference points to. */
export function ref(attr: unknown): number | undefined {
  if (attr && typeof attr === 'object' && 'value' in attr && (attr as { type?: unknown }).type === 5) {
    const v = attr.value;
    return typeof v === 'number' ? v : undefined;
  }
  return undefined;
}

/** The express ids of a list of references. */
export function refs(attr: unknown): number[] {
  if (!Array.isArray(attr)) {
    const one = ref(attr);
    return one === undefined ? [] : [one];
  }
  return attr.map(ref).filter((id): id is number => id !== undefined);
}

/** A list of numbers (coordinates, direction ratios). */
export function nums(attr: unknown): number[] {
  const v = unwrap(attr);
  if (!Array.isArray(v)) return [];
  return v.map((x) => num(x) ?? NaN);
}

/** All express ids of one IFC type (with subtypes when asked). */
export function idsOfType(api: LineSource, modelID: number, type: number): number[] {
  const vector = api.GetLineIDsWithType(modelID, type);
  const out: number[] = [];
  for (let i = 0; i < vector.size(); i++) out.push(vector.get(i));
  return out;
}
