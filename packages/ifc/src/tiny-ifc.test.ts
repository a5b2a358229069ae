/** Extraction from a small IFC4 file written here as STEP text, so these tests run without the corpus. */
import { describe, expect, test } from 'vitest';
import { polygonArea, validateModelPart } from '@edrf/model';
import { doorOpType } from './doors.js';
import { extractIfc } from './index.js';
import { roomTypeFromName } from './room-type.js';
import { lengthUnitFromText } from './units.js';

const gid = (n: number) => `0${String(n).padStart(21, '0')}`;

/**
 * Millimetres; true north at (1, 1) (45 degrees); storey 'Upper' first in the file at Z 3000 with a wrong Elevation
 * attribute, storey 'Ground' at Z 0 with Elevation $; a kitchen ('Kök') 4 x 3 m, a space without geometry, a wall
 * 0.2 x 5 m rated EI 60 with an external single-swing-left door 900 mm wide in an opening.
 */
const TINY_IFC = `ISO-10303-21;
HEADER;
FILE_DESCRIPTION(('ViewDefinition [CoordinationView]'),'2;1');
FILE_NAME('tiny.ifc','2026-01-01T00:00:00',(''),(''),'edrf test','edrf test','');
FILE_SCHEMA(('IFC4'));
ENDSEC;
DATA;
#1=IFCCARTESIANPOINT((0.,0.,0.));
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
#88=IFCRELCONTAINEDINSPATIALSTRUCTURE('${gid(22)}',$,$,$,(#57,#83),#19);
ENDSEC;
END-ISO-10303-21;
`;

const bytes = () => new TextEncoder().encode(TINY_IFC);

describe('extractIfc on a small written IFC file', () => {
  test('storeys come in placement order with heights from the next storey', async () => {
    const progress: number[] = [];
    const { arch, compass_degrees } = await extractIfc(bytes(), (_step, p) => progress.push(p));
    const storeys = Object.values(arch.storeys).sort((a, b) => a.number - b.number);
    expect(storeys.map((s) => [s.id, s.number, s.name, s.height.min_z, s.height.max_z])).toEqual([
      [gid(5), 0, 'Ground', 0, 3],
      [gid(4), 1, 'Upper', 3, 6],
    ]);
    expect(Object.values(arch.buildings)).toEqual([expect.objectContaining({ id: gid(3), name: 'House', storeys: [gid(5), gid(4)] })]);
    expect(compass_degrees).toBeCloseTo(45, 6);
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(1);
    expect(validateModelPart('arch', arch)).toMatchObject({ ok: true });
  });

  test('a space with geometry becomes a typed room on its storey; one without is a warning', async () => {
    const { arch, warnings } = await extractIfc(bytes());
    expect(Object.keys(arch.rooms)).toEqual([gid(9)]);
    const room = arch.rooms[gid(9)]!;
    expect(room).toMatchObject({ name: 'Kök', type: 'Kitchen', synthetic: false });
    expect(polygonArea(room.shape)).toBeCloseTo(12, 6);
    expect(room.shape.below.every((p) => p[2] === 0)).toBe(true);
    expect(room.shape.above.every((p) => p[2] === 2.5)).toBe(true);
    expect(arch.storeys[gid(5)]!.rooms).toEqual([gid(9)]);
    expect(warnings).toContain('1 space(s) without geometry were skipped.');
  });

  test('the wall has its footprint, height and fire rating; the door its width line, swing and host wall', async () => {
    const { arch } = await extractIfc(bytes());
    const wall = arch.walls[gid(13)]!;
    expect(wall).toMatchObject({ type: 'Standard', fire_rating: 'EI 60' });
    expect(polygonArea({ exterior: wall.shape.exterior.map(([x, y]) => [x, y] as [number, number]), interiors: [] })).toBeCloseTo(1, 3);
    expect(Math.max(...wall.shape.above.map((p) => p[2]))).toBeCloseTo(3, 6);
    const door = arch.doors[gid(18)]!;
    expect(door).toMatchObject({ name: 'Front door', exterior: true, op_type: 'SwingLeft', walls: [gid(13)] });
    expect(door.left[0]).toBeCloseTo(-0.1, 4);
    expect(door.left[1]).toBeCloseTo(1, 4);
    expect(door.right[0]).toBeCloseTo(-0.1, 4);
    expect(door.right[1]).toBeCloseTo(1.9, 4);
    expect(door.left[2]).toBeCloseTo(0, 6);
    expect(arch.storeys[gid(5)]).toMatchObject({ walls: [gid(13)], doors: [gid(18)] });
  });

  test('bytes that are not IFC are rejected, and a missing END-ISO-10303-21 is a warning', async () => {
    await expect(extractIfc(new TextEncoder().encode('not an ifc file'))).rejects.toThrow();
    const truncated = TINY_IFC.replace('END-ISO-10303-21;', '');
    const { warnings } = await extractIfc(new TextEncoder().encode(truncated));
    expect(warnings.some((w) => w.includes('truncated'))).toBe(true);
  });
});

describe('helpers', () => {
  test('room types from Swedish, English and German names', () => {
    expect(roomTypeFromName('Kök')).toBe('Kitchen');
    expect(roomTypeFromName('Küche')).toBe('Kitchen');
    expect(roomTypeFromName('Bad')).toBe('Bathroom');
    expect(roomTypeFromName('Dusche')).toBe('Shower');
    expect(roomTypeFromName('Trapphus')).toBe('Stairwell');
    expect(roomTypeFromName('Schlafzimmer')).toBe('SleepingRoom');
    expect(roomTypeFromName('Sovrum 2')).toBe('SleepingRoom');
    expect(roomTypeFromName('Server room')).toBe('ServerRoom');
    expect(roomTypeFromName('Schacht')).toBe('Shaft');
    expect(roomTypeFromName('Verkstad')).toBe('Workshop');
    expect(roomTypeFromName('Balkon')).toBe('Balcony');
    expect(roomTypeFromName('Wohnen')).toBe('Other');
  });

  test('door operation types', () => {
    expect(doorOpType('SINGLE_SWING_LEFT')).toBe('SwingLeft');
    expect(doorOpType('SINGLE_SWING_RIGHT')).toBe('SwingRight');
    expect(doorOpType('DOUBLE_DOOR_SINGLE_SWING')).toBe('DoubleSwing');
    expect(doorOpType('SLIDING_TO_LEFT')).toBe('Other');
    expect(doorOpType('')).toBe('Other');
  });

  test('length units from STEP text', () => {
    const unit = (line: string) => lengthUnitFromText(new TextEncoder().encode(line))?.scale;
    expect(unit('#7= IFCSIUNIT(*,.LENGTHUNIT.,.MILLI.,.METRE.);')).toBe(0.001);
    expect(unit('#7=IFCSIUNIT(*,.LENGTHUNIT.,$,.METRE.);')).toBe(1);
    expect(unit("#9=IFCCONVERSIONBASEDUNIT(#8,.LENGTHUNIT.,'FOOT',#10);")).toBe(0.3048);
    expect(unit('nothing')).toBeUndefined();
  });
});
