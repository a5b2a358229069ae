import { describe, expect, it } from 'vitest';
import { sectionColors, type Arch, type Fire, type Section } from '@edrf/model';
import { pointInRings } from '../geometry/ring.js';
import { SECTION_LABEL_PREFIX } from '../sections/calc-sections.js';
import { makeArch, rect } from '../test-support/arch.js';
import { archChanges, designBasis } from './arch-changes.js';
import { BASIS_AT, designed, edited, putRoom, removeRoom, UPDATE_AT } from '../test-support/revision-edits.js';
import { updateFireDesign } from './update-design.js';

// One storey: a corridor (60 m²) with offices A, B, D (60 m² each) south of it and rooms E, F (90 m² each) north.
const building = (): Arch =>
  makeArch([
    {
      id: 'S0',
      rooms: [
        { id: 'corridor', exterior: rect(0, 6, 30, 2) },
        { id: 'A', exterior: rect(0, 0, 10, 6) },
        { id: 'B', exterior: rect(10, 0, 10, 6) },
        { id: 'D', exterior: rect(20, 0, 10, 6) },
        { id: 'E', exterior: rect(0, 8, 15, 6) },
        { id: 'F', exterior: rect(15, 8, 15, 6) },
      ],
      doors: [
        { id: 'dA', left: [4, 6], right: [5, 6] },
        { id: 'dB', left: [14, 6], right: [15, 6] },
        { id: 'dD', left: [24, 6], right: [25, 6] },
        { id: 'dE', left: [4, 8], right: [5, 8] },
        { id: 'dF', left: [19, 8], right: [20, 8] },
        { id: 'exit', left: [0, 6.5], right: [0, 7.5], exterior: true },
      ],
    },
  ]);
const arch = building();

const update = (next: Arch, fire: Fire) => updateFireDesign({ arch: next, fire }, archChanges(fire.design_basis!, next), { at: UPDATE_AT });
const sectionOf = (fire: Fire, room: string): Section | undefined =>
  Object.values(fire.sections).find((s) => s.parts.some((p) => p.room_id === room));
const unitsIn = (fire: Fire, a: Arch, room: string) =>
  (['detectors', 'sirens', 'buttons'] as const).flatMap((group) =>
    Object.values<{ id: string; coord: readonly number[] }>(fire.units[group])
      .filter((u) => pointInRings(u.coord[0]!, u.coord[1]!, [a.rooms[room]!.shape.exterior]))
      .map((u) => u.id),
  );

describe('updateFireDesign: sections', () => {
  it('puts a new room in the section of the room it shares a wall with; its units take the lowest free addresses', () => {
    const design = designed(arch);
    const next = edited(arch, (draft) => putRoom(draft, 'S0', { id: 'G', exterior: rect(0, 14, 15, 6) }));
    const { fire, summary } = update(next, design);
    const section = sectionOf(fire, 'G')!;
    expect(section.id).toBe(sectionOf(design, 'E')!.id);
    expect(summary.sections).toEqual({ added: [], removed: [], changed: [section.id] });
    const before = design.sections[section.id]!.addresses;
    for (const [unit, address] of Object.entries(before)) expect(section.addresses[unit], unit).toBe(address);
    const fresh = unitsIn(fire, next, 'G');
    expect(fresh.length).toBeGreaterThan(0);
    const taken = new Set(Object.values(before));
    const lowestFree = Array.from({ length: taken.size + fresh.length }, (_, k) => k + 1).filter((n) => !taken.has(n));
    expect(fresh.map((unit) => section.addresses[unit]).sort((a, b) => a! - b!)).toEqual(lowestFree);
  });

  it('joins a neighbour’s section while the cap allows, else makes a section of its own, numbered next, coloured unlike its neighbour', () => {
    // A cap of 95 m²: every room is a section alone (two would be 120 m² or more).
    const design = designed(arch, { sectionAreas: [95] });
    expect(Object.keys(design.sections)).toHaveLength(6);
    const next = edited(arch, (draft) => {
      putRoom(draft, 'S0', { id: 'H', exterior: rect(0, -3, 10, 3) }); // 30 m² south of A: 90 m² together
      putRoom(draft, 'S0', { id: 'G', exterior: rect(0, 14, 15, 6) }); // 90 m² north of E: 180 m² together
    });
    const { fire, summary } = update(next, design);
    expect(sectionOf(fire, 'H')!.id).toBe(sectionOf(design, 'A')!.id);
    const own = sectionOf(fire, 'G')!;
    expect(summary.sections.added).toEqual([own.id]);
    expect(own.parts).toEqual([{ room_id: 'G', shape: null }]);
    expect(own.name).toBe('7');
    expect(own.color).not.toBe(sectionOf(fire, 'E')!.color);
    // Its label, as the sections run labels: in the room.
    const label = fire.units.labels[`${SECTION_LABEL_PREFIX}${own.id}`]!;
    expect(label.label).toBe('7');
    expect(pointInRings(label.coord[0], label.coord[1], [rect(0, 14, 15, 6)])).toBe(true);
  });

  it('drops a removed room’s part and its units’ addresses; a section left empty goes, with its label', () => {
    const whole = designed(arch);
    const next = edited(arch, (draft) => removeRoom(draft, 'A'));
    const gone = unitsIn(whole, arch, 'A');
    const one = update(next, whole).fire;
    for (const section of Object.values(one.sections)) {
      expect(section.parts.map((p) => p.room_id)).not.toContain('A');
      for (const unit of gone) expect(section.addresses[unit]).toBeUndefined();
    }
    const alone = designed(arch, { sectionAreas: [95] });
    const sectionA = sectionOf(alone, 'A')!.id;
    const { fire, summary } = update(next, alone);
    expect(summary.sections.removed).toEqual([sectionA]);
    expect(fire.sections[sectionA]).toBeUndefined();
    expect(fire.units.labels[`${SECTION_LABEL_PREFIX}${sectionA}`]).toBeUndefined();
    expect(Object.keys(fire.units.labels)).toHaveLength(5);
  });

  it('takes a reshaped room out of a section it now takes past the cap, into one of its own', () => {
    const design = designed(arch, { sectionAreas: [125] });
    // Sections by hand: A and B together (120 m²), each other room alone.
    const mine = (id: string, rooms: string[], color: number): Section => ({
      id,
      name: id,
      description: '',
      ...sectionColors(color),
      parts: rooms.map((room_id) => ({ room_id, shape: null })),
      addresses: {},
    });
    design.sections = {
      AB: mine('AB', ['A', 'B'], 0),
      C: mine('C', ['corridor'], 1),
      D: mine('D', ['D'], 2),
      E: mine('E', ['E'], 3),
      F: mine('F', ['F'], 4),
    };
    design.design_basis = designBasis(arch, BASIS_AT, design.units);
    // B grows a metre south: 70 m², 130 with A.
    const next = edited(arch, (draft) => {
      draft.rooms.B!.shape.exterior = rect(10, -1, 10, 7);
    });
    const { fire, summary } = update(next, design);
    expect(fire.sections.AB!.parts.map((p) => p.room_id)).toEqual(['A']);
    const own = sectionOf(fire, 'B')!;
    expect(summary.sections.added).toEqual([own.id]);
    expect(summary.sections.changed).toEqual(['AB']);
  });

  it('puts a new stairwell in the stack of the stairwell it stands over', () => {
    const storeys = makeArch([
      {
        id: 'S0',
        rooms: [
          { id: 'hall0', exterior: rect(0, 0, 20, 10) },
          { id: 'stair0', exterior: rect(20, 0, 4, 10), type: 'Stairwell' },
        ],
        doors: [{ id: 'd0', left: [20, 4], right: [20, 5] }],
      },
      { id: 'S1', rooms: [{ id: 'hall1', exterior: rect(0, 0, 20, 10) }] },
    ]);
    const design = designed(storeys);
    const next = edited(storeys, (draft) => putRoom(draft, 'S1', { id: 'stair1', exterior: rect(20, 0, 4, 10), type: 'Stairwell' }));
    const { fire } = update(next, design);
    expect(sectionOf(fire, 'stair1')!.id).toBe(sectionOf(design, 'stair0')!.id);
    expect(sectionOf(fire, 'stair1')!.parts.map((p) => p.room_id)).toEqual(['stair0', 'stair1']);
  });
});
