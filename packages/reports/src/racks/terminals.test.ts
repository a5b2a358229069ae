// The terminal numbering (racks/terminals.ts) on a real building designed and equipped as a designer does
// (test-model.ts): every core of the model lands once, on a terminal of its rack's plinths or as overflow, loops in
// section and address order, the cores between racks terminal to terminal, and the same answer whatever order the
// model's records are in. The cores each rack must take are counted from the model here, not from the function.
import type { Arch, Fire, Model } from '@edrf/model';
import { loopFiguresOf, sectionsInOrder } from '@edrf/fire';
import { beforeAll, describe, expect, it } from 'vitest';
import { corpusArch, corpusHas, FZK_HAUS as FILE } from '../test-support/corpus.js';
import { expectedCores, rackModel } from './test-model.js';
import { rackWiring, type Landing, type Wiring } from './terminals.js';

const present = corpusHas(FILE, 'the terminal numbering tests');

const pairsOf = (fire: Fire, productId: string) => fire.config.products.cables.find((c) => c.id === productId)?.num ?? 1;
const capacityOf = (fire: Fire, plinthId: string) =>
  fire.config.products.plinths.find((p) => p.id === fire.connections.plinths[plinthId]!.product_id)?.num_connections ?? 1;

const key = (l: Landing) => `${l.cableId}|${l.core.pair}|${l.core.wire}`;

/** The model with every collection's records in reverse order (the ids and contents unchanged). */
function reversed(fire: Fire): Fire {
  const rev = <T>(o: Record<string, T>): Record<string, T> => Object.fromEntries(Object.entries(o).reverse());
  const each = <G extends object>(groups: G): G =>
    Object.fromEntries(Object.entries(groups).map(([k, v]) => [k, rev(v as Record<string, unknown>)])) as unknown as G;
  return { ...fire, units: each(fire.units), connections: each(fire.connections), sections: rev(fire.sections) };
}

describe.skipIf(!present)(`terminals of ${FILE} with two racks`, () => {
  let arch: Arch;
  let model: Model;
  let fire: Fire;
  let wiring: Wiring;
  beforeAll(async () => {
    arch = await corpusArch(FILE);
    model = rackModel(arch, { maxUnitsPerLoop: 6 });
    fire = model.fire!;
    wiring = rackWiring({ arch, fire });
  }, 120_000);

  it('lands every core the model has once, in its rack, on a terminal of the rack’s plinths from 1 up', () => {
    const expected = expectedCores(fire, arch);
    expect(wiring.racks.map((r) => r.rackId).sort()).toEqual(Object.keys(fire.units.racks).sort());
    for (const rack of wiring.racks) {
      const got = new Map<string, number>();
      for (const l of rack.landings) got.set(key(l), (got.get(key(l)) ?? 0) + 1);
      expect(got).toEqual(expected.get(rack.rackId));
      expect(rack.overflow).toEqual([]);
      // Each plinth holds its own landings at their numbers, filled from terminal 1 without gaps, within its product's count.
      for (const plinth of rack.plinths) {
        expect(fire.connections.plinths[plinth.plinthId]!.rack_id).toBe(rack.rackId);
        expect(plinth.terminals).toHaveLength(capacityOf(fire, plinth.plinthId));
        plinth.terminals.forEach((l, i) => {
          if (l) expect(l.terminal).toEqual({ plinthId: plinth.plinthId, number: i + 1 });
        });
        const used = plinth.terminals.filter(Boolean).length;
        expect(plinth.terminals.slice(0, used).every(Boolean)).toBe(true);
      }
      expect(rack.landings.filter((l) => l.terminal).length).toBe(rack.plinths.reduce((s, p) => s + p.terminals.filter(Boolean).length, 0));
    }
    // The test model's loop cable has 2 pairs (its name says 2×2×0.8): one pair of each end is landed, the other is reserve.
    const loops = Object.values(fire.connections.routes).filter((r) => r.kind === 'Loop');
    expect(loops.length).toBeGreaterThanOrEqual(4);
    expect(wiring.racks.flatMap((r) => r.spares)).toHaveLength(loops.length * 2 * (pairsOf(fire, loops[0]!.product_id) - 1));
  });

  it("numbers each central's loops by their lowest unit in section and address order, out A+ A− then return B+ B−", () => {
    const figures = loopFiguresOf({ arch, fire });
    const rank = new Map(sectionsInOrder(fire.sections).map((s, i) => [s.id, i]));
    const place = new Map(
      Object.values(fire.sections).flatMap((s) => Object.entries(s.addresses).map(([u, a]) => [u, [rank.get(s.id)!, a]] as const)),
    );
    const lowest = (routeId: string) =>
      figures(routeId)!
        .members.map((m) => place.get(m.id) ?? [Infinity, Infinity])
        .reduce((a, b) => (b[0] < a[0] || (b[0] === a[0] && b[1] < a[1]) ? b : a));
    for (const central of Object.values(fire.connections.centrals)) {
      const rack = wiring.racks.find((r) => r.rackId === central.rack_id)!;
      const mine = rack.landings.filter((l) => l.carrier.kind === 'loop' && l.carrier.centralId === central.id);
      const routeIds = [...new Set(mine.map((l) => l.cableId))];
      const expected = Object.values(fire.connections.routes)
        .filter((r) => r.kind === 'Loop' && figures(r.id)!.centralId === central.id)
        .map((r) => r.id);
      expect(routeIds.sort()).toEqual(expected.sort());
      // Loop n's lowest unit comes before loop n+1's.
      const byNumber = routeIds
        .map((id) => ({ id, n: (mine.find((l) => l.cableId === id)!.carrier as { loop: number }).loop }))
        .sort((a, b) => a.n - b.n);
      expect(byNumber.map((l) => l.n)).toEqual(byNumber.map((_, i) => i + 1));
      for (let i = 1; i < byNumber.length; i++) {
        const [a, b] = [lowest(byNumber[i - 1]!.id), lowest(byNumber[i]!.id)];
        expect(a[0] < b[0] || (a[0] === b[0] && a[1] < b[1])).toBe(true);
      }
      for (const { id } of byNumber) {
        const cores = mine.filter((l) => l.cableId === id);
        const members = figures(id)!.members;
        expect(cores.map((l) => `${(l.carrier as { end: string }).end}${l.core.wire}`)).toEqual(['Aa', 'Ab', 'Ba', 'Bb']);
        // Consecutive terminals, each wired on to the loop's central; the far ends are the loop's first and last unit in cable order.
        const numbers = cores.map((l) => l.terminal!.number);
        expect(numbers).toEqual(numbers.map((_, i) => numbers[0]! + i));
        expect(cores.every((l) => l.inside === central.id)).toBe(true);
        expect(cores.map((l) => l.far)).toEqual([
          { kind: 'unit', unitId: members[0]!.id },
          { kind: 'unit', unitId: members[0]!.id },
          { kind: 'unit', unitId: members.at(-1)!.id },
          { kind: 'unit', unitId: members.at(-1)!.id },
        ]);
      }
    }
  });

  it('gives each core between the racks the terminal of the same core in the other rack, both ways', () => {
    const link = Object.values(fire.connections.routes).find((r) => r.kind === 'RackToRack')!;
    const at = (rackId: string) => wiring.racks.find((r) => r.rackId === rackId)!.landings.filter((l) => l.cableId === link.id);
    const [r1, r2] = [at('r1'), at('r2')];
    expect(r1).toHaveLength(2 * pairsOf(fire, link.product_id));
    for (const l of r1) {
      const there = r2.find((o) => o.core.pair === l.core.pair && o.core.wire === l.core.wire)!;
      expect(l.far).toEqual({ kind: 'terminal', rackId: 'r2', terminal: there.terminal });
      expect(there.far).toEqual({ kind: 'terminal', rackId: 'r1', terminal: l.terminal });
    }
    // q1 lists the route: it lands there; in +D1 c1 lists it: wired on to c1. cable-2 is on p2, its far end the transmitter.
    expect(r2.every((l) => l.terminal?.plinthId === 'q1')).toBe(true);
    expect(r1.every((l) => l.inside === 'c1')).toBe(true);
    const w2 = wiring.racks[0]!.landings.filter((l) => l.cableId === 'cable-2');
    expect(w2.map((l) => l.terminal?.plinthId)).toEqual(['p2', 'p2', 'p2', 'p2']);
    expect(w2.every((l) => l.far.kind === 'unit' && l.far.unitId === 't1')).toBe(true);
    expect(wiring.racks[0]!.internal).toEqual([{ cableId: 'cable-1', productId: 'sbf-cable-power', ends: ['c1', 'psu1'] }]);
  });

  it('states the cores no terminal is left for as overflow, none dropped', () => {
    const small = rackModel(arch, { plinths: ['sbf-plinth-4'] });
    const w = rackWiring({ arch, fire: small.fire! });
    const r1 = w.racks.find((r) => r.rackId === 'r1')!;
    const expected = [...expectedCores(small.fire!, arch).get('r1')!.values()].reduce((a, b) => a + b, 0);
    expect(r1.landings).toHaveLength(expected);
    expect(r1.plinths.map((p) => p.terminals.filter(Boolean).length)).toEqual([4]);
    expect(r1.overflow).toHaveLength(expected - 4);
    expect(r1.overflow.every((l) => l.terminal === null)).toBe(true);
  });

  it('gives the same terminals whatever order the model’s records are in', () => {
    const again = rackWiring({ arch, fire: reversed(fire) });
    const flat = (w: Wiring) => w.racks.map((r) => ({ ...r, landings: r.landings.map((l) => ({ ...l })) }));
    expect(JSON.parse(JSON.stringify(flat(again)))).toEqual(JSON.parse(JSON.stringify(flat(wiring))));
  });
});
