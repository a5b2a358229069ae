import { describe, expect, it } from 'vitest';
import { loopFigures } from './loop-figures';
import { routesModel } from './test-routes';

describe('a loop’s figures (issue 26)', () => {
  it('lists its units in order with addresses, its length, load, units and worst voltage', () => {
    const model = routesModel();
    const fire = model.fire!;
    const figures = loopFigures(fire, fire.connections.routes['loop-1']!);
    expect(figures.members.map((m) => [m.id, m.address])).toEqual([
      ['d1', 1],
      ['d2', null],
    ]);
    // Detectors at their least in alarm (0.3 mA each); the central sbf-central-2's loop limits; route_max_units 100 < 126.
    expect(figures.load).toBeCloseTo(0.6);
    expect([figures.maxLoad, figures.maxResistance, figures.maxLength]).toEqual([500, 75, 2000]);
    expect(figures.maxUnits).toBe(100);
    // d1 is addressed in a section, d2 in none: one isolator between them, not counted as a unit by this central.
    expect([figures.isolators, figures.countedUnits]).toEqual([1, 2]);
    // The pair's resistance over the loop's length, and the isolator's 0.2 Ω.
    const cable = fire.config.products.cables.find((c) => c.id === fire.connections.routes['loop-1']!.product_id)!;
    expect(figures.voltages!.resistance).toBeCloseTo((2 * cable.resistance * figures.length) / 1000 + 0.2, 6);
    expect(figures.centralId).toBe('c1');
    expect(figures.length).toBeGreaterThan(8);
    // 24 V less the 15 % margin, a few millivolts less at the far end of either feed.
    expect(figures.voltages!.worst!.unit.voltage).toBeLessThan(20.4);
    expect(figures.voltages!.worst!.unit.voltage).toBeGreaterThan(20.39);
  });

  it('a siren counts at its most; without a central there is no maximum nor voltage', () => {
    const model = routesModel();
    const fire = model.fire!;
    const loop = fire.connections.routes['loop-1']!;
    loop.slices[0]!.nodes[3] = { unit_id: 'si1', coord: [6, 1, 2.95] };
    expect(loopFigures(fire, loop).load).toBeCloseTo(12.6);
    fire.connections.centrals = {};
    const bare = loopFigures(fire, loop);
    expect([bare.maxLoad, bare.voltages, bare.maxUnits]).toEqual([null, null, 100]);
  });
});
