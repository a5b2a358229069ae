/** Profiles with arcs (profile-curves.ts) read from the text, against web-ifc's own meshes of them. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IfcAPI } from 'web-ifc';
import type { Polygon } from '@edrf/model';
import { FacetReader } from './facets.js';
import { footprint, loadClipper } from './footprint.js';
import { MeshReader, wholeModel } from './mesh.js';
import { footprintArea, openInWebIfc, ringsApart, stepFile, tinyGlobalId as gid } from '../test-support.js';

/** How a file gives its plane angles: in degrees (#16), in radians (#13), or without saying (the IFC's default is radians). */
type AngleUnit = 'degrees' | 'radians' | 'none';

/** Millimetres, and plane angles as `unit` says. */
const header = (unit: AngleUnit) => `#1=IFCCARTESIANPOINT((0.,0.,0.));
#2=IFCDIRECTION((0.,0.,1.));
#3=IFCDIRECTION((1.,0.,0.));
#4=IFCAXIS2PLACEMENT3D(#1,#2,#3);
#6=IFCGEOMETRICREPRESENTATIONCONTEXT($,'Model',3,1.E-05,#4,$);
#7=IFCSIUNIT(*,.LENGTHUNIT.,.MILLI.,.METRE.);
#8=IFCUNITASSIGNMENT((#7${{ degrees: ',#16', radians: ',#13', none: '' }[unit]}));
#9=IFCPROJECT('${gid(1)}',$,'Arcs',$,$,$,$,(#6),#8);
#10=IFCLOCALPLACEMENT($,#4);
#13=IFCSIUNIT(*,.PLANEANGLEUNIT.,$,.RADIAN.);
#14=IFCMEASUREWITHUNIT(IFCPLANEANGLEMEASURE(0.0174532925199433),#13);
#15=IFCDIMENSIONALEXPONENTS(0,0,0,0,0,0,0);
#16=IFCCONVERSIONBASEDUNIT(#15,.PLANEANGLEUNIT.,'DEGREE',#14);`;

/**
 * Profiles 200 x 100 mm extruded 1 m, their corner at (200, 100) rounded by a 20 mm arc about (180, 80): #30 trimmed
 * from 0° to 90° counter-clockwise; #40 the same arc trimmed from 90° to 360° clockwise (SenseAgreement .F.) and run
 * backwards by its segment (SameSense .F.); #50 trimmed by its points (.CARTESIAN.). #60: a tread 250 x 40 mm whose
 * nosing is a half circle of 20 mm about (250, 20), in a circle placed turned a quarter (its x along y), from -180°
 * to 0° of its own.
 */
const shapes = (unit: AngleUnit) => {
  /** An angle of `degrees` in the file's unit. */
  const angle = (degrees: number) => String(unit === 'degrees' ? degrees : (degrees * Math.PI) / 180);
  return `#20=IFCCARTESIANPOINT((0.,0.));
#21=IFCCARTESIANPOINT((200.,0.));
#22=IFCCARTESIANPOINT((200.,80.));
#23=IFCCARTESIANPOINT((180.,100.));
#24=IFCCARTESIANPOINT((0.,100.));
#25=IFCPOLYLINE((#20,#21,#22));
#26=IFCPOLYLINE((#23,#24,#20));
#27=IFCCARTESIANPOINT((180.,80.));
#28=IFCAXIS2PLACEMENT2D(#27,$);
#29=IFCCIRCLE(#28,20.);
#30=IFCBEAM('${gid(2)}',$,'Rounded',$,$,#10,#38,$,$);
#31=IFCTRIMMEDCURVE(#29,(IFCPARAMETERVALUE(0.)),(IFCPARAMETERVALUE(${angle(90)})),.T.,.PARAMETER.);
#32=IFCCOMPOSITECURVESEGMENT(.CONTINUOUS.,.T.,#25);
#33=IFCCOMPOSITECURVESEGMENT(.CONTINUOUS.,.T.,#31);
#34=IFCCOMPOSITECURVESEGMENT(.CONTINUOUS.,.T.,#26);
#35=IFCCOMPOSITECURVE((#32,#33,#34),.F.);
#36=IFCARBITRARYCLOSEDPROFILEDEF(.AREA.,$,#35);
#37=IFCEXTRUDEDAREASOLID(#36,#4,#2,1000.);
#38=IFCPRODUCTDEFINITIONSHAPE($,$,(#39));
#39=IFCSHAPEREPRESENTATION(#6,'Body','SweptSolid',(#37));
#40=IFCBEAM('${gid(3)}',$,'Rounded backwards',$,$,#10,#48,$,$);
#41=IFCTRIMMEDCURVE(#29,(IFCPARAMETERVALUE(${angle(90)})),(IFCPARAMETERVALUE(${angle(360)})),.F.,.PARAMETER.);
#43=IFCCOMPOSITECURVESEGMENT(.CONTINUOUS.,.F.,#41);
#45=IFCCOMPOSITECURVE((#32,#43,#34),.F.);
#46=IFCARBITRARYCLOSEDPROFILEDEF(.AREA.,$,#45);
#47=IFCEXTRUDEDAREASOLID(#46,#4,#2,1000.);
#48=IFCPRODUCTDEFINITIONSHAPE($,$,(#49));
#49=IFCSHAPEREPRESENTATION(#6,'Body','SweptSolid',(#47));
#50=IFCBEAM('${gid(4)}',$,'Rounded by points',$,$,#10,#58,$,$);
#51=IFCTRIMMEDCURVE(#29,(#22),(#23),.T.,.CARTESIAN.);
#53=IFCCOMPOSITECURVESEGMENT(.CONTINUOUS.,.T.,#51);
#55=IFCCOMPOSITECURVE((#32,#53,#34),.F.);
#56=IFCARBITRARYCLOSEDPROFILEDEF(.AREA.,$,#55);
#57=IFCEXTRUDEDAREASOLID(#56,#4,#2,1000.);
#58=IFCPRODUCTDEFINITIONSHAPE($,$,(#59));
#59=IFCSHAPEREPRESENTATION(#6,'Body','SweptSolid',(#57));
#60=IFCSTAIRFLIGHT('${gid(5)}',$,'Tread',$,$,#10,#78,$,$,$,$,$,$);
#61=IFCCARTESIANPOINT((250.,0.));
#62=IFCCARTESIANPOINT((250.,40.));
#63=IFCCARTESIANPOINT((0.,40.));
#64=IFCPOLYLINE((#62,#63,#20,#61));
#65=IFCCARTESIANPOINT((250.,20.));
#66=IFCDIRECTION((0.,1.));
#67=IFCAXIS2PLACEMENT2D(#65,#66);
#68=IFCCIRCLE(#67,20.);
#69=IFCTRIMMEDCURVE(#68,(IFCPARAMETERVALUE(${angle(-180)})),(IFCPARAMETERVALUE(0.)),.T.,.PARAMETER.);
#70=IFCCOMPOSITECURVESEGMENT(.CONTINUOUS.,.T.,#64);
#71=IFCCOMPOSITECURVESEGMENT(.CONTINUOUS.,.T.,#69);
#72=IFCCOMPOSITECURVE((#70,#71),.F.);
#73=IFCARBITRARYCLOSEDPROFILEDEF(.AREA.,$,#72);
#74=IFCEXTRUDEDAREASOLID(#73,#4,#2,1000.);
#78=IFCPRODUCTDEFINITIONSHAPE($,$,(#79));
#79=IFCSHAPEREPRESENTATION(#6,'Body','SweptSolid',(#74));`;
};

const file = (unit: AngleUnit) => Buffer.from(stepFile(`arcs-${unit}.ifc`, `${header(unit)}\n${shapes(unit)}`), 'latin1');

const opened: Partial<Record<AngleUnit, { api: IfcAPI; modelID: number }>> = {};
beforeAll(async () => {
  opened.degrees = await openInWebIfc(new Uint8Array(file('degrees')));
  opened.radians = await openInWebIfc(new Uint8Array(file('radians')));
});
afterAll(() => Object.values(opened).forEach(({ api, modelID }) => api.CloseModel(modelID)));

const rings = (polygons: Polygon[]) => polygons.flatMap((p) => [p.exterior, ...p.interiors]);
/** m²: the section less the corner the arc rounds off (20² - π 20² / 4 mm²). */
const ROUNDED_AREA = (200 * 100 - (400 - Math.PI * 100)) * 1e-6;
/** m²: the tread and its half-round nosing. */
const TREAD_AREA = (250 * 40 + (Math.PI * 400) / 2) * 1e-6;

describe('profiles with arcs, read from the text', () => {
  it.each(['degrees', 'radians'] as const)(
    'give the footprints web-ifc meshes give, each way an arc can be trimmed and run, in %s',
    async (unit) => {
      const clipper = await loadClipper();
      const { api, modelID } = opened[unit]!;
      const read = new MeshReader(wholeModel(api, modelID), 0.001, new FacetReader(file(unit)));
      const meshed = new MeshReader(wholeModel(api, modelID), 0.001);
      for (const [id, area] of [
        [30, ROUNDED_AREA],
        [40, ROUNDED_AREA],
        [60, TREAD_AREA],
      ] as const) {
        const fromText = read.mesh(id)!;
        expect({ id, faces: fromText.faceOf !== undefined }).toEqual({ id, faces: true });
        const [textFootprint, meshFootprint] = [footprint(clipper, fromText), footprint(clipper, meshed.mesh(id)!)];
        // The arc's 11 chords cut off less than 0.1 % of the area.
        const share = footprintArea(textFootprint) / area;
        expect({ id, share: share > 0.999 && share < 1 }).toEqual({ id, share: true });
        expect({ id, apart: ringsApart(rings(textFootprint), rings(meshFootprint)) }).toEqual({ id, apart: expect.closeTo(0, 5) });
        expect([fromText.minZ, fromText.maxZ]).toEqual([0, 1]);
      }
    },
  );

  it('leave an arc trimmed by its points, and any arc of a file that names no angle unit, to web-ifc', () => {
    const degrees = new FacetReader(file('degrees'));
    expect(degrees.placed(30, true)).toBeDefined();
    expect(degrees.placed(50, true)).toBeUndefined();
    const unknown = new FacetReader(file('none'));
    for (const id of [30, 40, 50, 60]) expect({ id, placed: unknown.placed(id, true) }).toEqual({ id, placed: undefined });
  });
});
