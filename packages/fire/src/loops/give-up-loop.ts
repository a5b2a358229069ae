import type { ExchangeState } from './exchange-state.js';
import { at, loopLength } from './loop-length.js';

/**
 * A loop given up (exchangeLoops, once no move is left): each of its units, in its order, into the other loop and
 * place where it lengthens least and that loop still fits; made if every unit finds a place. The fewest loops come
 * first, as in the sweep (a loop fewer also saves its two legs to the central); sections may split, as a section is kept
 * whole only where that costs no loop. Returns the function that tries it for loop a (true if given up).
 */
export function loopGiver(x: ExchangeState): (a: number) => boolean {
  const { capacity, tours, loads, fits } = x;
  const cheapestBeside = cheapestPlace(x);
  // Loops given up so far, and how many there were when each loop could last not be given up.
  let givenUp = 0;
  const failed = tours.map(() => -1);
  return (a: number): boolean => {
    const A = tours[a]!;
    // Tried again only once another loop has been given up (the moves between rarely make room enough).
    const others = tours.map((t, b) => (b !== a && t.length > 0 ? b : -1)).filter((b) => b >= 0);
    if (others.length === 0 || failed[a] === givenUp) return false;
    failed[a] = givenUp;
    for (let m = 0; m < capacity.length; m++) {
      const spare = others.reduce((s, b) => s + capacity[m]! - loads[b]![m]!, 0);
      if (A.reduce((s, p) => s + x.weight(p, m), 0) > spare + 1e-9) return false;
    }
    const trial = new Map<number, { t: number[]; load: number[] }>();
    for (const p of A) {
      const places: [number, number, number][] = [];
      for (const b of others) {
        const t = trial.get(b)?.t ?? tours[b]!;
        const load = trial.get(b)?.load ?? loads[b]!;
        if (capacity.some((c, m) => load[m]! + x.weight(p, m) > c + 1e-9)) continue;
        const [best, where] = cheapestBeside(t, p);
        places.push([best, b, where]);
      }
      // The cheapest place whose loop still fits with it; a loop checked once per unit it is offered.
      places.sort((u, v) => u[0] - v[0]);
      let placed = false;
      for (const [, b, where] of places) {
        const before = trial.get(b) ?? { t: tours[b]!, load: loads[b]! };
        const t = [...before.t.slice(0, where), p, ...before.t.slice(where)];
        if (!fits(t)) continue;
        trial.set(b, { t, load: before.load.map((w, m) => w + x.weight(p, m)) });
        placed = true;
        break;
      }
      if (!placed) return false;
    }
    givenUp++;
    for (const [b, { t, load: l }] of [...trial, [a, { t: [] as number[], load: capacity.map(() => 0) }] as const]) {
      x.replace(b, t, loopLength(t, x.d), l, true);
      x.place(b);
      for (const p of t) x.active[p] = 1;
    }
    return true;
  };
}

/**
 * Where `p` lengthens loop `t` least among the places beside its unit nearest in a straight line on p's storey (on
 * another storey only where it has none there): the metric asked twice, not for every place. Places and storeys are in
 * typed arrays: a loop given up scans every unit of the others for each of its own.
 */
function cheapestPlace(x: ExchangeState): (t: readonly number[], p: number) => [number, number] {
  const { input, size, d } = x;
  const [xs, ys, zs] = [0, 1, 2].map((c) => Float64Array.from({ length: size }, (_, p) => input.coords?.[p]?.[c] ?? 0)) as [
    Float64Array,
    Float64Array,
    Float64Array,
  ];
  const layerIds = new Map<string, number>();
  const layerOf = Int32Array.from({ length: size }, (_, p) => {
    const key = input.layers?.[p] ?? '';
    if (!layerIds.has(key)) layerIds.set(key, layerIds.size);
    return layerIds.get(key)!;
  });
  return (t, p) => {
    let nearest = 0;
    let key = Infinity;
    for (let k = 0; k < t.length; k++) {
      const q = t[k]!;
      const dx = xs[p]! - xs[q]!;
      const dy = ys[p]! - ys[q]!;
      const dz = zs[p]! - zs[q]!;
      const s = dx * dx + dy * dy + dz * dz + (layerOf[q] !== layerOf[p] ? 1e12 : 0);
      if (s < key) {
        nearest = k;
        key = s;
      }
    }
    let [best, where] = [Infinity, 0];
    for (let k = nearest; k <= nearest + 1; k++) {
      const c = d(at(t, k - 1), p) + d(p, at(t, k)) - d(at(t, k - 1), at(t, k));
      if (c < best) [best, where] = [c, k];
    }
    return [best, where];
  };
}
