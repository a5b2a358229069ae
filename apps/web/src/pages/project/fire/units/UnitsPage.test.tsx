import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Model } from '@edrf/model';
import { alertsStore } from '../../../../ui/alerts';
import { testModel } from '../../../../editor/arch/test-arch';
import { renderProjectPages } from '../../../../state/test-project';
import { createFireConfigForTest } from '../test-fire';
import { UnitsPage } from './UnitsPage';

beforeEach(() => alertsStore.set([]));
afterEach(cleanup);

function setup(edit: (model: Model) => void = () => {}) {
  const model: Model = { ...testModel(), fire: createFireConfigForTest('Sbf1108') };
  edit(model);
  const rendered = renderProjectPages(model, [{ path: 'fire/units', element: <UnitsPage /> }], '/project/p1/fire/units');
  const fire = () => rendered.store.getState().model.fire!;
  return { ...rendered, fire };
}

const toolbar = () => within(screen.getByRole('toolbar', { name: 'Plan tools' }));
const panel = () => within(screen.getByRole('complementary', { name: 'Properties' }));
const press = (key: string, init: KeyboardEventInit = {}) =>
  act(() => {
    window.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init }));
  });

/**
 * The plan has no size here (no layout), so the editor keeps its first view: 20 px a metre, the world's origin at
 * the canvas's top left, y up. A world point is at (20 x, −20 y) on the canvas.
 */
const at = (x: number, y: number) => ({ clientX: 20 * x, clientY: -20 * y, button: 0, pointerId: 1 });
function pressPlan(x: number, y: number, opts: { shift?: boolean } = {}) {
  const canvas = screen.getByTestId('plan');
  fireEvent.pointerDown(canvas, { ...at(x, y), shiftKey: !!opts.shift });
  fireEvent.pointerUp(canvas, { ...at(x, y), shiftKey: !!opts.shift });
}
function boxOnPlan(from: [number, number], to: [number, number]) {
  const canvas = screen.getByTestId('plan');
  fireEvent.pointerDown(canvas, at(...from));
  fireEvent.pointerMove(canvas, at((from[0] + to[0]) / 2, (from[1] + to[1]) / 2));
  fireEvent.pointerMove(canvas, at(...to));
  fireEvent.pointerUp(canvas, at(...to));
}

describe('the units page', () => {
  it('has F§2’s tools in order, F§2’s three layer toggles, the analysis’s two, the addresses’ and the changed rooms’, and the unit count', () => {
    setup();
    expect(
      toolbar()
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([
      'Fit',
      'Ruler',
      'Detector',
      'Hidden detector',
      'Siren',
      'Button',
      'IO',
      'Annunciator',
      'Rack ▾',
      'More ▾',
      'Run',
      'Design all',
    ]);
    const layers = within(screen.getByRole('group', { name: 'Layers' }));
    expect(layers.getAllByRole('checkbox').map((box) => [box.parentElement!.textContent, (box as HTMLInputElement).checked])).toEqual([
      ['Rooms', true],
      ['Ceilings', false],
      ['Other objects', true],
      ['Coverage', true],
      ['Detectors per room', true],
      ['Addresses', true],
      ['Changed rooms', true],
    ]);
    expect(screen.getByText('0 units on this storey, 0 in the model.')).toBeTruthy();
  });

  it('the More menu lists F§2’s entries and arms the one picked', () => {
    const { fire } = setup();
    fireEvent.click(toolbar().getByRole('button', { name: 'More ▾' }));
    const menu = within(screen.getByRole('menu', { name: 'More' }));
    expect(menu.getAllByRole('menuitemradio').map((item) => item.textContent)).toEqual([
      'Plinth',
      'Info panel',
      'Delay panel',
      'End of line resistor',
      'Sprinkler central',
      'Fire damper',
      'Entryway',
      'Strobe light',
      'Label',
    ]);
    fireEvent.click(menu.getByRole('menuitemradio', { name: 'Fire damper' }));
    expect(screen.queryByRole('menu')).toBeNull();
    const more = toolbar().getByRole('button', { name: 'More ▾' });
    expect([more.getAttribute('aria-pressed'), more.title]).toEqual(['true', 'More: Fire damper']);
    expect(panel().getByRole('heading', { name: 'Placing: Fire damper' })).toBeTruthy();
    expect(panel().getByLabelText<HTMLSelectElement>("New unit's product").value).toBe('sbf-firedamper');
    pressPlan(2, 1);
    expect(Object.values(fire().units.others)).toMatchObject([
      { unit_type: 'firedamper', product_id: 'sbf-firedamper', coord: [2, 1, 1.5] },
    ]);
    press('Escape');
    expect(toolbar().getByRole('button', { name: 'More ▾' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('keys, toolbar buttons and menus read one action list: M and Ruler are one tool; an armed menu entry picked again stays armed', () => {
    setup();
    const ruler = () => toolbar().getByRole('button', { name: 'Ruler' }).getAttribute('aria-pressed');
    press('m');
    expect(ruler()).toBe('true');
    fireEvent.click(toolbar().getByRole('button', { name: 'Ruler' }));
    expect(ruler()).toBe('false');
    fireEvent.click(toolbar().getByRole('button', { name: 'More ▾' }));
    fireEvent.click(screen.getByRole('menuitemradio', { name: 'Label' }));
    fireEvent.click(toolbar().getByRole('button', { name: 'More ▾' }));
    expect(screen.getByRole('menuitemradio', { name: 'Label' }).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByRole('menuitemradio', { name: 'Label' }));
    expect(toolbar().getByRole('button', { name: 'More ▾' }).title).toBe('More: Label');
  });

  it('without a storey the unit and rack tools, the Hidden-detector toggle and both menus are disabled; Fit and Ruler are not', () => {
    setup((model) => {
      model.arch.storeys = {};
    });
    const disabled = toolbar()
      .getAllByRole('button')
      .filter((b) => (b as HTMLButtonElement).disabled)
      .map((b) => b.textContent);
    expect(disabled).toEqual(['Detector', 'Hidden detector', 'Siren', 'Button', 'IO', 'Annunciator', 'Rack ▾', 'More ▾']);
  });

  it('the Siren tool places a siren turned by r at the pointer, selected', () => {
    const { fire } = setup();
    fireEvent.click(toolbar().getByRole('button', { name: 'Siren' }));
    press('r');
    expect(panel().getByText('Angle 10° (r +10°, R −1°)')).toBeTruthy();
    pressPlan(2, 1);
    expect(fire().units.sirens['sir-1']).toMatchObject({ coord: [2, 1, 2.95], angle: 10, product_id: 'sbf-sounder' });
    press('Escape');
    expect(panel().getByRole('heading', { name: 'Siren' })).toBeTruthy();
    expect(screen.getByText('1 unit on this storey, 1 in the model.')).toBeTruthy();
  });

  it('a clicked siren’s panel edits product, angle and height as undoable edits; Delete removes it', () => {
    const { fire } = setup((m) => {
      m.fire!.units.sirens['s1'] = { id: 's1', storey_id: 's0', coord: [2, 1, 2.95], product_id: 'sbf-sounder', angle: 10, locked_to: '' };
    });
    pressPlan(2, 1);
    expect(panel().getByRole('heading', { name: 'Siren' })).toBeTruthy();
    fireEvent.change(panel().getByLabelText('Product'), { target: { value: 'sbf-beacon' } });
    const angle = panel().getByLabelText('Angle (°)');
    fireEvent.change(angle, { target: { value: '-20' } });
    fireEvent.blur(angle);
    const height = panel().getByLabelText('Height (z, m)');
    fireEvent.change(height, { target: { value: '2.5' } });
    fireEvent.keyDown(height, { key: 'Enter' });
    expect(fire().units.sirens['s1']).toMatchObject({ product_id: 'sbf-beacon', angle: 340, coord: [2, 1, 2.5] });
    press('z', { ctrlKey: true });
    expect(fire().units.sirens['s1']).toMatchObject({ product_id: 'sbf-sounder', angle: 10, coord: [2, 1, 2.95] });
    fireEvent.click(panel().getByRole('button', { name: 'Delete' }));
    expect(fire().units.sirens).toEqual({});
  });

  it('the Hidden-detector toggle arms the Detector tool and places hidden detectors while on', () => {
    const { fire } = setup();
    const hidden = toolbar().getByRole('button', { name: 'Hidden detector' });
    fireEvent.click(hidden);
    expect(hidden.getAttribute('aria-pressed')).toBe('true');
    expect(toolbar().getByRole('button', { name: 'Detector' }).getAttribute('aria-pressed')).toBe('true');
    expect(panel().getByRole('heading', { name: 'Placing: Hidden detector' })).toBeTruthy();
    fireEvent.change(panel().getByLabelText("New unit's product"), { target: { value: 'sbf-heat-a1r' } });
    pressPlan(2, 1);
    fireEvent.click(hidden);
    pressPlan(4.5, 1);
    expect(Object.values(fire().units.detectors).map((d) => [d.hidden, d.product_id])).toEqual([
      [true, 'sbf-heat-a1r'],
      [false, 'sbf-heat-a1r'],
    ]);
    press('Escape');
    expect(panel().getByRole('heading', { name: 'Detector' })).toBeTruthy();
    expect(panel().getByLabelText<HTMLInputElement>('Hidden').checked).toBe(false);
    fireEvent.click(panel().getByLabelText('Hidden'));
    expect(fire().units.detectors['det-2']!.hidden).toBe(true);
  });

  it('socketing without a socket siren product warns "No sirens with detector socket found"; with one, offers only those', () => {
    setup((m) => {
      m.fire!.config.products.sirens = m.fire!.config.products.sirens.filter((p) => !p.detector_socket);
    });
    fireEvent.click(toolbar().getByRole('button', { name: 'Siren' }));
    fireEvent.click(panel().getByLabelText('Socket onto a detector'));
    expect(alertsStore.get().map((a) => [a.cls, a.msg])).toEqual([['warning', 'No sirens with detector socket found']]);
    expect(panel().getByLabelText<HTMLInputElement>('Socket onto a detector').checked).toBe(false);
  });

  it('socketing a siren onto a detector: the product list narrows to socket sirens, and the siren names its detector', () => {
    const { fire } = setup();
    fireEvent.click(toolbar().getByRole('button', { name: 'Detector' }));
    pressPlan(2, 1);
    fireEvent.click(toolbar().getByRole('button', { name: 'Siren' }));
    fireEvent.click(panel().getByLabelText('Socket onto a detector'));
    const product = panel().getByLabelText<HTMLSelectElement>("New unit's product");
    expect([...product.options].map((o) => o.value)).toEqual(['sbf-sounder-base']);
    pressPlan(2.2, 1.1);
    expect(fire().units.sirens['sir-1']).toMatchObject({ locked_to: 'det-1', coord: [2, 1, 2.95] });
    press('Escape');
    expect(panel().getByText('Socketed onto').nextElementSibling!.textContent).toBe('det-1');
  });

  it('a label’s text is edited in the panel; a box selects several units: a count and Delete', () => {
    const { fire } = setup();
    fireEvent.click(toolbar().getByRole('button', { name: 'More ▾' }));
    fireEvent.click(screen.getByRole('menuitemradio', { name: 'Label' }));
    pressPlan(2, 1);
    fireEvent.change(panel().getByLabelText('Label text'), { target: { value: 'Plant room' } });
    expect(fire().units.labels['label-1']!.label).toBe('Plant room');
    fireEvent.click(toolbar().getByRole('button', { name: 'Button' }));
    pressPlan(3, 2);
    press('Escape');
    press('Escape');
    boxOnPlan([0.5, 0.2], [3.6, 2.6]);
    expect(panel().getByRole('heading', { name: '2 units selected' })).toBeTruthy();
    expect(screen.getByText('2 units on this storey, 2 in the model.')).toBeTruthy();
    press('Delete');
    expect([fire().units.labels, fire().units.buttons]).toEqual([{}, {}]);
  });
});
