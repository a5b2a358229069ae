/**
 * The hardware page (F§2, F§3, F§4, F§5, F§8) inside a project store, as a user drives it: the lists and their
 * counts, editing a product with the number rules, add, remove, rank, import, export, the catalogue, and undo.
 * The catalogue's answer comes from the fire engine itself (get_fire_hardware) through a stand-in for fetch.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CURRENT_SCHEMA, emptyModel, fireSchema, type Model, type Products } from '@edrf/model';
import { getFireHardware } from '@edrf/fire';
import { testArch } from '../../../../../editor/arch/test-arch';
import type { ProjectStore } from '../../../../../state/project-store';
import { renderProjectPages } from '../../../../../state/test-project';
import { createFireConfigForTest } from '../../test-fire';
import { HardwarePage } from './HardwarePage';

let fetched: string[] = [];

beforeEach(() => {
  fetched = [];
  vi.stubGlobal('fetch', (url: string) => {
    fetched.push(url);
    const body = url.endsWith('/get_fire_hardware') ? getFireHardware() : {};
    return Promise.resolve(
      new Response(JSON.stringify(body), {
        status: url.endsWith('/get_fire_hardware') ? 200 : 404,
        headers: { 'content-type': 'application/json' },
      }),
    );
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A model with rooms and an SBF fire module (the generic hardware), and a detector and a cable that use products. */
function testModel(): Model {
  const fire = createFireConfigForTest('Sbf1108');
  return {
    ...emptyModel(),
    arch: testArch(),
    fire: fireSchema.parse({
      ...fire,
      units: { detectors: { d1: { id: 'd1', storey_id: 's0', coord: [1, 1, 2.95], product_id: 'sbf-smoke' } } },
      connections: { cables: { c1: { id: 'c1', label: 'C1', product_id: 'sbf-cable-1' } } },
    }),
  };
}

function setup(model: Model = testModel()) {
  return renderProjectPages(model, [{ path: 'fire/settings/hardware', element: <HardwarePage /> }], '/project/p1/fire/settings/hardware')
    .store;
}

const productsOf = (store: ProjectStore): Products => store.getState().model.fire!.config.products;
const headings = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
const list = (label: string) => within(screen.getByRole('list', { name: label }));
const rowNames = (label: string) =>
  list(label)
    .getAllByRole('listitem')
    .map((li) => li.querySelector('.hardware-item')!.textContent);
const panel = () => within(screen.getByRole('complementary', { name: 'Product' }));
const escapeRe = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const select = (listLabel: string, name: string) =>
  fireEvent.click(list(listLabel).getByRole('button', { name: new RegExp(`^\\d+ ${escapeRe(name)}$`) }));
const undo = () =>
  act(() => {
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'z', ctrlKey: true, bubbles: true, cancelable: true }));
  });

/** Types into a number field and leaves it (or presses Enter): the field commits the clamped, rounded value. */
function typeNumber(label: string, value: string, how: 'blur' | 'enter' = 'blur') {
  const input = panel().getByLabelText(label);
  fireEvent.change(input, { target: { value } });
  if (how === 'enter') fireEvent.keyDown(input, { key: 'Enter' });
  else fireEvent.blur(input);
  return input as HTMLInputElement;
}

function chooseFile(text: string, name = 'hardware.json') {
  const dialog = within(screen.getByRole('dialog', { name: 'Import hardware' }));
  fireEvent.change(dialog.getByLabelText('Hardware .json'), { target: { files: [new File([text], name, { type: 'application/json' })] } });
  fireEvent.click(dialog.getByRole('button', { name: 'Import' }));
  return dialog;
}

describe('the hardware lists', () => {
  it('shows the eleven lists in the order of F§2, each heading with its count, and folds a list away', () => {
    setup();
    expect(headings()).toEqual([
      'Centrals 2',
      'Detectors 4',
      'Sirens 4',
      'Buttons 2',
      'I/O 3',
      'Other units 8',
      'Cables 3',
      'Plinths 2',
      'Power supplies 2',
      'Other equipment 2',
      'Central extensions 6',
    ]);
    expect(list('Cables').getAllByRole('listitem')).toHaveLength(3);
    const toggle = screen.getByRole('button', { name: 'Cables 3' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('list', { name: 'Cables' })).toBeNull();
    fireEvent.click(toggle);
    expect(list('Cables').getAllByRole('listitem')).toHaveLength(3);
  });

  it('rank buttons are disabled at the ends of a list and reorder it', () => {
    const store = setup();
    const ids = () => productsOf(store).cables.map((c) => c.id);
    expect(ids()).toEqual(['sbf-cable-1', 'sbf-cable-2', 'sbf-cable-power']);
    const first = 'Fire alarm cable FQAR-PG 2×2×0.8 (E30)';
    const last = 'Fire-resisting power cable 3G2.5';
    const button = (name: string) => list('Cables').getByRole<HTMLButtonElement>('button', { name });
    expect(button(`Rank up: ${first}`).disabled).toBe(true);
    expect(button(`Rank down: ${first}`).disabled).toBe(false);
    expect(button(`Rank up: ${last}`).disabled).toBe(false);
    expect(button(`Rank down: ${last}`).disabled).toBe(true);

    fireEvent.click(button(`Rank down: ${first}`));
    expect(ids()).toEqual(['sbf-cable-2', 'sbf-cable-1', 'sbf-cable-power']);
    expect(rowNames('Cables')).toEqual(['1Fire alarm cable FQAR-PG 1×2×1.5 (E30)', `2${first}`, `3${last}`]);
    expect(button(`Rank up: ${first}`).disabled).toBe(false);

    fireEvent.click(button(`Rank up: ${last}`));
    expect(ids()).toEqual(['sbf-cable-2', 'sbf-cable-power', 'sbf-cable-1']);
    expect(button(`Rank down: ${first}`).disabled).toBe(true);
    // Other lists are not touched.
    expect(productsOf(store).detectors.map((d) => d.id)).toEqual(['sbf-smoke', 'sbf-multi', 'sbf-heat-a1r', 'sbf-heat-cs']);
  });
});

describe('the product panel', () => {
  it('edits a cable with F§5: pairs are whole numbers from 1, cross section 2 decimals, resistance 3, none below 0; undo goes back', () => {
    const store = setup();
    expect(panel().getByText('Select a product to edit it, or add one to a list.')).toBeTruthy();
    select('Cables', 'Fire alarm cable FQAR-PG 2×2×0.8 (E30)');
    expect(panel().getByRole('heading', { name: 'Cable' })).toBeTruthy();
    const cable = () => productsOf(store).cables[0]!;

    expect(typeNumber('Pairs', '2.6').value).toBe('3');
    expect(cable().num).toBe(3);
    typeNumber('Pairs', '0');
    expect(cable().num).toBe(1);
    expect(typeNumber('Cross section (mm²)', '1.234', 'enter').value).toBe('1.23');
    expect(cable().cross_section).toBe(1.23);
    typeNumber('Cross section (mm²)', '-2');
    expect(cable().cross_section).toBe(0);
    typeNumber('Resistance (Ω/km)', '12.3456');
    expect(cable().resistance).toBe(12.346);
    fireEvent.change(panel().getByLabelText('Cable type'), { target: { value: 'Power' } });
    expect(cable().type).toBe('Power');
    // Other fields of the product and other products are as they were.
    expect(cable().name).toBe('Fire alarm cable FQAR-PG 2×2×0.8 (E30)');
    expect(productsOf(store).cables[1]!.num).toBe(1);

    // The edits above are one batch of the history; undo restores the cable as it was.
    undo();
    expect(cable()).toEqual(testModel().fire!.config.products.cables[0]);
    expect(panel().getByLabelText<HTMLInputElement>('Pairs').value).toBe('1');
  });

  it('voltages keep 1 decimal, currents 3, rack sizes and counts are whole numbers', () => {
    const store = setup();
    select('Detectors', 'Addressable optical smoke detector');
    typeNumber('Max voltage (V)', '23.45');
    typeNumber('Min current (mA)', '0.12345');
    typeNumber('Max current (mA)', '-1');
    expect(productsOf(store).detectors[0]!.electrical).toEqual({
      min_voltage: 17,
      max_voltage: 23.5,
      min_milliamperes: 0.123,
      max_milliamperes: 0,
    });

    select('Centrals', 'Addressable control panel, 2 loops');
    typeNumber('Rack width', '0');
    typeNumber('Rack height', '12.4');
    typeNumber('Relays', '-3');
    typeNumber('Routes', '2.5');
    typeNumber('Route max units', '0');
    const central = productsOf(store).centrals[0]!;
    expect(central.rack_size).toEqual([1, 12]);
    expect(central.builtin).toEqual({ num_routes: 3, num_annunciators: 1, num_relays: 0, num_sub_centrals: 0, psu: 1 });
    expect(central.route_max_units).toBe(1);
    // The output's min cannot pass its max (24 V).
    typeNumber('Min output (V)', '30');
    expect(productsOf(store).centrals[0]!.voltage_output).toEqual([24, 24]);
    typeNumber('Min output (V)', '12.25');
    expect(productsOf(store).centrals[0]!.voltage_output).toEqual([12.3, 24]);
  });

  it("a central's name, ports and built-in PSU; a siren's flags and type", () => {
    const store = setup();
    select('Centrals', 'Addressable control panel, 2 loops');
    fireEvent.change(panel().getByLabelText('Name'), { target: { value: 'Panel A' } });
    expect(productsOf(store).centrals[0]!.name).toBe('Panel A');
    expect(rowNames('Centrals')[0]).toBe('1Panel A');

    expect(productsOf(store).centrals[0]!.extension_ports).toEqual(['Route', 'Annunciator', 'Relay']);
    fireEvent.change(panel().getByLabelText('Extension port 2'), { target: { value: 'CentralConnector' } });
    fireEvent.click(panel().getByRole('button', { name: 'Remove extension port 1' }));
    fireEvent.click(panel().getByRole('button', { name: 'Add port' }));
    expect(productsOf(store).centrals[0]!.extension_ports).toEqual(['CentralConnector', 'Relay', 'Any']);

    const psu = panel().getByRole<HTMLInputElement>('checkbox', { name: 'Has a built-in PSU' });
    expect(psu.checked).toBe(true);
    typeNumber('Voltage (V)', '27.66');
    expect(productsOf(store).centrals[0]!.builtin_psu).toEqual({ voltage: 27.7, ampere_hours: 7, life_years: 4 });
    fireEvent.click(psu);
    expect(productsOf(store).centrals[0]!.builtin_psu).toBeNull();
    expect(panel().queryByLabelText('Voltage (V)')).toBeNull();
    fireEvent.click(psu);
    expect(productsOf(store).centrals[0]!.builtin_psu).toEqual({ voltage: 0, ampere_hours: 0, life_years: 0 });

    select('Sirens', 'Addressable wall sounder, 100 dB(A)');
    fireEvent.click(panel().getByRole('checkbox', { name: 'Fits a detector socket' }));
    fireEvent.click(panel().getByRole('checkbox', { name: 'Addressable' }));
    fireEvent.change(panel().getByLabelText('Siren type'), { target: { value: 'Light' } });
    expect(productsOf(store).sirens[0]).toMatchObject({ detector_socket: true, addressable: false, type: 'Light' });
  });

  it('adds a product with the defaults of F§9 and selects it; removes the selected product', () => {
    const store = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Add plinth' }));
    expect(screen.getByRole('button', { name: 'Plinths 3' })).toBeTruthy();
    expect(productsOf(store).plinths[2]).toEqual({ id: 'plinth-3', name: 'New plinth', rack_size: [3, 12], num_connections: 1 });
    expect(panel().getByRole('heading', { name: 'Plinth' })).toBeTruthy();
    expect(panel().getByLabelText<HTMLInputElement>('Name').value).toBe('New plinth');
    expect(list('Plinths').getByRole('button', { pressed: true }).textContent).toBe('3New plinth');

    fireEvent.click(panel().getByRole('button', { name: 'Remove product' }));
    expect(productsOf(store).plinths.map((p) => p.id)).toEqual(['sbf-plinth-1', 'sbf-plinth-4']);
    expect(screen.getByRole('button', { name: 'Plinths 2' })).toBeTruthy();
    expect(panel().getByText('Select a product to edit it, or add one to a list.')).toBeTruthy();
  });

  it('removing a product in use clears what named it; undo brings both back', () => {
    const store = setup();
    select('Detectors', 'Addressable optical smoke detector');
    expect(panel().getByText(/Used 1 time in the design/)).toBeTruthy();
    fireEvent.click(panel().getByRole('button', { name: 'Remove product' }));
    const fire = () => store.getState().model.fire!;
    expect(fire().config.products.detectors.map((d) => d.id)).toEqual(['sbf-multi', 'sbf-heat-a1r', 'sbf-heat-cs']);
    expect(fire().units.detectors.d1!.product_id).toBe('');
    // The cable's product is another list's: untouched.
    expect(fire().connections.cables.c1!.product_id).toBe('sbf-cable-1');
    undo();
    expect(fire().config.products.detectors.map((d) => d.id)).toEqual(['sbf-smoke', 'sbf-multi', 'sbf-heat-a1r', 'sbf-heat-cs']);
    expect(fire().units.detectors.d1!.product_id).toBe('sbf-smoke');
  });
});

describe("a central's loop limits (issue 26)", () => {
  const limitsOf = (store: ProjectStore) => {
    const c = productsOf(store).centrals[0]!;
    return {
      mA: c.max_loop_milliamperes,
      ohms: c.max_loop_ohms,
      metres: c.max_loop_metres,
      isolator: c.isolator_ohms,
      counted: c.isolators_count_as_units,
    };
  };
  const field = (label: string) => panel().getByLabelText<HTMLInputElement>(label);

  it("shows them in 'Loop limits'; an empty limit is null, shown 'not checked' (isolator resistance '0')", () => {
    // A central added on the page has none set.
    const store = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Add central' }));
    const group = within(panel().getByRole('group', { name: 'Loop limits' }));
    for (const label of ['Max loop current (mA)', 'Max loop resistance (Ω)', 'Max loop length (m)']) {
      expect(group.getByLabelText<HTMLInputElement>(label).value, label).toBe('');
      expect(group.getByLabelText<HTMLInputElement>(label).placeholder, label).toBe('not checked');
    }
    expect(group.getByLabelText<HTMLInputElement>('Isolator resistance (Ω)').value).toBe('');
    expect(group.getByLabelText<HTMLInputElement>('Isolator resistance (Ω)').placeholder).toBe('0');
    expect(group.getByRole<HTMLInputElement>('checkbox', { name: 'Isolators count as units' }).checked).toBe(false);
    expect(productsOf(store).centrals[2]).toMatchObject({
      max_loop_milliamperes: null,
      max_loop_ohms: null,
      max_loop_metres: null,
      isolator_ohms: null,
      isolators_count_as_units: false,
    });
  });

  it('edits them with min 0 and their decimals, clears a limit to null, and undo goes back', () => {
    const store = setup();
    const before = limitsOf(store);
    select('Centrals', 'Addressable control panel, 2 loops');
    // The generic panel's limits (fire-next.md §2.2, §2.4).
    expect(before).toEqual({ mA: 500, ohms: 75, metres: 2000, isolator: 0.2, counted: false });
    expect(field('Max loop current (mA)').value).toBe('500');

    expect(typeNumber('Max loop current (mA)', '400.12345').value).toBe('400.123');
    typeNumber('Max loop resistance (Ω)', '-5', 'enter');
    typeNumber('Max loop length (m)', '1500,5');
    typeNumber('Isolator resistance (Ω)', '0.25');
    fireEvent.click(panel().getByRole('checkbox', { name: 'Isolators count as units' }));
    expect(limitsOf(store)).toEqual({ mA: 400.123, ohms: 0, metres: 1500.5, isolator: 0.25, counted: true });

    // Emptied: not checked (null), shown empty with its placeholder.
    typeNumber('Max loop current (mA)', '');
    typeNumber('Max loop length (m)', '  ', 'enter');
    typeNumber('Isolator resistance (Ω)', '');
    expect(limitsOf(store)).toEqual({ mA: null, ohms: 0, metres: null, isolator: null, counted: true });
    expect(field('Max loop current (mA)').value).toBe('');
    expect(field('Max loop current (mA)').placeholder).toBe('not checked');
    // A limit set again from empty.
    typeNumber('Max loop length (m)', '800');
    expect(limitsOf(store).metres).toBe(800);
    // Escape drops what was typed.
    fireEvent.change(field('Max loop resistance (Ω)'), { target: { value: '12' } });
    fireEvent.keyDown(field('Max loop resistance (Ω)'), { key: 'Escape' });
    fireEvent.blur(field('Max loop resistance (Ω)'));
    expect(limitsOf(store).ohms).toBe(0);
    expect(field('Max loop resistance (Ω)').value).toBe('0');
    // The other central is untouched.
    expect(productsOf(store).centrals[1]!.max_loop_milliamperes).toBe(500);

    undo();
    expect(limitsOf(store)).toEqual(before);
    expect(field('Max loop current (mA)').value).toBe('500');
  });

  it('export carries them; a file without them imports with the defaults (not checked)', async () => {
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:hardware';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const store = setup();
    select('Centrals', 'Addressable control panel, 2 loops');
    typeNumber('Max loop resistance (Ω)', '');
    typeNumber('Max loop current (mA)', '350');
    fireEvent.click(panel().getByRole('checkbox', { name: 'Isolators count as units' }));
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    const text = await blobs[0]!.text();
    const central = (JSON.parse(text) as { hardware: Products }).hardware.centrals[0]!;
    expect(central).toMatchObject({
      max_loop_milliamperes: 350,
      max_loop_ohms: null,
      max_loop_metres: 2000,
      isolator_ohms: 0.2,
      isolators_count_as_units: true,
    });

    // An older file: the same central without the five fields.
    const older: Record<string, unknown> = { ...central };
    for (const key of ['max_loop_milliamperes', 'max_loop_ohms', 'max_loop_metres', 'isolator_ohms', 'isolators_count_as_units'])
      delete older[key];
    const products = productsOf(store);
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    chooseFile(JSON.stringify({ edrf_schema: 2, hardware: { ...products, centrals: [older, products.centrals[1]] } }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(limitsOf(store)).toEqual({ mA: null, ohms: null, metres: null, isolator: null, counted: false });
    expect(productsOf(store).centrals[0]).toMatchObject({ name: central.name, milliamperes: central.milliamperes });

    // The exported file brings them back.
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    chooseFile(text);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(productsOf(store).centrals[0]).toEqual(central);
    select('Centrals', 'Addressable control panel, 2 loops');
    expect(field('Max loop current (mA)').value).toBe('350');
    expect(field('Max loop resistance (Ω)').value).toBe('');
  });
});

describe('import and export', () => {
  it("a file without hardware holding a detectors list says 'Invalid hardware .json' in the dialog and changes nothing", async () => {
    const store = setup();
    const before = store.getState().model;
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    for (const text of [
      JSON.stringify({ edrf_schema: 2, hardware: { cables: [] } }),
      JSON.stringify({ detectors: [] }),
      '{not json',
      JSON.stringify({ hardware: { detectors: [{ name: 'no id' }] } }),
    ]) {
      const dialog = chooseFile(text);
      expect((await dialog.findByRole('alert')).textContent).toBe('Invalid hardware .json');
      expect(screen.getByRole('dialog', { name: 'Import hardware' })).toBeTruthy();
      expect(store.getState().model).toBe(before);
    }
    expect(store.getState().canUndo).toBe(false);
  });

  it('a valid file replaces the product lists as one undoable edit; what named a product that is gone loses it', async () => {
    const store = setup();
    const before = productsOf(store);
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    chooseFile(
      JSON.stringify({
        edrf_schema: 2,
        hardware: {
          detectors: [{ id: 'heat-1', name: 'Heat 1', type: 'Heat', socket: 'B', electrical: { min_voltage: 9, max_voltage: 30 } }],
          cables: [before.cables[0]],
        },
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const products = productsOf(store);
    expect(products.detectors).toEqual([
      {
        id: 'heat-1',
        name: 'Heat 1',
        type: 'Heat',
        socket: 'B',
        electrical: { min_voltage: 9, max_voltage: 30, min_milliamperes: 0, max_milliamperes: 0 },
      },
    ]);
    expect(products.cables).toEqual([before.cables[0]]);
    expect(products.centrals).toEqual([]);
    expect(headings()[1]).toBe('Detectors 1');
    expect(headings()[0]).toBe('Centrals 0');
    expect(store.getState().model.fire!.units.detectors.d1!.product_id).toBe('');
    expect(store.getState().model.fire!.connections.cables.c1!.product_id).toBe('sbf-cable-1');

    undo();
    expect(productsOf(store)).toEqual(before);
    expect(store.getState().model.fire!.units.detectors.d1!.product_id).toBe('sbf-smoke');
    expect(store.getState().canUndo).toBe(false);
  });

  it('no file chosen is P§5 "No file selected"', async () => {
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Import hardware' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Import' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('No file selected');
  });

  it('Export writes edrf_schema and the lists; that file imported later gives back exactly the exported lists', async () => {
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:hardware';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const store = setup();
    // An edit first, so that the file holds something the generic lists do not.
    select('Cables', 'Fire-resisting power cable 3G2.5');
    typeNumber('Pairs', '4');
    const exported = productsOf(store);
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(blobs).toHaveLength(1);
    const text = await blobs[0]!.text();
    expect(JSON.parse(text)).toEqual({ edrf_schema: CURRENT_SCHEMA, hardware: exported });

    // Importing it again changes nothing: not even an undo step.
    const model = store.getState().model;
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    chooseFile(text);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(store.getState().model).toBe(model);

    // After more changes, importing it gives the exported lists back.
    fireEvent.click(list('Detectors').getByRole('button', { name: 'Rank down: Addressable optical smoke detector' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add central' }));
    expect(productsOf(store)).not.toEqual(exported);
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    chooseFile(text);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(productsOf(store)).toEqual(exported);
    expect(productsOf(store).cables[2]!.num).toBe(4);
  });
});

describe('the catalogue of hardware sets', () => {
  it('opens a set from get_fire_hardware and adds the ticked products; a taken id gets a new one', async () => {
    const store = setup();
    // The list's own smoke detector renamed: the catalogue's is no longer the same product, but its id is taken.
    select('Detectors', 'Addressable optical smoke detector');
    fireEvent.change(panel().getByLabelText('Name'), { target: { value: 'Our smoke detector' } });

    fireEvent.click(screen.getByRole('button', { name: 'Catalogue' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Hardware catalogue' }));
    const sets = await dialog.findAllByRole('button', { name: /^Generic addressable/ });
    expect(fetched.filter((url) => url.endsWith('/api/v1/get_fire_hardware'))).toHaveLength(1);
    expect(sets.map((b) => b.querySelector('.catalogue-set-name')!.textContent)).toEqual([
      'Generic addressable (SBF 110:8)',
      'Generic addressable (BS 5839)',
      'Generic addressable (NFPA 72)',
    ]);
    expect(sets[0]!.textContent).toContain('edrf generic catalogue');

    // The SBF set is what the lists hold: all but the renamed detector are there already.
    fireEvent.click(sets[0]!);
    const addable = () => dialog.getAllByRole<HTMLInputElement>('checkbox').filter((box) => !box.disabled);
    expect(addable().map((box) => box.parentElement!.textContent)).toEqual(['Addressable optical smoke detector']);
    fireEvent.click(addable()[0]!);
    fireEvent.click(dialog.getByRole('button', { name: 'Add 1 product' }));
    expect(productsOf(store).detectors.map((d) => [d.id, d.name])).toEqual([
      ['sbf-smoke', 'Our smoke detector'],
      ['sbf-multi', 'Addressable multisensor (optical/heat) detector'],
      ['sbf-heat-a1r', 'Addressable heat detector, rate of rise (A1R)'],
      ['sbf-heat-cs', 'Addressable heat detector, fixed 78 °C (CS)'],
      ['sbf-smoke-2', 'Addressable optical smoke detector'],
    ]);
    expect(dialog.getByRole('status').textContent).toBe('Added 1 product');
    expect(addable()).toEqual([]);

    // From the BS set: its two loop cables. Its call point has the same fields as the SBF one the lists hold.
    fireEvent.click(sets[1]!);
    expect(
      dialog.getByRole<HTMLInputElement>('checkbox', { name: 'Addressable manual call point, resettable in your lists' }).disabled,
    ).toBe(true);
    fireEvent.click(dialog.getByRole('checkbox', { name: 'Enhanced fire-resisting cable 2 core 2.5 mm² (BS 8434-2)' }));
    fireEvent.click(dialog.getByRole('checkbox', { name: 'Enhanced fire-resisting cable 2 core 1.5 mm² (BS 8434-2)' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Add 2 products' }));
    // In the set's order, whatever the order of ticking.
    expect(productsOf(store).cables.map((c) => c.id)).toEqual([
      'sbf-cable-1',
      'sbf-cable-2',
      'sbf-cable-power',
      'bs-cable-1',
      'bs-cable-2',
    ]);
    expect(productsOf(store).cables.slice(3)).toEqual(getFireHardware().products[1]!.products.cables.slice(0, 2));
    expect(productsOf(store).buttons.map((b) => b.id)).toEqual(['sbf-callpoint', 'sbf-callpoint-ip67']);

    fireEvent.click(dialog.getAllByRole('button', { name: 'Close' })[0]!);
    expect(screen.getByRole('button', { name: 'Cables 5' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Detectors 5' })).toBeTruthy();
  });
});
