/**
 * An architect's revision of an IFC file, made with web-ifc's writer (OpenModel, GetLine, WriteLine, DeleteLine,
 * SaveModel) as an authoring tool would export it again: an element removed with its place in every relation, a
 * space's floor profile reshaped, a space or a wall added as a moved copy of another under a GlobalId of its own. For the tests of
 * the fire design's revisions (issue 40); the app never writes IFC files this way. Not exported from index.ts.
 */
import { Handle, IfcAPI, IFCLENGTHMEASURE, LogLevel } from 'web-ifc';

/** A line as web-ifc's GetLine gives it: its attributes by name, references as handles ({ type: 5, value }). */
type Line = { expressID: number; type: number } & Record<string, unknown>;
type Reference = { type: 5; value: number };

const isReference = (v: unknown): v is Reference =>
  typeof v === 'object' && v !== null && (v as { type?: unknown }).type === 5 && typeof (v as { value?: unknown }).value === 'number';

/** One edit of a revision, applied to the open file in order. */
export type RevisionEdit =
  /** The element (a space, a wall …) deleted; relations naming it drop it, those left naming nothing are deleted. */
  | { remove: string }
  /** The points of the space's swept floor profile moved (its own coordinates, the profile's plane). */
  | { reshape: string; move: (x: number, y: number) => [number, number] }
  /**
   * A copy of the space or wall moved by (dx, dy) in its storey's plane, its own GlobalId (and long name, if given), on
   * the same storey: a wall copied across a room is the architect's new wall (its openings are not copied).
   */
  | { copy: string; dx: number; dy: number; globalId: string; longName?: string };

/** The file's bytes after the edits, as web-ifc's SaveModel writes them. */
export async function reviseIfc(bytes: Uint8Array, edits: readonly RevisionEdit[]): Promise<Uint8Array> {
  const api = new IfcAPI();
  await api.Init();
  api.SetLogLevel(LogLevel.LOG_LEVEL_OFF);
  const model = api.OpenModel(bytes);
  try {
    const file = new OpenFile(api, model);
    for (const edit of edits) {
      if ('remove' in edit) file.remove(file.byGlobalId(edit.remove));
      else if ('reshape' in edit) file.reshape(file.byGlobalId(edit.reshape), edit.move);
      else file.copy(file.byGlobalId(edit.copy), edit);
    }
    return api.SaveModel(model);
  } finally {
    api.CloseModel(model);
  }
}

class OpenFile {
  private relations: number[] | null = null;

  constructor(
    private readonly api: IfcAPI,
    private readonly model: number,
  ) {}

  line(id: number): Line {
    return this.api.GetLine(this.model, id) as Line;
  }

  /** A line's entity name in capitals ('IFCRELAGGREGATES'); '' for a deleted line. */
  private typeName(id: number): string {
    const type = this.api.GetLineType(this.model, id) as number;
    return type ? this.api.GetNameFromTypeCode(type).toUpperCase() : '';
  }

  /** A length measure of the file's schema, as GetLine gives coordinates. */
  private length(value: number): unknown {
    return this.api.CreateIfcType(this.model, IFCLENGTHMEASURE, value) as unknown;
  }

  byGlobalId(globalId: string): number {
    const ids = this.api.GetAllLines(this.model);
    for (let i = 0; i < ids.size(); i++) {
      const id = ids.get(i);
      const raw = this.api.GetRawLineData(this.model, id);
      const first = raw.arguments[0] as { value?: unknown } | undefined;
      if (first?.value === globalId) return id;
    }
    throw new Error(`No line with GlobalId ${globalId}`);
  }

  /** Every IfcRel… line of the file (an element's relations name it there, never the other way round). */
  private relationIds(): number[] {
    if (this.relations) return this.relations;
    const ids = this.api.GetAllLines(this.model);
    const out: number[] = [];
    for (let i = 0; i < ids.size(); i++) {
      const id = ids.get(i);
      if (this.typeName(id).startsWith('IFCREL')) out.push(id);
    }
    return (this.relations = out);
  }

  remove(id: number): void {
    for (const relId of this.relationIds()) {
      const rel = this.line(relId);
      let names = false;
      let empty = false;
      for (const [key, value] of Object.entries(rel)) {
        if (isReference(value) && value.value === id) names = empty = true;
        else if (Array.isArray(value) && value.some((v) => isReference(v) && v.value === id)) {
          const kept = value.filter((v) => !(isReference(v) && v.value === id));
          rel[key] = kept;
          names = true;
          if (kept.length === 0) empty = true;
        }
      }
      if (!names) continue;
      // A relation about the element alone (its space boundaries, its properties) goes with it.
      if (empty) this.api.DeleteLine(this.model, relId);
      else this.api.WriteLine(this.model, rel);
    }
    this.relations = this.relations?.filter((r) => this.typeName(r) !== '') ?? null;
    this.api.DeleteLine(this.model, id);
  }

  /** The swept solids' profiles of a product's representations: their polylines' points moved. */
  reshape(id: number, move: (x: number, y: number) => [number, number]): void {
    const seen = new Set<number>();
    for (const pointId of this.profilePoints(id)) {
      if (seen.has(pointId)) continue;
      seen.add(pointId);
      const point = this.line(pointId);
      const coordinates = point.Coordinates as { value: number }[];
      const [x, y] = move(coordinates[0]!.value, coordinates[1]!.value);
      point.Coordinates = [x, y, ...coordinates.slice(2).map((c) => c.value)].map((v) => this.length(v));
      this.api.WriteLine(this.model, point);
    }
    if (seen.size === 0) throw new Error(`Line #${id} has no swept profile to reshape`);
  }

  /** The points of the polylines bounding the swept areas of a product's shape (through clippings to their solid). */
  private profilePoints(id: number): number[] {
    const product = this.line(id);
    const shape = this.line((product.Representation as Reference).value);
    const points: number[] = [];
    const visit = (itemId: number): void => {
      const item = this.line(itemId);
      if (isReference(item.FirstOperand)) visit(item.FirstOperand.value);
      if (!isReference(item.SweptArea)) return;
      const profile = this.line(item.SweptArea.value);
      if (!isReference(profile.OuterCurve)) return;
      const curve = this.line(profile.OuterCurve.value);
      for (const p of (curve.Points as Reference[] | undefined) ?? []) points.push(p.value);
    };
    for (const rep of shape.Representations as Reference[]) for (const item of this.line(rep.value).Items as Reference[]) visit(item.value);
    return points;
  }

  /** A copy of a space or a wall moved in its placement's plane, added to the relations that put the original on its storey. */
  copy(id: number, edit: { dx: number; dy: number; globalId: string; longName?: string }): void {
    const space = this.line(id);
    const placement = this.line((space.ObjectPlacement as Reference).value);
    const axes = this.line((placement.RelativePlacement as Reference).value);
    const location = this.line((axes.Location as Reference).value);
    const [x, y, ...rest] = (location.Coordinates as { value: number }[]).map((c) => c.value);
    // New lines (expressID -1) written whole, WriteLine numbering each after the file's last and linking them by handle.
    location.expressID = -1;
    location.Coordinates = [x! + edit.dx, y! + edit.dy, ...rest].map((v) => this.length(v));
    axes.expressID = -1;
    axes.Location = location;
    placement.expressID = -1;
    placement.RelativePlacement = axes;
    space.expressID = -1;
    space.ObjectPlacement = placement;
    space.GlobalId = { ...(space.GlobalId as object), value: edit.globalId };
    if (edit.longName !== undefined) space.LongName = { ...(space.LongName as object), value: edit.longName };
    this.api.WriteLine(this.model, space);
    // The storey's decomposition (IfcRelAggregates) or containment that holds the original holds the copy too.
    for (const relId of this.relationIds()) {
      const rel = this.line(relId);
      const holds = Object.values(rel).find((v) => Array.isArray(v) && v.some((r) => isReference(r) && r.value === id));
      const name = this.typeName(relId);
      if (!holds || (name !== 'IFCRELAGGREGATES' && name !== 'IFCRELCONTAINEDINSPATIALSTRUCTURE')) continue;
      (holds as unknown[]).push(new Handle(space.expressID));
      this.api.WriteLine(this.model, rel);
    }
  }
}
