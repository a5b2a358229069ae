import { describe, expect, it } from 'vitest';
import { attachPoint, buildRoutingGraph, type RoutingGraph } from './routing-graph.js';
import { generatedBuilding } from '../test-support/generated-building.js';
import { officeBuilding } from '../loops/test-building.js';
import { GraphSearch, planCostScale } from './graph-search.js';

/** The cost of a path: its edges' least costs. */
const costOf = (g: RoutingGraph, path: readonly number[]) =>
  path.slice(1).reduce((s, v, k) => s + Math.min(...g.edges[path[k]!]!.filter((e) => e.to === v).map((e) => e.cost)), 0);

describe('GraphSearch', () => {
  const cases: [string, RoutingGraph, { storeyId: string; coord: [number, number, number] }[]][] = (() => {
    const office = buildRoutingGraph({ arch: officeBuilding() });
    const officePoints = Array.from({ length: 24 }, (_, k) => ({
      storeyId: k % 2 ? 'u' : 'g',
      coord: [(k * 37) % 84, (k * 13) % 13, k % 2 ? 5.9 : 2.9] as [number, number, number],
    }));
    const generated = buildRoutingGraph({ arch: generatedBuilding(2) });
    const storeys = [...generated.storeys.keys()];
    const generatedPoints = Array.from({ length: 24 }, (_, k) => ({
      storeyId: storeys[k % storeys.length]!,
      coord: [(k * 41) % 180, (k * 17) % 50, 3] as [number, number, number],
    }));
    return [
      ['the office building', office, officePoints],
      ['two storeys of the generated building', generated, generatedPoints],
    ];
  })();

  for (const [name, g, points] of cases)
    it(`finds with path (A*) a way as cheap as search’s (Dijkstra, the oracle), on ${name}`, () => {
      const nodes = points.map((p) => attachPoint(g, p.storeyId, p.coord));
      const legs = new GraphSearch(g);
      const dijkstra = new GraphSearch(g);
      let joined = 0;
      for (let a = 0; a < nodes.length; a++)
        for (let b = 0; b < nodes.length; b++) {
          if (a === b) continue;
          const expected = dijkstra.search(nodes[a]!, new Set([nodes[b]!])).costTo(nodes[b]!);
          const path = legs.path(nodes[a]!, nodes[b]!);
          if (!Number.isFinite(expected)) {
            expect(path).toEqual([]);
            continue;
          }
          joined++;
          expect(path[0]).toBe(nodes[a]);
          expect(path[path.length - 1]).toBe(nodes[b]);
          // Through no other unit.
          for (const v of path.slice(1, -1)) expect(g.nodes[v]!.terminal).toBe(false);
          expect(costOf(g, path)).toBeCloseTo(expected, 6);
        }
      expect(joined).toBe(nodes.length * (nodes.length - 1));
    });

  it('guides by no more than any edge costs for the plan distance it covers', () => {
    const g = buildRoutingGraph({ arch: officeBuilding() });
    const scale = planCostScale(g);
    expect(scale).toBeGreaterThan(0);
    g.edges.forEach((edges, a) => {
      for (const e of edges)
        expect(scale * Math.hypot(g.nodes[a]!.x - g.nodes[e.to]!.x, g.nodes[a]!.y - g.nodes[e.to]!.y)).toBeLessThanOrEqual(e.cost + 1e-9);
    });
  });

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

  it('reaches no node costlier than its limit, and every cheaper one', () => {
    const g = buildRoutingGraph({ arch: officeBuilding() });
    const from = attachPoint(g, 'g', [5, 5, 2.9]);
    const whole = new GraphSearch(g).search(from, null);
    const near = new GraphSearch(g).search(from, null, 20);
    let reached = 0;
    for (let v = 0; v < g.nodes.length; v++) {
      const c = whole.costTo(v);
      if (c <= 20) {
        expect(near.costTo(v)).toBe(c);
        reached++;
      } else expect(near.costTo(v)).toBe(Infinity);
    }
    expect(reached).toBeGreaterThan(1);
    expect(reached).toBeLessThan(g.nodes.length);
  });

  it('a way from a node to itself is that node; a path search then a search leave no trace in each other', () => {
    const g = buildRoutingGraph({ arch: officeBuilding() });
    const a = attachPoint(g, 'g', [5, 5, 2.9]);
    const b = attachPoint(g, 'u', [70, 8, 5.9]);
    const search = new GraphSearch(g);
    expect(search.path(a, a)).toEqual([a]);
    const leg = search.path(a, b);
    const dijkstra = new GraphSearch(g).search(a, new Set([b]));
    expect(search.search(a, new Set([b])).pathTo(b)).toEqual(dijkstra.pathTo(b));
    expect(search.path(a, b)).toEqual(leg);
  });
});
