/** Solids less a half-space (clipping.ts) read from the text, against web-ifc's own meshes of them. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IfcAPI } from 'web-ifc';
import type { Polygon } from '@edrf/model';
import { FacetReader } from './facets.js';
import { footprint, loadClipper } from './footprint.js';
import { planHull } from './hull.js';
import { MeshReader, wholeModel } from './mesh.js';
import { footprintArea, MILLIMETRE_MODEL, openInWebIfc, ringsApart, stepFile, tinyGlobalId as gid } from '../test-support.js';

/**
 * Millimetres. Walls 4000 x 200 x 3000 (an extruded rectangle, #20): #30 under a roof rising along x from 2000 at x = 0
 * to 3000 at x = 4000 (a plane through (0, 0, 2000) whose normal points up and back; AgreementFlag .F.: the half-space
 * is the side the normal points to, above, and goes); #40 the same plane with its normal turned down and AgreementFlag
 * .T. (the half-space is the side the normal points away from: above again); #50 under that roof and cut square at
 * x = 3000 as well (a clipping of a clipping, by a vertical plane: its footprint is shorter); #60 notched from x = 3000
 * on, 100 of its 200 deep, by the half-space y < 100 (a plane facing -y, .F.) bounded by a rectangle in that plane from
 * x = 3000 on (the prism it sweeps across the wall), as Revit cuts walls where they meet. Left to web-ifc: #80, the
 * half-space of #60 bounded by an L in that plane (a polygon that is not convex); #90, bounded by a rectangle in plan that
 * would notch it as #60 (a prism that runs along its plane: web-ifc cuts nothing); #70, less an extruded box (a
 * boolean of two solids).
 */
const FILE = stepFile(
  'clipping.ifc',
  `${MILLIMETRE_MODEL}
#9=IFCPROJECT('${gid(1)}',$,'Clipping',$,$,$,$,(#6),#8);
#10=IFCLOCALPLACEMENT($,#4);
#11=IFCCARTESIANPOINT((2000.,100.));
#12=IFCAXIS2PLACEMENT2D(#11,$);
#13=IFCRECTANGLEPROFILEDEF(.AREA.,$,#12,4000.,200.);
#20=IFCEXTRUDEDAREASOLID(#13,#4,#2,3000.);
#21=IFCCARTESIANPOINT((0.,0.,2000.));
#22=IFCDIRECTION((-0.24253562503633297,0.,0.9701425001453319));
#23=IFCDIRECTION((0.9701425001453319,0.,0.24253562503633297));
#24=IFCAXIS2PLACEMENT3D(#21,#22,#23);
#25=IFCPLANE(#24);
#26=IFCHALFSPACESOLID(#25,.F.);
#27=IFCBOOLEANCLIPPINGRESULT(.DIFFERENCE.,#20,#26);
#28=IFCSHAPEREPRESENTATION(#6,'Body','Clipping',(#27));
#29=IFCPRODUCTDEFINITIONSHAPE($,$,(#28));
#30=IFCWALL('${gid(2)}',$,'Under the roof',$,$,#10,#29,$,$);
#31=IFCDIRECTION((0.24253562503633297,0.,-0.9701425001453319));
#32=IFCAXIS2PLACEMENT3D(#21,#31,#23);
#33=IFCPLANE(#32);
#34=IFCHALFSPACESOLID(#33,.T.);
#35=IFCBOOLEANCLIPPINGRESULT(.DIFFERENCE.,#20,#34);
#36=IFCSHAPEREPRESENTATION(#6,'Body','Clipping',(#35));
#37=IFCPRODUCTDEFINITIONSHAPE($,$,(#36));
#40=IFCWALL('${gid(3)}',$,'Under the roof, turned',$,$,#10,#37,$,$);
#41=IFCCARTESIANPOINT((3000.,0.,0.));
#42=IFCDIRECTION((1.,0.,0.));
#43=IFCDIRECTION((0.,1.,0.));
#44=IFCAXIS2PLACEMENT3D(#41,#42,#43);
#45=IFCPLANE(#44);
#46=IFCHALFSPACESOLID(#45,.F.);
#47=IFCBOOLEANCLIPPINGRESULT(.DIFFERENCE.,#27,#46);
#48=IFCSHAPEREPRESENTATION(#6,'Body','Clipping',(#47));
#49=IFCPRODUCTDEFINITIONSHAPE($,$,(#48));
#50=IFCWALL('${gid(4)}',$,'Under the roof, cut short',$,$,#10,#49,$,$);
#51=IFCCARTESIANPOINT((3000.,-500.));
#52=IFCCARTESIANPOINT((5000.,-500.));
#53=IFCCARTESIANPOINT((5000.,100.));
#54=IFCCARTESIANPOINT((3000.,100.));
#55=IFCPOLYGONALBOUNDEDHALFSPACE(#84,.F.,#83,#89);
#59=IFCPOLYLINE((#51,#52,#53,#54,#51));
#56=IFCBOOLEANCLIPPINGRESULT(.DIFFERENCE.,#20,#55);
#57=IFCSHAPEREPRESENTATION(#6,'Body','Clipping',(#56));
#58=IFCPRODUCTDEFINITIONSHAPE($,$,(#57));
#60=IFCWALL('${gid(5)}',$,'Notched',$,$,#10,#58,$,$);
#61=IFCRECTANGLEPROFILEDEF(.AREA.,$,#12,1000.,1000.);
#62=IFCEXTRUDEDAREASOLID(#61,#4,#2,1000.);
#63=IFCBOOLEANRESULT(.DIFFERENCE.,#20,#62);
#64=IFCSHAPEREPRESENTATION(#6,'Body','CSG',(#63));
#65=IFCPRODUCTDEFINITIONSHAPE($,$,(#64));
#70=IFCWALL('${gid(6)}',$,'Less a box',$,$,#10,#65,$,$);
#71=IFCCARTESIANPOINT((1000.,-500.));
#72=IFCCARTESIANPOINT((1000.,2000.));
#73=IFCCARTESIANPOINT((2000.,2000.));
#74=IFCCARTESIANPOINT((2000.,5000.));
#75=IFCPOLYLINE((#85,#71,#72,#73,#74,#88,#85));
#76=IFCPOLYGONALBOUNDEDHALFSPACE(#84,.F.,#83,#75);
#77=IFCBOOLEANCLIPPINGRESULT(.DIFFERENCE.,#20,#76);
#78=IFCSHAPEREPRESENTATION(#6,'Body','Clipping',(#77));
#79=IFCPRODUCTDEFINITIONSHAPE($,$,(#78));
#80=IFCWALL('${gid(7)}',$,'Notched in steps',$,$,#10,#79,$,$);
#81=IFCCARTESIANPOINT((3000.,100.,0.));
#82=IFCDIRECTION((0.,-1.,0.));
#83=IFCAXIS2PLACEMENT3D(#81,#82,#3);
#84=IFCPLANE(#83);
#85=IFCCARTESIANPOINT((0.,-500.));
#86=IFCCARTESIANPOINT((2000.,-500.));
#87=IFCCARTESIANPOINT((2000.,5000.));
#88=IFCCARTESIANPOINT((0.,5000.));
#89=IFCPOLYLINE((#85,#86,#87,#88,#85));
#90=IFCWALL('${gid(8)}',$,'Notched along',$,$,#10,#94,$,$);
#91=IFCPOLYGONALBOUNDEDHALFSPACE(#45,.F.,#4,#59);
#92=IFCBOOLEANCLIPPINGRESULT(.DIFFERENCE.,#20,#91);
#93=IFCSHAPEREPRESENTATION(#6,'Body','Clipping',(#92));
#94=IFCPRODUCTDEFINITIONSHAPE($,$,(#93));`,
);

const bytes = Buffer.from(FILE, 'latin1');
let api: IfcAPI;
let modelID = -1;
beforeAll(async () => ({ api, modelID } = await openInWebIfc(new Uint8Array(bytes))));
afterAll(() => api.CloseModel(modelID));

const rings = (polygons: Polygon[]) => polygons.flatMap((p) => [p.exterior, ...p.interiors]);

describe('solids less a half-space, read from the text', () => {
  it('give the footprints and heights web-ifc meshes give, whichever way the plane faces, cut again or not', async () => {
    const clipper = await loadClipper();
    const read = new MeshReader(wholeModel(api, modelID), 0.001, new FacetReader(bytes));
    const meshed = new MeshReader(wholeModel(api, modelID), 0.001);
    // m²: the wall's plan, for #50 the 3 m of it left and for #60 less its notch; m: its top at the far end.
    for (const [id, area, top] of [
      [30, 4 * 0.2, 3],
      [40, 4 * 0.2, 3],
      [50, 3 * 0.2, 2.75],
      [60, 4 * 0.2 - 1 * 0.1, 3],
    ] as const) {
      const [fromText, fromMesh] = [read.mesh(id)!, meshed.mesh(id)!];
      expect({ id, faces: fromText.faceOf !== undefined }).toEqual({ id, faces: true });
      const [textFootprint, meshFootprint] = [footprint(clipper, fromText), footprint(clipper, fromMesh)];
      expect({ id, area: footprintArea(textFootprint) }).toEqual({ id, area: expect.closeTo(area, 6) });
      expect({ id, apart: ringsApart(rings(textFootprint), rings(meshFootprint)) }).toEqual({ id, apart: expect.closeTo(0, 5) });
      expect({ id, minZ: fromText.minZ, maxZ: fromText.maxZ }).toEqual({ id, minZ: 0, maxZ: expect.closeTo(top, 5) });
      expect(fromMesh.maxZ).toBeCloseTo(top, 5);
    }
  });

  it('give the plan hull of what is left, not of the solid before the cut', () => {
    const read = new MeshReader(wholeModel(api, modelID), 0.001, new FacetReader(bytes)).points(50)!;
    const xs = Array.from(planHull(read.xy)).filter((_, i) => i % 2 === 0);
    expect([Math.min(...xs), Math.max(...xs)].map((x) => Math.round(x * 1e6) / 1e6)).toEqual([0, 3]);
    expect(read.maxZ).toBeCloseTo(2.75, 5);
  });

  it('leave a half-space bounded by a polygon that is not convex or along its plane, and a boolean of two solids, to web-ifc', () => {
    const reader = new FacetReader(bytes);
    expect(reader.placed(60, true)).toBeDefined();
    expect(reader.placed(80, true)).toBeUndefined();
    expect(reader.placed(90, true)).toBeUndefined();
    expect(reader.placed(70, true)).toBeUndefined();
  });
});
