import { describe, expect, it } from 'vitest';
import { calcFireRackToRackRoutes } from '@edrf/fire';
import { emptyModel, findDanglingReferences, type Model } from '@edrf/model';
import { testArch } from '../../../../editor/arch/test-arch';
import { applyEdits } from '../../../../state/history';
import { createFireConfigForTest } from '../test-fire';
import { placeRackEdits } from '../units/racks/rack-edits';
import {
  EQUIPMENT_MESSAGES,
  addCableEdits,
  addUnitEdits,
  deleteEdits,
  dropCableEndEdits,
  deletesLastRack,
  mainCentralEdits,
  rackPosEdits,
  rackRoutesEdits,
  rackToRackRoute,
  unitProductEdits,
} from './equipment-edits';
import { equipmentUnits } from './equipment-layout';

/** Racks placed on the units page: 'rack-central-plinth' in the kitchen (+D1) and the office (+D2) of the test arch. */
function racks(storeys: readonly string[] = ['s0', 's0']): Model {
  let model: Model = { ...emptyModel(), arch: testArch(), fire: createFireConfigForTest('Sbf1108') };
  storeys.forEach((storey, i) => {
    const placed = placeRackEdits(model, storey, storey === 's0' ? [1 + 4 * i, 1] : [1, 1], 'rack-central-plinth');
    if (!placed.ok) throw new Error(placed.error);
    model = applyEdits(model, placed.requests).model;
  });
  return model;
}

const apply = (model: Model, requests: Parameters<typeof applyEdits>[1]) => applyEdits(model, requests).model;
const unit = (model: Model, id: string) => equipmentUnits(model.fire!).find((u) => u.id === id)!;

describe('equipment edits', () => {
  it("refuses a unit that fits nowhere in the rack with 'Failed to create rack unit {type}'", () => {
    const model = racks();
    model.fire!.config.products.power_supplies[0]!.rack_size = [50, 10];
    const result = addUnitEdits(model, 'power-supply', 'rack-1', [10, 80]);
    expect(result).toEqual({
      requests: [],
      logged: undefined,
      toast: { kind: 'error', message: EQUIPMENT_MESSAGES.failed('power supply') },
    });
  });

  it('falls back to the first free place of the others row when the press is on a unit', () => {
    const model = racks();
    // On the central (2..42 × 23..43): the plinth goes right of the plinth already at [2,6].
    const result = addUnitEdits(model, 'plinth', 'rack-1', [20, 30]);
    expect(apply(model, result.requests).fire!.connections.plinths[result.select!.id]!.rack_pos).toEqual([5, 6]);
  });

  it("gives a cable the first cable product, or none with 'No product found for cable'", () => {
    const model = racks();
    expect(apply(model, addCableEdits(model).requests).fire!.connections.cables['cable-1']!.product_id).toBe(
      model.fire!.config.products.cables[0]!.id,
    );
    model.fire!.config.products.cables = [];
    expect(addCableEdits(model).logged).toBe(EQUIPMENT_MESSAGES.noProduct('cable'));
  });

  it('takes rack positions typed in the panel only inside the padding and off other units', () => {
    const model = racks();
    expect(rackPosEdits(model, unit(model, 'plinth-1'), [43, 100])).toBeNull();
    expect(rackPosEdits(model, unit(model, 'plinth-1'), [10, 30])).toBeNull();
    expect(apply(model, rackPosEdits(model, unit(model, 'plinth-1'), [10, 100])!).fire!.connections.plinths['plinth-1']!.rack_pos).toEqual([
      10, 100,
    ]);
  });

  it('keeps one main central: made main in the panel, and handed over when the main one is deleted', () => {
    const model = racks();
    const swapped = apply(model, mainCentralEdits(model, 'central-2')).fire!.connections.centrals;
    expect([swapped['central-1']!.main_central, swapped['central-2']!.main_central]).toEqual([false, true]);
    const after = apply(model, deleteEdits(model, [{ kind: 'fire.connections.centrals', id: 'central-1' }]));
    expect(after.fire!.connections.centrals['central-2']!.main_central).toBe(true);
  });

  it("fits a central's extensions to its new product's ports", () => {
    const model = racks();
    const bigger = model.fire!.config.products.centrals[1]!;
    const after = apply(model, unitProductEdits(model, unit(model, 'central-1'), bigger.id));
    expect(after.fire!.connections.centrals['central-1']!.extensions).toEqual(bigger.extension_ports.map(() => ''));
  });

  it('deletes a rack with its units and its rack-to-rack routes; the last rack is told', () => {
    let model = racks();
    const { route } = rackToRackRoute(model, 'route-1', '', 'rack-1', 'rack-2');
    model = apply(model, [{ path: ['fire', 'connections', 'routes', 'route-1'], value: route }]);
    const after = apply(model, deleteEdits(model, [{ kind: 'fire.units.racks', id: 'rack-1' }]));
    expect(Object.keys(after.fire!.connections.routes)).toEqual([]);
    expect(Object.keys(after.fire!.connections.centrals)).toEqual(['central-2']);
    expect(findDanglingReferences(after)).toEqual([]);
    expect(deletesLastRack(model, [{ kind: 'fire.units.racks', id: 'rack-1' }])).toBe(false);
    expect(deletesLastRack(after, [{ kind: 'fire.units.racks', id: 'rack-2' }])).toBe(true);
  });

  it('gives a route between racks on two storeys a slice on each, its ends on the racks', () => {
    const model = racks(['s0', 's1']);
    const { route } = rackToRackRoute(model, 'route-1', '', 'rack-1', 'rack-2');
    const ends = route.slices.map((slice) => [slice.storey_id, slice.nodes[0]!.unit_id, slice.nodes.at(-1)!.unit_id]);
    expect(ends).toEqual([
      ['s0', 'rack-1', ''],
      ['s1', '', 'rack-2'],
    ]);
    expect(route.slices.flatMap((slice) => slice.nodes.slice(1, -1)).every((node) => node.unit_id === '')).toBe(true);
    expect(findDanglingReferences(apply(model, [{ path: ['fire', 'connections', 'routes', 'route-1'], value: route }]))).toEqual([]);
  });

  it("makes, for a cable dropped between two racks, the engine's route between them (calc_fire_rack_to_rack_routes)", () => {
    let model = racks();
    model = apply(model, addCableEdits(model).requests);
    const [central1, central2] = [unit(model, 'central-1'), unit(model, 'central-2')];
    model = apply(model, [
      { path: ['fire', 'connections', 'centrals', 'central-1', 'connections'], value: ['cable-1'] },
      { path: ['fire', 'connections', 'centrals', 'central-2', 'connections'], value: ['cable-1'] },
    ]);
    const result = dropCableEndEdits(model, 'cable-1', unit(model, central2.id), unit(model, central1.id));
    expect(result.became).toBe('route');
    const page = apply(model, result.requests).fire!.connections.routes[result.select!.id]!;
    const engine = calcFireRackToRackRoutes({ arch: model.arch, elec: model.elec, fire: model.fire! }).routes['rack-route-1']!;
    expect(page.slices).toEqual(engine.slices);
    // Through the building, not straight: the kitchen's rack (1, 1) to the office's (5, 1) by the door at x = 4, y 1..2.
    const path = page.slices.flatMap((slice) => slice.nodes.map((n) => n.coord));
    expect(path.length).toBeGreaterThan(2);
    const atDoor = path.some(([x, y]) => Math.abs(x - 4) < 0.3 && y >= 1 && y <= 2);
    expect(atDoor).toBe(true);
    expect(result.toast).toBeUndefined();
  });

  it("replaces the model's rack-to-rack routes by calc_fire_rack_to_rack_routes' answer, keeping the rest", () => {
    let model = racks();
    const { route: mine } = rackToRackRoute(model, 'route-1', '', 'rack-1', 'rack-2');
    model = apply(model, [
      { path: ['fire', 'connections', 'routes', 'route-1'], value: mine },
      { path: ['fire', 'connections', 'centrals', 'central-1', 'connections'], value: ['route-1'] },
      { path: ['fire', 'connections', 'cables', 'cable-1'], value: { id: 'cable-1', label: '', product_id: '' } },
    ]);
    const answer = structuredClone(model.fire!.connections);
    delete answer.routes['route-1'];
    answer.routes['rack-route-1'] = { ...mine, id: 'rack-route-1' };
    const after = apply(model, rackRoutesEdits(model, answer)).fire!.connections;
    expect(Object.keys(after.routes)).toEqual(['rack-route-1']);
    expect(after.centrals['central-1']!.connections).toEqual([]);
    expect(Object.keys(after.cables)).toEqual(['cable-1']);
  });
});
