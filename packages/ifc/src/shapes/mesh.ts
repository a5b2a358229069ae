/** An element's triangles and plan points from web-ifc, in metres, Z up. */
import type { IfcAPI } from 'web-ifc';
import { planHull } from './hull.js';
import type { FacetReader, PlacedFacets } from './facets.js';
import type { Affine } from './placement.js';

export interface ElementMesh {
  /** Vertices as x y z, metres, Z up. */
  points: Float64Array;
  /** Triangles as three indices into points each; a point is shared by the triangles of one face. */
  triangles: Uint32Array;
  /**
   * The face of each triangle, for faces read from the text as fans (facets.ts), which are oriented as wholes
   * (footprint.ts); absent for web-ifc's triangles, each a face of its own.
   */
  faceOf?: Uint32Array;
  minZ: number;
  maxZ: number;
}

export interface ElementPoints {
  /** Plan points (x y each, metres) whose convex hull is the element's convex hull in plan. */
  xy: Float64Array;
  minZ: number;
  maxZ: number;
}

/**
 * One geometry of web-ifc in its own coordinates (Y up), shared by every element that places it: furniture
 * and fittings repeat a few geometries hundreds of times, so what is derived from a geometry is derived once.
 */
interface LocalGeometry {
  /** x y z first of every `stride` numbers: x y z nx ny nz per vertex as web-ifc gives them, x y z as facets.ts reads them. */
  vertices: Float32Array;
  stride: number;
  indices: Uint32Array;
  /** Per local axis that may stand vertical (x, y, z): the hull across it and the range along it, on first use. */
  hulls: (LocalHull | undefined)[];
  /** Corners of the geometry (x y z each) for tilted placements (hullCorners): on first use. */
  corners?: Float32Array;
}

interface LocalHull {
  /** Hull corners in the two other local axes (PLAN_AXES), as pairs. */
  plan: Float64Array;
  min: number;
  max: number;
}

/** A faceted geometry read from the text has its vertices only (facets.ts). */
const NO_TRIANGLES = new Uint32Array(0);

/** For each local axis, the two others, in order. */
const PLAN_AXES = [
  [1, 2],
  [0, 2],
  [0, 1],
] as const;

/**
 * The local axis the placement turns to world vertical (web-ifc's Y) while the two others stay horizontal, if
 * there is one: geometries placed so (furniture, doors, fittings, most things) have a plan hull that is the
 * placement of the hull of their own vertices across that axis.
 */
function uprightAxis(m: Float64Array): 0 | 1 | 2 | undefined {
  const eps = 1e-9;
  for (const axis of [1, 2, 0] as const) {
    const [a, b] = PLAN_AXES[axis];
    if (Math.abs(m[axis * 4 + 1]!) > eps && Math.abs(m[a * 4 + 1]!) < eps && Math.abs(m[b * 4 + 1]!) < eps) {
      return Math.abs(m[axis * 4]!) < eps && Math.abs(m[axis * 4 + 2]!) < eps ? axis : undefined;
    }
  }
  return undefined;
}

interface PlacedGeometry {
  geometry: LocalGeometry;
  /** Column-major 4×4 from the geometry's coordinates to web-ifc's world (Y up, file units). */
  m: Float64Array;
}

/**
 * Thrown by a MeshReader whose source does not use web-ifc now (TEXT_ONLY, or sub-models not yet allowed: shared-work.ts)
 * for an element whose shape it cannot read from the text: whoever asked makes it later, with web-ifc.
 */
export class NeedsWebIfc extends Error {}
/** The one NeedsWebIfc thrown (a new Error would capture a stack trace each time). */
export const NEEDS_WEB_IFC = new NeedsWebIfc('this shape needs web-ifc');

/** What an element's mesh is read from: web-ifc and the id of the model it has open. */
export interface OpenModel {
  api: IfcAPI;
  modelID: number;
}

/** Where an element is meshed by web-ifc: a model holding it (sub-model.ts), or NEEDS_WEB_IFC when web-ifc is not to be used. */
export interface MeshSource {
  modelOf(expressID: number): OpenModel;
}

/** The whole file open in web-ifc as the mesh source (the tests compare with it). */
export const wholeModel = (api: IfcAPI, modelID: number): MeshSource => ({ modelOf: () => ({ api, modelID }) });

/** No web-ifc: every element the text does not give throws NEEDS_WEB_IFC. */
export const TEXT_ONLY: MeshSource = {
  modelOf: () => {
    throw NEEDS_WEB_IFC;
  },
};

/**
 * The meshes of one open model, read from web-ifc once per element (GetFlatMesh computes the geometry, openings
 * cut, every time it is called) and once per geometry; or, without web-ifc, of the elements whose shapes the text
 * gives (facets.ts), and none of any other.
 */
export class MeshReader {
  private readonly geometries = new Map<number, LocalGeometry>();
  private readonly placed = new Map<number, PlacedGeometry[]>();
  /** Faceted geometries read from the text (facets.ts), by the id of their item. */
  private readonly facetGeometries = new Map<number, LocalGeometry>();

  constructor(
    /** Where web-ifc meshes what the text does not give. */
    private readonly source: MeshSource,
    /** Metres per file unit. */
    private readonly scale: number,
    /** Where an element's points can be read without meshing it (points()); none: always meshed. */
    private readonly facets?: FacetReader,
  ) {}

  /**
   * The element's triangles turned to Z up and metres; triangles with a non-finite corner dropped. Undefined without
   * geometry. A faceted element's faces are read from the text (facets.ts), without meshing it.
   */
  mesh(expressID: number): ElementMesh | undefined {
    const faceted = this.facets?.placed(expressID, true);
    if (faceted) return facetMesh(faceted, this.scale);
    const placed = this.placedOf(expressID);
    let vertexCount = 0;
    let indexCount = 0;
    for (const { geometry } of placed) {
      vertexCount += geometry.vertices.length / geometry.stride;
      indexCount += geometry.indices.length;
    }
    const points = new Float64Array(vertexCount * 3);
    const triangles = new Uint32Array(indexCount);
    let minZ = Infinity;
    let maxZ = -Infinity;
    let offset = 0;
    let n = 0;
    const s = this.scale;
    for (const { geometry, m } of placed) {
      const { vertices, indices, stride } = geometry;
      const count = vertices.length / stride;
      for (let v = 0; v < count; v++) {
        const x = vertices[v * stride]!;
        const y = vertices[v * stride + 1]!;
        const z = vertices[v * stride + 2]!;
        const at = (offset + v) * 3;
        points[at] = (m[0]! * x + m[4]! * y + m[8]! * z + m[12]!) * s;
        points[at + 1] = -(m[2]! * x + m[6]! * y + m[10]! * z + m[14]!) * s;
        points[at + 2] = (m[1]! * x + m[5]! * y + m[9]! * z + m[13]!) * s;
      }
      for (let t = 0; t + 2 < indices.length; t += 3) {
        const a = offset + indices[t]!;
        const b = offset + indices[t + 1]!;
        const c = offset + indices[t + 2]!;
        if (!finite(points, a) || !finite(points, b) || !finite(points, c)) continue;
        triangles[n++] = a;
        triangles[n++] = b;
        triangles[n++] = c;
        const za = points[a * 3 + 2]!;
        const zb = points[b * 3 + 2]!;
        const zc = points[c * 3 + 2]!;
        minZ = Math.min(minZ, za, zb, zc);
        maxZ = Math.max(maxZ, za, zb, zc);
      }
      offset += count;
    }
    return n > 0 ? { points, triangles: triangles.subarray(0, n), minZ, maxZ } : undefined;
  }

  /**
   * Points whose plan hull is the element's, and its height range: for a geometry placed upright (uprightAxis)
   * the corners of the geometry's own hull across that axis; otherwise its extreme vertices (hullCorners). Both
   * are computed once per geometry, however often it is placed. A faceted element's vertices are read from the text
   * (facets.ts), without meshing it.
   */
  points(expressID: number): ElementPoints | undefined {
    const xy: number[] = [];
    let minZ = Infinity;
    let maxZ = -Infinity;
    const s = this.scale;
    const add = (px: number, py: number, pz: number) => {
      if (!Number.isFinite(px) || !Number.isFinite(py) || !Number.isFinite(pz)) return;
      xy.push(px, py);
      minZ = Math.min(minZ, pz);
      maxZ = Math.max(maxZ, pz);
    };
    for (const { geometry, m } of this.facetedOf(expressID) ?? this.placedOf(expressID)) {
      const up = uprightAxis(m);
      if (up !== undefined) {
        const hull = (geometry.hulls[up] ??= localHull(geometry, up));
        const [a, b] = PLAN_AXES[up];
        for (let i = 0; i + 1 < hull.plan.length; i += 2) {
          const u = hull.plan[i]!;
          const w = hull.plan[i + 1]!;
          const px = (m[a * 4]! * u + m[b * 4]! * w + m[12]!) * s;
          const py = -(m[a * 4 + 2]! * u + m[b * 4 + 2]! * w + m[14]!) * s;
          add(px, py, (m[up * 4 + 1]! * hull.min + m[13]!) * s);
          add(px, py, (m[up * 4 + 1]! * hull.max + m[13]!) * s);
        }
        continue;
      }
      const v = (geometry.corners ??= hullCorners(geometry));
      for (let i = 0; i + 2 < v.length; i += 3) {
        const x = v[i]!;
        const y = v[i + 1]!;
        const z = v[i + 2]!;
        add(
          (m[0]! * x + m[4]! * y + m[8]! * z + m[12]!) * s,
          -(m[2]! * x + m[6]! * y + m[10]! * z + m[14]!) * s,
          (m[1]! * x + m[5]! * y + m[9]! * z + m[13]!) * s,
        );
      }
    }
    return xy.length >= 2 ? { xy: Float64Array.from(xy), minZ, maxZ } : undefined;
  }

  /** The element's faceted geometries placed as web-ifc would place them, when it is made of nothing else (facets.ts). */
  private facetedOf(expressID: number): PlacedGeometry[] | undefined {
    return this.facets?.placed(expressID)?.map(({ itemID, geometry: { points }, transform }) => {
      let geometry = this.facetGeometries.get(itemID);
      if (!geometry) this.facetGeometries.set(itemID, (geometry = { vertices: points, stride: 3, indices: NO_TRIANGLES, hulls: [] }));
      return { geometry, m: webIfcMatrix(transform) };
    });
  }

  /** The element's placed geometries: GetFlatMesh once, each geometry's arrays copied once. */
  private placedOf(expressID: number): PlacedGeometry[] {
    const known = this.placed.get(expressID);
    if (known) return known;
    // An element without a shape has no geometry, as web-ifc would find, without asking it.
    if (this.facets?.hasShape(expressID) === false) return [];
    const { api, modelID } = this.source.modelOf(expressID);
    const list: PlacedGeometry[] = [];
    this.placed.set(expressID, list);
    let flat;
    try {
      flat = api.GetFlatMesh(modelID, expressID, false);
    } catch {
      return list;
    }
    const geometries = flat.geometries;
    for (let g = 0; g < geometries.size(); g++) {
      const placed = geometries.get(g);
      list.push({ geometry: this.geometry(api, modelID, placed.geometryExpressID), m: Float64Array.from(placed.flatTransformation) });
    }
    (flat as { delete?: () => void }).delete?.();
    return list;
  }

  private geometry(api: IfcAPI, modelID: number, geometryExpressID: number): LocalGeometry {
    const known = this.geometries.get(geometryExpressID);
    if (known) return known;
    const geometry = api.GetGeometry(modelID, geometryExpressID);
    try {
      // Copies: the views point into web-ifc's memory, which moves as it grows.
      const local: LocalGeometry = {
        vertices: api.GetVertexArray(geometry.GetVertexData(), geometry.GetVertexDataSize()).slice(),
        indices: api.GetIndexArray(geometry.GetIndexData(), geometry.GetIndexDataSize()).slice(),
        stride: 6,
        hulls: [],
      };
      this.geometries.set(geometryExpressID, local);
      return local;
    } finally {
      geometry.delete();
    }
  }
}

/** An element's faceted geometries as one mesh in metres, Z up, its triangles keeping their faces (ElementMesh.faceOf). */
function facetMesh(placed: readonly PlacedFacets[], scale: number): ElementMesh | undefined {
  let pointCount = 0;
  let triangleCount = 0;
  for (const { geometry } of placed) {
    pointCount += geometry.points.length / 3;
    triangleCount += geometry.triangles!.length / 3;
  }
  const points = new Float64Array(pointCount * 3);
  const triangles = new Uint32Array(triangleCount * 3);
  const faceOf = new Uint32Array(triangleCount);
  let minZ = Infinity;
  let maxZ = -Infinity;
  let offset = 0;
  let faceOffset = 0;
  let n = 0;
  for (const { geometry, transform: a } of placed) {
    const local = geometry.points;
    const count = local.length / 3;
    for (let v = 0; v < count; v++) {
      const [x, y, z] = [local[v * 3]!, local[v * 3 + 1]!, local[v * 3 + 2]!];
      const at = (offset + v) * 3;
      points[at] = (a[0]! * x + a[1]! * y + a[2]! * z + a[3]!) * scale;
      points[at + 1] = (a[4]! * x + a[5]! * y + a[6]! * z + a[7]!) * scale;
      points[at + 2] = (a[8]! * x + a[9]! * y + a[10]! * z + a[11]!) * scale;
    }
    const own = geometry.triangles!;
    const ownFaces = geometry.faceOf!;
    let faces = 0;
    for (let t = 0; t + 2 < own.length; t += 3) {
      const [i, j, k] = [offset + own[t]!, offset + own[t + 1]!, offset + own[t + 2]!];
      faces = Math.max(faces, ownFaces[t / 3]! + 1);
      if (!finite(points, i) || !finite(points, j) || !finite(points, k)) continue;
      faceOf[n / 3] = faceOffset + ownFaces[t / 3]!;
      triangles[n++] = i;
      triangles[n++] = j;
      triangles[n++] = k;
      for (const p of [i, j, k]) {
        minZ = Math.min(minZ, points[p * 3 + 2]!);
        maxZ = Math.max(maxZ, points[p * 3 + 2]!);
      }
    }
    offset += count;
    faceOffset += faces;
  }
  return n > 0 ? { points, triangles: triangles.subarray(0, n), faceOf: faceOf.subarray(0, n / 3), minZ, maxZ } : undefined;
}

/**
 * A transform (row-major, Z up) as web-ifc gives its flatTransformation: column-major, to web-ifc's world, Y up (its
 * x, z, -y), which is what MeshReader reads.
 */
function webIfcMatrix(a: Affine): Float64Array {
  const m = new Float64Array(16);
  for (let c = 0; c < 4; c++) {
    m[c * 4] = a[c]!;
    m[c * 4 + 1] = a[8 + c]!;
    m[c * 4 + 2] = -a[4 + c]!;
  }
  m[15] = 1;
  return m;
}

const finite = (points: Float64Array, i: number): boolean =>
  Number.isFinite(points[i * 3]!) && Number.isFinite(points[i * 3 + 1]!) && Number.isFinite(points[i * 3 + 2]!);

/** The hull of a geometry's own vertices across one local axis, and their range along it. */
function localHull({ vertices, stride }: LocalGeometry, axis: 0 | 1 | 2): LocalHull {
  const [a, b] = PLAN_AXES[axis];
  const plan = new Float64Array((vertices.length / stride) * 2);
  let min = Infinity;
  let max = -Infinity;
  let n = 0;
  for (let i = 0; i + 2 < vertices.length; i += stride) {
    const u = vertices[i + a]!;
    const w = vertices[i + b]!;
    const h = vertices[i + axis]!;
    if (!Number.isFinite(u) || !Number.isFinite(w) || !Number.isFinite(h)) continue;
    plan[n++] = u;
    plan[n++] = w;
    min = Math.min(min, h);
    max = Math.max(max, h);
  }
  return { plan: planHull(plan.subarray(0, n)), min, max };
}

/** Directions spread evenly over the sphere (a Fibonacci lattice), for hullCorners. */
const DIRECTIONS = (() => {
  const n = 128;
  const out = new Float64Array(n * 3);
  for (let i = 0; i < n; i++) {
    const z = 1 - (2 * i + 1) / n;
    const r = Math.sqrt(1 - z * z);
    const a = i * Math.PI * (3 - Math.sqrt(5));
    out.set([r * Math.cos(a), r * Math.sin(a), z], i * 3);
  }
  return out;
})();

/**
 * Corners of a geometry for placements that tilt it: its farthest vertex in each of 128 directions. Their hull
 * lies within the geometry's hull and differs from it by a few per cent at most on round shapes; enough for the
 * plan outline of a tilted fitting, at a fraction of the cost of a 3D hull.
 */
function hullCorners({ vertices, stride }: LocalGeometry): Float32Array {
  const directions = DIRECTIONS.length / 3;
  const best = new Float64Array(directions).fill(-Infinity);
  const at = new Int32Array(directions).fill(-1);
  for (let i = 0; i + 2 < vertices.length; i += stride) {
    const x = vertices[i]!;
    const y = vertices[i + 1]!;
    const z = vertices[i + 2]!;
    if (!Number.isFinite(x) || !Number.isFinite(y) || !Number.isFinite(z)) continue;
    for (let d = 0; d < directions; d++) {
      const dot = DIRECTIONS[d * 3]! * x + DIRECTIONS[d * 3 + 1]! * y + DIRECTIONS[d * 3 + 2]! * z;
      if (dot > best[d]!) {
        best[d] = dot;
        at[d] = i;
      }
    }
  }
  const corners = [...new Set(at)].filter((i) => i >= 0);
  const out = new Float32Array(corners.length * 3);
  corners.forEach((i, n) => out.set(vertices.subarray(i, i + 3), n * 3));
  return out;
}
