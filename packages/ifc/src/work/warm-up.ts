/**
 * A compute worker's warm-up before its first file (warmUpIfc): web-ifc and Clipper2 started, and the extraction run
 * a few times on a small model made here, as the extracting thread and as a helper. The extraction is JavaScript as
 * much as web-ifc now (shapes read from the text, footprints, hulls), and V8 compiles a function to fast code only
 * once it has run a while: a worker's first imports ran their JavaScript unoptimised, a third slower and more. A
 * server that has imported a few files has done this already; one just started has not.
 */
import { extractIfc, helpExtractIfc, startIfc } from '../extract.js';
import { newWorkState } from './work-state.js';
import { MILLIMETRE_MODEL, stepFile } from '../step/step-file.js';

/** Runs of the model in each role: enough for V8 to optimise what the extraction runs most. */
const RUNS = 6;
/** Rooms in the model: each a space, four walls, an opening and a door, a chair; with a curtain wall and a slab. */
const ROOMS = 12;

/** A GlobalId of the model: 22 characters of IFC's alphabet. */
const gid = (n: number) => `W${String(n).padStart(21, '0')}`;

/**
 * The model as an IFC4 file: millimetres, one storey; per room a space, four walls (extruded rectangles, one of them
 * with a property set), an opening through one wall with a door in it (a faceted box through a mapped item) and a chair
 * (another); a curtain wall of plates (a mapped rectangle), a slab with a shaft (a polyline with a hole) and an oval
 * column (an ellipse profile, which web-ifc meshes).
 */
export function warmUpModel(): Uint8Array {
  const lines: string[] = [];
  let id = 100;
  const next = () => id++;
  const add = (text: string) => {
    const own = next();
    lines.push(`#${own}=${text};`);
    return own;
  };
  let guid = 0;
  const product = (entity: string, placement: number, shape: number | '$', tail: string) =>
    add(
      `${entity}('${gid(++guid)}',$,'${entity.slice(3).toLowerCase()} ${guid}',$,$,#${placement},${shape === '$' ? '$' : `#${shape}`},${tail})`,
    );
  const point = (...xyz: number[]) => add(`IFCCARTESIANPOINT((${xyz.map((v) => v.toFixed(1)).join(',')}))`);
  const placeAt = (x: number, y: number, z = 0) => add(`IFCLOCALPLACEMENT(#20,#${add(`IFCAXIS2PLACEMENT3D(#${point(x, y, z)},$,$)`)})`);
  const body = (item: number, kind = 'SweptSolid') =>
    add(`IFCPRODUCTDEFINITIONSHAPE($,$,(#${add(`IFCSHAPEREPRESENTATION(#6,'Body','${kind}',(#${item}))`)}))`);
  const rectangle = (x: number, y: number, width: number, depth: number) =>
    add(`IFCRECTANGLEPROFILEDEF(.AREA.,$,#${add(`IFCAXIS2PLACEMENT2D(#${point(x, y)},$)`)},${width.toFixed(1)},${depth.toFixed(1)})`);
  const extrusion = (profile: number, height: number) => add(`IFCEXTRUDEDAREASOLID(#${profile},#4,#2,${height.toFixed(1)})`);
  /** A box as a faceted brep of quadrilateral faces, and a representation map of it. */
  const boxMap = (dx: number, dy: number, dz: number) => {
    const corners = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => point(i & 1 ? dx : 0, i & 2 ? dy : 0, i & 4 ? dz : 0));
    const quads = [
      [0, 2, 3, 1],
      [4, 5, 7, 6],
      [0, 1, 5, 4],
      [2, 6, 7, 3],
      [0, 4, 6, 2],
      [1, 3, 7, 5],
    ];
    const faces = quads.map((quad) =>
      add(`IFCFACE((#${add(`IFCFACEOUTERBOUND(#${add(`IFCPOLYLOOP((${quad.map((i) => `#${corners[i]}`).join(',')}))`)},.T.)`)}))`),
    );
    const brep = add(`IFCFACETEDBREP(#${add(`IFCCLOSEDSHELL((${faces.map((f) => `#${f}`).join(',')}))`)})`);
    return add(`IFCREPRESENTATIONMAP(#4,#${add(`IFCSHAPEREPRESENTATION(#6,'Body','Brep',(#${brep}))`)})`);
  };
  const mapped = (map: number) =>
    add(
      `IFCPRODUCTDEFINITIONSHAPE($,$,(#${add(`IFCSHAPEREPRESENTATION(#6,'Body','MappedRepresentation',(#${add(`IFCMAPPEDITEM(#${map},#30)`)}))`)}))`,
    );

  const doorMap = boxMap(900, 50, 2100);
  const chairMap = boxMap(450, 450, 900);
  const contained: number[] = [];
  const walls: number[] = [];
  for (let room = 0; room < ROOMS; room++) {
    const [x, y] = [(room % 4) * 6000, Math.floor(room / 4) * 5000];
    const at = placeAt(x, y);
    contained.push(product('IFCSPACE', at, body(extrusion(rectangle(3000, 2500, 5800, 4800), 2700)), `'Room ${room}',.ELEMENT.,$,$`));
    const sides: [number, number, number, number][] = [
      [3000, 0, 6000, 200],
      [3000, 5000, 6000, 200],
      [0, 2500, 200, 5000],
      [6000, 2500, 200, 5000],
    ];
    const own = sides.map(([cx, cy, w, d]) => product('IFCWALLSTANDARDCASE', at, body(extrusion(rectangle(cx, cy, w, d), 3000)), '$'));
    walls.push(...own);
    contained.push(...own);
    const openingAt = add(`IFCLOCALPLACEMENT(#${at},#${add(`IFCAXIS2PLACEMENT3D(#${point(2000, -100, 0)},$,$)`)})`);
    const opening = product('IFCOPENINGELEMENT', openingAt, body(extrusion(rectangle(450, 100, 900, 200), 2100)), '$,.OPENING.');
    add(`IFCRELVOIDSELEMENT('${gid(++guid)}',$,$,$,#${own[0]},#${opening})`);
    const door = product('IFCDOOR', openingAt, mapped(doorMap), '$,2100.,900.,.DOOR.,.SINGLE_SWING_LEFT.,$');
    add(`IFCRELFILLSELEMENT('${gid(++guid)}',$,$,$,#${opening},#${door})`);
    contained.push(door, product('IFCFURNITURE', placeAt(x + 1000, y + 1000), mapped(chairMap), '$,$'));
  }
  const plate = add(
    `IFCREPRESENTATIONMAP(#4,#${add(`IFCSHAPEREPRESENTATION(#6,'Body','SweptSolid',(#${extrusion(rectangle(500, 25, 1000, 50), 3000)}))`)})`,
  );
  const plates = Array.from({ length: 16 }, (_, i) => product('IFCPLATE', placeAt(i * 1000, -2000), mapped(plate), '$,$'));
  const curtainWall = product('IFCCURTAINWALL', placeAt(0, -2000), '$', '$,$');
  add(`IFCRELAGGREGATES('${gid(++guid)}',$,$,$,#${curtainWall},(${plates.map((p) => `#${p}`).join(',')}))`);
  const outline = [point(0, 0), point(24000, 0), point(24000, 15000), point(0, 15000)];
  const shaft = [point(10000, 6000), point(10000, 8000), point(12000, 8000), point(12000, 6000)];
  const polyline = (points: number[]) => add(`IFCPOLYLINE((${[...points, points[0]!].map((p) => `#${p}`).join(',')}))`);
  const slabProfile = add(`IFCARBITRARYPROFILEDEFWITHVOIDS(.AREA.,$,#${polyline(outline)},(#${polyline(shaft)}))`);
  const slab = product('IFCSLAB', placeAt(0, 0, -200), body(extrusion(slabProfile, 200)), '$,.FLOOR.');
  const ellipse = add(`IFCELLIPSEPROFILEDEF(.AREA.,$,#${add(`IFCAXIS2PLACEMENT2D(#${point(0, 0)},$)`)},150.,100.)`);
  const column = product('IFCCOLUMN', placeAt(11000, 11000), body(extrusion(ellipse, 3000)), '$,$');
  const rating = add(`IFCPROPERTYSINGLEVALUE('FireRating',$,IFCLABEL('EI 60'),$)`);
  const wallCommon = add(`IFCPROPERTYSET('${gid(++guid)}',$,'Pset_WallCommon',$,(#${rating}))`);
  add(`IFCRELDEFINESBYPROPERTIES('${gid(++guid)}',$,$,$,(${walls.map((w) => `#${w}`).join(',')}),#${wallCommon})`);
  const all = [...contained, curtainWall, slab, column];
  add(`IFCRELCONTAINEDINSPATIALSTRUCTURE('${gid(++guid)}',$,$,$,(${all.map((e) => `#${e}`).join(',')}),#24)`);

  const text = stepFile(
    'warm-up.ifc',
    `${MILLIMETRE_MODEL}
#9=IFCPROJECT('${gid(0)}',$,'Warm-up',$,$,$,$,(#6),#8);
#20=IFCLOCALPLACEMENT($,#4);
#21=IFCSITE('${gid(90001)}',$,'Site',$,$,#20,$,$,.ELEMENT.,$,$,$,$,$);
#22=IFCBUILDING('${gid(90002)}',$,'Building',$,$,#20,$,$,.ELEMENT.,$,$,$);
#24=IFCBUILDINGSTOREY('${gid(90003)}',$,'Ground',$,$,#20,$,$,.ELEMENT.,0.);
#25=IFCRELAGGREGATES('${gid(90004)}',$,$,$,#9,(#21));
#26=IFCRELAGGREGATES('${gid(90005)}',$,$,$,#21,(#22));
#27=IFCRELAGGREGATES('${gid(90006)}',$,$,$,#22,(#24));
#30=IFCCARTESIANTRANSFORMATIONOPERATOR3D($,$,#1,$,$);
${lines.join('\n')}`,
  );
  return new TextEncoder().encode(text);
}

/**
 * Readies this thread for its first file: starts web-ifc and Clipper2, and extracts the warm-up model RUNS times as the
 * extracting thread and as a helper that has it all to itself.
 */
export async function warmUpIfc(): Promise<void> {
  await startIfc();
  const model = warmUpModel();
  for (let run = 0; run < RUNS; run++) {
    await extractIfc(model);
    await helpExtractIfc(model, { state: newWorkState(), send: () => {} });
  }
}
