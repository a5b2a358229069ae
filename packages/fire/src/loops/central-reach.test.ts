import { describe, expect, it } from 'vitest';
import { newRack, type Arch, type Fire } from '@edrf/model';
import { fireFor } from '../test-support/check-units.js';
import { centralIn } from '../test-support/centrals.js';
import { makeArch, rect } from '../test-support/arch.js';
import { calcFireCabling } from './calc-cabling.js';

const SPACING = 10;

/**
 * A corridor `length` m long and 2 m wide on storey 'g', a detector every 10 m along its middle line (placed by hand:
 * the test is of the loops, not of placement), and one rack with the first central at its west end.
 */
function corridor(length: number, maxLoopMetres?: number): { arch: Arch; fire: Fire; xs: Map<string, number> } {
  const arch = makeArch([{ id: 'g', rooms: [{ id: 'corridor', exterior: rect(0, 0, length, 2) }] }]);
  const fire = fireFor('Bs5839');
  const product = fire.config.products.detectors[0]!.id;
  const xs = new Map<string, number>();
  const detectors: Fire['units']['detectors'] = {};
  for (let k = 0; k < length / SPACING; k++) {
    const id = `d${k}`;
    xs.set(id, SPACING / 2 + SPACING * k);
    detectors[id] = { id, storey_id: 'g', coord: [xs.get(id)!, 1, 2.9], product_id: product, hidden: false };
  }
  fire.units = { ...fire.units, detectors, racks: { r1: { ...newRack('r1', 'g', [0.5, 1, 0.1]), label: '' } } };
  const central = fire.config.products.centrals[0]!;
  if (maxLoopMetres !== undefined) central.max_loop_metres = maxLoopMetres;
  fire.connections.centrals = { c1: centralIn('c1', 'r1', central) };
  return { arch, fire, xs };
}

const reachWarnings = (arch: Arch, fire: Fire) =>
  calcFireCabling({ arch, fire }).validation.warnings.filter((w) => w.warning_id.startsWith('central_reach'));

/**
 * The oracle: a loop to a unit x m down the corridor and back is at least 2 × x m of cable (a straight corridor: no
 * detour), so a unit beyond max/2 m of the rack is out of reach; a central standing in a stretch of units reaches
 * max/2 m each way, so a stretch of s m needs ⌈s / max⌉ more centrals.
 */
function oracle(xs: Map<string, number>, rackX: number, max: number) {
  const beyond = [...xs].filter(([, x]) => 2 * (x - rackX) > max).map(([id]) => id);
  const span = beyond.length === 0 ? 0 : Math.max(...beyond.map((id) => xs.get(id)!)) - Math.min(...beyond.map((id) => xs.get(id)!));
  return { beyond, centrals: beyond.length === 0 ? 0 : Math.max(1, Math.ceil(span / max)) };
}

describe('calc_fire_cabling: a central that cannot reach its units', () => {
  it("the 1,200 m corridor with one central: one warning, the reason and 'add a central near' its storey", () => {
    const { arch, fire, xs } = corridor(1200);
    const max = fire.config.products.centrals[0]!.max_loop_metres!;
    const expected = oracle(xs, 0.5, max);
    expect(expected.beyond.length).toBeGreaterThan(0);
    const found = reachWarnings(arch, fire);
    expect(found).toHaveLength(1);
    const message = found[0]!.message;
    const m =
      /^Central c1 cannot reach (\d+) units \(the first (d\d+)\) within its loop limits \(for (d\d+) alone, the loop is (\d+) m long, more than the central's (\d+) m\): one more central would reach them; add a central near g \(by (d\d+)\)$/.exec(
        message,
      );
    expect(m, message).not.toBeNull();
    // Every unit out of reach is named in the count, none within reach: the rises to the units add metres, so a unit
    // within a few metres of max/2 may go either way; the oracle's count is exact away from that edge.
    const count = Number(m![1]);
    const nearOrBeyond = (id: string) => 2 * (xs.get(id)! - 0.5) > max - 20;
    expect(count).toBeGreaterThanOrEqual(expected.beyond.length);
    expect(count).toBeLessThanOrEqual([...xs.keys()].filter(nearOrBeyond).length);
    expect(expected.centrals).toBe(1);
    expect(Number(m![4])).toBeGreaterThan(max);
    expect(Number(m![5])).toBe(max);
    // The farthest unit is the reason's; the new central stands within max/2 of every unit out of reach.
    expect(m![3]).toBe('d119');
    const at = xs.get(m![6]!)!;
    for (const id of expected.beyond) expect(Math.abs(xs.get(id)! - at)).toBeLessThanOrEqual(max / 2);
  });

  it('counts the centrals a long stretch out of reach needs, and puts each within reach of its units', () => {
    const max = 400;
    const { arch, fire, xs } = corridor(1200, max);
    const expected = oracle(xs, 0.5, max);
    expect(expected.centrals).toBe(3);
    const found = reachWarnings(arch, fire);
    expect(found).toHaveLength(1);
    const m = /: (\d+) more centrals would reach them; add (\d+) centrals near (.*)$/.exec(found[0]!.message);
    expect(m, found[0]!.message).not.toBeNull();
    expect(Number(m![1])).toBe(expected.centrals);
    const places = [...m![3]!.matchAll(/g \(by (d\d+)\)/g)].map((p) => xs.get(p[1]!)!);
    expect(places).toHaveLength(expected.centrals);
    for (const id of expected.beyond) expect(Math.min(...places.map((x) => Math.abs(xs.get(id)! - x)))).toBeLessThanOrEqual(max / 2);
  });

  it('says nothing where every unit is within reach', () => {
    const { arch, fire, xs } = corridor(600);
    expect(oracle(xs, 0.5, fire.config.products.centrals[0]!.max_loop_metres!).beyond).toEqual([]);
    expect(reachWarnings(arch, fire)).toEqual([]);
  });
});
