import { describe, expect, it } from 'vitest';
import {
  COLLECTIONS,
  ITEM_KINDS,
  UNIT_KINDS,
  collectionEntries,
  getItem,
  isJsonObject,
  itemIds,
  removeItemInPlace,
  valueAt,
} from './collections.js';
import { emptyModel } from './model.js';
import { sampleModel } from './test-support.js';

describe('COLLECTIONS', () => {
  it('names every collection of the model by its path', () => {
    const model = sampleModel();
    for (const kind of ITEM_KINDS) {
      const value = valueAt(model, kind);
      if (COLLECTIONS[kind] === 'list') expect(Array.isArray(value), kind).toBe(true);
      else expect(isJsonObject(value), kind).toBe(true);
    }
    expect(UNIT_KINDS.every((kind) => kind in COLLECTIONS)).toBe(true);
  });
});

describe('valueAt', () => {
  it('follows a dotted path and stops at anything that is not an object', () => {
    expect(valueAt(sampleModel(), 'arch.rooms.r1.name')).toBe('Office');
    expect(valueAt(emptyModel(), 'fire.units.racks')).toBeUndefined();
    expect(valueAt(sampleModel(), 'arch.rooms.r1.shape.exterior.0')).toBeUndefined();
  });
});

describe('collectionEntries, itemIds, getItem', () => {
  it('read keyed collections and ordered product lists alike', () => {
    const model = sampleModel();
    expect(itemIds(model, 'arch.rooms')).toEqual(['r1', 'r2', 'r3']);
    expect(itemIds(model, 'fire.config.products.cables')).toEqual(['pcb1']);
    expect(collectionEntries(model, 'arch.storeys').map(([id, storey]) => [id, storey.name])).toEqual([
      ['s1', 'Ground'],
      ['s2', 'First'],
    ]);
    expect(getItem(model, 'fire.config.products.detectors', 'pd1')).toMatchObject({ name: 'Smoke detector' });
    expect(getItem(model, 'arch.rooms', 'r2')).toMatchObject({ type: 'Kitchen' });
    expect(getItem(model, 'arch.rooms', 'toString')).toBeUndefined();
    expect(itemIds(emptyModel(), 'fire.units.detectors')).toEqual([]);
  });
});

describe('removeItemInPlace', () => {
  it('removes from a keyed collection or a list and says whether the item was there', () => {
    const model = sampleModel() as unknown as Record<string, unknown>;
    expect(removeItemInPlace(model, 'arch.rooms', 'r1')).toBe(true);
    expect(removeItemInPlace(model, 'arch.rooms', 'r1')).toBe(false);
    expect(removeItemInPlace(model, 'fire.config.products.cables', 'pcb1')).toBe(true);
    expect(itemIds(model, 'arch.rooms')).toEqual(['r2', 'r3']);
    expect(itemIds(model, 'fire.config.products.cables')).toEqual([]);
    expect(removeItemInPlace(emptyModel() as unknown as Record<string, unknown>, 'fire.sections', 'x')).toBe(false);
  });
});
