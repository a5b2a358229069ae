import { describe, expect, it } from 'vitest';
import { emptyModel, fireSchema, type IoProduct, type Model } from '@edrf/model';
import { testArch } from '../../../../../editor/arch/test-arch';
import { applyEdits, type EditRequest } from '../../../../../state/history';
import { createFireConfigForTest } from '../../test-fire';
import {
  addIoEntryEdits,
  canAddIoEntry,
  ioCaps,
  ioProductEdits,
  removeIoEntryEdits,
  setIoEntryEdits,
  trimIoEntries,
  type IoInput,
  type IoOutput,
} from './io-edits';

/** The test arch with a fire module whose I/O products are 2 in / 1 out ('io-2-1'), 4 in / 3 out ('io-4-3') and 1 in / 0 out ('in-1'), and an I/O unit u1. */
function ioModel(unit: { product_id?: string; inputs?: IoInput[]; outputs?: IoOutput[] } = {}): Model {
  const fire = createFireConfigForTest('Sbf1108');
  const product = (id: string, inputs: number, outputs: number): IoProduct => ({
    ...fire.config.products.ios[0]!,
    id,
    name: id,
    inputs,
    outputs,
  });
  fire.config.products.ios = [product('io-2-1', 2, 1), product('io-4-3', 4, 3), product('in-1', 1, 0)];
  fire.units.ios.u1 = { id: 'u1', storey_id: 's0', coord: [1, 1, 0.1], angle: 0, product_id: 'io-2-1', inputs: [], outputs: [], ...unit };
  return { ...emptyModel(), arch: testArch(), fire: fireSchema.parse(fire) };
}

const apply = (model: Model, requests: EditRequest[]) => applyEdits(model, requests).model;
const io = (model: Model) => model.fire!.units.ios.u1!;
const input = (first: string, second = '', description = ''): IoInput => ({ first, second, description });
const output = (first: string, second: 'NO' | 'NC' = 'NO', description = ''): IoOutput => ({ first, second, description });

describe('adding inputs and outputs up to the product’s counts', () => {
  it('adds empty inputs and NO outputs until the cap, then adds nothing', () => {
    let model = ioModel();
    expect(ioCaps(model, 'u1')).toEqual({ inputs: 2, outputs: 1 });
    model = apply(model, addIoEntryEdits(model, 'u1', 'inputs'));
    expect(canAddIoEntry(model, 'u1', 'inputs')).toBe(true);
    model = apply(model, addIoEntryEdits(model, 'u1', 'inputs'));
    model = apply(model, addIoEntryEdits(model, 'u1', 'outputs'));
    expect(io(model).inputs).toEqual([input(''), input('')]);
    expect(io(model).outputs).toEqual([output('', 'NO')]);
    expect(canAddIoEntry(model, 'u1', 'inputs')).toBe(false);
    expect(canAddIoEntry(model, 'u1', 'outputs')).toBe(false);
    expect(addIoEntryEdits(model, 'u1', 'inputs')).toEqual([]);
    expect(addIoEntryEdits(model, 'u1', 'outputs')).toEqual([]);
  });

  it('a product with no outputs takes none; a unit without a product takes nothing', () => {
    expect(canAddIoEntry(ioModel({ product_id: 'in-1' }), 'u1', 'outputs')).toBe(false);
    expect(canAddIoEntry(ioModel({ product_id: 'in-1' }), 'u1', 'inputs')).toBe(true);
    const none = ioModel({ product_id: '' });
    expect(ioCaps(none, 'u1')).toEqual({ inputs: null, outputs: null });
    expect(addIoEntryEdits(none, 'u1', 'inputs')).toEqual([]);
    // A product that left the hardware list counts as none.
    expect(ioCaps(ioModel({ product_id: 'gone' }), 'u1')).toEqual({ inputs: null, outputs: null });
  });
});

describe('editing and removing', () => {
  it('changes one field of one entry, writing the list at the unit’s typed path', () => {
    const model = ioModel({ product_id: 'io-4-3', inputs: [input('a'), input('b')], outputs: [output('x')] });
    const requests = setIoEntryEdits(model, 'u1', 'inputs', 1, { second: 'B2', description: 'door' });
    expect(requests.map((r) => r.path)).toEqual([['fire', 'units', 'ios', 'u1', 'inputs']]);
    expect(io(apply(model, requests)).inputs).toEqual([input('a'), input('b', 'B2', 'door')]);
    const nc = apply(model, setIoEntryEdits(model, 'u1', 'outputs', 0, { second: 'NC' }));
    expect(io(nc).outputs).toEqual([output('x', 'NC')]);
    expect(setIoEntryEdits(model, 'u1', 'inputs', 0, { first: 'a' })).toEqual([]);
    expect(() => setIoEntryEdits(model, 'u1', 'inputs', 2, { first: 'c' })).toThrow(RangeError);
  });

  it('removes the entry at an index; the ones after it move up and Add is enabled again', () => {
    const model = ioModel({ inputs: [input('a'), input('b')] });
    expect(canAddIoEntry(model, 'u1', 'inputs')).toBe(false);
    const after = apply(model, removeIoEntryEdits(model, 'u1', 'inputs', 0));
    expect(io(after).inputs).toEqual([input('b')]);
    expect(canAddIoEntry(after, 'u1', 'inputs')).toBe(true);
  });
});

describe('changing the product trims the excess (F§5)', () => {
  it('drops the last inputs and outputs past the new product’s counts, keeping the first ones', () => {
    const model = ioModel({
      product_id: 'io-4-3',
      inputs: [input('a'), input('b'), input('c'), input('d')],
      outputs: [output('x'), output('y', 'NC'), output('z')],
    });
    const to21 = apply(model, ioProductEdits(model, 'u1', 'io-2-1'));
    expect(io(to21)).toMatchObject({ product_id: 'io-2-1', inputs: [input('a'), input('b')], outputs: [output('x')] });
    const to10 = apply(model, ioProductEdits(model, 'u1', 'in-1'));
    expect(io(to10)).toMatchObject({ product_id: 'in-1', inputs: [input('a')], outputs: [] });
  });

  it('a larger product or no product keeps everything; an unknown product is an error', () => {
    const model = ioModel({ inputs: [input('a'), input('b')], outputs: [output('x')] });
    expect(ioProductEdits(model, 'u1', 'io-4-3').map((r) => r.path.join('.'))).toEqual(['fire.units.ios.u1.product_id']);
    const none = apply(model, ioProductEdits(model, 'u1', ''));
    expect(io(none)).toMatchObject({ product_id: '', inputs: [input('a'), input('b')], outputs: [output('x')] });
    expect(() => ioProductEdits(model, 'u1', 'nope')).toThrow('No I/O product nope');
  });

  it('trimIoEntries leaves lists within the counts as they are (same arrays)', () => {
    const unit = { inputs: [input('a')], outputs: [output('x'), output('y')] };
    const trimmed = trimIoEntries(unit, { inputs: 3, outputs: 1 });
    expect(trimmed.inputs).toBe(unit.inputs);
    expect(trimmed.outputs).toEqual([output('x')]);
    expect(trimIoEntries(unit, undefined)).toEqual(unit);
  });
});
