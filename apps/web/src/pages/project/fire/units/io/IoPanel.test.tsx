/**
 * The I/O unit's inputs and outputs in the side panel (F§3, F§5) inside a project store, as a user drives them:
 * Add up to the product's counts and disabled there, editing and removing entries, and a product change that
 * trims what is past the new counts (one undo step puts it back).
 */
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyModel, fireSchema, type IoProduct, type IoUnit, type Model } from '@edrf/model';
import { testArch } from '../../../../../editor/arch/test-arch';
import { renderProjectPages } from '../../../../../state/test-project';
import { useModel, useModelEdit } from '../../../../../state/use-project';
import { createFireConfigForTest } from '../../test-fire';
import { IoPanel } from './IoPanel';

afterEach(cleanup);

/** I/O products 'Two in one out' (2/1) and 'Four in three out' (4/3), and the I/O unit u1. */
function ioModel(unit: Partial<IoUnit> = {}): Model {
  const fire = createFireConfigForTest('Sbf1108');
  const product = (id: string, name: string, inputs: number, outputs: number): IoProduct => ({
    ...fire.config.products.ios[0]!,
    id,
    name,
    inputs,
    outputs,
  });
  fire.config.products.ios = [product('io-2-1', 'Two in one out', 2, 1), product('io-4-3', 'Four in three out', 4, 3)];
  fire.units.ios.u1 = { id: 'u1', storey_id: 's0', coord: [1, 1, 0.1], angle: 0, product_id: 'io-2-1', inputs: [], outputs: [], ...unit };
  return { ...emptyModel(), arch: testArch(), fire: fireSchema.parse(fire) };
}

function Host() {
  const model = useModel();
  const edit = useModelEdit();
  return <IoPanel model={model} unitId="u1" edit={(requests) => edit(requests)} withProduct />;
}

function setup(model: Model) {
  const { store } = renderProjectPages(model, [{ path: 'fire/units', element: <Host /> }], '/project/p1/fire/units');
  return { io: () => store.getState().model.fire!.units.ios.u1! };
}

const section = (name: 'Inputs' | 'Outputs') => within(screen.getByRole('region', { name }));
const addButton = (name: 'input' | 'output') => screen.getByRole<HTMLButtonElement>('button', { name: `Add ${name}` });
const rows = (name: 'Inputs' | 'Outputs') => section(name).queryAllByRole('group');
const undo = () =>
  act(() => {
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'z', ctrlKey: true, bubbles: true, cancelable: true }));
  });

describe('the I/O panel', () => {
  it('adds inputs and outputs up to the product’s counts; Add is disabled at the cap', () => {
    const { io } = setup(ioModel());
    expect(addButton('input').disabled).toBe(false);
    fireEvent.click(addButton('input'));
    fireEvent.click(addButton('input'));
    expect(rows('Inputs')).toHaveLength(2);
    expect(addButton('input').disabled).toBe(true);
    expect(section('Inputs').getByLabelText('Inputs count').textContent).toBe('2 of 2');
    fireEvent.click(addButton('input'));
    expect(io().inputs).toHaveLength(2);
    expect(addButton('output').disabled).toBe(false);
    fireEvent.click(addButton('output'));
    expect(addButton('output').disabled).toBe(true);
    expect(io().outputs).toEqual([{ first: '', second: 'NO', description: '' }]);
  });

  it('edits an input’s fields and an output’s contact in place; Remove enables Add again', () => {
    const { io } = setup(
      ioModel({
        inputs: [
          { first: '', second: '', description: '' },
          { first: 'b', second: '', description: '' },
        ],
      }),
    );
    fireEvent.change(screen.getByLabelText('Input 1 first'), { target: { value: 'Door 1' } });
    fireEvent.change(screen.getByLabelText('Input 1 description'), { target: { value: 'Magnet' } });
    expect(io().inputs[0]).toEqual({ first: 'Door 1', second: '', description: 'Magnet' });
    fireEvent.click(addButton('output'));
    fireEvent.change(screen.getByLabelText('Output 1 second'), { target: { value: 'NC' } });
    expect(io().outputs[0]!.second).toBe('NC');
    expect(addButton('input').disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Remove input 1' }));
    expect(io().inputs).toEqual([{ first: 'b', second: '', description: '' }]);
    expect(screen.getByLabelText<HTMLInputElement>('Input 1 first').value).toBe('b');
    expect(addButton('input').disabled).toBe(false);
  });

  it('choosing a product with fewer inputs and outputs drops the last ones; undo puts them back', () => {
    const inputs = ['a', 'b', 'c', 'd'].map((first) => ({ first, second: '', description: '' }));
    const outputs = (['NO', 'NC', 'NO'] as const).map((second, i) => ({ first: `o${i + 1}`, second, description: '' }));
    const { io } = setup(ioModel({ product_id: 'io-4-3', inputs, outputs }));
    expect(rows('Inputs')).toHaveLength(4);
    expect(addButton('input').disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Product'), { target: { value: 'io-2-1' } });
    expect(io()).toMatchObject({ product_id: 'io-2-1', inputs: inputs.slice(0, 2), outputs: outputs.slice(0, 1) });
    expect(rows('Inputs')).toHaveLength(2);
    expect(rows('Outputs')).toHaveLength(1);
    expect(section('Outputs').getByLabelText('Outputs count').textContent).toBe('1 of 1');
    expect(addButton('input').disabled).toBe(true);
    expect(addButton('output').disabled).toBe(true);
    undo();
    expect(io()).toMatchObject({ product_id: 'io-4-3', inputs, outputs });
    expect(rows('Inputs')).toHaveLength(4);
  });

  it('choosing a larger product enables Add; without a product nothing can be added', () => {
    setup(
      ioModel({
        inputs: [
          { first: 'a', second: '', description: '' },
          { first: 'b', second: '', description: '' },
        ],
      }),
    );
    expect(addButton('input').disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Product'), { target: { value: 'io-4-3' } });
    expect(addButton('input').disabled).toBe(false);
    expect(rows('Inputs')).toHaveLength(2);
    fireEvent.change(screen.getByLabelText('Product'), { target: { value: '' } });
    expect(rows('Inputs')).toHaveLength(2);
    expect(addButton('input').disabled).toBe(true);
    expect(addButton('output').disabled).toBe(true);
    expect(screen.getByText('Choose a product to add inputs.')).toBeTruthy();
  });
});
