// Tests only: an IFC file read back as another BIM tool reads it, through a web-ifc of its own: its lines as text,
// the elements' property sets, groups, containment, world placements (@edrf/ifc's placement chain, as the import
// reads coordinates) and meshes (web-ifc's own geometry).
import { applyPoint, getLine, idsOfType, nums, placementTransform, readLengthUnit, ref, refs, str } from '@edrf/ifc';
import {
  IfcAPI,
  IFCPROPERTYSET,
  IFCRELASSIGNSTOGROUP,
  IFCRELCONTAINEDINSPATIALSTRUCTURE,
  IFCRELDEFINESBYPROPERTIES,
  IFCRELDEFINESBYTYPE,
  LogLevel,
} from 'web-ifc';

let started: Promise<IfcAPI> | undefined;
const ownApi = (): Promise<IfcAPI> =>
  (started ??= (async () => {
    const api = new IfcAPI();
    await api.Init(undefined, true);
    api.SetLogLevel(LogLevel.LOG_LEVEL_OFF);
    return api;
  })());

/** The entities of a STEP file's text by express id, whitespace dropped (web-ifc writes `#1=` where others write `#1= `). */
export function stepLines(bytes: Uint8Array): Map<number, string> {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  const data = text.slice(text.indexOf('DATA;') + 5);
  const out = new Map<number, string>();
  for (const entity of data.split(/;\s*[\r\n]+/)) {
    const match = /^\s*#(\d+)\s*=\s*([\s\S]*)$/.exec(entity);
    if (match) out.set(Number(match[1]), match[2]!.replace(/\s+/g, ''));
  }
  return out;
}

/** A property's value as web-ifc reads it: text, a number, or nothing. */
export type PropertyValue = string | number | boolean | undefined;

export interface Mesh {
  /** World bounds of the mesh's vertices as web-ifc places them (its own placement chain), Z up, in metres. */
  min: [number, number, number];
  max: [number, number, number];
  vertices: number;
}

export class ReadBack {
  private constructor(
    readonly api: IfcAPI,
    readonly model: number,
    /** Metres per file unit. */
    readonly scale: number,
  ) {}

  static async open(bytes: Uint8Array): Promise<ReadBack> {
    const api = await ownApi();
    const model = api.OpenModel(bytes);
    return new ReadBack(api, model, readLengthUnit(api, model, bytes).scale);
  }

  close(): void {
    this.api.CloseModel(this.model);
  }

  ids = (type: number): number[] => idsOfType(this.api, this.model, type);
  line = (id: number) => getLine(this.api, this.model, id)!;
  typeOf = (id: number): number => Number(this.api.GetLineType(this.model, id));
  str = (id: number, attribute: string): string => str(this.line(id)[attribute]);

  /** The values of one property set by element id. */
  propertySets(name: string): Map<number, Record<string, PropertyValue>> {
    const out = new Map<number, Record<string, PropertyValue>>();
    for (const rel of this.ids(IFCRELDEFINESBYPROPERTIES)) {
      const l = this.line(rel);
      const pset = ref(l.RelatingPropertyDefinition);
      if (pset === undefined || this.typeOf(pset) !== IFCPROPERTYSET || this.str(pset, 'Name') !== name) continue;
      const values: Record<string, PropertyValue> = {};
      for (const property of refs(this.line(pset).HasProperties)) {
        const p = this.line(property);
        values[str(p.Name)] = (p.NominalValue as { value?: PropertyValue } | null)?.value;
      }
      for (const element of refs(l.RelatedObjects)) out.set(element, values);
    }
    return out;
  }

  /** The members of every group (IfcRelAssignsToGroup) by group id. */
  groupMembers(): Map<number, number[]> {
    const out = new Map<number, number[]>();
    for (const rel of this.ids(IFCRELASSIGNSTOGROUP)) {
      const l = this.line(rel);
      const group = ref(l.RelatingGroup)!;
      out.set(group, [...(out.get(group) ?? []), ...refs(l.RelatedObjects)]);
    }
    return out;
  }

  /** The spatial structure element that contains each element. */
  containers(): Map<number, number> {
    const out = new Map<number, number>();
    for (const rel of this.ids(IFCRELCONTAINEDINSPATIALSTRUCTURE)) {
      const l = this.line(rel);
      for (const element of refs(l.RelatedElements)) out.set(element, ref(l.RelatingStructure)!);
    }
    return out;
  }

  /** The type object of each element (IfcRelDefinesByType). */
  types(): Map<number, number> {
    const out = new Map<number, number>();
    for (const rel of this.ids(IFCRELDEFINESBYTYPE)) {
      const l = this.line(rel);
      for (const element of refs(l.RelatedObjects)) out.set(element, ref(l.RelatingType)!);
    }
    return out;
  }

  /** An element's placement in the world, metres: its origin and its X axis. */
  placed(id: number): { origin: [number, number, number]; xAxis: [number, number, number] } {
    const m = placementTransform(this.api, this.model, ref(this.line(id).ObjectPlacement));
    const origin = applyPoint(m, [0, 0, 0]).map((v) => v * this.scale) as [number, number, number];
    return { origin, xAxis: [m[0]!, m[4]!, m[8]!] };
  }

  /** Coordinates of a point entity. */
  coordinates = (id: number): number[] => nums(this.line(id).Coordinates);

  /** web-ifc's mesh of an element, null when it makes none (what a viewer would not show). */
  mesh(id: number): Mesh | null {
    const flat = this.api.GetFlatMesh(this.model, id);
    const min: [number, number, number] = [Infinity, Infinity, Infinity];
    const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
    let vertices = 0;
    for (let g = 0; g < flat.geometries.size(); g++) {
      const placed = flat.geometries.get(g);
      const geometry = this.api.GetGeometry(this.model, placed.geometryExpressID);
      const data = this.api.GetVertexArray(geometry.GetVertexData(), geometry.GetVertexDataSize());
      const t = placed.flatTransformation;
      for (let i = 0; i < data.length; i += 6) {
        const [x, y, z] = [data[i]!, data[i + 1]!, data[i + 2]!];
        // Column-major 4x4, into web-ifc's Y-up world (three.js'): IFC's (x, y, z) is its (x, -z, y).
        const [wx, wy, wz] = [0, 1, 2].map((r) => t[r]! * x + t[4 + r]! * y + t[8 + r]! * z + t[12 + r]!) as [number, number, number];
        const world = [wx, -wz, wy];
        world.forEach((v, k) => {
          min[k] = Math.min(min[k]!, v);
          max[k] = Math.max(max[k]!, v);
        });
        vertices++;
      }
      geometry.delete();
    }
    return vertices > 0 ? { min, max, vertices } : null;
  }
}
