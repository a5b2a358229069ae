import { describe, expect, it } from 'vitest';
import { calcFireCabling, calcFireRackToRackRoutes, calcFireSections, calcFireUnits } from '@edrf/fire';
import { fireSchema, newRack, type Model } from '@edrf/model';
import { testModel } from '../../../../../editor/arch/test-arch';
import { createFireConfigForTest } from '../../test-fire';
import { DESIGN_ALL_MESSAGES, designAll, designAllMessage, designAllQuestion, type DesignAllCalls } from './design-all';

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

  it('run again after a rack is placed, numbers the addresses anew in loop order (the path its message suggests)', async () => {
    // Design all without a rack (addresses by a sweep), a rack placed, Design all again.
    const rackless = withRack();
    rackless.fire!.units.racks = {};
    rackless.fire!.connections.centrals = {};
    const first = (await designAll(rackless, engines)).model;
    const rack = withRack().fire!;
    const again: Model = {
      ...first,
      fire: { ...first.fire!, units: { ...first.fire!.units, racks: rack.units.racks }, connections: rack.connections },
    };
    const fire = (await designAll(again, engines)).model.fire!;
    const loop = Object.values(fire.connections.routes).find((r) => r.kind === 'Loop')!;
    const onLoop = loop.slices.flatMap((s) => s.nodes.map((n) => n.unit_id)).filter((id) => id && id !== 'r1');
    for (const section of Object.values(fire.sections)) {
      const inOrder = onLoop.filter((id) => section.addresses[id] !== undefined).map((id) => section.addresses[id]!);
      expect(inOrder).toEqual(inOrder.map((_, i) => i + 1));
    }
  });

  it('leaves the cabling out without a rack, and says so', async () => {
    const model: Model = { ...testModel(), fire: createFireConfigForTest('Sbf1108') };
    const { model: designed, summary } = await designAll(model, engines);
    expect(summary.loops).toBe(0);
    expect(summary.skipped).toBe('No fire rack found!');
    expect(Object.keys(designed.fire!.sections).length).toBeGreaterThan(0);
    // What was done, then what could not be and why; no loop count where no loop was made.
    const message = designAllMessage(summary);
    expect(message).toBe(
      `Designed: ${summary.detectors} detectors, ${summary.sections} section${summary.sections === 1 ? '' : 's'}, ` +
        `${summary.addressed} addresses${summary.warnings > 0 ? `; ${summary.warnings} warning${summary.warnings === 1 ? '' : 's'} to look at` : ''}. ` +
        DESIGN_ALL_MESSAGES.noLoops,
    );
    expect(message).not.toMatch(/\d+ loops?/);
  });

  it('does not count old loops left in a model without a rack (issue 34)', async () => {
    const model = withRack();
    const { model: designed } = await designAll(model, engines);
    // The rack deleted afterwards: its loops stay as routes whose ends let go of it.
    const fire = designed.fire!;
    const loops = Object.values(fire.connections.routes).filter((r) => r.kind === 'Loop').length;
    expect(loops).toBeGreaterThan(0);
    const noRack: Model = {
      ...designed,
      fire: { ...fire, units: { ...fire.units, racks: {} }, connections: { ...fire.connections, centrals: {} } },
    };
    const { summary } = await designAll(noRack, engines);
    expect(summary.loops).toBe(0);
    expect(designAllMessage(summary)).not.toMatch(/\d+ loops?/);
  });

  it('asks before replacing an existing design, naming what goes and what stays (issue 34)', async () => {
    const fresh = withRack();
    // Nothing designed yet: no question.
    expect(designAllQuestion(fresh)).toBeNull();
    const { model: designed } = await designAll(fresh, engines);
    const sections = Object.keys(designed.fire!.sections).length;
    const question = designAllQuestion(designed)!;
    expect(question).toContain(`${sections} section${sections === 1 ? '' : 's'} with their addresses and 1 loop`);
    expect(question).toContain('keeps every unit placed, by hand or by an earlier run');
    // Without a rack the loops are not remade: only the sections are named.
    const noRack: Model = { ...designed, fire: { ...designed.fire!, units: { ...designed.fire!.units, racks: {} } } };
    expect(designAllQuestion(noRack)).toContain(`replaces the ${sections} section${sections === 1 ? '' : 's'} with their addresses,`);
  });
});
