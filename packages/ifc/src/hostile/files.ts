/**
 * Hostile IFC files, made in memory for the tests (apps/server/test/api/ifc-hostile.test.ts, hostile.test.ts): what a
 * careless exporter or an attacker sends. Each is answered with a clear error or a model of finite numbers (docs/ifc-upload.md,
 * "Hostile files"). Not exported from the package's entry (index.ts); the tests import this file.
 */
import { MILLIMETRE_MODEL, stepFile } from '../step/step-file.js';

/** A GlobalId of these files: 22 characters of IFC's alphabet. */
export const hostileGlobalId = (n: number): string => `H${String(n).padStart(21, '0')}`;
const gid = hostileGlobalId;

/**
 * The model the hostile files are made of: millimetres, one storey (#24, 'Ground'), a room (#40, 4 x 3 m, gid 10), a
 * wall (#50, 0.2 x 5 m, gid 11), a chair (#70, a faceted box, gid 12); `extra` adds entities (ids from 1000 on) and
 * `contained` more elements on the storey.
 */
export function hostileModel(extra = '', contained: number[] = []): string {
  return stepFile(
    'hostile.ifc',
    `${MILLIMETRE_MODEL}
#9=IFCPROJECT('${gid(1)}',$,'Hostile',$,$,$,$,(#6),#8);
#20=IFCLOCALPLACEMENT($,#4);
#21=IFCSITE('${gid(2)}',$,'Site',$,$,#20,$,$,.ELEMENT.,$,$,$,$,$);
#22=IFCBUILDING('${gid(3)}',$,'Building',$,$,#20,$,$,.ELEMENT.,$,$,$);
#24=IFCBUILDINGSTOREY('${gid(4)}',$,'Ground',$,$,#20,$,$,.ELEMENT.,0.);
#25=IFCRELAGGREGATES('${gid(5)}',$,$,$,#9,(#21));
#26=IFCRELAGGREGATES('${gid(6)}',$,$,$,#21,(#22));
#27=IFCRELAGGREGATES('${gid(7)}',$,$,$,#22,(#24));
#30=IFCCARTESIANPOINT((2000.,1500.));
#31=IFCAXIS2PLACEMENT2D(#30,$);
#32=IFCRECTANGLEPROFILEDEF(.AREA.,$,#31,4000.,3000.);
#33=IFCEXTRUDEDAREASOLID(#32,#4,#2,2500.);
#34=IFCSHAPEREPRESENTATION(#6,'Body','SweptSolid',(#33));
#35=IFCPRODUCTDEFINITIONSHAPE($,$,(#34));
#40=IFCSPACE('${gid(10)}',$,'101',$,$,#20,#35,'Kitchen',.ELEMENT.,$,$);
#41=IFCRELAGGREGATES('${gid(8)}',$,$,$,#24,(#40));
#42=IFCCARTESIANPOINT((-100.,2500.));
#43=IFCAXIS2PLACEMENT2D(#42,$);
#44=IFCRECTANGLEPROFILEDEF(.AREA.,$,#43,200.,5000.);
#45=IFCEXTRUDEDAREASOLID(#44,#4,#2,3000.);
#46=IFCSHAPEREPRESENTATION(#6,'Body','SweptSolid',(#45));
#47=IFCPRODUCTDEFINITIONSHAPE($,$,(#46));
#50=IFCWALL('${gid(11)}',$,'Wall',$,$,#20,#47,$,.STANDARD.);
${boxBrep(60, 500, 500, 900)}
#68=IFCSHAPEREPRESENTATION(#6,'Body','Brep',(#67));
#69=IFCPRODUCTDEFINITIONSHAPE($,$,(#68));
#70=IFCFURNITURE('${gid(12)}',$,'Chair',$,$,#20,#69,$,$);
${extra}
#99=IFCRELCONTAINEDINSPATIALSTRUCTURE('${gid(9)}',$,$,$,(${['#50', '#70', ...contained.map((id) => `#${id}`)].join(',')}),#24);`,
  );
}

/** A box dx × dy × dz as a faceted brep, its entities from #first: 8 points, a loop, bound and face per side, the shell and #(first+7)'s brep as #67. */
function boxBrep(first: number, dx: number, dy: number, dz: number): string {
  // Eight points at #100–#107 would clash with extras; they go at 60..63 and the faces' entities after 200.
  const lines: string[] = [];
  const p = (i: number) => 600 + i;
  for (let i = 0; i < 8; i++) {
    lines.push(`#${p(i)}=IFCCARTESIANPOINT((${i & 1 ? dx : 0}.,${i & 2 ? dy : 0}.,${i & 4 ? dz : 0}.));`);
  }
  const quads = [
    [0, 2, 3, 1],
    [4, 5, 7, 6],
    [0, 1, 5, 4],
    [2, 6, 7, 3],
    [0, 4, 6, 2],
    [1, 3, 7, 5],
  ];
  const faces = quads.map((quad, f) => {
    const loop = 610 + 3 * f;
    lines.push(`#${loop}=IFCPOLYLOOP((${quad.map((i) => `#${p(i)}`).join(',')}));`);
    lines.push(`#${loop + 1}=IFCFACEOUTERBOUND(#${loop},.T.);`);
    lines.push(`#${loop + 2}=IFCFACE((#${loop + 1}));`);
    return loop + 2;
  });
  lines.push(`#${first}=IFCCLOSEDSHELL((${faces.map((f) => `#${f}`).join(',')}));`);
  lines.push(`#67=IFCFACETEDBREP(#${first});`);
  return lines.join('\n');
}

const encode = (text: string): Uint8Array => new TextEncoder().encode(text);

/** What a huge profile is made of and what it is the shape of (hugeProfile). */
export interface HugeProfileOptions {
  /** An IfcPolyline of as many IfcCartesianPoints (the default), or an IfcIndexedPolyCurve of one point list. */
  curve?: 'polyline' | 'indexed';
  /** The element extruded from it: a room (IFCSPACE, the default), a wall, a slab, a piece of furniture, a door. */
  element?: 'IFCSPACE' | 'IFCWALL' | 'IFCSLAB' | 'IFCFURNITURE' | 'IFCDOOR';
  /**
   * A wavy circle of 5 m (the default; not convex), a circle, a star of random spikes (a point every so often far out),
   * or a scribble: points anywhere in a 10 m square, in no order (a curve that crosses itself everywhere).
   */
  shape?: 'wavy' | 'circle' | 'spiky' | 'scribble';
}

/**
 * An element whose profile is one closed curve of `points` points, extruded 2.5 m (hazards of ../shared/ifc/SOURCES.md:
 * a space profile of 200,000 points, 11 MB as polyline points, kept web-ifc busy for minutes).
 */
export function hugeProfile(points: number, options: HugeProfileOptions = {}): Uint8Array {
  const { curve = 'polyline', element = 'IFCSPACE', shape = 'wavy' } = options;
  const FIRST = 100_000;
  let seed = 12345;
  const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
  const xy = (i: number): [string, string] => {
    if (shape === 'scribble') return [(10_000 * random()).toFixed(3), (10_000 * random()).toFixed(3)];
    const angle = (2 * Math.PI * i) / points;
    const radius =
      shape === 'circle' ? 5000 : shape === 'wavy' ? 5000 + 60 * Math.sin(angle * 40) : 4000 + (random() < 0.5 ? 0 : 2000 * random());
    return [(radius * Math.cos(angle)).toFixed(3), (radius * Math.sin(angle)).toFixed(3)];
  };
  const lines: string[] = [];
  let profileCurve: number;
  if (curve === 'polyline') {
    for (let i = 0; i < points; i++) lines.push(`#${FIRST + i}=IFCCARTESIANPOINT((${xy(i).join(',')}));`);
    const refs = Array.from({ length: points + 1 }, (_, i) => `#${FIRST + (i % points)}`);
    profileCurve = FIRST + points + 1;
    lines.push(`#${profileCurve}=IFCPOLYLINE((${refs.join(',')}));`);
  } else {
    const list = FIRST + points + 2;
    lines.push(`#${list}=IFCCARTESIANPOINTLIST2D((${Array.from({ length: points }, (_, i) => `(${xy(i).join(',')})`).join(',')}),$);`);
    profileCurve = list + 1;
    // No segments: a polyline through every point, closed back to the first.
    lines.push(
      `#${profileCurve}=IFCINDEXEDPOLYCURVE(#${list},(IFCLINEINDEX((${[...Array.from({ length: points }, (_, i) => i + 1), 1].join(',')}))),.F.);`,
    );
  }
  const space = 1006;
  const tail = {
    IFCSPACE: `'Hall',.ELEMENT.,$,$`,
    IFCWALL: '$,.STANDARD.',
    IFCSLAB: '$,.FLOOR.',
    IFCFURNITURE: '$,$',
    IFCDOOR: '$,2100.,900.,.DOOR.,.SINGLE_SWING_LEFT.,$',
  }[element];
  lines.push(
    `#1001=IFCARBITRARYCLOSEDPROFILEDEF(.AREA.,'huge',#${profileCurve});`,
    `#1002=IFCEXTRUDEDAREASOLID(#1001,#4,#2,2500.);`,
    `#1003=IFCSHAPEREPRESENTATION(#6,'Body','SweptSolid',(#1002));`,
    `#1004=IFCPRODUCTDEFINITIONSHAPE($,$,(#1003));`,
    `#1005=IFCLOCALPLACEMENT(#20,#4);`,
    `#${space}=${element}('${gid(100)}',$,'Huge',$,$,#1005,#1004,${tail});`,
  );
  if (element === 'IFCSPACE') lines.push(`#1007=IFCRELAGGREGATES('${gid(101)}',$,$,$,#24,(#${space}));`);
  return encode(hostileModel(lines.join('\n'), element === 'IFCSPACE' ? [] : [space]));
}

/** The text of the model with one entity's line replaced (its `#id=` kept). */
function replaceEntity(text: string, id: number, entity: string): string {
  const line = new RegExp(`^#${id}=.*$`, 'm');
  if (!line.test(text)) throw new Error(`no entity #${id} in the hostile model`);
  return text.replace(line, `#${id}=${entity};`);
}

/** The model cut after `fraction` of its bytes (0.1, 0.5, 0.99): no END-ISO-10303-21; and part of the building gone. */
export function truncatedAt(fraction: number, text = hostileModel()): Uint8Array {
  const bytes = encode(text);
  return bytes.subarray(0, Math.floor(bytes.length * fraction));
}

/** The model cut inside a string: in the middle of the room's LongName. */
export function truncatedInString(): Uint8Array {
  const text = hostileModel();
  return encode(text.slice(0, text.indexOf("'Kitchen'") + 4));
}

/**
 * Coordinates that are not finite numbers, as exporters write them: `NaN`, `Infinity`, a real too large for a double
 * (1e400), MSVC's `1.#QNAN` and `-1.#INF`: in the wall's profile position, a corner of the chair, the room's size and the
 * storey's placement.
 */
export function nonFiniteCoordinates(token: string): Uint8Array {
  let text = hostileModel();
  text = replaceEntity(text, 42, `IFCCARTESIANPOINT((${token},2500.))`);
  text = replaceEntity(text, 603, `IFCCARTESIANPOINT((500.,${token},0.))`);
  text = replaceEntity(text, 32, `IFCRECTANGLEPROFILEDEF(.AREA.,$,#31,${token},3000.)`);
  text = text.replace(
    '#24=IFCBUILDINGSTOREY',
    `#1000=IFCCARTESIANPOINT((0.,0.,${token}));\n#1001=IFCAXIS2PLACEMENT3D(#1000,$,$);\n#1002=IFCLOCALPLACEMENT(#20,#1001);\n#24=IFCBUILDINGSTOREY`,
  );
  text = text.replace(`#24=IFCBUILDINGSTOREY('${gid(4)}',$,'Ground',$,$,#20,`, `#24=IFCBUILDINGSTOREY('${gid(4)}',$,'Ground',$,$,#1002,`);
  return encode(text);
}

/** Entities that refer to each other in a ring, each kind an importer follows: placements, aggregation, mapped items, curves. */
export function referenceCycle(kind: 'placement' | 'self-placement' | 'aggregation' | 'mapped-item' | 'composite-curve'): Uint8Array {
  switch (kind) {
    case 'placement':
      // The wall placed by #1000, relative to #1001, relative to #1000 again.
      return encode(
        replaceEntity(
          hostileModel(`#1000=IFCLOCALPLACEMENT(#1001,#4);\n#1001=IFCLOCALPLACEMENT(#1000,#4);`),
          50,
          `IFCWALL('${gid(11)}',$,'Wall',$,$,#1000,#47,$,.STANDARD.)`,
        ),
      );
    case 'self-placement':
      return encode(
        replaceEntity(hostileModel(`#1000=IFCLOCALPLACEMENT(#1000,#4);`), 50, `IFCWALL('${gid(11)}',$,'Wall',$,$,#1000,#47,$,.STANDARD.)`),
      );
    case 'aggregation':
      // The room is part of the storey, and the storey part of the room.
      return encode(hostileModel(`#1000=IFCRELAGGREGATES('${gid(200)}',$,$,$,#40,(#24));`));
    case 'mapped-item': {
      // A representation map whose representation is a mapped item of itself (web-ifc's module traps on it).
      const extra = `#1000=IFCCARTESIANTRANSFORMATIONOPERATOR3D($,$,#1,$,$);
#1001=IFCREPRESENTATIONMAP(#4,#1002);
#1002=IFCSHAPEREPRESENTATION(#6,'Body','MappedRepresentation',(#1003));
#1003=IFCMAPPEDITEM(#1001,#1000);
#1004=IFCSHAPEREPRESENTATION(#6,'Body','MappedRepresentation',(#1003));
#1005=IFCPRODUCTDEFINITIONSHAPE($,$,(#1004));
#1006=IFCFURNITURE('${gid(201)}',$,'Loop',$,$,#20,#1005,$,$);`;
      return encode(hostileModel(extra, [1006]));
    }
    case 'composite-curve': {
      // A profile whose composite curve's segment is the composite curve itself.
      const extra = `#1000=IFCCOMPOSITECURVE((#1001),.F.);
#1001=IFCCOMPOSITECURVESEGMENT(.CONTINUOUS.,.T.,#1000);
#1002=IFCARBITRARYCLOSEDPROFILEDEF(.AREA.,$,#1000);
#1003=IFCEXTRUDEDAREASOLID(#1002,#4,#2,3000.);
#1004=IFCSHAPEREPRESENTATION(#6,'Body','SweptSolid',(#1003));
#1005=IFCPRODUCTDEFINITIONSHAPE($,$,(#1004));
#1006=IFCWALL('${gid(202)}',$,'Curved',$,$,#20,#1005,$,.STANDARD.);`;
      return encode(hostileModel(extra, [1006]));
    }
  }
}

/** Deep nesting: `depth` lists one in another in an attribute, or a chain of `depth` placements each relative to the last. */
export function deepNesting(kind: 'lists' | 'placements', depth = 10_000): Uint8Array {
  if (kind === 'lists') {
    const nested = `${'('.repeat(depth)}1.${')'.repeat(depth)}`;
    const extra = `#1000=IFCPROPERTYSINGLEVALUE('Deep',$,IFCREAL(${nested}),$);
#1001=IFCPROPERTYSET('${gid(210)}',$,'Pset_WallCommon',$,(#1000));
#1002=IFCRELDEFINESBYPROPERTIES('${gid(211)}',$,$,$,(#50),#1001);
#1003=IFCCARTESIANPOINT(${nested});`;
    return encode(hostileModel(extra));
  }
  const lines: string[] = [];
  const first = 10_000;
  for (let i = 0; i < depth; i++) lines.push(`#${first + i}=IFCLOCALPLACEMENT(${i === 0 ? '#20' : `#${first + i - 1}`},#4);`);
  const text = hostileModel(lines.join('\n'));
  return encode(replaceEntity(text, 50, `IFCWALL('${gid(11)}',$,'Wall',$,$,#${first + depth - 1},#47,$,.STANDARD.)`));
}

/** Two entities under one express id (#40 twice: a second room), and two rooms with one GlobalId. */
export function duplicateIds(): Uint8Array {
  const second = `#40=IFCSPACE('${gid(300)}',$,'102',$,$,#20,#35,'Second',.ELEMENT.,$,$);
#1000=IFCSPACE('${gid(300)}',$,'103',$,$,#20,#35,'Same GlobalId',.ELEMENT.,$,$);
#1001=IFCRELAGGREGATES('${gid(301)}',$,$,$,#24,(#1000));`;
  return encode(hostileModel(second));
}

/** The model in another encoding: UTF-16 (little-endian, with its byte-order mark). */
export function utf16(): Uint8Array {
  const text = hostileModel();
  const out = new Uint8Array(2 + 2 * text.length);
  out[0] = 0xff;
  out[1] = 0xfe;
  for (let i = 0; i < text.length; i++) {
    out[2 + 2 * i] = text.charCodeAt(i) & 0xff;
    out[3 + 2 * i] = text.charCodeAt(i) >> 8;
  }
  return out;
}

/** Names written as raw Latin-1 bytes (K\xF6k, \xC5tervinning) instead of STEP escapes. */
export function latin1Names(): Uint8Array {
  const text = hostileModel().replace("'Kitchen'", "'K\u00f6k \u00c5tervinning'").replace("'Wall'", "'V\u00e4gg'");
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i) & 0xff;
  return out;
}

/** STEP string escapes that are broken: \X2\ with an odd number of digits, never closed, \X\ without its hex, \S\ at the end. */
export function brokenEscapes(): Uint8Array {
  const text = hostileModel()
    .replace("'Kitchen'", "'K\\X2\\00F\\X0\\k'")
    .replace("'Wall'", "'W\\X2\\00E4")
    .replace(`$,.STANDARD.);`, `$,.STANDARD.)'\\X0\\;`)
    .replace("'Chair'", "'C\\X\\G\\S\\'")
    .replace("'Ground'", "'\\X4\\0001F60'");
  return encode(text);
}

/** Files that are no IFC at all: a PNG image, random bytes, an HTML page, and random bytes after an IFC header. */
export function notIfc(kind: 'png' | 'random' | 'html' | 'header-then-random'): Uint8Array {
  let seed = 987654321;
  const random = (n: number) => Uint8Array.from({ length: n }, () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 24);
  switch (kind) {
    case 'png':
      return Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...random(4096)]);
    case 'random':
      return random(64 * 1024);
    case 'html':
      return encode('<!doctype html><html><body>ISO-10303-21;</body></html>\n');
    case 'header-then-random':
      return Uint8Array.from([...encode('ISO-10303-21;\nHEADER;\n'), ...random(64 * 1024)]);
  }
}
