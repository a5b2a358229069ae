import { describe, expect, it } from 'vitest';
import { calcFireCabling, calcFireRackToRackRoutes, calcFireSections, calcFireUnits } from '@edrf/fire';
import { fireSchema, newRack, type Model } from '@edrf/model';
import { testModel } from '../../../../../editor/arch/test-arch';
import { createFireConfigForTest } from '../../test-fire';
import { designAll, designAllMessage, type DesignAllCalls } from './design-all';

/** The engines themselves, as the server runs them (progress reported once at the end). */
const engines: DesignAllCalls = {
  units: (arch, fire, p) => Promise.resolve(calcFireUnits({ arch, fire })).finally(() => p(1)),
  sections: (input, p) => Promise.resolve(calcFireSections(input)).finally(() => p(1)),
  rackRoutes: (arch, elec, fire, p) => Promise.resolve(calcFireRackToRackRoutes({ arch, elec, fire })).finally(() => p(1)),
  cabling: (input, p) => Promise.resolve(calcFireCabling(input)).finally(() => p(1)),
};

function withRack(): Model {
  const model: Model = { ...testModel(), fire: createFireConfigForTest('Sbf1108') };
  const fire = model.fire!;
  fire.units.racks = { r1: newRack('r1', 's0', [1, 2, 0.1]) };
  const central = fire.config.products.centrals[0]!;
  fire.connections.centrals = {
    c1: {
      id: 'c1',
      product_id: central.id,
      rack_id: 'r1',
      rack_pos: [2, 23],
      connections: [],
      main_central: true,
      extensions: central.extension_ports.map(() => ''),
    },
  };
  return model;
}

describe('Design all', () => {
  it('designs units, sections, loops and addresses in loop order in one model, every step in order', async () => {
    const steps: number[] = [];
    const { model, summary } = await designAll(withRack(), engines, (step) => steps.push(step));
    expect(steps).toEqual([0, 1, 3, 4]);
    const fire = model.fire!;
    expect(fireSchema.safeParse(fire).success).toBe(true);
    expect(summary.detectors).toBe(Object.keys(fire.units.detectors).length);
    expect(summary.detectors).toBeGreaterThan(0);
    expect(summary.sections).toBeGreaterThan(0);
    expect(summary.loops).toBe(1);
    // Every detector has an address, and on the loop the addresses of a section rise along the cable.
    const addresses = Object.values(fire.sections).flatMap((s) => Object.entries(s.addresses));
    expect(addresses.map(([id]) => id)).toEqual(expect.arrayContaining(Object.keys(fire.units.detectors)));
    const loop = Object.values(fire.connections.routes).find((r) => r.kind === 'Loop')!;
    const onLoop = loop.slices.flatMap((s) => s.nodes.map((n) => n.unit_id)).filter((id) => id && id !== 'r1');
    for (const section of Object.values(fire.sections)) {
      const inOrder = onLoop.filter((id) => section.addresses[id] !== undefined).map((id) => section.addresses[id]!);
      expect(inOrder).toEqual([...inOrder].sort((a, b) => a - b));
    }
    expect(designAllMessage(summary)).toMatch(/^Designed: \d+ detectors?, \d+ sections?, 1 loop, \d+ address(es)?/);
  });

  it('leaves the cabling out without a rack, and says so', async () => {
    const model: Model = { ...testModel(), fire: createFireConfigForTest('Sbf1108') };
    const { model: designed, summary } = await designAll(model, engines);
    expect(summary.loops).toBe(0);
    expect(summary.skipped).toBe('No fire rack found!');
    expect(Object.keys(designed.fire!.sections).length).toBeGreaterThan(0);
    expect(designAllMessage(summary)).toContain('No fire rack found! Place a rack to cable the loops.');
  });
});
