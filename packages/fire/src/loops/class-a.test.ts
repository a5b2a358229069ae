import { describe, expect, it } from 'vitest';
import { addEdge, type RoutingGraph, type RoutingNodeKind } from '../cabling/routing-graph.js';
import { classAViolation } from './class-a.js';

/** A graph of named nodes on one storey (no rooms: the small-room exception does not apply). */
function graph(nodes: Record<string, [number, number, RoutingNodeKind]>, edges: [string, string, 'tray' | 'floor'][]) {
  const g: RoutingGraph = { nodes: [], edges: [], storeys: new Map() };
  const id = new Map<string, number>();
  for (const [name, [x, y, kind]] of Object.entries(nodes)) {
    id.set(name, g.nodes.length);
    g.nodes.push({ storeyId: 's', x, y, z: 3, kind, unitId: '', terminal: kind === 'point' });
    g.edges.push([]);
  }
  for (const [a, b, kind] of edges) addEdge(g, id.get(a)!, id.get(b)!, kind);
  return { g, path: (...names: string[]) => names.map((n) => id.get(n)!) };
}

const RACK: [number, number, number] = [0, 0, 0.1];

describe('classAViolation', () => {
  // A tray trunk from the rack R to T2, two units A and B on drops from T2, a door D on a branch to unit C.
  const { g, path } = graph(
    {
      R: [0, 0, 'point'],
      T1: [5, 0, 'tray'],
      T2: [20, 0, 'tray'],
      A: [25, 2, 'point'],
      B: [25, -2, 'point'],
      D: [20, 10, 'door'],
      C: [20, 15, 'point'],
      E: [22, 15, 'point'],
    },
    [
      ['R', 'T1', 'tray'],
      ['T1', 'T2', 'tray'],
      ['T2', 'A', 'floor'],
      ['T2', 'B', 'floor'],
      ['T2', 'D', 'floor'],
      ['D', 'C', 'floor'],
      ['D', 'E', 'floor'],
    ],
  );

  it('finds the trunk the loop goes out and comes back by, with its metres', () => {
    const v = classAViolation(g, [path('R', 'T1', 'T2', 'A'), path('A', 'T2', 'B'), path('B', 'T2', 'T1', 'R')], ['R', 'A', 'B'], RACK);
    expect(v).not.toBeNull();
    expect(v!.shared).toBeCloseTo(5 + 15, 9);
    expect(v!.openings).toBe(0);
    expect(v!.legs).toEqual([
      ['R', 'A'],
      ['B', 'R'],
    ]);
  });

  it('allows what lies within 3 m of the enclosure', () => {
    const near = graph({ R: [0, 0, 'point'], T1: [2, 0, 'tray'], A: [10, 1, 'point'], B: [10, -1, 'point'] }, [
      ['R', 'T1', 'tray'],
      ['T1', 'A', 'floor'],
      ['T1', 'B', 'floor'],
    ]);
    expect(
      classAViolation(near.g, [near.path('R', 'T1', 'A'), near.path('A', 'T1', 'B'), near.path('B', 'T1', 'R')], ['R', 'A', 'B'], RACK),
    ).toBeNull();
  });

  it('allows a drop to a single device, however long', () => {
    expect(classAViolation(g, [path('R', 'T1', 'T2', 'A'), path('A', 'T2', 'T1', 'R')], ['R', 'A'], RACK)).toBeNull();
  });

  it('counts a door passed by legs that do not meet at one unit, and not a drop through it', () => {
    // Out to C behind the door and back to A: a drop to C; the trunk R–T2 is shared by the first and last legs.
    const drop = classAViolation(
      g,
      [path('R', 'T1', 'T2', 'D', 'C'), path('C', 'D', 'T2', 'A'), path('A', 'T2', 'B'), path('B', 'T2', 'T1', 'R')],
      ['R', 'C', 'A', 'B'],
      RACK,
    );
    expect(drop!.openings).toBe(0);
    expect(drop!.shared).toBeCloseTo(20, 9);
    // Through the door to C, out to A, through it again to E: the door carries the loop twice.
    const twice = classAViolation(
      g,
      [path('R', 'T1', 'T2', 'D', 'C'), path('C', 'D', 'T2', 'A'), path('A', 'T2', 'D', 'E'), path('E', 'D', 'T2', 'T1', 'R')],
      ['R', 'C', 'A', 'E'],
      RACK,
    );
    expect(twice!.openings).toBe(1);
  });
});
