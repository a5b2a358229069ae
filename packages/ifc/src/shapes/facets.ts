/**
 * Elements whose shape is made of faces given point by point (IfcFacetedBrep, IfcShellBasedSurfaceModel,
 * IfcFaceBasedSurfaceModel) or of prisms (an IfcExtrudedAreaSolid of a polygon: extrusions.ts), maybe less half-spaces
 * (clipping.ts), placed directly or through IfcMappedItem, read from the STEP text instead of meshed.
 *
 * A door or a piece of furniture only needs its plan hull and height range (MeshReader.points), and the hull of a
 * polyhedron is the hull of its vertices; a wall or a slab needs its footprint (MeshReader.mesh), which the faces give
 * as they are, each loop as a fan of triangles. Triangulating them as web-ifc does to mesh them changes nothing but the
 * time, and on most files of the corpus those faces were most of web-ifc's meshing (a chair is thousands of them).
 * Anything else in the shape (another boolean, a profile web-ifc alone makes, a swept disk) and the element is meshed by
 * web-ifc as before.
 * Items web-ifc makes no mesh of (IfcGeometricSet, IfcGeometricCurveSet, IfcBoundingBox, a wall's Axis curve) are
 * skipped, as web-ifc skips them.
 */
import { compose, IDENTITY, type Affine } from './placement.js';
import { keywords, pushRef, refBuffer, StepIndex, type RefBuffer } from '../step/step-index.js';
import { IdTable } from '../step/id-table.js';
import { TextPlacements } from './text-placements.js';
import { EXTRUSION, readExtrusion } from './extrusions.js';
import { CLIPPING, readClipping } from './clipping.js';
import type { CurveReading } from './profile-curves.js';
import type { FacetGeometry } from './facet-geometry.js';
import { degreesPerAngleUnit } from './angle-unit.js';

const PRODUCT_SHAPE = keywords('IFCPRODUCTDEFINITIONSHAPE');
const SHAPE_REPRESENTATION = keywords('IFCSHAPEREPRESENTATION');
const MAPPED_ITEM = keywords('IFCMAPPEDITEM');
const REPRESENTATION_MAP = keywords('IFCREPRESENTATIONMAP');
const BREP = keywords('IFCFACETEDBREP');
const SURFACE_MODEL = keywords('IFCSHELLBASEDSURFACEMODEL', 'IFCFACEBASEDSURFACEMODEL');
/** Items web-ifc gives no vertices for: sets of points and curves, boxes, and curves (a wall's Axis). */
const NOT_MESHED = keywords(
  'IFCGEOMETRICSET',
  'IFCGEOMETRICCURVESET',
  'IFCBOUNDINGBOX',
  'IFCPOLYLINE',
  'IFCTRIMMEDCURVE',
  'IFCCOMPOSITECURVE',
  'IFCINDEXEDPOLYCURVE',
);
const SHELL = keywords('IFCCLOSEDSHELL', 'IFCOPENSHELL', 'IFCCONNECTEDFACESET');
const FACE = keywords('IFCFACE');
const BOUND = keywords('IFCFACEOUTERBOUND', 'IFCFACEBOUND');
const LOOP = keywords('IFCPOLYLOOP');
const POINT = keywords('IFCCARTESIANPOINT');

/** Where an IfcProduct's ObjectPlacement and Representation are among its attributes. */
const PLACEMENT_AT = 5;
const SHAPE_AT = 6;

/** Items nested in mapped items deeper than this are left to web-ifc. */
const MAX_DEPTH = 4;

/** One faceted geometry of an element and the transform that places it (row-major, file units, Z up). */
export interface PlacedFacets {
  /** The id of the item it was read from, under which it is read once however often it is placed. */
  itemID: number;
  geometry: FacetGeometry;
  transform: Affine;
}

/** One read of an element's shape: where the placed geometries go, how deep in mapped items it is, whether with faces. */
interface Reading {
  index: StepIndex;
  out: PlacedFacets[];
  depth: number;
  withFaces: boolean;
}

/** Thrown inside a read when the body holds something this reader does not read: the element goes to web-ifc. */
class NotFaceted extends Error {}
/** The one NotFaceted thrown: most elements of a file are not faceted, and each new Error would capture a stack trace. */
const NOT_FACETED = new NotFaceted('not faceted');

export class FacetReader {
  private placements?: TextPlacements;
  /** What extruded profiles are read with (profile-curves.ts), on the first extrusion. */
  private curves?: CurveReading;
  private readonly geometries = new Map<number, FacetGeometry>();
  /** Items found not to be faceted. */
  private readonly unread = new Set<number>();
  /** Per IfcRepresentationMap, what readMap found. */
  private readonly maps = new Map<number, PlacedFacets[] | null>();
  /** Per point's express id, the last geometry (stamps) that read it (readGeometry). */
  private readonly seen = new IdTable();
  private stamps = 0;
  /** Per point's express id, its index among the points of the geometry being read (valid where seen says so). */
  private readonly local = new IdTable();
  /** Reused lists of a shell's faces, a face's bounds, a loop's points, and the points of the geometry being read. */
  private readonly faces = refBuffer();
  private readonly bounds = refBuffer();
  private readonly loop = refBuffer();
  private readonly points = refBuffer();

  /** `text`: the file's STEP text, indexed on the first read (StepIndex). */
  constructor(private readonly text: Buffer) {}

  /** The file's index (StepIndex), made on first use. */
  get index(): StepIndex {
    return (this.#index ??= StepIndex.of(this.text));
  }
  #index?: StepIndex;

  /** Whether the element has a shape at all: its Representation names an IfcProductDefinitionShape. */
  hasShape(expressID: number): boolean {
    const index = this.index;
    const element = index.openAny(expressID);
    const shapeID = element < 0 ? undefined : index.refAt(element, SHAPE_AT);
    return shapeID !== undefined && index.open(shapeID, PRODUCT_SHAPE) >= 0;
  }

  /**
   * The faceted geometries that make up the element's shape, placed; undefined when its shape holds anything else
   * (web-ifc meshes it then), or has nothing to place.
   */
  placed(expressID: number, withFaces = false): PlacedFacets[] | undefined {
    const index = this.index;
    const placements = (this.placements ??= new TextPlacements(index));
    const element = index.openAny(expressID);
    if (element < 0) return undefined;
    // Every IfcProduct has its ObjectPlacement and Representation sixth and seventh.
    const placementID = index.refAt(element, PLACEMENT_AT);
    const shapeID = index.refAt(element, SHAPE_AT);
    const shape = shapeID === undefined ? -1 : index.open(shapeID, PRODUCT_SHAPE);
    if (shape < 0) return undefined;
    const out: PlacedFacets[] = [];
    try {
      const read: Reading = { index, out, depth: 0, withFaces };
      for (const representation of index.refs(shape)) this.readRepresentation(representation, undefined, read);
    } catch (error) {
      if (error === NOT_FACETED) return undefined;
      throw error;
    }
    if (out.length === 0) return undefined;
    // Placed last, once the shape is known to be faceted: most elements that are not go no further than their items.
    const placement = placementID === undefined ? IDENTITY : placements.local(placementID);
    if (!placement) return undefined;
    for (const placed of out) placed.transform = compose(placement, placed.transform);
    return out;
  }

  /** The items of a representation; `transform` places them in the element's coordinates (undefined: as they are). */
  private readRepresentation(id: number, transform: Affine | undefined, read: Reading): void {
    const { index } = read;
    const open = index.open(id, SHAPE_REPRESENTATION);
    if (open < 0 || read.depth > MAX_DEPTH) throw NOT_FACETED;
    // The first reference is the representation's context; the items follow.
    for (const item of index.refs(open).slice(1)) this.readItem(item, transform, read);
  }

  private readItem(id: number, transform: Affine | undefined, read: Reading): void {
    const { index, out, depth, withFaces } = read;
    if (index.open(id, NOT_MESHED) >= 0) return;
    const mapped = index.open(id, MAPPED_ITEM);
    if (mapped >= 0) {
      const [source, target] = index.refs(mapped);
      if (source === undefined || target === undefined) throw NOT_FACETED;
      let inMap = this.maps.get(source);
      if (inMap === undefined || (withFaces && inMap?.some((placed) => !placed.geometry.triangles))) {
        inMap = this.readMap(source, { ...read, out: [], depth: depth + 1 });
        this.maps.set(source, inMap);
      }
      const operator = inMap && this.placements!.operator(target);
      if (!inMap || !operator) throw NOT_FACETED;
      const mapping = transform ? compose(transform, operator) : operator;
      for (const placed of inMap) out.push({ ...placed, transform: compose(mapping, placed.transform) });
      return;
    }
    let geometry = this.geometries.get(id);
    if (!geometry || (withFaces && !geometry.triangles)) {
      if (this.unread.has(id)) throw NOT_FACETED;
      try {
        geometry = this.readGeometry(index, id, withFaces);
      } catch (error) {
        // Placed again by the next element of the same type: it goes to web-ifc without being read again.
        if (error === NOT_FACETED) this.unread.add(id);
        throw error;
      }
      this.geometries.set(id, geometry);
    }
    out.push({ itemID: id, geometry, transform: transform ?? IDENTITY });
  }

  /**
   * The faceted geometries of an IfcRepresentationMap placed in the coordinates it is mapped from (its origin applied),
   * once for all the elements that map it; null when it holds anything else.
   */
  private readMap(id: number, read: Reading): PlacedFacets[] | null {
    const map = read.index.open(id, REPRESENTATION_MAP);
    const [origin, representation] = map < 0 ? [] : read.index.refs(map);
    const originTransform = origin === undefined ? undefined : this.placements!.axis(origin);
    if (!originTransform || representation === undefined) return null;
    try {
      this.readRepresentation(representation, originTransform, read);
    } catch (error) {
      if (error === NOT_FACETED) return null;
      throw error;
    }
    return read.out;
  }

  /**
   * The vertices of a faceted brep or surface model, every point of every loop of every face once, and with `withFaces`
   * its faces as fans of triangles (FacetGeometry).
   */
  private readGeometry(index: StepIndex, id: number, withFaces: boolean): FacetGeometry {
    const extrusion = index.open(id, EXTRUSION);
    if (extrusion >= 0) {
      this.curves ??= { index, placements: this.placements!, degrees: degreesPerAngleUnit(index) };
      return readExtrusion(this.curves, extrusion, withFaces) ?? throwNotFaceted();
    }
    const clipping = index.open(id, CLIPPING);
    if (clipping >= 0) {
      const clipped = readClipping(index, this.placements!, clipping, (operand) => this.readGeometry(index, operand, true));
      if (!clipped) throw NOT_FACETED;
      return withFaces ? clipped : { points: clipped.points };
    }
    let shells: number[];
    const brep = index.open(id, BREP);
    if (brep >= 0) shells = index.refs(brep).slice(0, 1);
    else {
      const model = index.open(id, SURFACE_MODEL);
      if (model < 0) throw NOT_FACETED;
      shells = index.refs(model);
    }
    // A point is shared by the faces around it: it is read once per geometry (seen holds the last geometry that read it).
    const { seen, local, faces, bounds, loop, points: pointIDs } = this;
    const stamp = ++this.stamps;
    pointIDs.count = 0;
    const triangles: number[] = [];
    const faceOf: number[] = [];
    let face = 0;
    for (const shell of shells) {
      faces.count = 0;
      index.refsInto(opened(index, shell, SHELL), faces);
      for (let f = 0; f < faces.count; f++, face++) {
        bounds.count = 0;
        index.refsInto(opened(index, faces.ids[f]!, FACE), bounds);
        for (let b = 0; b < bounds.count; b++) {
          const bound = opened(index, bounds.ids[b]!, BOUND);
          loop.count = 0;
          const loopID = index.refsInto(bound, loop) > 0 ? loop.ids[0]! : -1;
          loop.count = 0;
          index.refsInto(opened(index, loopID, LOOP), loop);
          for (let p = 0; p < loop.count; p++) {
            const point = loop.ids[p]!;
            if (seen.get(point) === stamp) {
              if (withFaces) loop.ids[p] = local.get(point);
              continue;
            }
            seen.set(point, stamp);
            if (withFaces) {
              local.set(point, pointIDs.count);
              loop.ids[p] = pointIDs.count;
            }
            pushRef(pointIDs, point);
          }
          if (withFaces) fan(loop, index.lastIsFalse(bound), face, triangles, faceOf);
        }
      }
    }
    const points = new Float32Array(pointIDs.count * 3);
    const xyz: number[] = [];
    for (let p = 0; p < pointIDs.count; p++) {
      xyz.length = 0;
      index.numbers(opened(index, pointIDs.ids[p]!, POINT), xyz);
      points[p * 3] = xyz[0] ?? NaN;
      points[p * 3 + 1] = xyz[1] ?? NaN;
      points[p * 3 + 2] = xyz[2] ?? 0;
    }
    return withFaces ? { points, triangles: Uint32Array.from(triangles), faceOf: Uint32Array.from(faceOf) } : { points };
  }
}

/** A loop's fan of triangles from its first point (its local point indices in `loop`), reversed when `reversed`. */
function fan(loop: RefBuffer, reversed: boolean, face: number, triangles: number[], faceOf: number[]): void {
  const first = loop.ids[0]!;
  for (let i = 1; i + 1 < loop.count; i++) {
    const [b, c] = reversed ? [loop.ids[i + 1]!, loop.ids[i]!] : [loop.ids[i]!, loop.ids[i + 1]!];
    triangles.push(first, b, c);
    faceOf.push(face);
  }
}

function throwNotFaceted(): never {
  throw NOT_FACETED;
}

/** The '(' of entity #id, which must be one of `expected`. */
function opened(index: StepIndex, id: number, expected: readonly Buffer[]): number {
  const open = index.open(id, expected);
  if (open < 0) throw NOT_FACETED;
  return open;
}
