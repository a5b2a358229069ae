/** Faceted shapes read from the text (facets.ts) against web-ifc's own meshes of them, on a small file written here. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IfcAPI } from 'web-ifc';
import { extractIfc } from '../index.js';
import { FacetReader } from './facets.js';
import { MeshReader, wholeModel, type ElementPoints } from './mesh.js';
import { planHull } from './hull.js';
import { box } from '@edrf/model';
import { footprint, loadClipper } from './footprint.js';
import { footprintArea, MILLIMETRE_MODEL, openInWebIfc, stepFile, tinyGlobalId as gid } from '../test-support.js';

/** A box (@edrf/model's mesh: 8 corners, 12 triangles) as a faceted brep of triangular polyloops, from entity #first on. */
function boxBrep(first: number, min: [number, number, number], max: [number, number, number]): { text: string; brep: number } {
  const { vertices: corners, faces } = box(min, max);
  const lines: string[] = [];
  let id = first;
  const point = corners.map((c) => {
    lines.push(`#${id}=IFCCARTESIANPOINT((${c.map((v) => v.toFixed(1)).join(',')}));`);
    return id++;
  });
  const faceIds = faces.map((f) => {
    lines.push(`#${id}=IFCPOLYLOOP((${f.map((i) => `#${point[i]}`).join(',')}));`);
    lines.push(`#${id + 1}=IFCFACEOUTERBOUND(#${id},.T.);`);
    lines.push(`#${id + 2}=IFCFACE((#${id + 1}));`);
    id += 3;
    return id - 1;
  });
  lines.push(`#${id}=IFCCLOSEDSHELL((${faceIds.map((f) => `#${f}`).join(',')}));`);
  lines.push(`#${id + 1}=IFCFACETEDBREP(#${id});`);
  return { text: lines.join('\n'), brep: id + 1 };
}

const chair = boxBrep(100, [0, 0, 0], [400, 300, 700]);
const door = boxBrep(200, [0, -25, 0], [900, 25, 2100]);
const broken = boxBrep(300, [0, 0, 0], [100, 100, 100]);

/**
 * Millimetres. A chair (#60): a faceted box 400 x 300 x 700 through a mapped item whose origin is raised 50 and whose
 * operator turns it a quarter, moves it 100 along x and doubles it, placed at (1000, 2000) turned 30°, with a footprint
 * curve beside its body. A door (#70): a shell-based surface model of a box 900 x 50 x 2100, its own placement turned
 * a quarter. A proxy (#80) with an extruded ellipse (a curve: left to web-ifc), and one (#90) whose brep has a loop
 * that names no point.
 */
const FILE = stepFile(
  'facets.ifc',
  `${MILLIMETRE_MODEL}
#9=IFCPROJECT('${gid(1)}',$,'Facets',$,$,$,$,(#6),#8);
#10=IFCLOCALPLACEMENT($,#4);
#11=IFCSITE('${gid(2)}',$,'Site',$,$,#10,$,$,.ELEMENT.,$,$,$,$,$);
#13=IFCBUILDING('${gid(3)}',$,'House',$,$,#10,$,$,.ELEMENT.,$,$,$);
#19=IFCBUILDINGSTOREY('${gid(5)}',$,'Ground',$,$,#10,$,$,.ELEMENT.,$);
#20=IFCRELAGGREGATES('${gid(6)}',$,$,$,#9,(#11));
#21=IFCRELAGGREGATES('${gid(7)}',$,$,$,#11,(#13));
#22=IFCRELAGGREGATES('${gid(8)}',$,$,$,#13,(#19));
${chair.text}
${door.text}
${broken.text.replace(/#300=IFCCARTESIANPOINT/, '#300=IFCDIRECTION')}
#40=IFCSHAPEREPRESENTATION(#6,'Body','Brep',(#${chair.brep}));
#41=IFCCARTESIANPOINT((0.,0.,50.));
#42=IFCAXIS2PLACEMENT3D(#41,$,$);
#43=IFCREPRESENTATIONMAP(#42,#40);
#44=IFCDIRECTION((0.,1.,0.));
#45=IFCDIRECTION((-1.,0.,0.));
#46=IFCCARTESIANPOINT((100.,0.,0.));
#47=IFCCARTESIANTRANSFORMATIONOPERATOR3D(#44,#45,#46,2.,$);
#48=IFCMAPPEDITEM(#43,#47);
#49=IFCSHAPEREPRESENTATION(#6,'Body','MappedRepresentation',(#48));
#50=IFCCARTESIANPOINT((0.,0.));
#51=IFCCARTESIANPOINT((800.,0.));
#52=IFCPOLYLINE((#50,#51));
#53=IFCGEOMETRICCURVESET((#52));
#54=IFCSHAPEREPRESENTATION(#6,'FootPrint','GeometricCurveSet',(#53));
#55=IFCPRODUCTDEFINITIONSHAPE($,$,(#54,#49));
#56=IFCCARTESIANPOINT((1000.,2000.,0.));
#57=IFCDIRECTION((0.8660254037844387,0.5,0.));
#58=IFCAXIS2PLACEMENT3D(#56,#2,#57);
#59=IFCLOCALPLACEMENT(#10,#58);
#60=IFCFURNITURE('${gid(10)}',$,'Chair',$,$,#59,#55,$,$);
#61=IFCSHELLBASEDSURFACEMODEL((#${door.brep - 1}));
#62=IFCSHAPEREPRESENTATION(#6,'Body','SurfaceModel',(#61));
#63=IFCPRODUCTDEFINITIONSHAPE($,$,(#62));
#64=IFCCARTESIANPOINT((-3000.,500.,0.));
#65=IFCDIRECTION((0.,1.,0.));
#66=IFCAXIS2PLACEMENT3D(#64,#2,#65);
#67=IFCLOCALPLACEMENT(#10,#66);
#70=IFCDOOR('${gid(11)}',$,'Door',$,$,#67,#63,$,2100.,900.,.DOOR.,.SINGLE_SWING_LEFT.,$);
#71=IFCCARTESIANPOINT((0.,0.));
#72=IFCAXIS2PLACEMENT2D(#71,$);
#73=IFCELLIPSEPROFILEDEF(.AREA.,$,#72,250.,200.);
#74=IFCEXTRUDEDAREASOLID(#73,#4,#2,1000.);
#75=IFCSHAPEREPRESENTATION(#6,'Body','SweptSolid',(#74));
#76=IFCPRODUCTDEFINITIONSHAPE($,$,(#75));
#80=IFCBUILDINGELEMENTPROXY('${gid(12)}',$,'Box',$,$,#10,#76,$,$);
#81=IFCSHAPEREPRESENTATION(#6,'Body','Brep',(#${broken.brep}));
#82=IFCPRODUCTDEFINITIONSHAPE($,$,(#81));
#90=IFCBUILDINGELEMENTPROXY('${gid(13)}',$,'Broken',$,$,#10,#82,$,$);
#99=IFCRELCONTAINEDINSPATIALSTRUCTURE('${gid(14)}',$,$,$,(#60,#70,#80,#90),#19);`,
);

const bytes = Buffer.from(FILE, 'latin1');
let api: IfcAPI;
let modelID = -1;

beforeAll(async () => ({ api, modelID } = await openInWebIfc(new Uint8Array(bytes))));
afterAll(() => api.CloseModel(modelID));

const hull = (points: ElementPoints | undefined) => Array.from(planHull(points!.xy)).map((v) => Math.round(v * 1e6) / 1e6);

describe('FacetReader', () => {
  it('places faceted shapes as web-ifc does: the same plan hull and height range as its meshes', () => {
    const read = new MeshReader(wholeModel(api, modelID), 0.001, new FacetReader(bytes));
    const meshed = new MeshReader(wholeModel(api, modelID), 0.001);
    for (const id of [60, 70]) {
      const fromText = read.points(id);
      const fromMesh = meshed.points(id);
      expect(hull(fromText)).toEqual(hull(fromMesh));
      expect(fromText!.minZ).toBeCloseTo(fromMesh!.minZ, 6);
      expect(fromText!.maxZ).toBeCloseTo(fromMesh!.maxZ, 6);
    }
  });

  it('reads the chair through its mapped item: turned, moved, doubled and raised', () => {
    const [placed] = new FacetReader(bytes).placed(60)!;
    expect(placed!.geometry.points.length).toBe(8 * 3);
    // The operator doubles the 400 x 300 x 700 box and raises it by twice the map's 50.
    const points = new MeshReader(wholeModel(api, modelID), 0.001, new FacetReader(bytes)).points(60)!;
    expect(points.minZ).toBeCloseTo(0.1, 9);
    expect(points.maxZ).toBeCloseTo(1.5, 9);
    const corners = planHull(points.xy);
    let area = 0;
    for (let i = 0; i < corners.length; i += 2) {
      const j = (i + 2) % corners.length;
      area += corners[i]! * corners[j + 1]! - corners[j]! * corners[i + 1]!;
    }
    expect(area / 2).toBeCloseTo(0.8 * 0.6, 9);
  });

  it('leaves to web-ifc a shape it does not read, and one whose faces name the wrong entities', () => {
    const reader = new FacetReader(bytes);
    expect(reader.placed(80)).toBeUndefined();
    expect(reader.placed(90)).toBeUndefined();
    expect(reader.placed(99)).toBeUndefined();
    expect(reader.placed(12345)).toBeUndefined();
  });

  it('gives the import the same outlines and door line as meshing would', async () => {
    const { arch } = await extractIfc(new Uint8Array(bytes));
    const chairOutline = arch.other_objects[gid(10)]!;
    expect(chairOutline).toMatchObject({ min_z: 0.1, max_z: 1.5 });
    expect(Object.keys(arch.other_objects).sort()).toEqual([gid(10), gid(12), gid(13)]);
    expect(arch.doors[gid(11)]).toBeDefined();
  });
});

type Xy = [number, number];

/**
 * A prism over a plan polygon (counter-clockwise) with holes (clockwise), from z0 to z1, as a faceted brep whose faces
 * turn outwards: the top and the bottom with an IfcFaceBound per hole, a quad per side. From entity #first on.
 */
function prismBrep(first: number, outer: Xy[], holes: Xy[][], z0: number, z1: number): { text: string; brep: number } {
  const lines: string[] = [];
  let id = first;
  const point = ([x, y]: Xy, z: number) => {
    lines.push(`#${id}=IFCCARTESIANPOINT((${x.toFixed(1)},${y.toFixed(1)},${z.toFixed(1)}));`);
    return id++;
  };
  const rings = [outer, ...holes].map((ring) => ({ low: ring.map((p) => point(p, z0)), high: ring.map((p) => point(p, z1)) }));
  const loop = (points: number[], outerBound: boolean) => {
    lines.push(`#${id}=IFCPOLYLOOP((${points.map((p) => `#${p}`).join(',')}));`);
    lines.push(`#${id + 1}=${outerBound ? 'IFCFACEOUTERBOUND' : 'IFCFACEBOUND'}(#${id},.T.);`);
    id += 2;
    return id - 1;
  };
  const face = (bounds: number[]) => {
    lines.push(`#${id}=IFCFACE((${bounds.map((b) => `#${b}`).join(',')}));`);
    return id++;
  };
  const faces = [
    face(rings.map((ring, i) => loop(ring.high, i === 0))),
    face(rings.map((ring, i) => loop([...ring.low].reverse(), i === 0))),
    ...rings.flatMap((ring) =>
      ring.low.map((a, i) => {
        const j = (i + 1) % ring.low.length;
        return face([loop([a, ring.low[j]!, ring.high[j]!, ring.high[i]!], true)]);
      }),
    ),
  ];
  lines.push(`#${id}=IFCCLOSEDSHELL((${faces.map((f) => `#${f}`).join(',')}));`);
  lines.push(`#${id + 1}=IFCFACETEDBREP(#${id});`);
  return { text: lines.join('\n'), brep: id + 1 };
}

describe('FacetReader, for footprints', () => {
  // A slab 4 x 4 m with a 1 x 1 m shaft, and an L-shaped wall whose top and bottom are concave faces.
  const frame = prismBrep(
    1000,
    [
      [0, 0],
      [4000, 0],
      [4000, 4000],
      [0, 4000],
    ],
    [
      [
        [1000, 1000],
        [1000, 2000],
        [2000, 2000],
        [2000, 1000],
      ],
    ],
    0,
    200,
  );
  const wall = prismBrep(
    2000,
    // From (3000, 0), whose fan over the top crosses outside the L and back.
    [
      [3000, 0],
      [3000, 200],
      [200, 200],
      [200, 2000],
      [0, 2000],
      [0, 0],
    ],
    [],
    0,
    3000,
  );
  const file = stepFile(
    'footprints.ifc',
    `#1=IFCCARTESIANPOINT((0.,0.,0.));
#4=IFCAXIS2PLACEMENT3D(#1,$,$);
#6=IFCGEOMETRICREPRESENTATIONCONTEXT($,'Model',3,1.E-05,#4,$);
#7=IFCSIUNIT(*,.LENGTHUNIT.,.MILLI.,.METRE.);
#8=IFCUNITASSIGNMENT((#7));
#9=IFCPROJECT('${gid(1)}',$,'Footprints',$,$,$,$,(#6),#8);
#10=IFCLOCALPLACEMENT($,#4);
${frame.text}
${wall.text}
#20=IFCSHAPEREPRESENTATION(#6,'Body','Brep',(#${frame.brep}));
#21=IFCPRODUCTDEFINITIONSHAPE($,$,(#20));
#22=IFCSLAB('${gid(2)}',$,'Slab',$,$,#10,#21,$,.FLOOR.);
#30=IFCSHAPEREPRESENTATION(#6,'Body','Brep',(#${wall.brep}));
#31=IFCPRODUCTDEFINITIONSHAPE($,$,(#30));
#32=IFCWALL('${gid(3)}',$,'Wall',$,$,#10,#31,$,$);`,
  );
  const text = Buffer.from(file, 'latin1');
  let model = -1;
  beforeAll(() => {
    model = api.OpenModel(new Uint8Array(text), { COORDINATE_TO_ORIGIN: false });
  });
  afterAll(() => api.CloseModel(model));

  it('unites the faces as wholes, concave ones and ones with holes alike, as web-ifc meshes them', async () => {
    const clipper = await loadClipper();
    const read = new MeshReader(wholeModel(api, model), 0.001, new FacetReader(text));
    const meshed = new MeshReader(wholeModel(api, model), 0.001);
    const [slabFromText, slabMeshed] = [footprint(clipper, read.mesh(22)!), footprint(clipper, meshed.mesh(22)!)];
    expect(read.mesh(22)!.faceOf).toBeDefined();
    expect(slabFromText).toHaveLength(1);
    expect(slabFromText[0]!.interiors).toHaveLength(1);
    expect(footprintArea(slabFromText)).toBeCloseTo(15, 9);
    expect(footprintArea(slabMeshed)).toBeCloseTo(15, 9);
    const [wallFromText, wallMeshed] = [footprint(clipper, read.mesh(32)!), footprint(clipper, meshed.mesh(32)!)];
    expect(wallFromText).toHaveLength(1);
    expect(footprintArea(wallFromText)).toBeCloseTo(3 * 0.2 + 1.8 * 0.2, 9);
    expect(footprintArea(wallMeshed)).toBeCloseTo(footprintArea(wallFromText), 9);
    expect(read.mesh(32)!.maxZ).toBeCloseTo(3, 9);
  });
});
