import { describe, expect, it } from 'vitest';
import { attachPoint, buildRoutingGraph, type RoutingGraph } from '../cabling/routing-graph.js';
import { generatedBuilding } from '../test-support/generated-building.js';
import { LegSearch, planCostScale } from './leg-search.js';
import { GraphSearch } from './path-between.js';
import { officeBuilding } from './test-building.js';

/** The cost of a path: its edges' least costs. */
const costOf = (g: RoutingGraph, path: readonly number[]) =>
  path.slice(1).reduce((s, v, k) => s + Math.min(...g.edges[path[k]!]!.filter((e) => e.to === v).map((e) => e.cost)), 0);

describe('LegSearch', () => {
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
    it(`finds a way as cheap as Dijkstra’s (the oracle), on ${name}`, () => {
      const nodes = points.map((p) => attachPoint(g, p.storeyId, p.coord));
      const legs = new LegSearch(g);
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
});
