import { describe, expect, it } from 'vitest';
import { emptyModel, type ItemRef } from '@edrf/model';
import { NOTHING, boxSelect, clickSelect, pruneSelection, singleRoom, type Selection } from './selection';
import { testArch } from './arch/test-arch';

const room = (id: string): ItemRef => ({ kind: 'arch.rooms', id });
const wall = (id: string): ItemRef => ({ kind: 'arch.walls', id });
const ids = (selection: Selection) => (selection.kind === 'items' ? selection.items.map((ref) => ref.id) : selection.kind);

describe('selection (P§4)', () => {
  it('a click selects the item alone; a click on nothing clears', () => {
    const one = clickSelect(NOTHING, room('k'), false);
    expect(ids(clickSelect(one, wall('w1'), false))).toEqual(['w1']);
    expect(clickSelect(one, null, false)).toBe(NOTHING);
  });

  it('shift adds an item, or removes it when it was selected; shift on nothing keeps the selection', () => {
    let selection = clickSelect(NOTHING, room('k'), false);
    selection = clickSelect(selection, wall('w1'), true);
    expect(ids(selection)).toEqual(['k', 'w1']);
    selection = clickSelect(selection, room('k'), true);
    expect(ids(selection)).toEqual(['w1']);
    expect(clickSelect(selection, null, true)).toBe(selection);
    expect(clickSelect(selection, wall('w1'), true)).toBe(NOTHING);
  });

  it('a box replaces the selection, or with shift adds what is not selected yet', () => {
    const start = clickSelect(NOTHING, room('k'), false);
    expect(ids(boxSelect(start, [room('o')], false))).toEqual(['o']);
    expect(ids(boxSelect(start, [room('o'), room('k')], true))).toEqual(['k', 'o']);
    expect(boxSelect(start, [], false)).toBe(NOTHING);
  });

  it('items, a storey, a tile and the model options exclude each other', () => {
    const storey: Selection = { kind: 'storey', storeyId: 's0' };
    expect(ids(clickSelect(storey, room('k'), true))).toEqual(['k']);
    expect(ids(boxSelect({ kind: 'model' }, [room('k')], true))).toEqual(['k']);
  });

  it('forgets what no longer exists', () => {
    const model = { ...emptyModel(), arch: testArch() };
    const selection: Selection = { kind: 'items', items: [room('k'), room('gone')] };
    expect(ids(pruneSelection(selection, model))).toEqual(['k']);
    expect(pruneSelection({ kind: 'storey', storeyId: 'nope' }, model)).toBe(NOTHING);
    expect(pruneSelection({ kind: 'tile', storeyId: 's0', index: 0 }, model)).toBe(NOTHING);
  });

  it('key e needs exactly one room', () => {
    expect(singleRoom(clickSelect(NOTHING, room('k'), false))).toBe('k');
    expect(singleRoom(clickSelect(NOTHING, wall('w1'), false))).toBeNull();
    expect(singleRoom(boxSelect(NOTHING, [room('k'), room('o')], false))).toBeNull();
  });
});
