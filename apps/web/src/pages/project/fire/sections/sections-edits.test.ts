import { describe, expect, it } from 'vitest';
import { compareSectionNames } from '@edrf/fire';
import { SECTION_PALETTE, fireSchema, type Model, type Point2 } from '@edrf/model';
import { applyEdits, type EditRequest } from '../../../../state/history';
import { isValidSectionShape, sortedSections, unitPart } from './section-lookup';
import {
  addSectionEdits,
  addressRefusal,
  addressUnitEdits,
  deleteSectionEdits,
  moveRoomEdits,
  partShapeEdits,
  recolourEdits,
  removePartEdits,
  renameEdits,
  resetPartShapeEdits,
  setAddressEdits,
} from './sections-edits';
import { sectionsModel } from './test-sections';

const apply = (model: Model, requests: readonly EditRequest[] | null) => {
  expect(requests).not.toBeNull();
  const next = applyEdits(model, requests!).model;
  // Every edit leaves a fire module the schema takes (one address per unit, addresses unique in a section).
  expect(fireSchema.safeParse(next.fire).success).toBe(true);
  return next;
};

describe('sections edits', () => {
  it('adds a new section named 0, empty description, first palette pair, at the first free section-N', () => {
    const model = sectionsModel();
    const { id, requests } = addSectionEdits(model);
    expect(id).toBe('section-3');
    const next = apply(model, requests);
    expect(next.fire!.sections['section-3']).toEqual({
      id: 'section-3',
      name: '0',
      description: '',
      color: SECTION_PALETTE[0]!.color,
      highlight_color: SECTION_PALETTE[0]!.highlight_color,
      parts: [],
      addresses: {},
    });
  });

  it('renames, recolours with one of the 8 pairs, and deletes', () => {
    let model = apply(sectionsModel(), renameEdits('section-1', 'A'));
    model = apply(model, recolourEdits('section-1', 5));
    expect(model.fire!.sections['section-1']).toMatchObject({ name: 'A', ...SECTION_PALETTE[5] });
    expect(recolourEdits('section-1', 8)).toEqual([]);
    model = apply(model, deleteSectionEdits('section-1'));
    expect(Object.keys(model.fire!.sections)).toEqual(['section-2']);
  });

  it('lists sections numerically by name, non-numeric names after, as the engine orders them (F§4)', () => {
    const names = ['10', 'B', '2', 'A10', '', '0', 'A2', '1.5'];
    const fire = sectionsModel().fire!;
    const sections = Object.fromEntries(names.map((name, i) => [`s${i}`, { ...fire.sections['section-1']!, id: `s${i}`, name }]));
    const expected = ['0', '1.5', '2', '10', '', 'A2', 'A10', 'B'];
    expect(sortedSections({ ...fire, sections }).map((s) => s.name)).toEqual(expected);
    // The engine's order (which section holds a unit first, the loops' order) is the same function's.
    expect(names.slice().sort(compareSectionNames)).toEqual(expected);
    expect(sortedSections(sectionsModel().fire).map((s) => s.name)).toEqual(['1', '10']);
  });

  it('moves a room into a section as a part {room_id, shape: null}', () => {
    const model = apply(sectionsModel(), moveRoomEdits(sectionsModel(), 'o', 'section-1'));
    expect(model.fire!.sections['section-1']!.parts).toEqual([
      { room_id: 'k', shape: null },
      { room_id: 'o', shape: null },
    ]);
    expect(moveRoomEdits(model, 'o', 'section-1')).toBeNull();
  });

  it('moves a part to another section with its shape; its units lose their addresses in the section it left', () => {
    let model = sectionsModel();
    const shape: Point2[] = [
      [0, 0],
      [2, 0],
      [2, 2],
      [0, 2],
    ];
    model = apply(model, partShapeEdits(model, 'section-1', 'k', shape));
    model = apply(model, moveRoomEdits(model, 'k', 'section-2'));
    expect(model.fire!.sections['section-1']).toMatchObject({ parts: [], addresses: {} });
    expect(model.fire!.sections['section-2']!.parts.map((p) => p.room_id)).toEqual(['u', 'k']);
    expect(model.fire!.sections['section-2']!.parts[1]!.shape!.exterior).toEqual(shape);
  });

  it('removes a part and the addresses of the units in it only', () => {
    let model = sectionsModel();
    model = apply(model, moveRoomEdits(model, 'o', 'section-1'));
    model = apply(model, setAddressEdits('section-1', 'd3', 2));
    model = apply(model, removePartEdits(model, 'section-1', 'k'));
    expect(model.fire!.sections['section-1']).toMatchObject({ parts: [{ room_id: 'o', shape: null }], addresses: { d3: 2 } });
    expect(removePartEdits(model, 'section-1', 'k')).toBeNull();
  });

  it('sets a part shape only when it is a simple polygon, and reset removes it', () => {
    const model = sectionsModel();
    const bow: Point2[] = [
      [0, 0],
      [2, 2],
      [2, 0],
      [0, 2],
    ];
    expect(isValidSectionShape(bow)).toBe(false);
    expect(partShapeEdits(model, 'section-1', 'k', bow)).toBeNull();
    expect(
      partShapeEdits(model, 'section-1', 'k', [
        [0, 0],
        [1, 1],
      ]),
    ).toBeNull();
    expect(
      partShapeEdits(model, 'section-1', 'k', [
        [0, 0],
        [1, 1],
        [2, 2],
      ]),
    ).toBeNull();
    const triangle: Point2[] = [
      [0, 0],
      [4, 0],
      [0, 2.5],
    ];
    const added = addSectionEdits(model);
    const office = added.id;
    const withOffice = apply(model, added.requests);
    const shaped = apply(withOffice, [
      ...partShapeEdits(withOffice, 'section-1', 'k', triangle)!,
      ...moveRoomEdits(withOffice, 'o', office)!,
    ]);
    // The shape decides which section a unit belongs to (the engine's rule): d1 (1, 1) lies in the triangle; d2 (3, 2)
    // outside it, 1.17 m from its long side (2.5·3 + 4·2 − 10 over √(2.5² + 4²)) and 1 m from the office: the office's.
    expect(unitPart(shaped, { id: 'd1' })?.section.id).toBe('section-1');
    expect(unitPart(shaped, { id: 'd2' })?.section.id).toBe(office);
    expect(unitPart(model, { id: 'd2' })?.section.id).toBe('section-1');
    const reset = apply(shaped, resetPartShapeEdits(shaped, 'section-1', 'k'));
    expect(reset.fire!.sections['section-1']!.parts[0]!.shape).toBeNull();
    expect(resetPartShapeEdits(reset, 'section-1', 'k')).toBeNull();
  });

  it('gives a clicked unit the lowest unused positive address of its section; clearing removes it', () => {
    let model = sectionsModel();
    model = apply(model, setAddressEdits('section-1', 'd1', 2));
    const first = addressUnitEdits(model, 'd2');
    expect(first).toMatchObject({ address: 1 });
    model = apply(model, first!.requests);
    expect(addressUnitEdits(model, 'd2')).toBeNull();
    // The office is in no section: its d3 belongs to the nearest part on its storey, the kitchen's (the engine's rule,
    // issue 33: every unit that takes an address has a section where one is on its storey). A unit that is not there,
    // or on a storey with no section, takes none.
    expect(addressUnitEdits(model, 'd3')).toMatchObject({ address: 3, section: { id: 'section-1' } });
    expect(addressUnitEdits(model, 'nope')).toBeNull();
    expect(addressUnitEdits(model, 'd4')).toMatchObject({ address: 1, section: { id: 'section-2' } });
    expect(addressUnitEdits(apply(model, deleteSectionEdits('section-2')), 'd4')).toBeNull();
    expect(addressRefusal(model.fire!.sections['section-1']!, 'd2', 2)).toBe("Address 2 is already given to 'd1'");
    expect(addressRefusal(model.fire!.sections['section-1']!, 'd2', 0)).not.toBeNull();
    model = apply(model, setAddressEdits('section-1', 'd2', null));
    expect(model.fire!.sections['section-1']!.addresses).toEqual({ d1: 2 });
  });
});
