import { describe, expect, it } from 'vitest';
import { pathSlices } from './route-slices.js';
import type { RoutingGraph, RoutingNode } from './routing-graph.js';

const node = (storeyId: string, x: number, z: number, unitId = ''): RoutingNode => ({
  storeyId,
  x,
  y: 0,
  z,
  kind: unitId ? 'point' : 'room',
  unitId,
  terminal: unitId !== '',
});
const graph = (nodes: RoutingNode[]): RoutingGraph => ({ nodes, edges: nodes.map(() => []), storeys: new Map() });

describe('pathSlices', () => {
  it('keeps a storey the cable only passes up through, as a slice at the riser (never a jump past a storey)', () => {
    const g = graph([node('s0', 0, 3, 'r1'), node('s0', 5, 3), node('s1', 5, 6), node('s2', 5, 9), node('s2', 8, 9, 'u1')]);
    const slices = pathSlices(g, [0, 1, 2, 3, 4]);
    expect(slices.map((s) => s.storey_id)).toEqual(['s0', 's1', 's2']);
    // Two nodes at the riser's plan point, rising.
    expect(slices[1]!.nodes.map((n) => [n.coord[0], n.coord[1]])).toEqual([
      [5, 0],
      [5, 0],
    ]);
    expect(slices[1]!.nodes[0]!.coord[2]).toBeLessThanOrEqual(slices[1]!.nodes[1]!.coord[2]);
  });

  it('keeps a unit standing on the riser, where its storey would be left one node', () => {
    // The cable climbs a stairwell through its centroid on s1, where the unit stands, and on up to s2.
    const g = graph([
      node('s0', 0, 3, 'r1'),
      node('s0', 5, 3),
      node('s1', 5, 6),
      node('s1', 5, 6, 'u1'),
      node('s2', 5, 9),
      node('s2', 8, 9, 'u2'),
    ]);
    const slices = pathSlices(g, [0, 1, 2, 3, 2, 4, 5, 4, 2, 1, 0]);
    const locked = slices.flatMap((s) => s.nodes.map((n) => n.unit_id)).filter((id) => id !== '');
    expect(locked).toEqual(['r1', 'u1', 'u2', 'r1']);
    for (const s of slices) expect(s.nodes.length).toBeGreaterThanOrEqual(2);
    const s1 = slices.find((s) => s.storey_id === 's1')!;
    expect(s1.nodes.map((n) => n.unit_id)).toEqual(['u1', '']);
    expect(s1.nodes[1]!.coord).toEqual(s1.nodes[0]!.coord);
  });
});
