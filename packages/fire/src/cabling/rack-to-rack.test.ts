import { describe, expect, it } from 'vitest';
import { elecSchema, fireConnectionsSchema, fireSchema, rackUnitSchema, type Arch, type Elec, type Fire, type Route } from '@edrf/model';
import { makeArch, rect } from '../test-support/arch.js';
import { fireFor } from '../test-support/check-units.js';
import { calcFireRackToRackRoutes, rackGraph, rackToRackRoutes } from './rack-to-rack.js';
import { pathTo, shortestPaths } from './graph-search.js';
import { TRAY_FACTOR } from './routing-graph.js';
import { pathSlices } from './route-slices.js';
import { exactRing, heuristicRing, ringCost, shortestRing } from './ring.js';

const rack = (id: string, storey: string, x: number, y: number, z = 0.1) =>
  rackUnitSchema.parse({ id, storey_id: storey, coord: [x, y, z], label: id.toUpperCase() });

const fireWith = (racks: ReturnType<typeof rack>[]): Fire => fireFor('Sbf1108', { racks: Object.fromEntries(racks.map((r) => [r.id, r])) });

const routesOf = (connections: Fire['connections']) => Object.values(connections.routes).filter((r) => r.kind === 'RackToRack');
const ends = (route: Route) => {
  const first = route.slices[0]!.nodes[0]!;
  const lastSlice = route.slices[route.slices.length - 1]!;
  return [first.unit_id, lastSlice.nodes[lastSlice.nodes.length - 1]!.unit_id];
};

/** The output is the whole connections: it parses alone and in the fire model. */
function expectValid(fire: Fire, connections: Fire['connections']) {
  expect(() => fireConnectionsSchema.parse(connections)).not.toThrow();
  expect(() => fireSchema.parse({ ...fire, connections })).not.toThrow();
  for (const route of routesOf(connections)) {
    expect(route.kind).toBe('RackToRack');
    for (const slice of route.slices) expect(slice.nodes.length).toBeGreaterThanOrEqual(2);
    // Locked ends at the racks, free nodes between.
    const nodes = route.slices.flatMap((s) => s.nodes);
    expect(nodes.slice(1, -1).every((n) => n.unit_id === '')).toBe(true);
    const [a, b] = ends(route);
    expect(fire.units.racks[a!]).toBeDefined();
    expect(fire.units.racks[b!]).toBeDefined();
    expect(nodes[0]!.coord).toEqual(fire.units.racks[a!]!.coord);
    expect(nodes[nodes.length - 1]!.coord).toEqual(fire.units.racks[b!]!.coord);
  }
}

/** Two offices with a door between them. */
const twoRooms = (): Arch =>
  makeArch([
    {
      id: 'g',
      rooms: [
        { id: 'a', exterior: rect(0, 0, 10, 5) },
        { id: 'b', exterior: rect(10, 0, 10, 5) },
      ],
      doors: [{ id: 'd', left: [10, 2], right: [10, 3] }],
    },
  ]);

/** A corridor along four offices, a door into each. */
const corridor = (): Arch =>
  makeArch([
    {
      id: 'g',
      rooms: [{ id: 'hall', exterior: rect(0, 5, 40, 3) }, ...[0, 1, 2, 3].map((k) => ({ id: `o${k}`, exterior: rect(k * 10, 0, 10, 5) }))],
      doors: [0, 1, 2, 3].map((k) => ({
        id: `d${k}`,
        left: [k * 10 + 4, 5] as [number, number],
        right: [k * 10 + 5, 5] as [number, number],
      })),
    },
  ]);

describe('calc_fire_rack_to_rack_routes', () => {
  it('joins two racks with one direct cable through the door, drawn with the first copper cable', () => {
    const arch = twoRooms();
    const fire = fireWith([rack('r1', 'g', 2, 2), rack('r2', 'g', 18, 2)]);
    const connections = calcFireRackToRackRoutes({ arch, fire });
    const routes = routesOf(connections);
    expect(routes).toHaveLength(1);
    const route = routes[0]!;
    expect(ends(route)).toEqual(['r1', 'r2']);
    expect(route.slices.map((s) => s.storey_id)).toEqual(['g']);
    expect(route.slices[0]!.nodes.map((n) => n.coord)).toContainEqual([10, 2.5, 2.95]);
    const copper = fire.config.products.cables.find((c) => c.type === 'Copper')!;
    expect(route.product_id).toBe(copper.id);
    expect(Object.keys(connections.cables)).toEqual([]);
    expectValid(fire, connections);
  });

  it('makes the shortest ring through four racks: the same length as the best of all orders', () => {
    const arch = corridor();
    // Listed out of order along the corridor: the listing order is not the best ring.
    const racks = [rack('r1', 'g', 5, 2), rack('r2', 'g', 25, 2), rack('r3', 'g', 15, 2), rack('r4', 'g', 35, 2)];
    const fire = fireWith(racks);
    const connections = calcFireRackToRackRoutes({ arch, fire });
    const routes = routesOf(connections);
    expect(routes).toHaveLength(4);
    expectValid(fire, connections);

    // Each rack is an end of exactly two legs, and the legs make one cycle.
    const legs = routes.map(ends) as [string, string][];
    for (const r of racks) expect(legs.flat().filter((id) => id === r.id)).toHaveLength(2);
    for (let k = 0; k < legs.length; k++) expect(legs[k]![1]).toBe(legs[(k + 1) % legs.length]![0]);

    const { graph, nodes } = rackGraph({ arch, fire });
    const dist = nodes.map((n) => {
      const tree = shortestPaths(graph, n);
      return nodes.map((m) => tree.cost[m]!);
    });
    const index = new Map(racks.map((r, i) => [r.id, i]));
    const found = legs.reduce((s, [a, b]) => s + dist[index.get(a)!]![index.get(b)!]!, 0);
    let best = Infinity;
    for (const perm of permutations([1, 2, 3])) best = Math.min(best, ringCost([0, ...perm], dist));
    expect(found).toBeCloseTo(best, 9);
    expect(found).toBeLessThan(ringCost([0, 1, 2, 3], dist) - 1);
  });

  it('draws each leg along the path a whole Dijkstra tree from its first rack finds (the oracle; the searches stop at the racks)', () => {
    const arch = corridor();
    const racks = [rack('r1', 'g', 5, 2), rack('r2', 'g', 25, 2), rack('r3', 'g', 15, 2), rack('r4', 'g', 35, 2)];
    const fire = fireWith(racks);
    const routes = routesOf(calcFireRackToRackRoutes({ arch, fire }));
    const { graph, nodes } = rackGraph({ arch, fire });
    const index = new Map(racks.map((r, i) => [r.id, i]));
    for (const route of routes) {
      const [a, b] = ends(route).map((id) => index.get(id)!);
      expect(route.slices).toEqual(pathSlices(graph, pathTo(shortestPaths(graph, nodes[a!]!), nodes[b!]!)));
    }
  });

  it('crosses storeys through the stairwell: a slice on each storey', () => {
    const floor = (id: string) => ({
      id,
      rooms: [
        { id: `${id}-office`, exterior: rect(0, 0, 10, 5) },
        { id: `${id}-stair`, exterior: rect(10, 0, 4, 5), type: 'Stairwell' as const },
      ],
      doors: [{ id: `${id}-door`, left: [10, 2] as [number, number], right: [10, 3] as [number, number] }],
    });
    const arch = makeArch([floor('g'), floor('u')]);
    const fire = fireWith([rack('r1', 'g', 2, 2), rack('r2', 'u', 2, 2, 3.1)]);
    const connections = calcFireRackToRackRoutes({ arch, fire });
    const [route] = routesOf(connections);
    expect(route!.slices.map((s) => s.storey_id)).toEqual(['g', 'u']);
    const up = route!.slices[0]!.nodes.at(-1)!.coord;
    const down = route!.slices[1]!.nodes[0]!.coord;
    expect(up).toEqual([12, 2.5, 2.95]);
    expect(down).toEqual([12, 2.5, 5.95]);
    expectValid(fire, connections);
  });

  it('without a stairwell, shaft or vertical tray rises through the rooms over each other, at a cost', () => {
    const floor = (id: string) => ({ id, rooms: [{ id: `${id}-office`, exterior: rect(0, 0, 10, 5) }] });
    const arch = makeArch([floor('g'), floor('u')]);
    const fire = fireWith([rack('r1', 'g', 2, 2), rack('r2', 'u', 8, 2, 3.1)]);
    const [route] = routesOf(calcFireRackToRackRoutes({ arch, fire }));
    expect(route!.slices.map((s) => s.storey_id)).toEqual(['g', 'u']);
  });

  it('rises on a vertical tray when there is one, and follows trays where they run', () => {
    const floor = (id: string) => ({ id, rooms: [{ id: `${id}-office`, exterior: rect(0, 0, 30, 6) }] });
    const arch = makeArch([floor('g'), floor('u')]);
    const elec: Elec = elecSchema.parse({
      trays: {
        tg: { id: 'tg', storey_id: 'g', start: [0, 5, 2.7], end: [30, 5, 2.7] },
        tu: { id: 'tu', storey_id: 'u', start: [0, 5, 5.7], end: [30, 5, 5.7] },
        up: { id: 'up', storey_id: 'g', to_storey_id: 'u', start: [30, 5, 2.7], end: [30, 5, 5.7] },
      },
    });
    const fire = fireWith([rack('r1', 'g', 1, 1), rack('r2', 'u', 1, 1, 3.1)]);
    const [route] = routesOf(calcFireRackToRackRoutes({ arch, elec, fire }));
    expect(route!.slices.map((s) => s.storey_id)).toEqual(['g', 'u']);
    expect(route!.slices[0]!.nodes.at(-1)!.coord).toEqual([30, 5, 2.7]);
    expect(route!.slices[1]!.nodes[0]!.coord).toEqual([30, 5, 5.7]);
  });

  it('prefers a tray: the cable runs along it, at the tray height', () => {
    const arch = makeArch([{ id: 'g', rooms: [{ id: 'hall', exterior: rect(0, 0, 30, 6) }] }]);
    const fire = fireWith([rack('r1', 'g', 1, 1), rack('r2', 'g', 29, 1)]);
    // Without trays: straight across the room.
    const [plain] = routesOf(calcFireRackToRackRoutes({ arch, fire }));
    expect(plain!.slices[0]!.nodes.map((n) => n.unit_id)).toEqual(['r1', 'r2']);

    const elec = elecSchema.parse({ trays: { t: { id: 't', storey_id: 'g', start: [0, 5, 2.7], end: [30, 5, 2.7] } } });
    const [onTray] = routesOf(calcFireRackToRackRoutes({ arch, elec, fire }));
    const inner = onTray!.slices[0]!.nodes.slice(1, -1);
    expect(inner.length).toBeGreaterThanOrEqual(2);
    expect(inner.every((n) => n.coord[1] === 5 && n.coord[2] === 2.7)).toBe(true);
    expect(inner[0]!.coord[0]).toBeCloseTo(1);
    expect(inner.at(-1)!.coord[0]).toBeCloseTo(29);
    // 4 m down to the tray and back at full cost, 28 m along it at TRAY_FACTOR: less than the 28 m straight.
    expect(8 + 28 * TRAY_FACTOR).toBeLessThan(28);
  });

  it('replaces the RackToRack routes there were, keeps the other routes, and cleans the rack units’ lists', () => {
    const arch = twoRooms();
    const fire = fireWith([rack('r1', 'g', 2, 2), rack('r2', 'g', 18, 2)]);
    const node = (unit_id: string, x: number) => ({ unit_id, coord: [x, 2, 0.1] as [number, number, number] });
    fire.connections.routes = {
      'rack-route-1': {
        id: 'rack-route-1',
        product_id: '',
        kind: 'RackToRack',
        slices: [{ storey_id: 'g', nodes: [node('r1', 2), node('r2', 18)] }],
      },
      old: { id: 'old', product_id: '', kind: 'RackToRack', slices: [{ storey_id: 'g', nodes: [node('r2', 18), node('r1', 2)] }] },
      loop: { id: 'loop', product_id: '', kind: 'Loop', slices: [{ storey_id: 'g', nodes: [node('r1', 2), node('', 5)] }] },
    };
    fire.connections.cables = { c1: { id: 'c1', label: 'W1', product_id: '' } };
    fire.connections.centrals = {
      cen: {
        id: 'cen',
        product_id: '',
        rack_id: 'r1',
        rack_pos: [0, 0],
        connections: ['old', 'loop', 'c1'],
        main_central: true,
        extensions: [],
      },
    };
    const connections = calcFireRackToRackRoutes({ arch, fire });
    expect(Object.keys(connections.routes).sort()).toEqual(['loop', 'rack-route-1']);
    expect(connections.routes.loop).toEqual(fire.connections.routes.loop);
    expect(connections.centrals.cen!.connections).toEqual(['loop', 'c1']);
    expect(connections.cables).toEqual(fire.connections.cables);
    expectValid(fire, connections);
    // The input is not changed.
    expect(Object.keys(fire.connections.routes)).toHaveLength(3);
  });

  it('one rack: no cable (and the old RackToRack routes go)', () => {
    const fire = fireWith([rack('r1', 'g', 2, 2)]);
    expect(calcFireRackToRackRoutes({ arch: twoRooms(), fire }).routes).toEqual({});
  });

  it('without a copper cable product: routes with no product, and the warning', () => {
    const fire = fireWith([rack('r1', 'g', 2, 2), rack('r2', 'g', 18, 2)]);
    fire.config.products.cables = fire.config.products.cables.filter((c) => c.type !== 'Copper');
    const { connections, warnings } = rackToRackRoutes({ arch: twoRooms(), fire });
    expect(routesOf(connections)[0]!.product_id).toBe('');
    expect(warnings.map((w) => w.message)).toEqual(['No copper cable found']);
  });

  it('a rack the building cannot reach: drawn straight, with a warning', () => {
    const fire = fireWith([rack('r1', 'g', 2, 2), rack('r2', 'nowhere', 18, 2)]);
    const { connections, warnings } = rackToRackRoutes({ arch: twoRooms(), fire });
    const [route] = routesOf(connections);
    expect(route!.slices.map((s) => s.storey_id)).toEqual(['g', 'nowhere']);
    expect(warnings.map((w) => w.warning_id)).toEqual(['rack_no_way:r1/r2']);
  });

  it("refuses a model without racks: 'No fire rack found!'", () => {
    expect(() => calcFireRackToRackRoutes({ arch: twoRooms(), fire: fireWith([]) })).toThrow('No fire rack found!');
  });
});

function* permutations(items: number[]): Generator<number[]> {
  if (items.length <= 1) {
    yield items;
    return;
  }
  for (let i = 0; i < items.length; i++)
    for (const rest of permutations([...items.slice(0, i), ...items.slice(i + 1)])) yield [items[i]!, ...rest];
}

describe('the ring', () => {
  const random = (seed: number) => () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const matrix = (n: number, rnd: () => number) => {
    const pts = Array.from({ length: n }, () => [rnd() * 100, rnd() * 100] as const);
    return pts.map((p) => pts.map((q) => Math.hypot(p[0] - q[0], p[1] - q[1])));
  };

  it('Held–Karp equals brute force over every order', () => {
    const rnd = random(7);
    for (let n = 3; n <= 8; n++)
      for (let trial = 0; trial < 5; trial++) {
        const dist = matrix(n, rnd);
        let best = Infinity;
        for (const perm of permutations([...Array(n - 1).keys()].map((k) => k + 1))) best = Math.min(best, ringCost([0, ...perm], dist));
        const order = exactRing(dist);
        expect([...order].sort((a, b) => a - b)).toEqual([...Array(n).keys()]);
        expect(order[0]).toBe(0);
        expect(ringCost(order, dist)).toBeCloseTo(best, 9);
        expect(heuristicRing(dist).length).toBe(n);
        expect(ringCost(heuristicRing(dist), dist)).toBeGreaterThanOrEqual(best - 1e-9);
      }
  });

  it('above 12 racks: nearest neighbour and 2-opt, every rack once, no two legs crossing on a convex set', () => {
    const n = 20;
    const pts = Array.from({ length: n }, (_, k) => [Math.cos((k * 7 * 2 * Math.PI) / n), Math.sin((k * 7 * 2 * Math.PI) / n)] as const);
    const dist = pts.map((p) => pts.map((q) => Math.hypot(p[0] - q[0], p[1] - q[1])));
    const order = shortestRing(dist);
    expect(new Set(order).size).toBe(n);
    // Points on a circle: the best ring is the circle, which 2-opt always finds.
    expect(ringCost(order, dist)).toBeCloseTo(2 * n * Math.sin(Math.PI / n), 9);
  });
});
