import { truncateName } from '../lib/files';

/** How much of a file is read for its names (P§9: the IFC name preview reads up to 128 KB). */
export const NAME_PREVIEW_BYTES = 128 * 1024;

/** Decodes a STEP string literal's content: '' is a quote, \X2\…\X0\ UTF-16, \X\HH one byte, \S\c and \\ as written. */
export function decodeStepString(raw: string): string {
  return raw
    .replace(/''/g, "'")
    .replace(/\\X2\\((?:[0-9A-Fa-f]{4})+)\\X0\\/g, (_, hex: string) =>
      String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((code) => parseInt(code, 16))),
    )
    .replace(/\\X\\([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    .replace(/\\S\\(.)/g, (_, char: string) => String.fromCharCode(char.charCodeAt(0) + 128))
    .replace(/\\\\/g, '\\');
}

/** One STEP attribute value: a string (decoded), or null for anything else ($, *, #12, a list, an enum). */
type StepValue = string | null;

/** The first `count` attributes of the entity whose '(' is at `open` (fewer if it has fewer), or null when the text ends first. */
function stepAttributes(text: string, open: number, count: number): StepValue[] | null {
  const values: StepValue[] = [];
  let depth = 0;
  let current: StepValue = null;
  for (let i = open + 1; i < text.length; i++) {
    const char = text[i]!;
    if (char === "'") {
      let end = i + 1;
      while (end < text.length && !(text[end] === "'" && text[end + 1] !== "'")) end += text[end] === "'" ? 2 : 1;
      if (end >= text.length) return null;
      if (depth === 0) current = decodeStepString(text.slice(i + 1, end));
      i = end;
    } else if (char === '(') depth++;
    else if (char === ')' && depth > 0) depth--;
    else if (char === ',' || char === ')') {
      values.push(current);
      current = null;
      if (char === ')' || values.length === count) return values;
    }
  }
  return null;
}

/**
 * Names that say nothing about the project: what authoring tools write when nobody filled the field
 * in (Revit's 'Project Number' / 'Project Name', their Spanish and German forms, 'Undefined', 'null').
 */
const PLACEHOLDERS = new Set(
  [
    'project',
    'project name',
    'project number',
    'project status',
    'projekt',
    'projektname',
    'projektnummer',
    'proyecto',
    'nombre de proyecto',
    'número de proyecto',
    'numero de proyecto',
    'estado de proyecto',
    'projet',
    'nom du projet',
    'default',
    'undefined',
    'unnamed',
    'untitled',
    'none',
    'null',
    'n/a',
  ].map((name) => name.toLowerCase()),
);

const baseName = (name: string) =>
  (name.split(/[\\/]/).pop() ?? name)
    .replace(/\.ifc$/i, '')
    .trim()
    .toLowerCase();

/**
 * Whether a project name says something beside the file's name: not empty, not a placeholder, not only
 * digits and punctuation (a project number such as '0001'), not a path or a file name, and not the
 * file's own name again.
 */
export function meaningfulProjectName(name: string | null, fileName: string): string | null {
  const trimmed = name?.replace(/\s+/g, ' ').trim() ?? '';
  if (trimmed === '' || PLACEHOLDERS.has(trimmed.toLowerCase())) return null;
  if (!/\p{L}/u.test(trimmed)) return null;
  if (/[\\/]/.test(trimmed) || /\.ifc$/i.test(trimmed)) return null;
  if (baseName(trimmed) === baseName(fileName)) return null;
  return trimmed;
}

/**
 * The IFC's own project name: IFCPROJECT's LongName when it says something, else its Name (IFC 2x3 and 4
 * alike: GlobalId, OwnerHistory, Name, Description, ObjectType, LongName, …); null when neither does.
 */
export function ifcProjectName(text: string, fileName: string): string | null {
  const entity = /=\s*IFCPROJECT\s*\(/i.exec(text);
  if (!entity) return null;
  const attributes = stepAttributes(text, entity.index + entity[0].length - 1, 6);
  if (!attributes) return null;
  return meaningfulProjectName(attributes[5] ?? null, fileName) ?? meaningfulProjectName(attributes[2] ?? null, fileName);
}

/** The names of a chosen file: its own name, and its IFC project's name when that says something. */
export interface IfcNames {
  fileName: string;
  projectName: string | null;
}

/**
 * Reads at most NAME_PREVIEW_BYTES: the first and the last half of them. Most exporters write IFCPROJECT
 * near the start, older Revit ones as the last entity of the file.
 */
export async function readIfcNames(file: Blob, fileName: string): Promise<IfcNames> {
  try {
    const half = NAME_PREVIEW_BYTES / 2;
    const head = await file.slice(0, file.size <= NAME_PREVIEW_BYTES ? file.size : half).text();
    const fromHead = /=\s*IFCPROJECT\s*\(/i.test(head);
    const text = fromHead || file.size <= NAME_PREVIEW_BYTES ? head : await file.slice(file.size - half).text();
    return { fileName, projectName: ifcProjectName(text, fileName) };
  } catch {
    return { fileName, projectName: null };
  }
}

/** A name as listed: at most 36 characters (P§9), the full name as its title. */
export const shownName = (name: string) => ({ label: truncateName(name), title: name });
