/**
 * Reader of the project's length unit, as a factor to metres. Reads IfcProject.UnitsInContext (IfcSIUnit with its
 * prefix, IfcConversionBasedUnit by its factor or name), then any length-unit line, then the STEP text itself
 * (lengthUnitFromText). Entities come from any LineSource: the STEP reader in an import, web-ifc in the tests and the
 * IFC model report (packages/reports).
 */
import { IFCCONVERSIONBASEDUNIT, IFCPROJECT, IFCSIUNIT } from 'web-ifc';
import type { LineSource } from '../step/line-source.js';
import { getLine, idsOfType, num, ref, refs, str, type IfcLine } from '../step/line-source.js';

const SI_PREFIX: Readonly<Record<string, number>> = {
  EXA: 1e18,
  PETA: 1e15,
  TERA: 1e12,
  GIGA: 1e9,
  MEGA: 1e6,
  KILO: 1e3,
  HECTO: 1e2,
  DECA: 1e1,
  DECI: 1e-1,
  CENTI: 1e-2,
  MILLI: 1e-3,
  MICRO: 1e-6,
  NANO: 1e-9,
};

/** Conversion-based length units by name, when their factor cannot be read. */
const NAMED_UNITS: Readonly<Record<string, number>> = { FOOT: 0.3048, INCH: 0.0254, YARD: 0.9144, MILE: 1609.344 };

export interface LengthUnit {
  /** Metres per file unit. */
  scale: number;
  /** What the file says, e.g. 'MILLIMETRE', 'FOOT'. */
  name: string;
  /** False when no length unit was found and metres were assumed. */
  found: boolean;
}

/**
 * The enumeration tokens of a line, whatever attribute web-ifc put them in: GetLine drops `*` tokens, so
 * attributes after one shift (seen in House.ifc and the FreeCAD export).
 */
function tokens(line: IfcLine): string[] {
  return Object.values(line)
    .map((attr) => (attr && typeof attr === 'object' && (attr as { type?: unknown }).type === 3 ? str(attr) : ''))
    .filter((t) => t !== '');
}

function siScale(api: LineSource, modelID: number, id: number): { scale: number; name: string } | undefined {
  const unit = getLine(api, modelID, id);
  if (!unit || unit.type !== IFCSIUNIT) return undefined;
  const t = tokens(unit);
  if (t.some((x) => x !== 'METRE' && x !== 'LENGTHUNIT' && !(x in SI_PREFIX))) return undefined;
  const prefix = t.find((x) => x in SI_PREFIX) ?? '';
  return { scale: SI_PREFIX[prefix] ?? 1, name: `${prefix}METRE` };
}

function unitScale(api: LineSource, modelID: number, id: number): LengthUnit | undefined {
  const unit = getLine(api, modelID, id);
  if (!unit || !tokens(unit).includes('LENGTHUNIT')) return undefined;
  if (unit.type === IFCSIUNIT) {
    const si = siScale(api, modelID, id);
    return si === undefined ? undefined : { ...si, found: true };
  }
  if (unit.type === IFCCONVERSIONBASEDUNIT) {
    const name = str(unit.Name).toUpperCase();
    const factorId = ref(unit.ConversionFactor);
    const measure = factorId === undefined ? undefined : getLine(api, modelID, factorId);
    const value = num(measure?.ValueComponent);
    const baseId = ref(measure?.UnitComponent);
    const base = baseId === undefined ? undefined : siScale(api, modelID, baseId)?.scale;
    if (value !== undefined && value > 0 && base !== undefined) return { scale: value * base, name, found: true };
    const named = NAMED_UNITS[name];
    return named === undefined ? undefined : { scale: named, name, found: true };
  }
  return undefined;
}

const LENGTH_UNIT = Buffer.from('.LENGTHUNIT.', 'latin1');

/** The entities of the text that name .LENGTHUNIT., each as its own string (the text is not decoded whole: 26 MB). */
function lengthUnitLines(bytes: Uint8Array): string[] {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  const lines: string[] = [];
  for (let at = text.indexOf(LENGTH_UNIT); at >= 0; at = text.indexOf(LENGTH_UNIT, at + LENGTH_UNIT.length)) {
    const start = text.lastIndexOf(0x3b, at) + 1;
    const end = text.indexOf(0x3b, at);
    lines.push(text.toString('latin1', start, end < 0 ? text.length : end + 1));
  }
  return lines;
}

/** The length unit from the STEP text itself, for files whose unit lines web-ifc misreads (and for helpers that read the text alone). */
export function lengthUnitFromText(bytes: Uint8Array): LengthUnit | undefined {
  const lines = lengthUnitLines(bytes);
  for (const line of lines) {
    const si = /IFCSIUNIT\s*\([^,]*,\s*\.LENGTHUNIT\.\s*,\s*(?:\.(\w+)\.|\$)\s*,\s*\.METRE\.\s*\)/i.exec(line);
    if (!si) continue;
    const prefix = (si[1] ?? '').toUpperCase();
    const scale = prefix ? SI_PREFIX[prefix] : 1;
    if (scale !== undefined) return { scale, name: `${prefix}METRE`, found: true };
  }
  for (const line of lines) {
    const named = /IFCCONVERSIONBASEDUNIT\s*\([^,]*,\s*\.LENGTHUNIT\.\s*,\s*'(\w+)'/i.exec(line);
    const scale = named ? NAMED_UNITS[(named[1] ?? '').toUpperCase()] : undefined;
    if (scale !== undefined) return { scale, name: (named?.[1] ?? '').toUpperCase(), found: true };
  }
  return undefined;
}

/**
 * Reads IfcProject.UnitsInContext, then any length unit line, then the STEP text; metres are assumed
 * (found = false) when no length unit is declared.
 */
export function readLengthUnit(api: LineSource, modelID: number, bytes: Uint8Array): LengthUnit {
  for (const projectId of idsOfType(api, modelID, IFCPROJECT)) {
    const project = getLine(api, modelID, projectId);
    const assignmentId = ref(project?.UnitsInContext);
    const assignment = assignmentId === undefined ? undefined : getLine(api, modelID, assignmentId);
    for (const unitId of refs(assignment?.Units)) {
      const unit = unitScale(api, modelID, unitId);
      if (unit) return unit;
    }
  }
  for (const unitId of [...idsOfType(api, modelID, IFCSIUNIT), ...idsOfType(api, modelID, IFCCONVERSIONBASEDUNIT)]) {
    const unit = unitScale(api, modelID, unitId);
    if (unit) return unit;
  }
  return lengthUnitFromText(bytes) ?? { scale: 1, name: 'METRE', found: false };
}
