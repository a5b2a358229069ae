/**
 * Small helpers for the tests of this package (corpus-geometry.test.ts, reimport.test.ts, facets.test.ts, …). Not
 * exported from the package (index.ts does not name this file).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { polygonArea, type Arch, type Polygon } from '@edrf/model';
import * as WebIfc from 'web-ifc';
import { IfcAPI, LogLevel } from 'web-ifc';
import { DOOR_CLASSES } from './elements/doors.js';
import { OBJECT_CLASSES } from './elements/objects.js';
import { TRAY_CLASSES } from './elements/trays.js';
import { MILLIMETRE_MODEL, stepFile } from './step/step-file.js';
import { openingsUncut } from './step/voids.js';
import { starsAsUnset } from './step/stars.js';
import { asBuffer } from './step/step-text.js';

export { MILLIMETRE_MODEL, stepFile };

type Xy = readonly [number, number] | readonly [number, number, number];

/** Distance from point p to the segment a–b, in plan. */
function segmentDistance(p: Xy, a: Xy, b: Xy): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2));
  return Math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy));
}

/** Whether p is inside the ring (even–odd rule, in plan). */
function insideRing(p: Xy, ring: readonly Xy[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[i]!;
    const b = ring[j]!;
    if (a[1] > p[1] !== b[1] > p[1] && p[0] < ((b[0] - a[0]) * (p[1] - a[1])) / (b[1] - a[1]) + a[0]) inside = !inside;
  }
  return inside;
}

/** Plan distance from p to a polygon ring: 0 inside it, else the distance to its boundary. */
export function distanceToRing(p: Xy, ring: readonly Xy[]): number {
  if (insideRing(p, ring)) return 0;
  let best = Infinity;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) best = Math.min(best, segmentDistance(p, ring[j]!, ring[i]!));
  return best;
}

/**
 * How far the farthest corner of one set of rings lies from the other set (inside one of its rings counts as 0), both
 * ways: two footprints drawn alike are 0 apart whatever corner their rings start at. Infinity when one set is empty.
 */
export function ringsApart(a: readonly (readonly Xy[])[], b: readonly (readonly Xy[])[]): number {
  if (a.length === 0 || b.length === 0) return a.length === b.length ? 0 : Infinity;
  const farthest = (from: readonly (readonly Xy[])[], to: readonly (readonly Xy[])[]) =>
    Math.max(...from.flat().map((p) => Math.min(...to.map((ring) => distanceToRing(p, ring)))));
  return Math.max(farthest(a, b), farthest(b, a));
}

/** The area of a footprint's polygons, holes taken out. */
export const footprintArea = (polygons: Polygon[]): number =>
  polygons.reduce((sum, p) => sum + polygonArea({ exterior: p.exterior, interiors: p.interiors }), 0);

/** web-ifc started as packages/ifc starts it (log off), with `bytes` open: for tests that compare with its own meshes. */
export async function openInWebIfc(bytes: Uint8Array): Promise<{ api: IfcAPI; modelID: number }> {
  const api = new IfcAPI();
  await api.Init(undefined, true);
  api.SetLogLevel(LogLevel.LOG_LEVEL_OFF);
  return { api, modelID: api.OpenModel(bytes, { COORDINATE_TO_ORIGIN: false }) };
}

/** The midpoint, in plan, of a door's left–right line. */
export const doorMidpoint = (door: Arch['doors'][string]): [number, number] => [
  (door.left[0] + door.right[0]) / 2,
  (door.left[1] + door.right[1]) / 2,
];

/** The storey-list field of each arch collection that storeys list. */
export const STOREY_LIST_OF = {
  rooms: 'rooms',
  walls: 'walls',
  wall_openings: 'wall_openings',
  doors: 'doors',
  stairs: 'stairs',
  ceilings: 'ceilings',
  slabs: 'floors',
  other_objects: 'other_objects',
} as const;
export type ListedKind = keyof typeof STOREY_LIST_OF;

const range = (zs: readonly number[]): [number, number] | undefined => (zs.length === 0 ? undefined : [Math.min(...zs), Math.max(...zs)]);

/**
 * The z range [min, max] of one arch item: rooms and walls from the z of their shape's points, doors from their
 * jambs (floor level), ceilings their surface z, the rest their min_z / max_z. Undefined when the item has no z.
 */
export function itemZRange(arch: Arch, kind: ListedKind, id: string): [number, number] | undefined {
  switch (kind) {
    case 'rooms': {
      const shape = arch.rooms[id]!.shape;
      return range([...shape.below, ...shape.above].map((p) => p[2]));
    }
    case 'walls': {
      const shape = arch.walls[id]!.shape;
      return range([...shape.exterior, ...shape.below, ...shape.above].map((p) => p[2]));
    }
    case 'doors': {
      const door = arch.doors[id]!;
      return range([door.left[2], door.right[2]]);
    }
    case 'ceilings': {
      const z = arch.ceilings[id]!.z;
      return [z, z];
    }
    default: {
      const item = arch[kind][id]!;
      return [item.min_z, item.max_z];
    }
  }
}

/** Whether [a0, a1] and [b0, b1] overlap (touching counts). */
export const overlaps = (a: readonly [number, number], b: readonly [number, number]): boolean => a[0] <= b[1] && b[0] <= a[1];

const gid = (n: number) => `0${String(n).padStart(21, '0')}`;

/** GlobalId n of tinyIfc(): '0' and n padded to 22 characters. */
export const tinyGlobalId = gid;

/**
 * A small IFC4 file as STEP text, for tests that must run without the corpus. Millimetres; true north at (1, 1); storey
 * 'Upper' (#17, gid 4) at Z 3000, 'Ground' (#19, gid 5) at Z 0; a kitchen 'Kök' (#37, gid 9) 4 x 3 m and a space
 * without geometry (#39, gid 10); a wall (#57, gid 13) 0.2 x 5 m with an opening (#74, gid 16) filled by a door
 * (#83, gid 18).
 */
export const tinyIfc = (): string =>
  stepFile(
    'tiny.ifc',
    `#1=IFCCARTESIANPOINT((0.,0.,0.));
#2=IFCDIRECTION((0.,0.,1.));
#3=IFCDIRECTION((1.,0.,0.));
#4=IFCAXIS2PLACEMENT3D(#1,#2,#3);
#5=IFCDIRECTION((1.,1.));
#6=IFCGEOMETRICREPRESENTATIONCONTEXT($,'Model',3,1.E-05,#4,#5);
#7=IFCSIUNIT(*,.LENGTHUNIT.,.MILLI.,.METRE.);
#8=IFCUNITASSIGNMENT((#7));
#9=IFCPROJECT('${gid(1)}',$,'Tiny',$,$,$,$,(#6),#8);
#10=IFCLOCALPLACEMENT($,#4);
#11=IFCSITE('${gid(2)}',$,'Site',$,$,#10,$,$,.ELEMENT.,$,$,$,$,$);
#12=IFCLOCALPLACEMENT(#10,#4);
#13=IFCBUILDING('${gid(3)}',$,'House',$,$,#12,$,$,.ELEMENT.,$,$,$);
#14=IFCCARTESIANPOINT((0.,0.,3000.));
#15=IFCAXIS2PLACEMENT3D(#14,$,$);
#16=IFCLOCALPLACEMENT(#12,#15);
#17=IFCBUILDINGSTOREY('${gid(4)}',$,'Upper',$,$,#16,$,$,.ELEMENT.,99999.);
#18=IFCLOCALPLACEMENT(#12,#4);
#19=IFCBUILDINGSTOREY('${gid(5)}',$,'Ground',$,$,#18,$,$,.ELEMENT.,$);
#20=IFCRELAGGREGATES('${gid(6)}',$,$,$,#9,(#11));
#21=IFCRELAGGREGATES('${gid(7)}',$,$,$,#11,(#13));
#22=IFCRELAGGREGATES('${gid(8)}',$,$,$,#13,(#17,#19));
#30=IFCCARTESIANPOINT((2000.,1500.));
#31=IFCAXIS2PLACEMENT2D(#30,$);
#32=IFCRECTANGLEPROFILEDEF(.AREA.,$,#31,4000.,3000.);
#33=IFCEXTRUDEDAREASOLID(#32,#4,#2,2500.);
#34=IFCSHAPEREPRESENTATION(#6,'Body','SweptSolid',(#33));
#35=IFCPRODUCTDEFINITIONSHAPE($,$,(#34));
#36=IFCLOCALPLACEMENT(#18,#4);
#37=IFCSPACE('${gid(9)}',$,'101',$,$,#36,#35,'K\\X2\\00F6\\X0\\k',.ELEMENT.,$,$);
#38=IFCLOCALPLACEMENT(#16,#4);
#39=IFCSPACE('${gid(10)}',$,'201','Attic',$,#38,$,$,.ELEMENT.,$,$);
#40=IFCRELAGGREGATES('${gid(11)}',$,$,$,#19,(#37));
#41=IFCRELAGGREGATES('${gid(12)}',$,$,$,#17,(#39));
#50=IFCCARTESIANPOINT((-100.,2500.));
#51=IFCAXIS2PLACEMENT2D(#50,$);
#52=IFCRECTANGLEPROFILEDEF(.AREA.,$,#51,200.,5000.);
#53=IFCEXTRUDEDAREASOLID(#52,#4,#2,3000.);
#54=IFCSHAPEREPRESENTATION(#6,'Body','SweptSolid',(#53));
#55=IFCPRODUCTDEFINITIONSHAPE($,$,(#54));
#56=IFCLOCALPLACEMENT(#18,#4);
#57=IFCWALL('${gid(13)}',$,'Wall',$,$,#56,#55,$,.STANDARD.);
#58=IFCPROPERTYSINGLEVALUE('FireRating',$,IFCLABEL('EI 60'),$);
#59=IFCPROPERTYSET('${gid(14)}',$,'Pset_WallCommon',$,(#58));
#60=IFCRELDEFINESBYPROPERTIES('${gid(15)}',$,$,$,(#57),#59);
#70=IFCCARTESIANPOINT((-200.,1000.,0.));
#71=IFCDIRECTION((0.,1.,0.));
#72=IFCAXIS2PLACEMENT3D(#70,#2,#71);
#73=IFCLOCALPLACEMENT(#56,#72);
#74=IFCOPENINGELEMENT('${gid(16)}',$,'Opening',$,$,#73,$,$,.OPENING.);
#75=IFCRELVOIDSELEMENT('${gid(17)}',$,$,$,#57,#74);
#76=IFCCARTESIANPOINT((450.,-100.));
#77=IFCAXIS2PLACEMENT2D(#76,$);
#78=IFCRECTANGLEPROFILEDEF(.AREA.,$,#77,900.,200.);
#79=IFCEXTRUDEDAREASOLID(#78,#4,#2,2100.);
#80=IFCSHAPEREPRESENTATION(#6,'Body','SweptSolid',(#79));
#81=IFCPRODUCTDEFINITIONSHAPE($,$,(#80));
#82=IFCLOCALPLACEMENT(#73,#4);
#83=IFCDOOR('${gid(18)}',$,'Front door',$,$,#82,#81,$,2100.,900.,.DOOR.,.SINGLE_SWING_LEFT.,$);
#84=IFCRELFILLSELEMENT('${gid(19)}',$,$,$,#74,#83);
#85=IFCPROPERTYSINGLEVALUE('IsExternal',$,IFCBOOLEAN(.T.),$);
#86=IFCPROPERTYSET('${gid(20)}',$,'Pset_DoorCommon',$,(#85));
#87=IFCRELDEFINESBYPROPERTIES('${gid(21)}',$,$,$,(#83),#86);
#88=IFCRELCONTAINEDINSPATIALSTRUCTURE('${gid(22)}',$,$,$,(#57,#83),#19);`,
  );

/** The express id of the entity line `#n= CLASS('globalId'` of a STEP text; undefined when there is none. */
export function expressIdOf(text: string, entity: string, globalId: string): number | undefined {
  const match = new RegExp(`^#(\\d+)\\s*=\\s*${entity}\\s*\\(\\s*'${globalId.replace(/[$]/g, '\\$')}'`, 'im').exec(text);
  return match ? Number(match[1]) : undefined;
}

/**
 * The STEP text without entity #id and the relations that name it, as a user deleting the element in an authoring
 * tool would leave it: a list of references that names #id among others, e.g. the related elements of an
 * IfcRelContainedInSpatialStructure, just loses it; a line that names #id otherwise (an IfcRelVoidsElement, a
 * property relation of that element alone) goes too, and so, in turn, do lines that name a removed line.
 */
export function withoutEntity(text: string, id: number): string {
  const lines = text.split(/\r?\n/);
  const removed = new Set<number>();
  const pending = [id];
  while (pending.length > 0) {
    const gone = pending.pop()!;
    if (removed.has(gone)) continue;
    removed.add(gone);
    const ref = new RegExp(`#${gone}(?!\\d)`);
    const inList = new RegExp(`\\(((?:#\\d+,)*#${gone}(?:,#\\d+)*)\\)`);
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!;
      const own = /^#(\d+)\s*=/.exec(line);
      if (!own) continue;
      if (Number(own[1]) === gone) {
        lines[i] = '';
        continue;
      }
      if (!ref.test(line)) continue;
      const list = inList.exec(line);
      const others = list?.[1]!.split(',').filter((member) => member !== `#${gone}`) ?? [];
      if (list && others.length > 0) lines[i] = line.replace(list[0], `(${others.join(',')})`);
      else pending.push(Number(own[1]));
    }
  }
  return lines.filter((line) => line !== '').join('\n');
}

/**
 * The IFC corpus (../shared/ifc, or IFC_CORPUS) for the tests that read real models: its folder and its .ifc files of
 * at most `maxBytes`, by name; none, with a warning naming `what` is skipped, where it is absent.
 */
export function corpusModels(what: string, maxBytes = Infinity): { folder: string; models: string[] } {
  const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
  const folder = process.env.IFC_CORPUS ?? path.resolve(repoRoot, '../shared/ifc');
  if (!fs.existsSync(folder)) {
    console.warn(`IFC corpus not found at ${folder} (set IFC_CORPUS): ${what} are skipped.`);
    return { folder, models: [] };
  }
  const models = fs
    .readdirSync(folder)
    .filter((f) => f.toLowerCase().endsWith('.ifc') && fs.statSync(path.join(folder, f)).size <= maxBytes)
    .sort();
  return { folder, models };
}

/**
 * The models to run a corpus test on, or one stand-in name where there are none: a skipped describe over an empty list
 * registers no test, and the file would then fail to load ('No test suite found') or run silently without its skips.
 */
export const orAbsent = (models: readonly string[]): string[] => (models.length > 0 ? [...models] : ['(the IFC corpus is absent)']);

/** A file's bytes as web-ifc should read them: `*` unset (stars.ts), as extractIfc's text reader reads it. */
export const asWebIfcReads = (bytes: Uint8Array): Buffer => asBuffer(starsAsUnset(bytes));

/**
 * The same with its void relations renamed (voids.ts): for comparing with web-ifc's meshes of the whole file, which
 * would otherwise have its openings cut in 3D.
 */
export const asUncutWhole = (bytes: Uint8Array): Buffer => asBuffer(openingsUncut(asWebIfcReads(bytes)).bytes);

/** Elements whose hull points the readers ask for. */
export const POINT_CLASSES = [...OBJECT_CLASSES.map(([type]) => type), ...DOOR_CLASSES, ...TRAY_CLASSES];

/** Elements whose footprints the readers ask for, with the parts their aggregates are made of. */
export const FOOTPRINT_CLASSES = [
  WebIfc.IFCWALL,
  WebIfc.IFCWALLSTANDARDCASE,
  WebIfc.IFCCURTAINWALL,
  WebIfc.IFCCOLUMN,
  WebIfc.IFCBEAM,
  WebIfc.IFCSLAB,
  WebIfc.IFCCOVERING,
  WebIfc.IFCSTAIR,
  WebIfc.IFCSTAIRFLIGHT,
  WebIfc.IFCRAILING,
  WebIfc.IFCMEMBER,
  WebIfc.IFCPLATE,
  WebIfc.IFCROOF,
  WebIfc.IFCSPACE,
  WebIfc.IFCOPENINGELEMENT,
];
