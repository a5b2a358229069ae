// Test support: a real building designed as 'Design all' designs it (plans/designed.ts), then equipped as a designer
// does on the equipment page: two racks with room records '+D1' and '+D2', a central in each, plinths, power supplies,
// an alarm transmitter, the route between the racks by the engine's calc_fire_rack_to_rack_routes, loops and
// addresses by the engine again, and cables inside a rack.
import { elecSchema, newRack, type Arch, type Fire, type Model } from '@edrf/model';
import { calcFireCabling, calcFireRackToRackRoutes, calcFireSections, loopFiguresOf } from '@edrf/fire';
import { designedModel } from '../plans/designed.js';

/** A 12-way terminal block: the generic catalogue's largest has 4. */
export const PLINTH_12 = {
  id: 'test-plinth-12',
  name: 'Terminal block, 12 connections',
  rack_size: [12, 12] as [number, number],
  num_connections: 12,
};

const centroid = (ring: readonly (readonly number[])[]): [number, number] => [
  ring.reduce((s, p) => s + p[0]!, 0) / ring.length,
  ring.reduce((s, p) => s + p[1]!, 0) / ring.length,
];

export interface RackModelOptions {
  /** Rack +D1's plinths: product ids, laid out left to right at the top. Default: one 12-way and one 4-way. */
  plinths?: string[];
  /** The cabling settings' units a loop at most: a small number gives each central several loops. */
  maxUnitsPerLoop?: number;
}

/**
 * The designed building with a second rack on another storey. +D1 (the designed rack r1): main central c1, plinths
 * p1 (12-way) and p2 (4-way), power supply psu1, alarm transmitter t1; cable-1 (power) from psu1 to c1, cable-2 (a
 * 2-pair signal cable) from t1 to p2. +D2 (r2): central c2 with a network card, plinth q1 (12-way), power supply psu2. The route between
 * the racks is listed by c1 and q1. The loop cable product has 2 pairs, as its name (2×2×0.8) says.
 */
export function rackModel(arch: Arch, options: RackModelOptions = {}): Model {
  const designed = designedModel(arch, 'Sbf1108', 'FZK-Haus');
  const fire: Fire = structuredClone(designed.fire!);
  const products = fire.config.products;
  products.plinths = [...products.plinths, PLINTH_12];
  products.cables = products.cables.map((c) => (c.id === 'sbf-cable-1' ? { ...c, num: 2 } : c));

  const r1 = fire.units.racks.r1!;
  // The room holding a rack: the room of its storey whose centroid is nearest (placeCentrals puts racks at centroids).
  const roomsOn = (storeyId: string) => arch.storeys[storeyId]!.rooms.map((id) => arch.rooms[id]!);
  const nearest = (storeyId: string, at: readonly number[]) =>
    roomsOn(storeyId).reduce((a, b) => {
      const d = (r: typeof a) => Math.hypot(centroid(r.shape.exterior)[0] - at[0]!, centroid(r.shape.exterior)[1] - at[1]!);
      return d(b) < d(a) ? b : a;
    });
  const room1 = nearest(r1.storey_id, r1.coord);
  const other = Object.values(arch.storeys)
    .filter((s) => s.id !== r1.storey_id && s.rooms.length > 0)
    .sort((a, b) => a.number - b.number)[0]!;
  const room2 = roomsOn(other.id).sort((a, b) => a.name.localeCompare(b.name))[0]!;
  const [x2, y2] = centroid(room2.shape.exterior);
  fire.units.racks.r2 = newRack('r2', other.id, [x2, y2, other.height.min_z + 0.1]);
  fire.connections.rooms = {
    [room1.id]: { id: room1.id, name: room1.name, label: '+D1', racks: ['r1'], notes: '' },
    [room2.id]: { id: room2.id, name: room2.name, label: '+D2', racks: ['r2'], notes: '' },
  };

  const unit = (id: string, rack: string, product: string, pos: [number, number], connections: string[] = []) => ({
    id,
    product_id: product,
    rack_id: rack,
    rack_pos: pos,
    connections,
  });
  const plinths = options.plinths ?? [PLINTH_12.id, 'sbf-plinth-4'];
  let x = 2;
  plinths.forEach((product, i) => {
    fire.connections.plinths[`p${i + 1}`] = unit(`p${i + 1}`, 'r1', product, [x, 6]);
    x += (products.plinths.find((p) => p.id === product)?.rack_size[0] ?? 3) + 2;
  });
  fire.connections.plinths.q1 = unit('q1', 'r2', PLINTH_12.id, [2, 6]);
  fire.connections.centrals.c2 = {
    ...unit('c2', 'r2', 'sbf-central-8', [2, 23]),
    main_central: false,
    // Its network card in the CentralConnector port: the panel-to-panel link the route between the racks serves.
    extensions: products.centrals
      .find((c) => c.id === 'sbf-central-8')!
      .extension_ports.map((k) => (k === 'CentralConnector' ? 'sbf-ext-network' : '')),
  };
  fire.connections.power_supplies.psu1 = unit('psu1', 'r1', 'sbf-psu-5a', [2, 46], ['cable-1']);
  fire.connections.power_supplies.psu2 = unit('psu2', 'r2', 'sbf-psu-10a', [2, 56]);
  fire.connections.others.t1 = {
    ...unit('t1', 'r1', 'sbf-transmitter-ip', [14, 46], ['cable-2']),
    unit_type: 'AlarmTransmitter',
    comment: '',
  };
  fire.connections.centrals.c1!.connections.push('cable-1');
  fire.connections.cables['cable-1'] = { id: 'cable-1', label: '', product_id: 'sbf-cable-power' };
  fire.connections.cables['cable-2'] = { id: 'cable-2', label: 'W2', product_id: 'sbf-cable-1' };
  if (fire.connections.plinths.p2) fire.connections.plinths.p2.connections.push('cable-2');

  // The route between the racks, the loops over both centrals and the addresses in loop order, by the engine.
  const elec = elecSchema.parse({});
  if (options.maxUnitsPerLoop) fire.config.cabling.route_max_units = options.maxUnitsPerLoop;
  let next: Fire = { ...fire, connections: calcFireRackToRackRoutes({ arch, elec, fire }) };
  next = { ...next, connections: calcFireCabling({ arch, elec, fire: next }).connections };
  next = {
    ...next,
    sections: calcFireSections({ settings: { sections: false, labels: false, addresses: true }, model: { arch, elec, fire: next } })
      .sections,
  };
  const link = Object.values(next.connections.routes).find((r) => r.kind === 'RackToRack')!;
  next.connections.centrals.c1!.connections.push(link.id);
  next.connections.plinths.q1!.connections.push(link.id);
  return { ...designed, fire: next };
}

const pairsOf = (fire: Fire, productId: string) => fire.config.products.cables.find((c) => c.id === productId)?.num ?? 1;

/**
 * The cores each rack must take, counted from the model alone (the tests' oracle): 'cable|pair|wire' with their count.
 * A loop: pair 1's a and b at its out and return ends, in its central's rack (the engine's loop figures name the
 * central); a route between racks: every pair at both racks; a cable a plinth lists: every pair on that plinth's rack.
 * `name` prints a cable or route (the documents print a cable's label).
 */
export function expectedCores(fire: Fire, arch: Arch, name: (id: string) => string = (id) => id): Map<string, Map<string, number>> {
  const out = new Map<string, Map<string, number>>(Object.keys(fire.units.racks).map((id) => [id, new Map()]));
  const add = (rack: string, id: string, pair: number, wire: string) => {
    const key = `${name(id)}|${pair}|${wire}`;
    out.get(rack)!.set(key, (out.get(rack)!.get(key) ?? 0) + 1);
  };
  const figures = loopFiguresOf({ arch, fire });
  for (const route of Object.values(fire.connections.routes)) {
    const ends = [route.slices[0]!.nodes[0]!.unit_id, route.slices.at(-1)!.nodes.at(-1)!.unit_id];
    if (route.kind === 'Loop') {
      const central = fire.connections.centrals[figures(route.id)!.centralId!]!;
      for (let end = 0; end < 2; end++) for (const wire of ['a', 'b']) add(central.rack_id, route.id, 1, wire);
    } else if (route.kind === 'RackToRack')
      for (const rack of ends)
        for (let pair = 1; pair <= pairsOf(fire, route.product_id); pair++) for (const wire of ['a', 'b']) add(rack, route.id, pair, wire);
  }
  for (const cable of Object.values(fire.connections.cables))
    for (const plinth of Object.values(fire.connections.plinths))
      if (plinth.connections.includes(cable.id))
        for (let pair = 1; pair <= pairsOf(fire, cable.product_id); pair++)
          for (const wire of ['a', 'b']) add(plinth.rack_id, cable.id, pair, wire);
  return out;
}
