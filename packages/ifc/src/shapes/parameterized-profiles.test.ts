/**
 * Profiles given by their dimensions (parameterized-profiles.ts, and the rounded rectangle profiles.ts reads) against
 * web-ifc's own meshes of the same file: every corner web-ifc makes, and no other, and the same footprint.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IfcAPI } from 'web-ifc';
import type { Polygon } from '@edrf/model';
import { FacetReader } from './facets.js';
import { footprint, loadClipper } from './footprint.js';
import { MeshReader, wholeModel, type ElementMesh } from './mesh.js';
import { footprintArea, MILLIMETRE_MODEL, openInWebIfc, ringsApart, stepFile, tinyGlobalId as gid } from '../test-support.js';

/**
 * Millimetres. Each profile extruded 1 m up as a column #N (its profile #N+1, the rest N+2…N+5), the sections
 * ISSUE_021 meshes most: a hollow rectangle 60 x 60 x 3 with fillets 3 inside and 6 outside, placed turned and moved
 * (#30), one 150 x 38 x 1 without fillets (#40); an L 80 x 80 x 8 whose 12 mm fillet is larger than its thickness
 * (#50), one 200 deep and 100 wide, 10 thick, its fillet 6 (#60), one of Width unset and no fillet (#70); an HEA180
 * (#80) and an I without fillets (#90); a rectangle 60 x 60 rounded by 2 (#100).
 */
const PROFILES: [number, string][] = [
  [30, `IFCRECTANGLEHOLLOWPROFILEDEF(.AREA.,'K60*3',#200,60.,60.,3.,3.,6.)`],
  [40, `IFCRECTANGLEHOLLOWPROFILEDEF(.AREA.,'HALFEN',#203,150.,38.,1.,$,$)`],
  [50, `IFCLSHAPEPROFILEDEF(.AREA.,'H80/80/8',#203,80.,80.,8.,12.,$,$,$,$)`],
  [60, `IFCLSHAPEPROFILEDEF(.AREA.,'L200/100/10',#200,200.,100.,10.,6.,3.,$,$,$)`],
  [70, `IFCLSHAPEPROFILEDEF(.AREA.,'L100',#203,100.,$,10.,$,$,$,$,$)`],
  [80, `IFCISHAPEPROFILEDEF(.AREA.,'HEA180',#203,180.,171.,6.,9.5,15.)`],
  [90, `IFCISHAPEPROFILEDEF(.AREA.,'I',#200,100.,200.,8.,12.,$)`],
  [100, `IFCROUNDEDRECTANGLEPROFILEDEF(.AREA.,'K60/1',#203,60.,60.,2.)`],
];

const FILE = stepFile(
  'parameterized-profiles.ifc',
  `${MILLIMETRE_MODEL}
#9=IFCPROJECT('${gid(1)}',$,'Profiles',$,$,$,$,(#6),#8);
#10=IFCLOCALPLACEMENT($,#4);
#200=IFCAXIS2PLACEMENT2D(#201,#202);
#201=IFCCARTESIANPOINT((500.,-250.));
#202=IFCDIRECTION((0.6,0.8));
#203=IFCAXIS2PLACEMENT2D(#204,$);
#204=IFCCARTESIANPOINT((0.,0.));
${PROFILES.map(
  ([id, profile], i) => `#${id}=IFCCOLUMN('${gid(2 + i)}',$,'Column ${id}',$,$,#10,#${id + 5},$,$);
#${id + 1}=${profile};
#${id + 2}=IFCEXTRUDEDAREASOLID(#${id + 1},#4,#2,1000.);
#${id + 4}=IFCSHAPEREPRESENTATION(#6,'Body','SweptSolid',(#${id + 2}));
#${id + 5}=IFCPRODUCTDEFINITIONSHAPE($,$,(#${id + 4}));`,
).join('\n')}`,
);

const bytes = Buffer.from(FILE, 'latin1');
let api: IfcAPI;
let modelID = -1;

beforeAll(async () => ({ api, modelID } = await openInWebIfc(new Uint8Array(bytes))));
afterAll(() => api.CloseModel(modelID));

/** A mesh's distinct corners (x y z, metres), to 1e-7 m. */
function corners(mesh: ElementMesh): string[] {
  const keys = new Set<string>();
  for (let i = 0; i + 2 < mesh.points.length; i += 3) {
    keys.add([0, 1, 2].map((k) => (Math.round(mesh.points[i + k]! * 1e7) / 1e7).toFixed(7)).join(' '));
  }
  return [...keys].sort();
}

/** How far the farthest corner of either list lies from the nearest of the other (m). */
function cornersApart(a: string[], b: string[]): number {
  const xyz = (list: string[]) => list.map((key) => key.split(' ').map(Number));
  const farthest = (from: number[][], to: number[][]) =>
    Math.max(...from.map((p) => Math.min(...to.map((q) => Math.hypot(p[0]! - q[0]!, p[1]! - q[1]!, p[2]! - q[2]!)))));
  const [pa, pb] = [xyz(a), xyz(b)];
  return Math.max(farthest(pa, pb), farthest(pb, pa));
}

const rings = (polygons: Polygon[]) => polygons.flatMap((p) => [p.exterior, ...p.interiors]);

describe('profiles given by their dimensions, read from the text', () => {
  it.each(PROFILES.map(([id, profile]) => [id, profile.slice(3, profile.indexOf('('))] as const))(
    '#%i (%s): the corners and the footprint web-ifc meshes',
    async (id) => {
      const clipper = await loadClipper();
      const facets = new FacetReader(bytes);
      expect(facets.placed(id, true)).toBeDefined();
      const fromText = new MeshReader(wholeModel(api, modelID), 0.001, facets).mesh(id)!;
      const fromMesh = new MeshReader(wholeModel(api, modelID), 0.001).mesh(id)!;
      const [textCorners, meshCorners] = [corners(fromText), corners(fromMesh)];
      // Each arc's points, each corner, both ends: as many as web-ifc's, each within a micrometre of one of them.
      expect(textCorners.length).toBe(meshCorners.length);
      expect(cornersApart(textCorners, meshCorners)).toBeLessThan(1e-6);
      const [textFootprint, meshFootprint] = [footprint(clipper, fromText), footprint(clipper, fromMesh)];
      // Footprints are united on a 10 µm grid (footprint.ts), a corner on a half step rounded either way.
      expect(ringsApart(rings(textFootprint), rings(meshFootprint))).toBeLessThan(1e-5);
      expect([fromText.minZ, fromText.maxZ]).toEqual([0, 1]);
    },
  );

  it("draw web-ifc's polygons: a hollow rectangle's wall all round, a rounded rectangle square", async () => {
    const clipper = await loadClipper();
    const read = new MeshReader(wholeModel(api, modelID), 0.001, new FacetReader(bytes));
    const [hollow] = footprint(clipper, read.mesh(40)!);
    expect(hollow!.interiors).toHaveLength(1);
    // 150 x 38 less a hole of 148 x 36 (mm²), within the 10 µm grid's rounding of its sides.
    expect(footprintArea([hollow!])).toBeCloseTo((150 * 38 - 148 * 36) * 1e-6, 6);
    expect(footprintArea(footprint(clipper, read.mesh(100)!))).toBeCloseTo(60 * 60 * 1e-6, 6);
  });
});
