import { describe, expect, it } from 'vitest';
import type { Arch, Fire, Section } from '@edrf/model';
import { calcFireUnits } from '../calc-units.js';
import { pointInRings, type Pt } from '../geometry/ring.js';
import { makeArch, rect, type StoreySpec } from '../test-support/arch.js';
import { fireFor } from '../test-support/check-units.js';
import { calcFireSections, SECTION_LABEL_PREFIX, type SectionsSettings } from './calc-sections.js';

/**
 * Two storeys: a corridor (0..60 × 10..13) with six 100 m² rooms on each side, doors into each; a stairwell
 * (60..65 × 0..23) beside it. With a 500 m² cap each storey's 1380 m² need 3 sections, the stair stack one: 7.
 */
function storey(id: string, min_z: number): StoreySpec {
  const rooms = [
    { id: `${id}-corridor`, name: `${id} corridor`, exterior: rect(0, 10, 60, 3) },
    ...Array.from({ length: 6 }, (_, k) => ({ id: `${id}-s${k}`, name: `${id} south ${k}`, exterior: rect(k * 10, 0, 10, 10) })),
    ...Array.from({ length: 6 }, (_, k) => ({ id: `${id}-n${k}`, name: `${id} north ${k}`, exterior: rect(k * 10, 13, 10, 10) })),
    { id: `${id}-stair`, name: `${id} stair`, type: 'Stairwell' as const, exterior: rect(60, 0, 5, 23) },
  ];
  const doors = [
    ...Array.from({ length: 6 }, (_, k) => ({ id: `${id}-ds${k}`, left: [k * 10 + 4, 10] as Pt, right: [k * 10 + 5, 10] as Pt })),
    ...Array.from({ length: 6 }, (_, k) => ({ id: `${id}-dn${k}`, left: [k * 10 + 4, 13] as Pt, right: [k * 10 + 5, 13] as Pt })),
  ];
  return { id, min_z, max_z: min_z + 3, rooms, doors };
}

const building = (): Arch => makeArch([storey('g', 0), storey('u', 3)]);

function designed(arch: Arch, cap = 500, regulation: Fire['config']['regulation'] = 'Sbf1108'): Fire {
  const fire = fireFor(regulation);
  fire.config.section.section_areas = [cap];
  const placed = calcFireUnits({ arch, fire });
  return { ...fire, units: { ...fire.units, ...placed.units } };
}

const ALL: SectionsSettings = { sections: true, labels: true, addresses: true };
const roomsOf = (s: Section) => s.parts.map((p) => p.room_id).sort();
const areaOf = (arch: Arch, s: Section) =>
  s.parts.reduce((sum, p) => {
    const [x0, y0, x1, y1] = bbox(arch.rooms[p.room_id]!.shape.exterior);
    return sum + (x1 - x0) * (y1 - y0);
  }, 0);
const bbox = (ring: readonly (readonly number[])[]): [number, number, number, number] => [
  Math.min(...ring.map((p) => p[0]!)),
  Math.min(...ring.map((p) => p[1]!)),
  Math.max(...ring.map((p) => p[0]!)),
  Math.max(...ring.map((p) => p[1]!)),
];

describe('calc_fire_sections', () => {
  it('puts every room with detectors in exactly one section, under the cap, the stair stack alone, as few as the bound', () => {
    const arch = building();
    const fire = designed(arch);
    const { sections, validation } = calcFireSections({ settings: ALL, model: { arch, fire } });
    const list = Object.values(sections);
    const rooms = list.flatMap(roomsOf).sort();
    expect(rooms).toEqual(Object.keys(arch.rooms).sort());
    for (const s of list) expect(areaOf(arch, s)).toBeLessThanOrEqual(500);
    const stairs = list.filter((s) => s.parts.some((p) => p.room_id.endsWith('stair')));
    expect(stairs.map(roomsOf)).toEqual([['g-stair', 'u-stair']]);
    for (const s of list.filter((x) => !stairs.includes(x))) expect(new Set(roomsOf(s).map((r) => r[0])).size).toBe(1);
    expect(list.length).toBe(7);
    expect(validation.split_sections).toEqual([]);
    expect(validation.warnings).toEqual([]);
  });

  it('names sections 1, 2, 3 … bottom up, and colours neighbours differently', () => {
    const arch = building();
    const { sections } = calcFireSections({ settings: ALL, model: { arch, fire: designed(arch) } });
    const list = Object.values(sections);
    expect(list.map((s) => s.name).sort((a, b) => Number(a) - Number(b))).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    const storeyOf = (s: Section) => (s.parts[0]!.room_id.startsWith('g') ? 0 : 1);
    const ground = list.filter((s) => storeyOf(s) === 0 && !roomsOf(s).includes('g-stair')).map((s) => Number(s.name));
    const upper = list.filter((s) => storeyOf(s) === 1 && !roomsOf(s).includes('u-stair')).map((s) => Number(s.name));
    expect(Math.max(...ground)).toBeLessThan(Math.min(...upper));
    // Sections sharing a wall or a door on a storey: the corridor's section neighbours every other on its storey.
    const owner = new Map(list.flatMap((s) => s.parts.map((p) => [p.room_id, s] as const)));
    for (const id of ['g', 'u']) {
      const corridor = owner.get(`${id}-corridor`)!;
      for (const k of [0, 5])
        for (const side of ['s', 'n']) {
          const other = owner.get(`${id}-${side}${k}`)!;
          if (other !== corridor) expect(other.color).not.toBe(corridor.color);
        }
    }
  });

  it('gives each unit of a section a positive address unique in it, one walk through the section', () => {
    const arch = building();
    const fire = designed(arch);
    const { sections } = calcFireSections({ settings: ALL, model: { arch, fire } });
    const units = { ...fire.units.detectors, ...fire.units.sirens, ...fire.units.buttons };
    let addressed = 0;
    for (const s of Object.values(sections)) {
      const numbers = Object.values(s.addresses);
      expect(new Set(numbers).size).toBe(numbers.length);
      expect([...numbers].sort((a, b) => a - b)).toEqual(numbers.map((_, i) => i + 1));
      for (const id of Object.keys(s.addresses)) {
        const unit = units[id]!;
        const inside = s.parts.some((p) => {
          const room = arch.rooms[p.room_id]!;
          return arch.storeys[unit.storey_id]!.rooms.includes(room.id) && pointInRings(unit.coord[0], unit.coord[1], [room.shape.exterior]);
        });
        expect(inside, id).toBe(true);
      }
      addressed += numbers.length;
    }
    expect(addressed).toBe(Object.keys(units).length);
  });

  it('writes a label with each section’s name inside its largest part, at the storey’s middle', () => {
    const arch = building();
    const { sections, labels } = calcFireSections({ settings: ALL, model: { arch, fire: designed(arch) } });
    expect(Object.keys(labels).sort()).toEqual(
      Object.keys(sections)
        .map((id) => `${SECTION_LABEL_PREFIX}${id}`)
        .sort(),
    );
    for (const s of Object.values(sections)) {
      const label = labels[`${SECTION_LABEL_PREFIX}${s.id}`]!;
      expect(label.label).toBe(s.name);
      const inside = s.parts.some((p) => pointInRings(label.coord[0], label.coord[1], [arch.rooms[p.room_id]!.shape.exterior]));
      expect(inside).toBe(true);
      expect(label.coord[2]).toBeCloseTo(arch.storeys[label.storey_id]!.height.min_z + 1.5, 9);
    }
  });

  it('keeps the sections and addresses the user edited on a second run, and starts over when asked to renumber', () => {
    const arch = building();
    const fire = designed(arch);
    const first = calcFireSections({ settings: ALL, model: { arch, fire } });
    // The same again: nothing moves.
    const again = calcFireSections({ settings: ALL, model: { arch, fire: { ...fire, sections: first.sections } } });
    expect(again.sections).toEqual(first.sections);

    // The user takes a room out of its section and gives a unit another address.
    const edited = structuredClone(first.sections);
    const section = Object.values(edited).find((s) => s.parts.length > 1 && !roomsOf(s).some((r) => r.endsWith('stair')))!;
    const freed = section.parts.pop()!.room_id;
    const units = { ...fire.units.detectors, ...fire.units.sirens, ...fire.units.buttons };
    const unit = Object.keys(section.addresses).find((id) =>
      section.parts.some((p) => pointInRings(units[id]!.coord[0], units[id]!.coord[1], [arch.rooms[p.room_id]!.shape.exterior])),
    );
    section.addresses = { ...section.addresses, [unit!]: 99 };
    const kept = calcFireSections({ settings: ALL, model: { arch, fire: { ...fire, sections: edited } } });
    expect(kept.sections[section.id]!.parts).toEqual(section.parts);
    expect(kept.sections[section.id]!.addresses[unit!]).toBe(99);
    const added = Object.values(kept.sections).filter((s) => !first.sections[s.id]);
    expect(added.map(roomsOf)).toEqual([[freed]]);
    expect(added[0]!.name).toBe('8');

    const over = calcFireSections({ settings: { ...ALL, renumber: true }, model: { arch, fire: { ...fire, sections: edited } } });
    expect(
      Object.values(over.sections)
        .map((s) => s.name)
        .sort(),
    ).toEqual(
      Object.values(first.sections)
        .map((s) => s.name)
        .sort(),
    );
    expect(Object.values(over.sections).some((s) => Object.values(s.addresses).includes(99))).toBe(false);
  });

  it('only analyses with every box off: a section in two pieces is listed with its rooms and warned', () => {
    const arch = building();
    const fire = designed(arch);
    const split: Section = {
      id: 'x',
      name: 'X',
      description: '',
      color: '#f4a6a6',
      highlight_color: '#d62828',
      parts: [
        { room_id: 'g-s0', shape: null },
        { room_id: 'g-s5', shape: null },
      ],
      addresses: {},
    };
    const result = calcFireSections({
      settings: { sections: false, labels: false, addresses: false },
      model: { arch, fire: { ...fire, sections: { x: split } } },
    });
    expect(result.sections).toEqual({ x: split });
    expect(result.labels).toEqual({});
    expect(result.validation.split_sections).toEqual([['g-s0'], ['g-s5']]);
    expect(result.validation.warnings.find((w) => w.section_id === 'x')?.message).toBe(
      'Section X is not contiguous: its rooms fall into 2 parts',
    );
    // The other rooms hold detectors and are in no section.
    expect(result.validation.warnings.filter((w) => w.warning_id.startsWith('room_without_section:')).length).toBe(
      Object.keys(arch.rooms).length - 2,
    );
  });

  it('addresses follow the cable where a route runs through the units', () => {
    const arch = makeArch([{ id: 'g', rooms: [{ id: 'hall', exterior: rect(0, 0, 40, 6) }] }]);
    const fire = designed(arch, 2000);
    const ids = Object.keys(fire.units.detectors).sort((a, b) => fire.units.detectors[b]!.coord[0] - fire.units.detectors[a]!.coord[0]);
    expect(ids.length).toBeGreaterThan(2);
    fire.connections.routes = {
      r: {
        id: 'r',
        product_id: '',
        kind: 'Loop',
        slices: [{ storey_id: 'g', nodes: ids.map((id) => ({ unit_id: id, coord: fire.units.detectors[id]!.coord })) }],
      },
    };
    const { sections } = calcFireSections({ settings: ALL, model: { arch, fire } });
    const [section] = Object.values(sections);
    expect(ids.map((id) => section!.addresses[id])).toEqual(ids.map((_, i) => i + 1));
  });

  it('cuts a room larger than the cap into strips of equal area, each a part with its shape in a section of its own', () => {
    const arch = makeArch([{ id: 'g', rooms: [{ id: 'hall', exterior: rect(0, 0, 100, 50) }] }]);
    const { sections, validation } = calcFireSections({ settings: ALL, model: { arch, fire: designed(arch, 2000) } });
    const list = Object.values(sections);
    expect(list).toHaveLength(3);
    for (const s of list) {
      expect(s.parts).toHaveLength(1);
      const { room_id, shape } = s.parts[0]!;
      expect(room_id).toBe('hall');
      const [x0, y0, x1, y1] = bbox(shape!.exterior);
      expect([y0, y1]).toEqual([0, 50]);
      expect((x1 - x0) * (y1 - y0)).toBeCloseTo(5000 / 3, 3);
    }
    expect(validation.warnings).toEqual([]);
  });

  it('BS 5839: a building of at most 300 m² is one section over its storeys', () => {
    const small = makeArch([
      { id: 'a', rooms: [{ id: 'a1', exterior: rect(0, 0, 10, 10) }] },
      { id: 'b', rooms: [{ id: 'b1', exterior: rect(0, 0, 10, 10) }] },
    ]);
    const { sections, validation } = calcFireSections({ settings: ALL, model: { arch: small, fire: designed(small, 2000, 'Bs5839') } });
    expect(Object.values(sections).map(roomsOf)).toEqual([['a1', 'b1']]);
    expect(validation.warnings).toEqual([]);
  });

  it('refuses a model without detectors: Fire detectors missing', () => {
    const arch = building();
    expect(() => calcFireSections({ settings: ALL, model: { arch, fire: fireFor('Sbf1108') } })).toThrow('Fire detectors missing');
  });
});
