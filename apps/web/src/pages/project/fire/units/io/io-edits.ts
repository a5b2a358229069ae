import type { IoProduct, IoUnit, Model } from '@edrf/model';
import { setAt } from '../../../../../state/typed-path';
import type { EditRequest } from '../../../../../state/history';

/**
 * An I/O unit's inputs and outputs (F§3 IO, F§5), as pure functions answering edit requests. An input is
 * {first, second, description}, an output {first, second: NO | NC, description}. Their number is capped at
 * the unit's product's `inputs` and `outputs` counts: adding stops at the cap, and choosing another product
 * drops the entries past its counts (the last ones go). A unit without a product (or whose product is no longer
 * in the hardware list) has no known counts: nothing can be added, and nothing is trimmed. docs/fire-racks.md.
 *
 * Each change writes the unit's whole list at ['fire', 'units', 'ios', id, 'inputs' | 'outputs'], so typing
 * into one field batches into one undo step like any field (P§4).
 */

export type IoList = 'inputs' | 'outputs';
export type IoInput = IoUnit['inputs'][number];
export type IoOutput = IoUnit['outputs'][number];
export type IoEntry<L extends IoList> = IoUnit[L][number];

export const NEW_IO_INPUT: Readonly<IoInput> = { first: '', second: '', description: '' };
export const NEW_IO_OUTPUT: Readonly<IoOutput> = { first: '', second: 'NO', description: '' };

function requireIo(model: Model, unitId: string): IoUnit {
  const unit = model.fire?.units.ios[unitId];
  if (!unit) throw new Error(`No I/O unit ${unitId}`);
  return unit;
}

/** The unit's product in the model's I/O product list, or undefined (none chosen, or no longer in the list). */
export const ioProductOf = (model: Model, unit: Pick<IoUnit, 'product_id'>): IoProduct | undefined =>
  unit.product_id === '' ? undefined : model.fire?.config.products.ios.find((product) => product.id === unit.product_id);

/** How many inputs and outputs the unit may have: its product's counts, or null when it has no product. */
export function ioCaps(model: Model, unitId: string): { inputs: number | null; outputs: number | null } {
  const product = ioProductOf(model, requireIo(model, unitId));
  return { inputs: product?.inputs ?? null, outputs: product?.outputs ?? null };
}

/** Whether Add may add one more to the list: below the product's count (never without a product). */
export function canAddIoEntry(model: Model, unitId: string, list: IoList): boolean {
  const cap = ioCaps(model, unitId)[list];
  return cap !== null && requireIo(model, unitId)[list].length < cap;
}

const write = <L extends IoList>(unitId: string, list: L, entries: IoUnit[L]): EditRequest =>
  list === 'inputs'
    ? setAt(['fire', 'units', 'ios', unitId, 'inputs'], entries as IoUnit['inputs'])
    : setAt(['fire', 'units', 'ios', unitId, 'outputs'], entries as IoUnit['outputs']);

/** Adds an empty input, or an output (NO); nothing at the cap or without a product. */
export function addIoEntryEdits(model: Model, unitId: string, list: IoList): EditRequest[] {
  if (!canAddIoEntry(model, unitId, list)) return [];
  const unit = requireIo(model, unitId);
  return list === 'inputs'
    ? [write(unitId, 'inputs', [...unit.inputs, { ...NEW_IO_INPUT }])]
    : [write(unitId, 'outputs', [...unit.outputs, { ...NEW_IO_OUTPUT }])];
}

function requireIndex(entries: readonly unknown[], index: number, list: IoList): void {
  if (!Number.isInteger(index) || index < 0 || index >= entries.length) throw new RangeError(`No ${list} entry ${index}`);
}

/** Changes fields of the entry at `index` (an output's `second` is NO or NC, as the type says). */
export function setIoEntryEdits<L extends IoList>(
  model: Model,
  unitId: string,
  list: L,
  index: number,
  patch: Partial<IoEntry<L>>,
): EditRequest[] {
  const entries = requireIo(model, unitId)[list] as IoEntry<L>[];
  requireIndex(entries, index, list);
  const before = entries[index]!;
  const after = { ...before, ...patch };
  if ((Object.keys(after) as (keyof IoEntry<L>)[]).every((key) => after[key] === before[key])) return [];
  return [write(unitId, list, entries.map((entry, i) => (i === index ? after : entry)) as IoUnit[L])];
}

/** Removes the entry at `index`; the ones after it move up. */
export function removeIoEntryEdits(model: Model, unitId: string, list: IoList, index: number): EditRequest[] {
  const entries = requireIo(model, unitId)[list];
  requireIndex(entries, index, list);
  return [write(unitId, list, entries.filter((_, i) => i !== index) as IoUnit[typeof list])];
}

/** The unit's lists cut to a product's counts (the first ones kept); unchanged without a product. */
export function trimIoEntries(
  unit: Pick<IoUnit, 'inputs' | 'outputs'>,
  product: Pick<IoProduct, 'inputs' | 'outputs'> | undefined,
): Pick<IoUnit, 'inputs' | 'outputs'> {
  if (!product) return { inputs: unit.inputs, outputs: unit.outputs };
  return {
    inputs: unit.inputs.length > product.inputs ? unit.inputs.slice(0, product.inputs) : unit.inputs,
    outputs: unit.outputs.length > product.outputs ? unit.outputs.slice(0, product.outputs) : unit.outputs,
  };
}

/**
 * F§5: choosing the unit's product ('' for none) drops the inputs and outputs past the new product's counts.
 * The page's product field must write an I/O unit's product through this. Throws for an id not in the list.
 */
export function ioProductEdits(model: Model, unitId: string, productId: string): EditRequest[] {
  const unit = requireIo(model, unitId);
  const product = ioProductOf(model, { product_id: productId });
  if (productId !== '' && !product) throw new Error(`No I/O product ${productId}`);
  const trimmed = trimIoEntries(unit, product);
  const requests: EditRequest[] = [];
  if (productId !== unit.product_id) requests.push(setAt(['fire', 'units', 'ios', unitId, 'product_id'], productId));
  if (trimmed.inputs !== unit.inputs) requests.push(write(unitId, 'inputs', trimmed.inputs));
  if (trimmed.outputs !== unit.outputs) requests.push(write(unitId, 'outputs', trimmed.outputs));
  return requests;
}
