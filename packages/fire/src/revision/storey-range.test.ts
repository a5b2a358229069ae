import { describe, expect, it } from 'vitest';
import { attachPoint, buildRoutingGraph } from '../cabling/routing-graph.js';
import { GraphSearch } from '../cabling/graph-search.js';
import { officeStorey } from '../loops/test-building.js';
import { makeArch } from '../test-support/arch.js';
import { storeyRun, withStoreys } from './storey-range.js';

// Three office storeys over each other, joined by their stairwells: 'g', 'm', 'u'.
const arch = makeArch([officeStorey('u', 6), officeStorey('g', 0), officeStorey('m', 3)]);

/** The way from office g-o1 to office m-o6 through a graph of the architecture, as plan points and heights. */
function way(a: typeof arch): number[][] {
  const g = buildRoutingGraph({ arch: a });
  const from = attachPoint(g, 'g', [15, 5, 2.9], { unitId: 'one' });
  const to = attachPoint(g, 'm', [65, 5, 5.9], { unitId: 'two' });
  return new GraphSearch(g).path(from, to).map((n) => [g.nodes[n]!.x, g.nodes[n]!.y, g.nodes[n]!.z]);
}

describe('the run of storeys a re-route reads', () => {
  it('takes every storey between the lowest and the highest asked, bottom up', () => {
    expect([...storeyRun(arch, ['u', 'g'])]).toEqual(['g', 'm', 'u']);
    expect([...storeyRun(arch, ['m'])]).toEqual(['m']);
    expect([...storeyRun(arch, ['nowhere'])]).toEqual([]);
  });

  it('routes on those storeys as through the whole building', () => {
    const part = withStoreys(arch, storeyRun(arch, ['g', 'm']));
    expect(Object.keys(part.storeys).sort()).toEqual(['g', 'm']);
    expect(Object.keys(part.rooms).some((id) => id.startsWith('u-'))).toBe(false);
    const whole = way(arch);
    expect(whole.length).toBeGreaterThan(2);
    expect(way(part)).toEqual(whole);
  });
});
