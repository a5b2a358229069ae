import { describe, expect, it } from 'vitest';
import type { ItemRef, Model } from '@edrf/model';
import { deleteSelection } from '../../../model/model-edits';
import { routesModel } from '../../routes/test-routes';
import { deleteLoss, lossText, rackDeleteQuestion, withRackRoutes } from './rack-delete';

const RACK: ItemRef = { kind: 'fire.units.racks', id: 'rk1' };

/** routesModel (rack rk1 with central c1 and loop-1) with a power supply psu1 in the rack. */
function withSupply(): Model {
  const model = routesModel();
  const fire = model.fire!;
  const product = fire.config.products.power_supplies[0]!;
  fire.connections.power_supplies = {
    psu1: { id: 'psu1', product_id: product.id, rack_id: 'rk1', rack_pos: [3, 60], connections: [] },
  };
  return model;
}

describe('deleting a rack with loops asks first (issue 34)', () => {
  it('names what goes with the rack: its loop, the loop’s cable, its central and power supply', () => {
    const before = withSupply();
    const after = deleteSelection(before, withRackRoutes(before, [RACK]));
    // The loop goes with its rack; the direct route r2, which touches no rack, stays.
    expect(Object.keys(after.fire!.connections.routes)).toEqual(['r2']);
    const loss = deleteLoss(before, after, [RACK]);
    // loop-1 runs rk1 (0.5, 0.5, 0.1) → (1, 0.5) → d1 (1, 1) → (2, 2) → d2 (3, 2) → (3, 0.5) → rk1, the others at 2.95.
    const drop = 2.95 - 0.1;
    const metres = Math.hypot(0.5, drop) + 0.5 + Math.SQRT2 + 1 + 1.5 + Math.hypot(2.5, drop);
    expect(loss.loops).toBe(1);
    expect(loss.centrals).toBe(1);
    expect(loss.powerSupplies).toBe(1);
    expect(loss.routes).toBe(0);
    expect(loss.metres).toBeCloseTo(metres, 6);
    const question = rackDeleteQuestion(before, [RACK], after)!;
    expect(question.title).toBe('Delete rack +D1?');
    expect(question.message).toBe(`This also deletes ${lossText(loss)}. One Undo brings it all back.`);
    expect(lossText(loss)).toBe(`1 loop, ${Math.round(metres)} m of cable, 1 central, 1 power supply`);
  });

  it('writes thousands as a designer reads them, and asks nothing for a rack without routes', () => {
    expect(lossText({ loops: 3, rackRoutes: 0, routes: 0, metres: 1083.4, centrals: 1, powerSupplies: 1, plinths: 0, others: 0 })).toBe(
      '3 loops, 1,083 m of cable, 1 central, 1 power supply',
    );
    const model = withSupply();
    model.fire!.connections.routes = {};
    model.fire!.connections.centrals.c1!.connections = [];
    expect(rackDeleteQuestion(model, [RACK], deleteSelection(model, [RACK]))).toBeNull();
    // A detector deleted alone asks nothing either.
    const plain = withSupply();
    const d1: ItemRef = { kind: 'fire.units.detectors', id: 'd1' };
    expect(rackDeleteQuestion(plain, [d1], deleteSelection(plain, [d1]))).toBeNull();
  });
});
