/** Extrusions of polygons read from the text as prisms (extrusions.ts) against web-ifc's own meshes of them. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IfcAPI } from 'web-ifc';
import type { Polygon } from '@edrf/model';
import { FacetReader } from './facets.js';
import { footprint, loadClipper } from './footprint.js';
import { planHull } from './hull.js';
import { MeshReader, wholeModel } from './mesh.js';
import { footprintArea, MILLIMETRE_MODEL, openInWebIfc, ringsApart, stepFile, tinyGlobalId as gid } from '../test-support.js';

/**
 * Millimetres. An L-shaped wall (#30): a closed polyline (its first point repeated) extruded 3 m from a Position turned
 * a quarter and moved to (5000, 1000), with an Axis curve beside its body. A slab (#50) 4 x 4 m with a 1 x 1 m shaft,
 * whose inner curve runs the same way as its outer one. A plate (#62): a 1000 x 50 rectangle off its profile's origin,
 * through a mapped item moved 7 m along x. A beam (#78) extruded along (0, 1, 1): a slanted prism. A table (#88) whose
 * hull is asked for. A stair flight (#120) whose profile is the L again as a composite curve of two polylines. A column
 * (#96) of a circle of 150 mm and one (#144) of a tube 30 mm thick. A slab (#99) of no depth, a beam (#105) along a direction that is not of unit length (web-ifc
 * extrudes along it as it is, not by Depth), a flight (#129) whose composite curve has an arc (the file names no
 * angle unit: profile-curves.test.ts) and one (#137) whose second segment runs against its polyline, which are left to
 * web-ifc.
 */
const FILE = stepFile(
  'extrusions.ifc',
  `${MILLIMETRE_MODEL}
#5=IFCAXIS2PLACEMENT2D(#80,$);
#9=IFCPROJECT('${gid(1)}',$,'Extrusions',$,$,$,$,(#6),#8);
#10=IFCLOCALPLACEMENT($,#4);
#11=IFCCARTESIANPOINT((0.,0.));
#12=IFCCARTESIANPOINT((3000.,0.));
#13=IFCCARTESIANPOINT((3000.,200.));
#14=IFCCARTESIANPOINT((200.,200.));
#15=IFCCARTESIANPOINT((200.,2000.));
#16=IFCCARTESIANPOINT((0.,2000.));
#17=IFCPOLYLINE((#11,#12,#13,#14,#15,#16,#11));
#18=IFCARBITRARYCLOSEDPROFILEDEF(.AREA.,'L',#17);
#19=IFCCARTESIANPOINT((5000.,1000.,0.));
#20=IFCDIRECTION((0.,1.,0.));
#21=IFCAXIS2PLACEMENT3D(#19,#2,#20);
#22=IFCEXTRUDEDAREASOLID(#18,#21,#2,3000.);
#23=IFCSHAPEREPRESENTATION(#6,'Body','SweptSolid',(#22));
#24=IFCPOLYLINE((#11,#12));
#25=IFCSHAPEREPRESENTATION(#6,'Axis','Curve2D',(#24));
#26=IFCPRODUCTDEFINITIONSHAPE($,$,(#25,#23));
#30=IFCWALL('${gid(2)}',$,'L wall',$,$,#10,#26,$,$);
#31=IFCCARTESIANPOINT((4000.,0.));
#32=IFCCARTESIANPOINT((4000.,4000.));
#33=IFCCARTESIANPOINT((0.,4000.));
#34=IFCPOLYLINE((#11,#31,#32,#33,#11));
#35=IFCCARTESIANPOINT((1000.,1000.));
#36=IFCCARTESIANPOINT((2000.,1000.));
#37=IFCCARTESIANPOINT((2000.,2000.));
#38=IFCCARTESIANPOINT((1000.,2000.));
#39=IFCPOLYLINE((#35,#36,#37,#38,#35));
#40=IFCARBITRARYPROFILEDEFWITHVOIDS(.AREA.,'Shaft',#34,(#39));
#41=IFCEXTRUDEDAREASOLID(#40,#4,#2,200.);
#42=IFCSHAPEREPRESENTATION(#6,'Body','SweptSolid',(#41));
#43=IFCPRODUCTDEFINITIONSHAPE($,$,(#42));
#50=IFCSLAB('${gid(3)}',$,'Slab',$,$,#10,#43,$,.FLOOR.);
#51=IFCCARTESIANPOINT((500.,25.));
#52=IFCAXIS2PLACEMENT2D(#51,$);
#53=IFCRECTANGLEPROFILEDEF(.AREA.,$,#52,1000.,50.);
#54=IFCEXTRUDEDAREASOLID(#53,#4,#2,2000.);
#55=IFCSHAPEREPRESENTATION(#6,'Body','SweptSolid',(#54));
#56=IFCREPRESENTATIONMAP(#4,#55);
#57=IFCCARTESIANPOINT((7000.,0.,0.));
#58=IFCCARTESIANTRANSFORMATIONOPERATOR3D($,$,#57,$,$);
#59=IFCMAPPEDITEM(#56,#58);
#60=IFCSHAPEREPRESENTATION(#6,'Body','MappedRepresentation',(#59));
#61=IFCPRODUCTDEFINITIONSHAPE($,$,(#60));
#62=IFCPLATE('${gid(4)}',$,'Plate',$,$,#10,#61,$,$);
#70=IFCRECTANGLEPROFILEDEF(.AREA.,$,#5,1000.,200.);
#71=IFCDIRECTION((0.,0.7071067811865476,0.7071067811865476));
#72=IFCCARTESIANPOINT((0.,6000.,0.));
#73=IFCAXIS2PLACEMENT3D(#72,$,$);
#74=IFCEXTRUDEDAREASOLID(#70,#73,#71,1414.2135623730951);
#75=IFCSHAPEREPRESENTATION(#6,'Body','SweptSolid',(#74));
#76=IFCPRODUCTDEFINITIONSHAPE($,$,(#75));
#78=IFCBEAM('${gid(5)}',$,'Ramp',$,$,#10,#76,$,$);
#80=IFCCARTESIANPOINT((0.,0.));
#81=IFCRECTANGLEPROFILEDEF(.AREA.,$,#5,1200.,800.);
#82=IFCCARTESIANPOINT((-3000.,-3000.,0.));
#83=IFCDIRECTION((0.6,0.8,0.));
#84=IFCAXIS2PLACEMENT3D(#82,#2,#83);
#85=IFCEXTRUDEDAREASOLID(#81,#84,#2,750.);
#86=IFCSHAPEREPRESENTATION(#6,'Body','SweptSolid',(#85));
#87=IFCPRODUCTDEFINITIONSHAPE($,$,(#86));
#88=IFCFURNITURE('${gid(6)}',$,'Table',$,$,#10,#87,$,$);
#90=IFCCIRCLEPROFILEDEF(.AREA.,$,#5,150.);
#91=IFCEXTRUDEDAREASOLID(#90,#4,#2,3000.);
#92=IFCSHAPEREPRESENTATION(#6,'Body','SweptSolid',(#91));
#93=IFCPRODUCTDEFINITIONSHAPE($,$,(#92));
#96=IFCCOLUMN('${gid(7)}',$,'Column',$,$,#10,#93,$,$);
#97=IFCEXTRUDEDAREASOLID(#81,#4,#2,0.);
#98=IFCSHAPEREPRESENTATION(#6,'Body','SweptSolid',(#97));
#99=IFCSLAB('${gid(8)}',$,'Flat',$,$,#10,#100,$,.FLOOR.);
#100=IFCPRODUCTDEFINITIONSHAPE($,$,(#98));
#101=IFCDIRECTION((0.,1.,1.));
#102=IFCEXTRUDEDAREASOLID(#70,#73,#101,1000.);
#103=IFCSHAPEREPRESENTATION(#6,'Body','SweptSolid',(#102));
#104=IFCPRODUCTDEFINITIONSHAPE($,$,(#103));
#105=IFCBEAM('${gid(9)}',$,'Long ramp',$,$,#10,#104,$,$);
#110=IFCPOLYLINE((#11,#12,#13,#14));
#111=IFCPOLYLINE((#14,#15,#16,#11));
#112=IFCCOMPOSITECURVESEGMENT(.CONTINUOUS.,.T.,#110);
#113=IFCCOMPOSITECURVESEGMENT(.CONTINUOUS.,.T.,#111);
#114=IFCCOMPOSITECURVE((#112,#113),.F.);
#115=IFCARBITRARYCLOSEDPROFILEDEF(.AREA.,'L of two',#114);
#116=IFCEXTRUDEDAREASOLID(#115,#4,#2,500.);
#117=IFCSHAPEREPRESENTATION(#6,'Body','SweptSolid',(#116));
#118=IFCPRODUCTDEFINITIONSHAPE($,$,(#117));
#120=IFCSTAIRFLIGHT('${gid(10)}',$,'Flight',$,$,#10,#118,$,$,$,$,$,$);
#121=IFCCIRCLE(#5,100.);
#122=IFCTRIMMEDCURVE(#121,(IFCPARAMETERVALUE(0.)),(IFCPARAMETERVALUE(90.)),.T.,.PARAMETER.);
#123=IFCCOMPOSITECURVESEGMENT(.CONTINUOUS.,.T.,#122);
#124=IFCCOMPOSITECURVE((#112,#123),.F.);
#125=IFCARBITRARYCLOSEDPROFILEDEF(.AREA.,'With an arc',#124);
#126=IFCEXTRUDEDAREASOLID(#125,#4,#2,500.);
#127=IFCSHAPEREPRESENTATION(#6,'Body','SweptSolid',(#126));
#128=IFCPRODUCTDEFINITIONSHAPE($,$,(#127));
#129=IFCSTAIRFLIGHT('${gid(11)}',$,'Curved flight',$,$,#10,#128,$,$,$,$,$,$);
#130=IFCPOLYLINE((#11,#16,#15,#14));
#131=IFCCOMPOSITECURVESEGMENT(.CONTINUOUS.,.F.,#130);
#132=IFCCOMPOSITECURVE((#112,#131),.F.);
#133=IFCARBITRARYCLOSEDPROFILEDEF(.AREA.,'L run backwards',#132);
#134=IFCEXTRUDEDAREASOLID(#133,#4,#2,500.);
#135=IFCSHAPEREPRESENTATION(#6,'Body','SweptSolid',(#134));
#136=IFCPRODUCTDEFINITIONSHAPE($,$,(#135));
#137=IFCSTAIRFLIGHT('${gid(12)}',$,'Backward flight',$,$,#10,#136,$,$,$,$,$,$);
#140=IFCCIRCLEHOLLOWPROFILEDEF(.AREA.,$,#5,150.,30.);
#141=IFCEXTRUDEDAREASOLID(#140,#4,#2,3000.);
#142=IFCSHAPEREPRESENTATION(#6,'Body','SweptSolid',(#141));
#143=IFCPRODUCTDEFINITIONSHAPE($,$,(#142));
#144=IFCCOLUMN('${gid(13)}',$,'Tube',$,$,#10,#143,$,$);`,
);

const bytes = Buffer.from(FILE, 'latin1');
let api: IfcAPI;
let modelID = -1;

beforeAll(async () => ({ api, modelID } = await openInWebIfc(new Uint8Array(bytes))));
afterAll(() => api.CloseModel(modelID));

/** m²: a circle of `radius` as web-ifc makes it, of 11 corners (ARC_POINTS, the last the first again). */
const circleArea = (radius: number) => (11 / 2) * radius ** 2 * Math.sin((2 * Math.PI) / 11);

/** How far the farthest corner of either footprint lies from the other's outline (m). */
const apart = (a: Polygon[], b: Polygon[]) => ringsApart(rings(a), rings(b));
const rings = (polygons: Polygon[]) => polygons.flatMap((p) => [p.exterior, ...p.interiors]);

describe('extrusions of polygons, read from the text', () => {
  it('give the footprints and heights web-ifc meshes give: concave, with a shaft, mapped, slanted, round', async () => {
    const clipper = await loadClipper();
    const read = new MeshReader(wholeModel(api, modelID), 0.001, new FacetReader(bytes));
    const meshed = new MeshReader(wholeModel(api, modelID), 0.001);
    const expected: [number, number, number][] = [
      [30, 3 * 0.2 + 1.8 * 0.2, 3],
      [50, 16 - 1, 0.2],
      [62, 1 * 0.05, 2],
      [78, 1 * 1.2, 1],
      [120, 3 * 0.2 + 1.8 * 0.2, 0.5],
      [96, circleArea(0.15), 3],
      [144, circleArea(0.15) - circleArea(0.12), 3],
    ];
    for (const [id, expectedArea, height] of expected) {
      const fromText = read.mesh(id)!;
      const fromMesh = meshed.mesh(id)!;
      expect(fromText.faceOf).toBeDefined();
      const [textFootprint, meshFootprint] = [footprint(clipper, fromText), footprint(clipper, fromMesh)];
      expect({ id, area: footprintArea(textFootprint) }).toEqual({ id, area: expect.closeTo(expectedArea, 5) });
      expect(apart(textFootprint, meshFootprint)).toBeLessThan(1e-6);
      expect(fromText.minZ).toBeCloseTo(0, 9);
      expect(fromText.maxZ).toBeCloseTo(height, 9);
      expect(fromMesh.maxZ).toBeCloseTo(height, 6);
    }
  });

  it('keep the shaft a hole, though its curve runs the same way as the outer one', async () => {
    const clipper = await loadClipper();
    const slab = footprint(clipper, new MeshReader(wholeModel(api, modelID), 0.001, new FacetReader(bytes)).mesh(50)!);
    expect(slab).toHaveLength(1);
    expect(slab[0]!.interiors).toHaveLength(1);
  });

  it('place the turned and moved L where web-ifc does', async () => {
    const clipper = await loadClipper();
    const [wall] = footprint(clipper, new MeshReader(wholeModel(api, modelID), 0.001, new FacetReader(bytes)).mesh(30)!);
    const xs = wall!.exterior.map(([x]) => x);
    const ys = wall!.exterior.map(([, y]) => y);
    // The profile's x runs along world y from (5000, 1000), its y along world -x.
    expect([Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)]).toEqual([3, 5, 1, 4]);
  });

  it("give a table's hull corners and height range as web-ifc's vertices do", () => {
    const fromText = new MeshReader(wholeModel(api, modelID), 0.001, new FacetReader(bytes)).points(88)!;
    const fromMesh = new MeshReader(wholeModel(api, modelID), 0.001).points(88)!;
    const corners = (xy: Float64Array) => [...planHull(xy)].map((v) => Math.round(v * 1e6) / 1e6);
    expect(corners(fromText.xy)).toEqual(corners(fromMesh.xy));
    expect(fromText.xy.length).toBe(16);
    expect([fromText.minZ, fromText.maxZ]).toEqual([0, 0.75]);
  });

  it('leave a curved profile, a solid of no depth and a direction not of unit length to web-ifc', () => {
    const reader = new FacetReader(bytes);
    expect(reader.placed(120, true)).toBeDefined();
    expect(reader.placed(129, true)).toBeUndefined();
    expect(reader.placed(137, true)).toBeUndefined();
    expect(reader.placed(30, true)).toBeDefined();
    expect(reader.placed(99, true)).toBeUndefined();
    expect(reader.placed(105, true)).toBeUndefined();
    expect(new MeshReader(wholeModel(api, modelID), 0.001).mesh(105)!.maxZ).toBeCloseTo(1, 6);
  });
});
