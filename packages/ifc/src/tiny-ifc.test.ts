/** Extraction from a small IFC4 file written here as STEP text, so these tests run without the corpus. */
import { describe, expect, test } from 'vitest';
import { polygonArea, validateModelPart } from '@edrf/model';
import { doorOpType, swingInPlan } from './elements/doors.js';
import { extractIfc } from './index.js';
import { roomTypeFromName } from '@edrf/geometry';
import { lengthUnitFromText } from './elements/units.js';
import { tinyGlobalId, tinyIfc } from './test-support.js';

const gid = tinyGlobalId;

const TINY_IFC = tinyIfc();
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

  test('property values are found however the text around them is written', async () => {
    // A relation whose name holds quotes and STEP punctuation, written over several lines.
    const awkward = TINY_IFC.replace(
      `#60=IFCRELDEFINESBYPROPERTIES('${gid(15)}',$,$,$,(#57),#59);`,
      `#60= IFCRELDEFINESBYPROPERTIES ('${gid(15)}',$,'Fire ''(EI);#87''',$,\n  (#57),\n  #59);`,
    );
    // A comment before a set: the text no longer tells which sets are named so, and every set is read instead.
    const commented = TINY_IFC.replace('#59=IFCPROPERTYSET', '/* wall */ #59=IFCPROPERTYSET');
    for (const text of [awkward, commented]) {
      expect(text).not.toBe(TINY_IFC);
      const { arch } = await extractIfc(new TextEncoder().encode(text));
      expect(arch.walls[gid(13)]).toMatchObject({ fire_rating: 'EI 60' });
      expect(arch.doors[gid(18)]).toMatchObject({ exterior: true });
    }
  });

  test('bytes that are not IFC are rejected, and so is a file cut short, saying where it ends', async () => {
    await expect(extractIfc(new TextEncoder().encode('not an ifc file'))).rejects.toThrow();
    const truncated = TINY_IFC.replace('END-ISO-10303-21;', '');
    await expect(extractIfc(new TextEncoder().encode(truncated))).rejects.toThrow(
      /^The IFC file is incomplete: it ends at line \d+ \(byte \d+\) after entity #88, without the closing 'END-ISO-10303-21;'/,
    );
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

  test('a door placed with its Z axis down swings the other way in plan', () => {
    expect(swingInPlan('SwingLeft', true)).toBe('SwingRight');
    expect(swingInPlan('SwingRight', true)).toBe('SwingLeft');
    expect(swingInPlan('DoubleSwing', true)).toBe('DoubleSwing');
    expect(swingInPlan('SwingLeft', false)).toBe('SwingLeft');
  });

  test('length units from STEP text', () => {
    const unit = (line: string) => lengthUnitFromText(new TextEncoder().encode(line))?.scale;
    expect(unit('#7= IFCSIUNIT(*,.LENGTHUNIT.,.MILLI.,.METRE.);')).toBe(0.001);
    expect(unit('#7=IFCSIUNIT(*,.LENGTHUNIT.,$,.METRE.);')).toBe(1);
    expect(unit("#9=IFCCONVERSIONBASEDUNIT(#8,.LENGTHUNIT.,'FOOT',#10);")).toBe(0.3048);
    expect(unit('nothing')).toBeUndefined();
  });
});
