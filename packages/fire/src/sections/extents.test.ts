import { describe, expect, it } from 'vitest';
import { sectionColors, type Arch, type Fire, type Regulation, type Section } from '@edrf/model';
import { calcFireUnits } from '../calc-units.js';
import type { Pt } from '../geometry/ring.js';
import { makeArch, rect, type DoorSpec, type RoomSpec } from '../test-support/arch.js';
import { fireFor } from '../test-support/check-units.js';
import { calcFireSections, type SectionsSettings } from './calc-sections.js';

/** Issue 33, items 4, 5 and 6: zone length of one room, search distance walked through doors, every unit addressed. */

const ALL: SectionsSettings = { sections: true, labels: false, addresses: true };
const NONE: SectionsSettings = { sections: false, labels: false, addresses: false };

function designed(arch: Arch, regulation: Regulation, cap?: number): Fire {
  const fire = fireFor(regulation);
  if (cap !== undefined) fire.config.section.section_areas = [cap];
  return { ...fire, units: { ...fire.units, ...calcFireUnits({ arch, fire }).units } };
}

/** The rooms given as one section named '1', the way a designer might draw it. */
const oneSection = (rooms: readonly string[]): Record<string, Section> => ({
  s1: {
    id: 's1',
    name: '1',
    description: '',
    ...sectionColors(0),
    parts: rooms.map((room_id) => ({ room_id, shape: null })),
    addresses: {},
  },
});

/** The box of a part's outline (its own shape or its room's), and the diagonal of it: a rectangle's true length. */
const partBox = (arch: Arch, part: Section['parts'][number]) => {
  const ring = part.shape?.exterior ?? arch.rooms[part.room_id]!.shape.exterior;
  const xs = ring.map((p) => p[0]);
  const ys = ring.map((p) => p[1]);
  return { x0: Math.min(...xs), x1: Math.max(...xs), y0: Math.min(...ys), y1: Math.max(...ys) };
};

/** A row of n 10 × 10 m rooms along x from 0, with the doors given. */
const row = (n: number, doors: DoorSpec[] = []): Arch => {
  const rooms: RoomSpec[] = Array.from({ length: n }, (_, k) => ({ id: `r${k}`, exterior: rect(k * 10, 0, 10, 10) }));
  return makeArch([{ id: 'g', rooms, doors }]);
};

describe('NFPA 72 zone length of a one-room section (issue 33, item 4)', () => {
  const hall = () => makeArch([{ id: 'g', rooms: [{ id: 'long', exterior: rect(0, 0, 120, 3) }] }]);

  it('warns of a 120 × 3 m room drawn as one section: Section 1 is 120 m long, more than 91 m', () => {
    const arch = hall();
    const fire = { ...designed(arch, 'Nfpa72'), sections: oneSection(['long']) };
    const { validation } = calcFireSections({ settings: NONE, model: { arch, fire } });
    // The room's true length is its diagonal, hypot(120, 3) = 120.04 m.
    expect(validation.warnings.map((w) => w.message)).toContain(`Section 1 is ${Math.hypot(120, 3).toFixed(0)} m long, more than 91 m`);
  });

  it('splits the room by length into strips each at most 91 m long, covering the room, with no warning', () => {
    const arch = hall();
    const { sections, validation } = calcFireSections({ settings: ALL, model: { arch, fire: designed(arch, 'Nfpa72') } });
    const parts = Object.values(sections).flatMap((s) => s.parts.map((p) => ({ s, box: partBox(arch, p) })));
    expect(parts.length).toBeGreaterThanOrEqual(Math.ceil(120 / 91));
    for (const { box } of parts) expect(Math.hypot(box.x1 - box.x0, box.y1 - box.y0)).toBeLessThanOrEqual(91);
    // The strips tile the room end to end: their lengths add up to 120 m.
    expect(parts.reduce((sum, { box }) => sum + (box.x1 - box.x0), 0)).toBeCloseTo(120, 6);
    expect(validation.warnings).toEqual([]);
  });
});

describe('BS 5839 search distance walked through doors (issue 33, item 5)', () => {
  it('warns of a row of 13 door-less 10 × 10 m rooms drawn as one section: no door leads through it', () => {
    const arch = row(13);
    const fire = { ...designed(arch, 'Bs5839'), sections: oneSection(Array.from({ length: 13 }, (_, k) => `r${k}`)) };
    const { validation } = calcFireSections({ settings: NONE, model: { arch, fire } });
    expect(validation.warnings.map((w) => w.message)).toContain(
      'Section 1 cannot be searched through its doors: a room of it has no door from the rest of the section',
    );
  });

  it('makes the door-less row into sections a searcher can walk: one room each, no warning', () => {
    const arch = row(13);
    const { sections, validation } = calcFireSections({ settings: ALL, model: { arch, fire: designed(arch, 'Bs5839') } });
    // Walls without doors cannot be walked through, so no two rooms of the row can share a section.
    expect(Object.values(sections).map((s) => s.parts.length)).toEqual(Array.from({ length: 13 }, () => 1));
    expect(validation.warnings).toEqual([]);
  });

  /** Doors 1 m wide in the middle of each shared wall (x = 10k, y 4..5) and an entrance in the west wall. */
  const doorRow = (n: number) =>
    row(n, [
      { id: 'entrance', left: [0, 4], right: [0, 5], exterior: true },
      ...Array.from({ length: n - 1 }, (_, k) => ({ id: `d${k + 1}`, left: [(k + 1) * 10, 4] as Pt, right: [(k + 1) * 10, 5] as Pt })),
    ]);
  // By hand: from the entrance (0, 4.5) along the doors' middles to the last door, then to the far corner (10n, 10).
  const walked = (n: number) => (n - 1) * 10 + Math.hypot(10, 10 - 4.5);

  it('gives a row of 7 rooms joined by doors the walked distance from its entrance to the far corner', () => {
    const arch = doorRow(7);
    const fire = { ...designed(arch, 'Bs5839'), sections: oneSection(Array.from({ length: 7 }, (_, k) => `r${k}`)) };
    const { validation } = calcFireSections({ settings: NONE, model: { arch, fire } });
    expect(walked(7)).toBeGreaterThan(60);
    expect(validation.warnings.map((w) => w.message)).toEqual([
      `Section 1 has a search distance of ${walked(7).toFixed(0)} m, more than 60 m`,
    ]);
  });

  it('cuts the row of 12 rooms joined by doors into runs a searcher walks within 60 m', () => {
    const arch = doorRow(12);
    const { sections, validation } = calcFireSections({ settings: ALL, model: { arch, fire: designed(arch, 'Bs5839') } });
    const runs = Object.values(sections).map((s) => s.parts.map((p) => Number(p.room_id.slice(1))).sort((a, b) => a - b));
    for (const run of runs) {
      // A run of rooms, entered by the door at either end: the walk is that of a row as long.
      expect(run.at(-1)! - run[0]!).toBe(run.length - 1);
      expect(walked(run.length)).toBeLessThanOrEqual(60);
    }
    expect(runs.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, k) => k));
    expect(runs.length).toBe(Math.ceil(12 / 5));
    expect(validation.warnings).toEqual([]);
  });
});

describe('every addressable unit in a section, with an address (issue 33, item 6)', () => {
  /** An office (0..10 × 0..10) and a corridor (0..10 × 10.2..13) across a 0.2 m wall with a door (x 4..5). */
  const office = () =>
    makeArch([
      {
        id: 'g',
        rooms: [
          { id: 'office', exterior: rect(0, 0, 10, 10) },
          { id: 'corridor', exterior: rect(0, 10.2, 10, 2.8) },
        ],
        doors: [{ id: 'door', left: [4, 10.1], right: [5, 10.1] }],
      },
      { id: 'u', rooms: [] },
    ]);
  const button = (id: string, storey: string, at: Pt, door = '') => ({
    id,
    storey_id: storey,
    coord: [at[0], at[1], 1.2] as [number, number, number],
    product_id: '',
    door_id: door,
    angle: 0,
  });

  it('puts call points on the door or wall line, outside every room, in the section of the room they serve', () => {
    const arch = office();
    const fire = designed(arch, 'Sbf1108', 100); // 100 m²: the office and the corridor are sections of their own
    fire.units.buttons = {
      // At the door, named by the button: the door's rooms are both 0.1 m away; either serves.
      atDoor: button('atDoor', 'g', [4.5, 10.1], 'door'),
      // On the wall line, 0.05 m from the corridor and 0.15 m from the office: the corridor's.
      onWall: button('onWall', 'g', [8, 10.15]),
      // Beside the door without naming it, nearer the office side: the office's.
      byDoor: button('byDoor', 'g', [5.2, 10.05]),
    };
    const { sections, validation } = calcFireSections({ settings: ALL, model: { arch, fire } });
    const sectionOf = (room: string) => Object.values(sections).find((s) => s.parts.some((p) => p.room_id === room))!;
    expect(sectionOf('office')).not.toBe(sectionOf('corridor'));
    const holder = (unit: string) => Object.values(sections).find((s) => s.addresses[unit] !== undefined);
    expect([sectionOf('office'), sectionOf('corridor')]).toContain(holder('atDoor'));
    expect(holder('onWall')).toBe(sectionOf('corridor'));
    expect(holder('byDoor')).toBe(sectionOf('office'));
    expect(validation.warnings).toEqual([]);
  });

  it('names a unit on a storey with no section: it cannot have an address', () => {
    const arch = office();
    const fire = designed(arch, 'Sbf1108');
    fire.units.buttons = { up: button('up', 'u', [2, 2]) };
    const { sections, validation } = calcFireSections({ settings: ALL, model: { arch, fire } });
    expect(Object.values(sections).some((s) => s.addresses.up !== undefined)).toBe(false);
    expect(validation.warnings.map((w) => w.message)).toEqual([
      'Unit up has no section and no address: no section has a room on its storey',
    ]);
  });
});
