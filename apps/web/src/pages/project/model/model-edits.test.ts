import { describe, expect, it } from 'vitest';
import { emptyModel, newTray, type Model } from '@edrf/model';
import { applyEdits } from '../../../state/history';
import { rect, testArch } from '../../../editor/arch/test-arch';
import { addRoomEdits, deleteSelection, diffEdits, mergeStoreys, modelStatistics, roomShapeEdits } from './model-edits';
import { clampNumber } from './NumberField';

const model = (): Model => ({ ...emptyModel(), arch: testArch() });

describe('architecture edits', () => {
  it('a drawn room is New Room of type Other on the storey', () => {
    const before = model();
    const { id, requests } = addRoomEdits(before.arch, 's1', rect(0, 0, 2, 2));
    const after = applyEdits(before, requests).model;
    expect(after.arch.rooms[id]).toMatchObject({ name: 'New Room', type: 'Other', shape: { exterior: rect(0, 0, 2, 2) } });
    expect(after.arch.storeys.s1!.rooms).toEqual(['u', id]);
    expect(before.arch.rooms[id]).toBeUndefined();
  });

  it('a new shape replaces the outline only', () => {
    const after = applyEdits(model(), roomShapeEdits('k', rect(0, 0, 5, 5))).model;
    expect(after.arch.rooms.k!.shape.exterior).toEqual(rect(0, 0, 5, 5));
    expect(after.arch.rooms.k!.name).toBe('Kitchen');
  });

  it('delete cascades (a wall leaves its door’s list) and shares what did not change', () => {
    const before = model();
    before.arch.doors.d1!.walls = ['w1'];
    const after = deleteSelection(before, [
      { kind: 'arch.walls', id: 'w1' },
      { kind: 'arch.rooms', id: 'k' },
    ]);
    expect(after.arch.walls.w1).toBeUndefined();
    expect(after.arch.rooms.k).toBeUndefined();
    expect(after.arch.storeys.s0!.rooms).toEqual(['o']);
    expect(after.arch.storeys.s0!.walls).toEqual(['b1']);
    expect(after.arch.doors.d1!.walls).toEqual([]);
    expect(after.arch.rooms.o).toBe(before.arch.rooms.o);
    expect(after.config).toBe(before.config);
  });

  it('merging moves the items, tiles and trays into the kept storey and removes the others', () => {
    const before = model();
    before.config.report_tiles = { s1: [{ min: [0, 0], max: [1, 1] }] };
    before.elec.trays = { t1: newTray('t1', 's1', [0, 0, 5], [1, 0, 5], 's0') };
    const after = mergeStoreys(before, 's0', ['s1']);
    expect(Object.keys(after.arch.storeys)).toEqual(['s0']);
    expect(after.arch.storeys.s0!.rooms).toEqual(['k', 'o', 'u']);
    expect(after.arch.storeys.s0!.name).toBe('Ground');
    expect(after.arch.rooms.u).toBe(before.arch.rooms.u);
    expect(after.config.report_tiles).toEqual({ s0: [{ min: [0, 0], max: [1, 1] }] });
    expect(after.elec.trays.t1).toMatchObject({ storey_id: 's0', to_storey_id: '' });
  });

  it('merging needs at least one other storey', () => {
    expect(() => mergeStoreys(model(), 's0', [])).toThrow(/at least one other storey/);
    expect(() => mergeStoreys(model(), 's0', ['s0'])).toThrow(/at least one other storey/);
  });

  it('counts storeys, rooms, walls, doors and the total area', () => {
    expect(modelStatistics(testArch())).toEqual({ storeys: 2, rooms: 3, walls: 2, doors: 1, totalArea: 12 + 9 + 21 });
  });

  it('diffs two models item by item', () => {
    const before = model();
    const after = applyEdits(before, [{ path: ['arch', 'rooms', 'k', 'name'], value: 'Galley' }]).model;
    expect(diffEdits(before, after)).toEqual([{ path: ['arch', 'rooms', 'k'], value: after.arch.rooms.k }]);
  });
});

describe('number inputs (P§5)', () => {
  it('clamp to min and max and round without decimals', () => {
    expect(clampNumber(400, { min: 0, max: 359, decimals: 0 })).toBe(359);
    expect(clampNumber(-3, { min: 0, max: 359, decimals: 0 })).toBe(0);
    expect(clampNumber(12.6, { min: 0, max: 359, decimals: 0 })).toBe(13);
    expect(clampNumber(12.6, {})).toBe(12.6);
  });
});
