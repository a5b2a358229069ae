import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emptyModel, type Model } from '@edrf/model';
import { alertsStore, dismissAlert } from '../../../../../ui/alerts';
import { archLayers } from '../../../../../editor/arch/arch-layers';
import { testArch } from '../../../../../editor/arch/test-arch';
import { planHarness } from '../../../../../editor/harness';
import { SelectTool } from '../../../../../editor/tools/select';
import { createFireConfigForTest } from '../../test-fire';
import { RACKS_LAYER, rackLayer } from './rack-layer';
import { PLINTH_TOOL_SLOT, RACK_TOOL_SLOTS, RackTool } from './rack-tools';

/** The fire units plan as far as racks go, on the test arch (s0: kitchen k 0..4 × 0..3, office o 4..7 × 0..3) with a fire module. */
function racks(edit: (model: Model) => void = () => {}) {
  const model: Model = { ...emptyModel(), arch: testArch(), fire: createFireConfigForTest('Sbf1108') };
  edit(model);
  const h = planHarness(
    {
      layers: [...archLayers({ pickable: false, roomFill: 'plain' }), rackLayer()],
      defaultTool: () => new SelectTool({ accept: (item) => item.layer === RACKS_LAYER }),
    },
    model,
    's0',
  );
  const fire = () => h.model.fire!;
  const rackItems = () => h.editor.scene.items.filter((item) => item.layer === RACKS_LAYER);
  return { ...h, fire, rackItems };
}

const shown = () => alertsStore.get().map((alert) => `${alert.cls}: ${alert.msg}`);
const clearAlerts = () => alertsStore.get().forEach((alert) => dismissAlert(alert.id));

beforeEach(clearAlerts);
afterEach(clearAlerts);

/** A point to the micrometre: clicks go through screen pixels and back. */
const um = (p: readonly number[]) => p.map((v) => Math.round(v * 1e6) / 1e6 + 0);

describe('the rack tool', () => {
  it('a press in a room places a rack there, at the floor + 0.1, selects it and draws it labelled +D1', () => {
    const h = racks();
    const tool = new RackTool('rack');
    h.editor.useTool(tool);
    h.click([1, 1]);
    const [rack] = Object.values(h.fire().units.racks);
    expect(rack).toMatchObject({ id: 'rack-1', storey_id: 's0', physical: true, size: [46, 220] });
    expect(um(rack!.coord)).toEqual([1, 1, 0.1]);
    expect(h.fire().connections.rooms.k).toMatchObject({ label: '+D1', racks: ['rack-1'] });
    expect(h.editor.selection).toEqual({ kind: 'items', items: [{ kind: 'fire.units.racks', id: 'rack-1' }] });
    expect(h.rackItems().map((item) => item.label)).toEqual(['+D1']);
    expect(h.editor.tool).toBe(tool);
    expect(tool.state.made).toEqual(['rack-1']);
    expect(shown()).toEqual([]);
  });

  it('a press outside every room shows the error toast, places nothing and keeps the tool', () => {
    const h = racks();
    const tool = new RackTool('rack-central-plinth');
    h.editor.useTool(tool);
    h.click([8.5, 1.5]);
    expect(shown()).toEqual(['error: Racks must be placed in a room']);
    expect(h.fire().units.racks).toEqual({});
    expect(h.fire().connections.centrals).toEqual({});
    expect(h.editor.tool).toBe(tool);
    h.click([5, 1]);
    expect(Object.keys(h.fire().units.racks)).toEqual(['rack-1']);
  });

  it('r turns the pending rack by +10 degrees, R by −1; the placed rack takes the angle', () => {
    const h = racks();
    const tool = new RackTool('rack');
    h.editor.useTool(tool);
    expect(h.key('r')).toBe(true);
    expect(h.key('r')).toBe(true);
    expect(h.key('R')).toBe(true);
    expect(tool.state.angle).toBe(19);
    h.click([2, 2]);
    expect(h.fire().units.racks['rack-1']!.angle).toBe(19);
    for (let i = 0; i < 20; i++) h.key('R');
    expect(tool.state.angle).toBe(359);
    expect(h.fire().units.racks['rack-1']!.angle).toBe(19);
  });

  it('Escape ends the tool; with once, the tool ends after placing', () => {
    const h = racks();
    h.editor.useTool(new RackTool('rack'));
    h.key('Escape');
    expect(h.editor.tool.id).toBe('select');
    h.editor.useTool(new RackTool('central', { once: true }));
    h.click([5, 2]);
    expect(h.editor.tool.id).toBe('select');
    expect(Object.keys(h.fire().units.racks)).toEqual(['rack-1']);
  });

  it('rack with central and plinth: one undo step takes away the rack, its central, plinth and room record', () => {
    const h = racks();
    h.editor.useTool(new RackTool('rack-central-plinth'));
    h.click([1, 1]);
    h.click([5, 1]);
    expect(Object.values(h.fire().connections.centrals).map((c) => [c.rack_id, c.main_central])).toEqual([
      ['rack-1', true],
      ['rack-2', false],
    ]);
    expect(Object.values(h.fire().connections.plinths).map((p) => p.rack_id)).toEqual(['rack-1', 'rack-2']);
    expect(h.rackItems().map((item) => item.label)).toEqual(['+D1', '+D2']);
    h.undo();
    expect(Object.keys(h.fire().units.racks)).toEqual(['rack-1']);
    expect(Object.keys(h.fire().connections.centrals)).toHaveLength(1);
    expect(Object.keys(h.fire().connections.plinths)).toHaveLength(1);
    expect(h.fire().connections.rooms.o).toBeUndefined();
    expect(h.rackItems()).toHaveLength(1);
  });

  it('central alone places a non-physical rack drawn as Equipment, picked by a click on it', () => {
    const h = racks();
    h.editor.useTool(new RackTool('central'));
    h.click([5, 1]);
    expect(h.fire().units.racks['rack-1']!.physical).toBe(false);
    expect(h.rackItems().map((item) => [item.label, item.styleKey])).toEqual([['Equipment', 'equipment']]);
    h.key('Escape');
    h.editor.select({ kind: 'none' });
    // The footprint reaches 0.6 m in front of the rack's point.
    h.click([5, 1.3]);
    expect(h.editor.selection).toEqual({ kind: 'items', items: [{ kind: 'fire.units.racks', id: 'rack-1' }] });
  });

  it('without products, logs No product found for … and still places the units; an oversize central is an error toast', () => {
    const logged: string[] = [];
    const h = racks((model) => {
      model.fire!.config.products.plinths = [];
      model.fire!.config.products.centrals[0]!.rack_size = [60, 20];
    });
    h.editor.useTool(new RackTool('rack-central-plinth', { warn: (message) => logged.push(message) }));
    h.click([1, 1]);
    expect(logged).toEqual(['No product found for plinth']);
    expect(shown()).toEqual(['error: Failed to create rack unit central']);
    expect(Object.keys(h.fire().units.racks)).toEqual(['rack-1']);
    expect(h.fire().connections.centrals).toEqual({});
    expect(Object.values(h.fire().connections.plinths)).toMatchObject([{ product_id: '', rack_id: 'rack-1' }]);
  });

  it('on another storey the rack goes to that storey’s room', () => {
    const h = racks();
    h.editor.setStorey('s1');
    h.editor.useTool(new RackTool('rack'));
    h.click([1, 1]);
    expect(h.fire().units.racks['rack-1']).toMatchObject({ storey_id: 's1' });
    expect(um(h.fire().units.racks['rack-1']!.coord)).toEqual([1, 1, 3.1]);
    expect(h.fire().connections.rooms.u).toMatchObject({ label: '+D1', name: 'Upstairs' });
    h.editor.setStorey('s0');
    expect(h.rackItems()).toEqual([]);
  });

  it('the toolbar entries are F§2’s two rack tools, each with its own id, so one button does not end the other', () => {
    expect(RACK_TOOL_SLOTS.map((slot) => [slot.label, slot.id, slot.make().id, slot.make().state.mode])).toEqual([
      ['Rack with central and plinth', 'place-rack-central-plinth', 'place-rack-central-plinth', 'rack-central-plinth'],
      ['Central alone', 'place-central', 'place-central', 'central'],
    ]);
    const h = racks();
    const [withPlinth, alone] = RACK_TOOL_SLOTS;
    h.editor.toggleTool(withPlinth!.id, withPlinth!.make);
    h.editor.toggleTool(alone!.id, alone!.make);
    expect(h.editor.tool.id).toBe('place-central');
    h.editor.toggleTool(alone!.id, alone!.make);
    expect(h.editor.tool.id).toBe('select');
  });
});

describe('the More menu’s Plinth', () => {
  const plinths = (h: ReturnType<typeof racks>) =>
    Object.values(h.fire().connections.plinths).map((p) => ({ id: p.id, rack: p.rack_id, pos: p.rack_pos }));

  it('a press in a room places a rack holding a plinth; a press on that rack adds plinths side by side on the others’ row', () => {
    const h = racks();
    h.editor.useTool(PLINTH_TOOL_SLOT.make());
    h.click([1, 1]);
    expect(Object.keys(h.fire().units.racks)).toEqual(['rack-1']);
    expect(h.fire().connections.rooms.k).toMatchObject({ label: '+D1', racks: ['rack-1'] });
    expect(plinths(h)).toEqual([{ id: 'plinth-1', rack: 'rack-1', pos: [2, 6] }]);
    // Inside the rack's 0.6 m footprint (it stands on its coord at the middle of its back side).
    h.click([1, 1.3]);
    h.click([1.1, 1.2]);
    expect(Object.keys(h.fire().units.racks)).toEqual(['rack-1']);
    // The generic plinth is [3, 12]: the next ones at x 5 and 8.
    expect(plinths(h)).toEqual([
      { id: 'plinth-1', rack: 'rack-1', pos: [2, 6] },
      { id: 'plinth-2', rack: 'rack-1', pos: [5, 6] },
      { id: 'plinth-3', rack: 'rack-1', pos: [8, 6] },
    ]);
    expect(h.editor.selection).toEqual({ kind: 'items', items: [{ kind: 'fire.units.racks', id: 'rack-1' }] });
    expect(shown()).toEqual([]);
    h.undo();
    expect(plinths(h)).toHaveLength(2);
  });

  it('a full row is refused with F§8’s message and changes nothing; outside every room nothing is placed', () => {
    const h = racks();
    h.editor.useTool(PLINTH_TOOL_SLOT.make());
    h.click([1, 1]);
    // [46, 220] with 2 of padding: x 2..44 holds fourteen plinths of width 3.
    for (let n = 0; n < 13; n++) h.click([1, 1.3]);
    expect(plinths(h)).toHaveLength(14);
    const before = h.model;
    h.click([1, 1.3]);
    expect(shown()).toEqual(['error: Failed to create rack unit plinth']);
    expect(h.model).toBe(before);
    clearAlerts();
    h.click([8.5, 1.5]);
    expect(shown()).toEqual(['error: Racks must be placed in a room']);
    expect(Object.keys(h.fire().units.racks)).toEqual(['rack-1']);
  });
});
