import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyModel } from '@edrf/model';
import { renderProjectPages } from '../../../state/test-project';
import { testArch } from '../../../editor/arch/test-arch';
import { ModelPage } from './ModelPage';

afterEach(cleanup);

function setup(initial = '/project/p1/model') {
  return renderProjectPages({ ...emptyModel(), arch: testArch() }, [{ path: 'model', element: <ModelPage /> }], initial);
}

const storeyButtons = () => within(screen.getByRole('list', { name: 'Storeys' })).getAllByRole('button');
const properties = () => within(screen.getByRole('complementary', { name: 'Properties' }));
const press = (key: string, init: KeyboardEventInit = {}) =>
  act(() => {
    window.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init }));
  });

describe('the model page', () => {
  it('lists the storeys top-down with number and name and shows the ground floor first', () => {
    setup();
    expect(storeyButtons().map((b) => b.textContent)).toEqual(['1 First', '0 Ground']);
    expect(storeyButtons()[1]!.getAttribute('aria-current')).toBe('true');
  });

  it('the legend names the room types on the shown storey', () => {
    setup();
    const legend = within(screen.getByRole('list', { name: 'Room types' }));
    expect(legend.getAllByRole('listitem').map((li) => li.textContent?.trim())).toEqual(['Other', 'Kitchen']);
  });

  it('a storey from the address is shown, and picking one selects it for its properties', () => {
    const { router } = setup('/project/p1/model?storey=s1');
    expect(storeyButtons()[0]!.getAttribute('aria-current')).toBe('true');
    fireEvent.click(storeyButtons()[1]!);
    expect(router.state.location.search).toBe('?storey=s0');
    expect(properties().getByLabelText<HTMLInputElement>('Storey name').value).toBe('Ground');
  });

  it('storey name and number are edits of the model that undo', () => {
    const { store } = setup();
    fireEvent.click(storeyButtons()[1]!);
    fireEvent.change(properties().getByLabelText('Storey name'), { target: { value: 'Entrance' } });
    expect(store.getState().model.arch.storeys.s0!.name).toBe('Entrance');
    expect(storeyButtons()[1]!.textContent).toBe('0 Entrance');
    const number = properties().getByLabelText('Storey number');
    fireEvent.change(number, { target: { value: '2.6' } });
    fireEvent.blur(number);
    // Whole numbers only: 2.6 becomes 3, which puts the storey on top.
    expect(store.getState().model.arch.storeys.s0!.number).toBe(3);
    expect(storeyButtons().map((b) => b.textContent)).toEqual(['3 Entrance', '1 First']);
    press('z', { ctrlKey: true });
    expect(store.getState().model.arch.storeys.s0!.name).toBe('Ground');
    expect(store.getState().model.arch.storeys.s0!.number).toBe(0);
  });

  it('model options: rotation and compass degrees clamp to 0–359', () => {
    const { store } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Model options' }));
    const compass = properties().getByLabelText('Compass degrees');
    fireEvent.change(compass, { target: { value: '400' } });
    fireEvent.keyDown(compass, { key: 'Enter' });
    expect(store.getState().model.config.compass_degrees).toBe(359);
    const rotation = properties().getByLabelText('Model rotation');
    fireEvent.change(rotation, { target: { value: '90' } });
    fireEvent.blur(rotation);
    expect(store.getState().model.arch.rotation).toBe(90);
  });

  it('report tiles are added to the shown storey and edited as numbers', () => {
    const { store } = setup();
    fireEvent.click(storeyButtons()[1]!);
    expect(properties().getByText('No report tiles')).toBeTruthy();
    fireEvent.click(properties().getByRole('button', { name: 'Add tile' }));
    expect(store.getState().model.config.report_tiles.s0).toEqual([{ min: [0, -0.1], max: [7, 3] }]);
    expect(properties().getByRole('heading', { name: 'Report tile 1' })).toBeTruthy();
    const maxX = properties().getByLabelText('Max x');
    fireEvent.change(maxX, { target: { value: '5' } });
    fireEvent.blur(maxX);
    expect(store.getState().model.config.report_tiles.s0).toEqual([{ min: [0, -0.1], max: [5, 3] }]);
  });

  it('m toggles the ruler and Escape ends it; the layer toggles start as P§2 defaults', () => {
    setup();
    const ruler = screen.getByRole('button', { name: 'Ruler' });
    expect(ruler.getAttribute('aria-pressed')).toBe('false');
    press('m');
    expect(ruler.getAttribute('aria-pressed')).toBe('true');
    press('Escape');
    expect(ruler.getAttribute('aria-pressed')).toBe('false');
    const layers = within(screen.getByRole('group', { name: 'Layers' }));
    expect(layers.getAllByRole('checkbox').map((box) => [box.parentElement!.textContent, (box as HTMLInputElement).checked])).toEqual([
      ['Floor slabs', false],
      ['Beams', false],
      ['Ceilings', false],
      ['Inlets', true],
      ['Other objects', true],
    ]);
  });

  it('statistics and merge storeys', () => {
    const { store } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Statistics' }));
    const stats = within(screen.getByRole('dialog', { name: 'Model statistics' }));
    expect(stats.getByText('42.00 m2')).toBeTruthy();
    fireEvent.click(stats.getAllByRole('button', { name: 'Close' })[0]!);

    fireEvent.click(screen.getByRole('button', { name: 'Merge storeys' }));
    const merge = within(screen.getByRole('dialog', { name: 'Merge storeys' }));
    const button = merge.getByRole('button', { name: 'Merge' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(merge.getByRole('checkbox', { name: '1 First' }));
    fireEvent.click(button);
    expect(Object.keys(store.getState().model.arch.storeys)).toEqual(['s0']);
    expect(store.getState().model.arch.storeys.s0!.rooms).toEqual(['k', 'o', 'u']);
    expect(storeyButtons().map((b) => b.textContent)).toEqual(['0 Ground']);
  });
});
