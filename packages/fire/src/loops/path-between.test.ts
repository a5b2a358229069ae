import { describe, expect, it } from 'vitest';
import { attachPoint, buildRoutingGraph } from '../cabling/routing-graph.js';
import { generatedBuilding } from '../test-support/generated-building.js';
import { GraphSearch } from './path-between.js';

describe('GraphSearch', () => {
  it('stopped once its targets are settled, finds the paths the search of the whole building finds', () => {
    // A rack's search serves its loops' first and last legs; searched only as far as its units, it is the same.
    const g = buildRoutingGraph({ arch: generatedBuilding(3) });
    const storeys = [...g.storeys.keys()];
    const rack = attachPoint(g, storeys[0]!, [10, 10, 0.1], { unitId: 'r1' });
    const units = Array.from({ length: 30 }, (_, k) =>
      attachPoint(g, storeys[k % storeys.length]!, [(k * 41) % 180, (k * 17) % 50, 2.9], { unitId: `u${k}` }),
    );
    const whole = new GraphSearch(g).search(rack, null);
    const some = new GraphSearch(g).search(rack, new Set(units.slice(0, 10)));
    for (const u of units.slice(0, 10)) {
      expect(some.pathTo(u)).toEqual(whole.pathTo(u));
      expect(some.costTo(u)).toBe(whole.costTo(u));
    }
  });
});
