/**
 * The sections page through the page (issue 24), the server's calc_fire_sections answered by the fire engine itself
 * through a stand-in for fetch (400 'Fire detectors missing' as the route answers a model without detectors).
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { calcFireSections, hasDetectors, type CalcFireSectionsInput } from '@edrf/fire';
import { SECTION_PALETTE, type Model } from '@edrf/model';
import { rect } from '../../../../editor/arch/test-arch';
import { alertsStore } from '../../../../ui/alerts';
import { renderProjectPages } from '../../../../state/test-project';
import { SectionsPage } from './SectionsPage';
import { sectionsModel, testSection } from './test-sections';

let bodies: CalcFireSectionsInput[] = [];
/** The store's clock: edits within 1500 ms are one undo step (P§4), so steps a test tells apart are 2 s apart. */
let clock = 1_000_000;
const later = () => {
  clock += 2000;
};
/** Run's answers wait for this when set (to see the progress and edit meanwhile). */
let hold: Promise<void> | null = null;

beforeEach(() => {
  bodies = [];
  hold = null;
  alertsStore.set([]);
  vi.spyOn(Date, 'now').mockImplementation(() => clock);
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const json = (status: number, value: unknown) =>
      new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
    if (!url.endsWith('/api/v1/calc_fire_sections')) return json(404, {});
    const body = JSON.parse(init!.body as string) as CalcFireSectionsInput;
    bodies.push(body);
    if (!hasDetectors(body.model.fire)) return json(400, { detail: 'Fire detectors missing' });
    if (body.settings.sections && hold) await hold;
    return json(200, calcFireSections(body));
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function setup(edit: (model: Model) => void = () => {}) {
  const model = sectionsModel();
  edit(model);
  const rendered = renderProjectPages(model, [{ path: 'fire/sections', element: <SectionsPage /> }], '/project/p1/fire/sections');
  const fire = () => rendered.store.getState().model.fire!;
  return { ...rendered, fire };
}

const toolbar = () => within(screen.getByRole('toolbar', { name: 'Plan tools' }));
const panel = () => within(screen.getByRole('complementary', { name: 'Properties' }));
const sectionList = () => within(screen.getByRole('list', { name: 'Sections' }));
const listed = () =>
  sectionList()
    .getAllByRole('button')
    .map((b) => b.querySelector('.section-name')!.textContent);
const toasts = () => alertsStore.get().map((a) => a.msg);
const press = (key: string, init: KeyboardEventInit = {}) =>
  act(() => {
    window.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init }));
  });
/** The plan keeps its first view here (no layout): 20 px a metre, the origin at the canvas's top left, y up. */
const at = (x: number, y: number) => ({ clientX: 20 * x, clientY: -20 * y, button: 0, pointerId: 1 });
function dragOnPlan(from: [number, number], to: [number, number]) {
  const canvas = screen.getByTestId('plan');
  fireEvent.pointerDown(canvas, at(...from));
  fireEvent.pointerMove(canvas, at((from[0] + to[0]) / 2, (from[1] + to[1]) / 2));
  fireEvent.pointerMove(canvas, at(...to));
  fireEvent.pointerUp(canvas, at(...to));
}
function pressPlan(x: number, y: number) {
  const canvas = screen.getByTestId('plan');
  fireEvent.pointerDown(canvas, at(x, y));
  fireEvent.pointerUp(canvas, at(x, y));
}

describe('the sections page', () => {
  it('lists the sections numerically, offers Run with the three boxes on, and shows the analysis as red boxes', async () => {
    setup();
    expect(listed()).toEqual(['1', '10']);
    const run = within(screen.getByRole('group', { name: 'Calculate sections' }));
    expect(run.getAllByRole('checkbox').map((box) => [box.parentElement!.textContent, (box as HTMLInputElement).checked])).toEqual([
      ['Sections', true],
      ['Section labels', true],
      ['Addresses', true],
    ]);
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]!.settings).toEqual({ sections: false, labels: false, addresses: false });
    const expected = calcFireSections(bodies[0]!).validation.warnings;
    expect(expected.length).toBeGreaterThan(0);
    const warnings = within(screen.getByRole('region', { name: 'Warnings' }));
    await waitFor(() => expect(warnings.getByRole('heading', { name: `Warnings (${expected.length})` })).toBeTruthy());
    for (const warning of expected) expect(warnings.getByText(warning.message).closest('.warning-box')).toBeTruthy();
    // A section's warning selects the section.
    const about = expected.find((w) => w.section_id === 'section-1')!;
    fireEvent.click(warnings.getByRole('button', { name: about.message }));
    expect(panel().getByRole('heading', { name: 'Section 1' })).toBeTruthy();
  });

  it('adds a new section 0, renames, describes and recolours it, and deletes it, each an undoable edit', () => {
    const { fire, store } = setup();
    fireEvent.click(toolbar().getByRole('button', { name: 'Sections ▾' }));
    const menu = within(screen.getByRole('menu', { name: 'Sections' }));
    expect(menu.getAllByRole('menuitemradio').map((item) => item.textContent)).toEqual(['11 room', '101 room']);
    fireEvent.click(menu.getByRole('menuitem', { name: 'Add new' }));
    expect(fire().sections['section-3']).toMatchObject({ name: '0', description: '', ...SECTION_PALETTE[0] });
    expect(listed()).toEqual(['0', '1', '10']);
    expect(panel().getByRole('heading', { name: 'Section 0' })).toBeTruthy();

    fireEvent.change(panel().getByRole('textbox', { name: 'Name' }), { target: { value: '2' } });
    fireEvent.change(panel().getByRole('textbox', { name: 'Description' }), { target: { value: 'Stairs' } });
    expect(listed()).toEqual(['1', '2', '10']);
    fireEvent.click(panel().getByRole('button', { name: 'Colour 4' }));
    expect(fire().sections['section-3']).toMatchObject({ name: '2', description: 'Stairs', ...SECTION_PALETTE[3] });
    expect(panel().getByRole('button', { name: 'Colour 4' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(panel().getByRole('button', { name: 'Delete section' }));
    expect(fire().sections['section-3']).toBeUndefined();
    act(() => {
      store.undo();
    });
    expect(fire().sections['section-3']).toBeDefined();
  });

  it('Edit moves clicked rooms into the selected section; Apply keeps them, Cancel drops them', () => {
    const { fire } = setup();
    fireEvent.click(sectionList().getAllByRole('button')[0]!);
    fireEvent.click(toolbar().getByRole('button', { name: 'Edit' }));
    expect(toolbar().getByText('Editing Section 1: click rooms to move them in or out')).toBeTruthy();
    pressPlan(6, 2.5);
    expect(fire().sections['section-1']!.parts.map((p) => p.room_id)).toEqual(['k', 'o']);
    fireEvent.click(toolbar().getByRole('button', { name: 'Cancel' }));
    expect(fire().sections['section-1']!.parts.map((p) => p.room_id)).toEqual(['k']);

    fireEvent.click(toolbar().getByRole('button', { name: 'Edit' }));
    pressPlan(6, 2.5);
    fireEvent.click(toolbar().getByRole('button', { name: 'Apply' }));
    expect(fire().sections['section-1']!.parts.map((p) => p.room_id)).toEqual(['k', 'o']);
    expect(
      within(panel().getByRole('list', { name: 'Rooms of the section' }))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['KitchenGround', 'OfficeGround']);
  });

  it('moves, reshapes, resets and removes a part from the panel', async () => {
    const { fire } = setup();
    pressPlan(0.5, 2.5);
    expect(panel().getByRole('heading', { name: 'Section 1' })).toBeTruthy();
    expect(panel().getByRole('heading', { name: 'Kitchen' })).toBeTruthy();
    // e edits the part's shape: a corner dragged, Enter applies.
    press('e');
    expect(toolbar().getByText('Drag corners; press an edge to add one')).toBeTruthy();
    dragOnPlan([4, 3], [2, 3]);
    press('Enter');
    await waitFor(() => expect(fire().sections['section-1']!.parts[0]!.shape?.exterior).toContainEqual([2, 3]));
    expect(panel().getByText(/own shape/)).toBeTruthy();
    // A crossing shape is refused: the toast, and the part keeps its shape.
    fireEvent.click(panel().getByRole('button', { name: 'Edit shape' }));
    dragOnPlan([2, 3], [2, -1]);
    fireEvent.click(toolbar().getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(toasts()).toContain('Invalid section shape'));
    expect(fire().sections['section-1']!.parts[0]!.shape?.exterior).toContainEqual([2, 3]);
    fireEvent.click(toolbar().getByRole('button', { name: 'Cancel' }));
    fireEvent.click(panel().getByRole('button', { name: 'Reset shape' }));
    expect(fire().sections['section-1']!.parts[0]!.shape).toBeNull();

    fireEvent.change(panel().getByRole('combobox', { name: 'Move to' }), { target: { value: 'section-2' } });
    expect(fire().sections['section-2']!.parts.map((p) => p.room_id)).toEqual(['u', 'k']);
    expect(fire().sections['section-1']).toMatchObject({ parts: [], addresses: {} });
    expect(panel().getByRole('heading', { name: 'Section 10' })).toBeTruthy();
    fireEvent.click(panel().getByRole('button', { name: 'Remove' }));
    expect(fire().sections['section-2']!.parts.map((p) => p.room_id)).toEqual(['u']);
  });

  it('a click on a unit in a section gives it the lowest unused address; clearing the field removes it', () => {
    const { fire, store } = setup();
    pressPlan(3, 2);
    expect(fire().sections['section-1']!.addresses).toEqual({ d1: 1, d2: 2 });
    expect(panel().getByRole('heading', { name: 'Detector' })).toBeTruthy();
    const field = panel().getByRole('textbox', { name: 'Address' });
    expect((field as HTMLInputElement).value).toBe('2');
    fireEvent.change(field, { target: { value: '1' } });
    fireEvent.blur(field);
    expect(toasts()).toContain("Address 1 is already given to 'd1'");
    later();
    fireEvent.change(field, { target: { value: '' } });
    fireEvent.blur(field);
    expect(fire().sections['section-1']!.addresses).toEqual({ d1: 1 });
    act(() => {
      store.undo();
    });
    expect(fire().sections['section-1']!.addresses).toEqual({ d1: 1, d2: 2 });
    act(() => {
      store.redo();
    });
    expect(fire().sections['section-1']!.addresses).toEqual({ d1: 1 });
    // Delete on a unit removes its address, not the unit.
    pressPlan(1, 1);
    press('Delete');
    expect(fire().sections['section-1']!.addresses).toEqual({});
    expect(fire().units.detectors.d1).toBeDefined();
  });

  it('lists the rooms of a section that falls apart under Non-contiguous rooms', async () => {
    setup((model) => {
      model.arch.rooms.f = {
        ...model.arch.rooms.o!,
        id: 'f',
        name: 'Far',
        shape: { ...model.arch.rooms.o!.shape, exterior: rect(20, 0, 23, 3) },
      };
      model.arch.storeys.s0!.rooms.push('f');
      model.fire!.units.detectors.d5 = { id: 'd5', storey_id: 's0', product_id: '', coord: [21, 1, 2.95], hidden: false };
      model.fire!.sections['section-1'] = testSection('section-1', '1', ['k', 'f']);
    });
    const region = await waitFor(() => screen.getByRole('region', { name: 'Non-contiguous rooms' }));
    const rooms = within(within(region).getByRole('list', { name: 'Rooms of Section 1' }));
    expect(rooms.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Kitchen', 'Far']);
  });

  it('Run writes the engine’s sections as one undo step while the page stays usable; a failure toasts the server’s message', async () => {
    let release!: () => void;
    hold = new Promise((resolve) => (release = resolve));
    const { fire, store } = setup((model) => {
      model.fire!.sections = {};
    });
    fireEvent.click(within(screen.getByRole('group', { name: 'Calculate sections' })).getByRole('button', { name: 'Run' }));
    expect(await screen.findByRole('progressbar', { name: 'Calculating sections' })).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Calculate sections' })).getByRole('button', { name: 'Run' })).toHaveProperty(
      'disabled',
      true,
    );
    act(() => release());
    await waitFor(() => expect(Object.keys(fire().sections).length).toBeGreaterThan(0));
    const sent = bodies.find((b) => b.settings.sections)!;
    const answer = calcFireSections(sent);
    expect(fire().sections).toEqual(answer.sections);
    for (const label of Object.values(answer.labels)) expect(fire().units.labels[label.id]).toEqual(label);
    expect(screen.queryByRole('progressbar')).toBeNull();
    act(() => {
      store.undo();
    });
    expect(fire().sections).toEqual({});
    expect(Object.keys(fire().units.labels)).toEqual([]);
  });

  it('a run on a model without detectors toasts Fire detectors missing and changes nothing', async () => {
    const { fire } = setup((model) => {
      model.fire!.units.detectors = {};
    });
    const before = fire();
    fireEvent.click(within(screen.getByRole('group', { name: 'Calculate sections' })).getByRole('button', { name: 'Run' }));
    await waitFor(() => expect(toasts()).toContain('Fire detectors missing'));
    expect(fire()).toBe(before);
    expect(await screen.findByText('Analysis unavailable: Fire detectors missing')).toBeTruthy();
  });
});
