import { describe, expect, it } from 'vitest';
import { GraphSearch, pathLength } from '../cabling/graph-search.js';
import { attachPoint, buildRoutingGraph, type RoutingGraph, type RoutingNode } from '../cabling/routing-graph.js';
import { loopMetric, metricBetween, storeyExits, type MetricPoint } from './loop-metric.js';
import { officeBuilding } from './test-building.js';

const at = (storeyId: string, x: number, y: number): MetricPoint => ({ storeyId, coord: [x, y, storeyId === 'g' ? 2.95 : 5.95] });

describe('loopMetric', () => {
  const arch = officeBuilding();
  const g = buildRoutingGraph({ arch });
  const exits = storeyExits(g);

  it('finds the ways between storeys: the stairwells', () => {
    expect(exits.list('g').length).toBeGreaterThan(0);
    for (const e of exits.list('g')) expect(e.x).toBeGreaterThanOrEqual(80);
  });

  it('is the straight distance on one storey', () => {
    const d = loopMetric([at('g', 5, 5), at('g', 25, 5)], exits);
    expect(d(0, 1)).toBeCloseTo(20, 9);
  });

  it('goes between storeys through the stairwell: two rooms over each other are not 3 m apart', () => {
    const d = loopMetric([at('g', 5, 5), at('u', 5, 5)], exits);
    const toStair = Math.min(...exits.list('g').map((e) => Math.hypot(e.x - 5, e.y - 5)));
    expect(d(0, 1)).toBeCloseTo(2 * toStair + 3, 6);
  });

  it('never exceeds the length of the route through the building (so it orders tours and bounds cable from below)', () => {
    const points = [at('g', 5, 5), at('g', 45, 5), at('g', 75, 2), at('u', 5, 5), at('u', 35, 8), at('u', 60, 11), at('g', 40, 11)];
    const nodes = points.map((p) => attachPoint(g, p.storeyId, p.coord));
    const d = loopMetric(points, storeyExits(g));
    const search = new GraphSearch(g);
    for (let a = 0; a < points.length; a++)
      for (let b = 0; b < points.length; b++) {
        if (a === b) continue;
        const route = pathLength(g, search.search(nodes[a]!, new Set([nodes[b]!])).pathTo(nodes[b]!));
        // pathLength counts a climb by its rise, and plan metres apart from it: the metric's plan + rise is the same measure.
        expect(d(a, b)).toBeLessThanOrEqual(route + 1e-6);
      }
  });
});

describe('storeyExits without penalties', () => {
  // Two storeys joined only by the riser fallback: its edge costs the rise plus 20 m, but the cable is the rise long.
  const node = (storeyId: string, x: number, z: number): RoutingNode => ({
    storeyId,
    x,
    y: 0,
    z,
    kind: 'room',
    unitId: '',
    terminal: false,
  });
  const g: RoutingGraph = { nodes: [node('a', 10, 3), node('b', 10, 6)], edges: [[], []], storeys: new Map() };
  g.edges[0]!.push({ to: 1, cost: 23, length: 3, kind: 'riser' });
  g.edges[1]!.push({ to: 0, cost: 23, length: 3, kind: 'riser' });

  it('measures the way to the exit in metres, where the routing cost adds the penalty', () => {
    expect(storeyExits(g).nearest('a', 0, 0)).toBeCloseTo(30, 9);
    expect(storeyExits(g, false).nearest('a', 0, 0)).toBeCloseTo(10, 9);
  });

  it('gives the metres a cable between the storeys needs at least: out to the riser, up, and back', () => {
    const [p, q]: MetricPoint[] = [
      { storeyId: 'a', coord: [0, 0, 3] },
      { storeyId: 'b', coord: [0, 0, 6] },
    ];
    // The only way: 10 m to the riser, 3 m up, 10 m back: 23 m, which the metric with the penalty (63 m) exceeds.
    expect(metricBetween(p!, q!, storeyExits(g, false))).toBeCloseTo(23, 9);
    expect(metricBetween(p!, q!, storeyExits(g))).toBeGreaterThan(23);
    expect(loopMetric([p!, q!], storeyExits(g, false))(0, 1)).toBeCloseTo(23, 9);
  });
});
