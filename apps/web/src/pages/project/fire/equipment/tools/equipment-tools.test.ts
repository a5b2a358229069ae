import { describe, expect, it, vi } from 'vitest';
import { emptyModel, findDanglingReferences, type Model } from '@edrf/model';
import { testArch } from '../../../../../editor/arch/test-arch';
import { planHarness, type PlanHarness } from '../../../../../editor/harness';
import { SelectTool } from '../../../../../editor/tools/select';
import { applyEdits } from '../../../../../state/history';
import { createFireConfigForTest } from '../../test-fire';
import { placeRackEdits } from '../../units/racks/rack-edits';
import { EQUIPMENT_MESSAGES, type EquipmentResult } from '../equipment-edits';
import { rackLayout, toWorld, type S } from '../equipment-layout';
import { equipmentLayers } from '../layers/equipment-layers';
import { equipmentPainters } from '../layers/equipment-painters';
import { AddTool } from './add-tool';
import { equipmentDrag, type Report } from './equipment-drag';
import { SchematicState } from './schematic-state';

/** Two racks with a central and a plinth each: +D1 in the kitchen (x 0..46), +D2 in the office (x 66..112). */
function twoRacks(): Model {
  let model: Model = { ...emptyModel(), arch: testArch(), fire: createFireConfigForTest('Sbf1108') };
  for (const at of [
    [1, 1],
    [5, 1],
  ] as [number, number][]) {
    const placed = placeRackEdits(model, 's0', at, 'rack-central-plinth');
    if (!placed.ok) throw new Error(placed.error);
    model = applyEdits(model, placed.requests).model;
  }
  return model;
}

/** The schematic on the engine, driven in rack units (y down), with the page's report recording toasts and logs. */
function schematic(model = twoRacks()) {
  const state = new SchematicState();
  const toasts: NonNullable<EquipmentResult['toast']>[] = [];
  const logged: string[] = [];
  const report: Report = (result, editor) => {
    if (result.logged) logged.push(result.logged);
    if (result.requests.length > 0) editor.target.edit(result.requests);
    if (result.toast) toasts.push(result.toast);
    if (result.select) editor.select({ kind: 'items', items: [result.select] });
  };
  const h: PlanHarness = planHarness(
    {
      layers: equipmentLayers(),
      defaultTool: () => new SelectTool({ drag: equipmentDrag(state, report) }),
      painters: equipmentPainters(state),
    },
    model,
    's0',
  );
  const at = (p: S) => toWorld(p);
  return {
    h,
    state,
    toasts,
    logged,
    report,
    fire: () => h.model.fire!,
    click: (p: S) => h.click(at(p)),
    drag: (from: S, to: S) => h.drag(at(from), at(to)),
  };
}

// Rack +D1 (x 0..46): central [2,23] 40×20 (centre 22,33), plinth [2,6] 3×12 (centre 3.5,12). +D2 starts at x 66.
const D1_CENTRAL: S = [22, 33];
const D1_PLINTH: S = [3.5, 12];
const D2_CENTRAL: S = [88, 33];

describe('the equipment schematic', () => {
  it('lays racks side by side by room label with a gap', () => {
    const { fire } = schematic();
    expect(rackLayout(fire()).map((p) => [p.label, p.x])).toEqual([
      ['+D1', 0],
      ['+D2', 66],
    ]);
  });

  it('adds each kind into the rack pressed on, with the first product, and stays armed', () => {
    const s = schematic();
    for (const kind of ['plinth', 'power-supply', 'alarm-transmitter', 'central'] as const) {
      s.h.editor.useTool(new AddTool(kind, s.state, s.report));
      s.click([23.2, kind === 'central' ? 120 : kind === 'plinth' ? 60 : kind === 'power-supply' ? 80 : 100]);
    }
    const fire = s.fire();
    const plinth = Object.values(fire.connections.plinths).find((p) => p.rack_pos[1] !== 6)!;
    expect(plinth.rack_pos).toEqual([22, 54]);
    expect(plinth.product_id).toBe(fire.config.products.plinths[0]!.id);
    expect(Object.values(fire.connections.power_supplies)[0]!.rack_pos).toEqual([18, 75]);
    const transmitter = Object.values(fire.connections.others)[0]!;
    expect(transmitter.unit_type).toBe('AlarmTransmitter');
    expect(fire.config.products.other_rack_products.find((p) => p.id === transmitter.product_id)!.unit_type).toBe('AlarmTransmitter');
    const centrals = Object.values(fire.connections.centrals);
    expect(centrals.filter((c) => c.main_central)).toHaveLength(1);
    expect(centrals.find((c) => c.rack_pos[1] === 110)!.main_central).toBe(false);
    // A press outside every rack adds nothing; Escape ends the Add.
    const before = s.h.model;
    s.click([56, 100]);
    expect(s.h.model).toBe(before);
    s.h.key('Escape');
    expect(s.h.editor.tool.id).toBe('select');
  });

  it("logs 'No product found for {unit}' and adds the unit with F§9's default size", () => {
    const model = twoRacks();
    model.fire!.config.products.power_supplies = [];
    const s = schematic(model);
    s.h.editor.useTool(new AddTool('power-supply', s.state, s.report));
    s.click([23, 80]);
    expect(s.logged).toEqual([EQUIPMENT_MESSAGES.noProduct('power supply')]);
    const psu = Object.values(s.fire().connections.power_supplies)[0]!;
    expect([psu.product_id, psu.rack_pos]).toEqual(['', [18, 75]]);
  });

  it('drags a unit within its rack (snapped, inside the padding) and onto another rack, in one undo step each', () => {
    const s = schematic();
    const plinthId = Object.keys(s.fire().connections.plinths)[0]!;
    s.drag(D1_PLINTH, [10.2, 60.4]);
    expect(s.fire().connections.plinths[plinthId]!.rack_pos).toEqual([9, 54]);
    // Against the rack's side: kept 2 units inside.
    s.drag([10, 60], [0.5, 60]);
    expect(s.fire().connections.plinths[plinthId]!.rack_pos).toEqual([2, 54]);
    // Grabbed 1 right of its left side, dropped with the pointer at x 80: 80 − 1 − 66 into +D2.
    s.drag([3, 60], [80, 100]);
    expect(s.fire().connections.plinths[plinthId]).toMatchObject({ rack_id: 'rack-2', rack_pos: [13, 94] });
    s.h.undo();
    expect(s.fire().connections.plinths[plinthId]).toMatchObject({ rack_id: 'rack-1', rack_pos: [2, 54] });
    // Onto another unit: it stays where it was.
    s.drag([3, 60], D1_CENTRAL);
    expect(s.fire().connections.plinths[plinthId]!.rack_pos).toEqual([2, 54]);
  });

  it('removes a unit dropped outside every rack, and refuses a unit with connections', () => {
    const s = schematic();
    const plinthId = Object.keys(s.fire().connections.plinths)[0]!;
    s.drag(D1_PLINTH, [56, 100]);
    expect(s.fire().connections.plinths[plinthId]).toBeUndefined();
    expect(s.toasts).toEqual([{ kind: 'info', message: EQUIPMENT_MESSAGES.removedUnit }]);
    s.h.undo();
    expect(s.fire().connections.plinths[plinthId]).toBeDefined();

    const model = twoRacks();
    model.fire!.connections.centrals['central-1']!.connections = ['route-9'];
    const t = schematic(model);
    t.drag(D1_CENTRAL, [56, 150]);
    t.drag(D1_CENTRAL, [88, 150]);
    expect(t.toasts.map((x) => x.message)).toEqual([EQUIPMENT_MESSAGES.removeWithConnections, EQUIPMENT_MESSAGES.moveToOtherRack]);
    expect(t.toasts.every((x) => x.kind === 'warning')).toBe(true);
    expect(t.fire().connections.centrals['central-1']!.rack_id).toBe('rack-1');
  });

  it('makes a cable a route when its ends are released over units of two racks; one rack never makes a route', () => {
    const s = schematic();
    s.h.editor.useTool(new AddTool('cable', s.state, s.report));
    s.click([150, -30]);
    s.h.key('Escape');
    const cableId = Object.keys(s.fire().connections.cables)[0]!;
    expect(s.fire().connections.cables[cableId]!.product_id).toBe(s.fire().config.products.cables[0]!.id);
    // One end over the +D1 central: nothing happens in the model, the end stays there.
    const before = s.h.model;
    s.drag([150, -30], D1_CENTRAL);
    expect(s.h.model).toBe(before);
    // The other end over the +D1 plinth: one rack, so the cable joins the two units and is no route.
    s.drag([166, -30], D1_PLINTH);
    expect(Object.keys(s.fire().connections.routes)).toEqual([]);
    expect(s.fire().connections.plinths['plinth-1']!.connections).toEqual([cableId]);
    expect(s.fire().connections.centrals['central-1']!.connections).toEqual([cableId]);
    // Its plinth end onto the +D2 central: a route between the racks, and the cable gives way to it.
    s.drag(D1_PLINTH, D2_CENTRAL);
    const fire = s.fire();
    const [route] = Object.values(fire.connections.routes);
    expect(route).toMatchObject({ kind: 'RackToRack', product_id: fire.config.products.cables[0]!.id });
    // The engine's route through the building: its ends on the racks.
    const nodes = route!.slices.flatMap((slice) => slice.nodes.map((n) => n.unit_id));
    expect([nodes[0], nodes.at(-1)]).toEqual(['rack-1', 'rack-2']);
    expect(fire.connections.cables[cableId]).toBeUndefined();
    expect(fire.connections.centrals['central-1']!.connections).toEqual([route!.id]);
    expect(fire.connections.centrals['central-2']!.connections).toEqual([route!.id]);
    expect(fire.connections.plinths['plinth-1']!.connections).toEqual([]);
    expect(findDanglingReferences(s.h.model)).toEqual([]);
  });

  it("refuses a route's marker on another rack and removes the route dropped outside", () => {
    const s = schematic();
    s.h.editor.useTool(new AddTool('cable', s.state, s.report));
    s.click([150, -30]);
    s.h.key('Escape');
    s.drag([150, -30], D1_CENTRAL);
    s.drag([166, -30], D2_CENTRAL);
    const routeId = Object.keys(s.fire().connections.routes)[0]!;
    // The marker sits near the unit's top: 3 below it, at its middle.
    const marker: S = [22, 26];
    s.toasts.length = 0;
    s.drag(marker, [88, 100]);
    expect(s.toasts).toEqual([{ kind: 'warning', message: EQUIPMENT_MESSAGES.routeToOtherRack }]);
    // Within its rack onto the plinth: the route moves to it.
    s.drag(marker, D1_PLINTH);
    expect(s.fire().connections.plinths['plinth-1']!.connections).toEqual([routeId]);
    expect(s.fire().connections.centrals['central-1']!.connections).toEqual([]);
    s.drag([3.5, 9], [56, 250]);
    expect(s.fire().connections.routes[routeId]).toBeUndefined();
    expect(s.toasts.at(-1)).toEqual({ kind: 'info', message: EQUIPMENT_MESSAGES.removedRoute });
    expect(s.fire().connections.plinths['plinth-1']!.connections).toEqual([]);
  });
});

vi.setConfig({ testTimeout: 10_000 });
