// Writing entities as lines of a STEP file (ISO 10303-21), numbered after the file's last: the design is added to the
// building's text, which stays byte for byte as it was. web-ifc reads the file (target.ts), but its WriteLine costs
// 27 µs a line (the 185,000 m² building's 300,000 lines took 5.5 s of 10); text costs a microsecond. Attributes are
// given in the schema's order, as web-ifc's generated constructors list them (explicit attributes, derived ones `*`).
// One schema family per file: IFC2X3, or IFC4 (IFC4X3 has the same entities for what is written).
import type { GlobalIds } from './global-ids.js';

export type SchemaFamily = 'IFC2X3' | 'IFC4';

/** A reference to a line of the file. */
export class Ref {
  constructor(readonly value: number) {}
}

/** A value as written, and the name of its type (for a select attribute, which writes it typed: IFCLABEL('…')). */
export class Step {
  constructor(
    readonly text: string,
    readonly type = '',
  ) {}
}

export type Value = Ref | Step | null | readonly Value[];

export const ref = (expressID: number): Ref => new Ref(expressID);

/** The schema family of a file's schema name ('IFC2X3', 'IFC4', 'IFC4X3', 'IFC4X3_ADD2', …). */
export const schemaFamily = (schema: string): SchemaFamily => (schema.toUpperCase().startsWith('IFC2X3') ? 'IFC2X3' : 'IFC4');

/** A string as STEP writes it: quotes doubled, backslashes doubled, anything beyond printable ASCII as \X2\ UTF-16 hex. */
export function stepString(text: string): string {
  let out = '';
  let wide = '';
  const flush = () => {
    if (wide) out += `\\X2\\${wide}\\X0\\`;
    wide = '';
  };
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0x20 && code <= 0x7e) {
      flush();
      out += code === 0x27 ? "''" : code === 0x5c ? '\\\\' : text[i];
    } else wide += code.toString(16).toUpperCase().padStart(4, '0');
  }
  flush();
  return `'${out}'`;
}

/** A real as STEP writes it: always a decimal point, the exponent as E. */
export function stepReal(value: number): string {
  if (!Number.isFinite(value)) throw new Error(`Not a number to write: ${value}`);
  const [mantissa = '0', exponent] = String(value).toUpperCase().split('E');
  const point = mantissa.includes('.') ? mantissa : `${mantissa}.`;
  return exponent === undefined ? point : `${point}E${exponent}`;
}

function serialize(value: Value): string {
  if (value === null) return '$';
  if (value instanceof Ref) return `#${value.value}`;
  if (value instanceof Step) return value.text;
  return `(${value.map(serialize).join(',')})`;
}

export class IfcWriter {
  private readonly lines: string[] = [];
  private next: number;

  constructor(
    readonly schema: SchemaFamily,
    readonly globalIds: GlobalIds,
    /** Metres per file length unit: lengths are written in the file's unit. */
    readonly scale: number,
    /** The number of the first line written. */
    first: number,
    /** An entity's STEP name by web-ifc's type code (IFCSENSOR → 'IFCSENSOR'). */
    private readonly nameOf: (type: number) => string,
  ) {
    this.next = first;
  }

  /** Writes one entity (its attributes in the schema's order) as a new line and answers a reference to it. */
  add(type: number, ...attributes: Value[]): Ref {
    const id = this.next++;
    this.lines.push(`#${id}=${this.nameOf(type)}(${attributes.map(serialize).join(',')});`);
    return new Ref(id);
  }

  /** The lines written, one an entity. */
  get stepText(): string {
    return this.lines.length === 0 ? '' : `${this.lines.join('\n')}\n`;
  }

  /** The export's GlobalId for a key (global-ids.ts). */
  guid = (key: string): Step => new Step(`'${this.globalIds.of(key)}'`, 'IFCGLOBALLYUNIQUEID');
  /** A GlobalId given (one the model carries from its IFC file). */
  globalId = (guid: string): Step => new Step(stepString(guid), 'IFCGLOBALLYUNIQUEID');
  /** A label; null (unset) for ''. */
  label = (text: string): Step | null => (text === '' ? null : new Step(stepString(text), 'IFCLABEL'));
  text = (text: string): Step | null => (text === '' ? null : new Step(stepString(text), 'IFCTEXT'));
  identifier = (text: string): Step | null => (text === '' ? null : new Step(stepString(text), 'IFCIDENTIFIER'));
  integer = (value: number): Step => new Step(String(Math.round(value)), 'IFCINTEGER');
  real = (value: number): Step => new Step(stepReal(value), 'IFCREAL');
  dimensionCount = (value: number): Step => new Step(String(Math.round(value)), 'IFCDIMENSIONCOUNT');
  timeStamp = (seconds: number): Step => new Step(String(Math.round(seconds)), 'IFCTIMESTAMP');
  /** A length given in metres, written in the file's unit. */
  length = (metres: number): Step => new Step(stepReal(metres / this.scale), 'IFCLENGTHMEASURE');
  positiveLength = (metres: number): Step => new Step(stepReal(metres / this.scale), 'IFCPOSITIVELENGTHMEASURE');
  /** A length already in the file's unit (a coordinate read from the file and moved). */
  fileLength = (value: number): Step => new Step(stepReal(value), 'IFCLENGTHMEASURE');
  enumeration = (value: string): Step => new Step(`.${value}.`);
  /** A derived attribute (IfcSIUnit's dimensions): `*`. */
  readonly derived = new Step('*');
  /** A value in a select attribute (a property's NominalValue): written with its type, IFCLABEL('…'). */
  select = (value: Step): Step => new Step(`${value.type}(${value.text})`, value.type);
}
