import { loopTour } from './tour.js';

export interface ExchangeInput {
  /** Each loop's units in tour order as point indexes (≥ 1); point 0 is the central, at both ends of every loop. */
  loops: readonly (readonly number[])[];
  /** Symmetric distance between points, 0 from a point to itself. */
  dist: (a: number, b: number) => number;
  /** The section of each point by index ('' for none; index 0, the central, unused). */
  sections: readonly string[];
  /** Whether a loop in this order keeps every limit (units, area, current, the voltage estimated). */
  fits: (order: readonly number[]) => boolean;
  /** Where each point is, when `dist` is never shorter than the straight distance (finds the nearest points faster). */
  coords?: readonly (readonly [number, number, number])[];
  /** Each point's storey: a move joins a unit to the nearest points on its storey (default: one storey). */
  layers?: readonly string[];
  /** How many nearest points of each point a move may join it to (default 10). */
  neighbours?: number;
  /**
   * What each point takes of a loop's capacity in some measures (units, amperes, m²) and what a loop holds of each: a
   * quick test before `fits`, which must reject a loop over them anyway.
   */
  weights?: readonly (readonly number[])[];
  capacity?: readonly number[];
  /** Every loop's sections tried as blocks every round, changed or not (the tests' oracle for the skipping). */
  everyBlock?: boolean;
}

const EPS = 1e-7;
const at = (t: readonly number[], k: number) => (k < 0 || k >= t.length ? 0 : t[k]!);

/** The length of a loop: from the central (point 0) through `t` and back. */
export function loopLength(t: readonly number[], d: (a: number, b: number) => number): number {
  let s = 0;
  for (let k = 0; k <= t.length; k++) s += d(at(t, k - 1), at(t, k));
  return t.length === 0 ? 0 : s;
}

/**
 * Moves between the loops of one central that shorten their tours together (issue 26; the local search of the
 * capacitated ring-star problem, fire-next.md §5.2). The sweep cuts wedges that ignore where the other loops run;
 * these moves give a unit to the loop that passes by it:
 * - a run of 1–3 units relocated into another loop beside one of its nearest points, or two units swapped;
 * - 2-opt*: two loops cut and their ends exchanged (merging one into the other where that is shorter);
 * - a section's units on a loop moved as one to another loop, or two such swapped (sections stay whole).
 * A move is made only if it shortens the sum of the tours, every loop it changes still `fits` (a loop that did not fit
 * may only lose units) and no section ends up on more loops than before. When no move is left, a loop whose units the
 * others can take is given up, and the moves start again. Returns the loops in their order, each in tour order, empty
 * ones dropped.
 */
export function exchangeLoops(input: ExchangeInput): number[][] {
  const { dist: d, sections, fits } = input;
  const tours = input.loops.map((l) => [...l]);
  const size = tours.flat().reduce((m, p) => Math.max(m, p), 0) + 1;
  const loopOf = new Int32Array(size).fill(-1);
  const posOf = new Int32Array(size);
  const fitting = tours.map((t) => t.length === 0 || fits(t));
  const sectionCount = tours.map(() => new Map<string, number>());
  const length = tours.map((t) => loopLength(t, d));
  // When each loop last changed, and when its sections were last tried as blocks (a move counter, not rounds).
  let clock = 0;
  const changedAt = tours.map(() => 0);
  const blocksTriedAt = tours.map(() => -1);
  const place = (k: number) => {
    changedAt[k] = ++clock;
    tours[k]!.forEach((p, i) => ((loopOf[p] = k), (posOf[p] = i)));
  };
  tours.forEach((t, k) => {
    place(k);
    for (const p of t) bump(sectionCount[k]!, sections[p]!, 1);
  });
  const points = tours.flat();
  const near = nearestPoints(points, d, input.neighbours ?? 10, input.coords, input.layers);
  const changed = new Set<number>();
  const active = new Uint8Array(size).fill(1);
  // Loops given up so far, and how many there were when each loop could last not be given up.
  let givenUp = 0;
  const failed = tours.map(() => -1);
  const capacity = input.capacity ?? [];
  const weight = (p: number, m: number) => input.weights![p]![m]!;
  const load = (t: readonly number[]) => capacity.map((_, m) => t.reduce((s, p) => s + weight(p, m), 0));
  const loads = tours.map(load);

  // Reused by `allows` (it is asked for most moves tried).
  const flow = new Float64Array(capacity.length);
  const sectionFlow = new Map<string, number>();
  /**
   * Whether units may go from loop a to b, `toB[bFrom..bTo)`, and from b to a, `toA[aFrom..aTo)`: a loop that takes
   * units stays within the capacity, and no section ends up on more of the two loops than before.
   */
  const allows = (
    a: number,
    b: number,
    toB: readonly number[],
    bFrom: number,
    bTo: number,
    toA: readonly number[] = [],
    aFrom = 0,
    aTo = 0,
  ): boolean => {
    flow.fill(0);
    for (let k = bFrom; k < bTo; k++) for (let m = 0; m < capacity.length; m++) flow[m]! += weight(toB[k]!, m);
    for (let k = aFrom; k < aTo; k++) for (let m = 0; m < capacity.length; m++) flow[m]! -= weight(toA[k]!, m);
    for (let m = 0; m < capacity.length; m++) {
      if (aTo > aFrom && loads[a]![m]! - flow[m]! > capacity[m]! + 1e-9) return false;
      if (bTo > bFrom && loads[b]![m]! + flow[m]! > capacity[m]! + 1e-9) return false;
    }
    sectionFlow.clear();
    for (let k = bFrom; k < bTo; k++)
      if (sections[toB[k]!] !== '') sectionFlow.set(sections[toB[k]!]!, (sectionFlow.get(sections[toB[k]!]!) ?? 0) + 1);
    for (let k = aFrom; k < aTo; k++)
      if (sections[toA[k]!] !== '') sectionFlow.set(sections[toA[k]!]!, (sectionFlow.get(sections[toA[k]!]!) ?? 0) - 1);
    for (const [s, f] of sectionFlow) {
      const inA = sectionCount[a]!.get(s) ?? 0;
      const inB = sectionCount[b]!.get(s) ?? 0;
      if (Number(inA - f > 0) + Number(inB + f > 0) > Number(inA > 0) + Number(inB > 0)) return false;
    }
    return true;
  };
  /** Makes the move replacing loops a and b by na and nb if every rule holds and it is shorter; true if made. */
  const commit = (a: number, b: number, na: number[], nb: number[], touched?: readonly number[]): boolean => {
    const [la, lb] = [loopLength(na, d), loopLength(nb, d)];
    if (la + lb >= length[a]! + length[b]! - EPS) return false;
    const fa = na.length === 0 || fits(na);
    const fb = nb.length === 0 || fits(nb);
    // A loop that did not fit may lose units (it is nearer fitting) but not take any.
    const keeps = (k: number, t: number[], ok: boolean) => ok || (!fitting[k] && t.every((p) => loopOf[p] === k));
    if (!keeps(a, na, fa) || !keeps(b, nb, fb)) return false;
    for (const [k, t, l, ok] of [
      [a, na, la, fa],
      [b, nb, lb, fb],
    ] as const) {
      tours[k] = t;
      length[k] = l;
      loads[k] = load(t);
      fitting[k] = ok;
      sectionCount[k] = new Map();
      for (const p of t) bump(sectionCount[k], sections[p]!, 1);
      changed.add(k);
    }
    place(a);
    place(b);
    // Looked at again: the units where the loops were cut and joined (all of both where none are named).
    if (touched) for (const p of touched) active[p] = 1;
    else for (const p of [...na, ...nb]) active[p] = 1;
    return true;
  };

  /** The first shortening move joining u to v (in another loop); true if made. Gains are computed before any array is made. */
  const unitMove = (u: number, v: number): boolean => {
    const a = loopOf[u]!;
    const b = loopOf[v]!;
    const A = tours[a]!;
    const B = tours[b]!;
    const i = posOf[u]!;
    const j = posOf[v]!;
    // A run of 1–3 units of A with u at one end, into B beside v, either way round.
    for (let len = 1; len <= 3; len++)
      for (let end = 0; end < (len === 1 ? 1 : 2); end++) {
        const s = end === 0 ? i : i - len + 1;
        const e = s + len - 1;
        if (s < 0 || e >= A.length) continue;
        const first = A[s]!;
        const last = A[e]!;
        const gain = d(at(A, s - 1), first) + d(last, at(A, e + 1)) - d(at(A, s - 1), at(A, e + 1));
        for (let k = j; k <= j + 1; k++) {
          const p = at(B, k - 1);
          const q = at(B, k);
          const forward = d(p, first) + d(last, q) - d(p, q);
          const backward = d(p, last) + d(first, q) - d(p, q);
          if (Math.min(forward, backward) - gain >= -EPS) continue;
          if (!allows(a, b, A, s, e + 1)) continue;
          const run = A.slice(s, e + 1);
          if (backward < forward) run.reverse();
          if (
            commit(
              a,
              b,
              [...A.slice(0, s), ...A.slice(e + 1)],
              [...B.slice(0, k), ...run, ...B.slice(k)],
              [...run, at(A, s - 1), at(A, e + 1), p, q],
            )
          )
            return true;
        }
      }
    const a1 = at(A, i + 1);
    const a0 = at(A, i - 1);
    const b1 = at(B, j + 1);
    const b0 = at(B, j - 1);
    // u and v swapped.
    const swap = d(a0, v) + d(v, a1) - d(a0, u) - d(u, a1) + d(b0, u) + d(u, b1) - d(b0, v) - d(v, b1);
    if (
      swap < -EPS &&
      allows(a, b, A, i, i + 1, B, j, j + 1) &&
      commit(
        a,
        b,
        A.map((p) => (p === u ? v : p)),
        B.map((p) => (p === v ? u : p)),
        [u, v, a0, a1, b0, b1],
      )
    )
      return true;
    // 2-opt*: A and B cut and joined by the edge u–v, the four ways the pieces close into two loops.
    const duv = d(u, v);
    const rev = (t: number[]) => t.reverse();
    for (let way = 0; way < 4; way++) {
      const delta =
        way === 0
          ? duv + d(b0, a1) - d(u, a1) - d(b0, v)
          : way === 1
            ? duv + d(a0, b1) - d(a0, u) - d(v, b1)
            : way === 2
              ? duv + d(a1, b1) - d(u, a1) - d(v, b1)
              : duv + d(a0, b0) - d(a0, u) - d(b0, v);
      if (delta >= -EPS) continue;
      // The units going to B and to A (ranges of A and B), then the two loops made.
      const [bFrom, bTo] = way === 0 || way === 2 ? [i + 1, A.length] : [0, i];
      const [aFrom, aTo] = way === 0 || way === 3 ? [j, B.length] : [0, j + 1];
      if (!allows(a, b, A, bFrom, bTo, B, aFrom, aTo)) continue;
      const [na, nb] =
        way === 0
          ? [
              [...A.slice(0, i + 1), ...B.slice(j)],
              [...B.slice(0, j), ...A.slice(i + 1)],
            ]
          : way === 1
            ? [
                [...B.slice(0, j + 1), ...A.slice(i)],
                [...A.slice(0, i), ...B.slice(j + 1)],
              ]
            : way === 2
              ? [
                  [...A.slice(0, i + 1), ...rev(B.slice(0, j + 1))],
                  [...rev(A.slice(i + 1)), ...B.slice(j + 1)],
                ]
              : [
                  [...rev(B.slice(j)), ...A.slice(i)],
                  [...A.slice(0, i), ...rev(B.slice(0, j))],
                ];
      if (commit(a, b, na, nb, [u, v, a0, a1, b0, b1])) return true;
    }
    return false;
  };

  /** Whether loop a or a loop beside one of its units changed since a's sections were last tried as blocks. */
  const blockMayMove = (a: number): boolean => {
    const since = blocksTriedAt[a]!;
    if (since < 0 || changedAt[a]! > since) return true;
    for (const p of tours[a]!) for (const q of near.get(p)!) if (changedAt[loopOf[q]!]! > since) return true;
    return false;
  };

  /** A section's units on loop a moved as one into another loop nearby, or swapped with another section's there. */
  const blockMove = (a: number, s: string): boolean => {
    const A = tours[a]!;
    const block = A.filter((p) => sections[p] === s);
    const restA = A.filter((p) => sections[p] !== s);
    const gain = length[a]! - loopLength(restA, d);
    const targets = new Set<number>();
    for (const p of block) for (const q of near.get(p)!) if (loopOf[q] !== a) targets.add(loopOf[q]!);
    for (const b of targets) {
      const B = tours[b]!;
      if (!allows(a, b, block, 0, block.length)) continue;
      // Into B as it is, each unit where it lengthens B least (the pass then shortens the loops changed).
      const into = insertAll(B, block, d);
      if (loopLength(into, d) - length[b]! < gain - EPS && commit(a, b, restA, into)) return true;
      // Swapped with the units on B of a section near it (each section then leaves a loop as it joins one).
      const partners = new Set<string>();
      for (const p of block) for (const q of near.get(p)!) if (loopOf[q] === b && sections[q] !== '') partners.add(sections[q]!);
      for (const t of partners) {
        if (t === s) continue;
        const other = B.filter((p) => sections[p] === t);
        if (!allows(a, b, block, 0, block.length, other, 0, other.length)) continue;
        const restB = B.filter((p) => sections[p] !== t);
        if (commit(a, b, insertAll(restA, other, d), insertAll(restB, block, d))) return true;
      }
    }
    return false;
  };

  // Places and storeys in typed arrays: the loop given up scans every unit of the others for each of its own.
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
  /**
   * Where `p` lengthens loop `t` least among the places beside its unit nearest in a straight line on p's storey (on
   * another storey only where it has none there): the metric asked twice, not for every place.
   */
  const cheapestBeside = (t: readonly number[], p: number): [number, number] => {
    let nearest = 0;
    let key = Infinity;
    for (let k = 0; k < t.length; k++) {
      const q = t[k]!;
      const dx = xs[p]! - xs[q]!;
      const dy = ys[p]! - ys[q]!;
      const dz = zs[p]! - zs[q]!;
      const x = dx * dx + dy * dy + dz * dz + (layerOf[q] !== layerOf[p] ? 1e12 : 0);
      if (x < key) {
        nearest = k;
        key = x;
      }
    }
    let [best, where] = [Infinity, 0];
    for (let k = nearest; k <= nearest + 1; k++) {
      const c = d(at(t, k - 1), p) + d(p, at(t, k)) - d(at(t, k - 1), at(t, k));
      if (c < best) [best, where] = [c, k];
    }
    return [best, where];
  };

  /**
   * Loop a given up: each of its units, in its order, into the other loop and place where it lengthens least and that
   * loop still fits; made if every unit finds a place. The fewest loops come first, as in the sweep (a loop fewer also
   * saves its two legs to the central); sections may split, as a section is kept whole only where that costs no loop.
   */
  const dissolve = (a: number): boolean => {
    const A = tours[a]!;
    // Tried again only once another loop has been given up (the moves between rarely make room enough).
    const others = tours.map((t, b) => (b !== a && t.length > 0 ? b : -1)).filter((b) => b >= 0);
    if (others.length === 0 || failed[a] === givenUp) return false;
    failed[a] = givenUp;
    for (let m = 0; m < capacity.length; m++) {
      const spare = others.reduce((s, b) => s + capacity[m]! - loads[b]![m]!, 0);
      if (A.reduce((s, p) => s + weight(p, m), 0) > spare + 1e-9) return false;
    }
    const trial = new Map<number, { t: number[]; load: number[] }>();
    for (const p of A) {
      const places: [number, number, number][] = [];
      for (const b of others) {
        const t = trial.get(b)?.t ?? tours[b]!;
        const load = trial.get(b)?.load ?? loads[b]!;
        if (capacity.some((c, m) => load[m]! + weight(p, m) > c + 1e-9)) continue;
        const [best, where] = cheapestBeside(t, p);
        places.push([best, b, where]);
      }
      // The cheapest place whose loop still fits with it; a loop checked once per unit it is offered.
      places.sort((x, y) => x[0] - y[0]);
      let placed = false;
      for (const [, b, where] of places) {
        const before = trial.get(b) ?? { t: tours[b]!, load: loads[b]! };
        const t = [...before.t.slice(0, where), p, ...before.t.slice(where)];
        if (!fits(t)) continue;
        trial.set(b, { t, load: before.load.map((x, m) => x + weight(p, m)) });
        placed = true;
        break;
      }
      if (!placed) return false;
    }
    givenUp++;
    for (const [b, { t, load: l }] of [...trial, [a, { t: [] as number[], load: capacity.map(() => 0) }] as const]) {
      tours[b] = t;
      length[b] = loopLength(t, d);
      loads[b] = l;
      fitting[b] = true;
      sectionCount[b] = new Map();
      for (const p of t) bump(sectionCount[b], sections[p]!, 1);
      changed.add(b);
      place(b);
      for (const p of t) active[p] = 1;
    }
    return true;
  };

  /** The loops changed shortened each on its own (the moves only patch them where they meet); true if one got shorter. */
  const retour = () => {
    let shorter = false;
    for (const k of changed) {
      if (tours[k]!.length === 0) continue;
      const order = shortened(tours[k]!, d);
      const l = loopLength(order, d);
      // The voltage depends on the order: a loop that fits keeps the old order where the new one would not.
      if (l < length[k]! - EPS && (!fitting[k] || fits(order))) {
        tours[k] = order;
        length[k] = l;
        place(k);
        for (const p of order) active[p] = 1;
        shorter = true;
      }
    }
    changed.clear();
    return shorter;
  };

  for (let round = 0; round < 50; round++) {
    let moved = false;
    // Only units whose loop changed since they were last looked at (all at first) are looked at again.
    for (const u of points) {
      if (!active[u]) continue;
      active[u] = 0;
      for (const v of near.get(u)!) if (loopOf[u] !== loopOf[v] && unitMove(u, v)) moved = true;
    }
    for (let a = 0; a < tours.length; a++) {
      // A block move depends only on its loop and the loops beside its units: tried again only once one of them changed
      // (tried every round, the passes grew as the square of a central's loops).
      if (!input.everyBlock && !blockMayMove(a)) continue;
      blocksTriedAt[a] = clock;
      for (const s of [...sectionCount[a]!.keys()]) if (sectionCount[a]!.has(s) && blockMove(a, s)) moved = true;
    }
    if (moved) continue;
    // Settled: a loop fewer where the others can take its units, smallest first, then the moves again.
    if (!moved) {
      const bySize = tours
        .map((t, k) => [t.length, k] as const)
        .filter(([n]) => n > 0)
        .sort((x, y) => x[0] - y[0]);
      for (const [, k] of bySize) if (dissolve(k)) moved = true;
    }
    if (!moved) break;
  }
  retour();
  return tours.filter((t) => t.length > 0);
}

/** A loop's order shortened by 2-opt and Or-opt (loopTour from it, on a table of its distances). */
export function shortened(t: readonly number[], d: (a: number, b: number) => number): number[] {
  const points = [0, ...t];
  return loopTour(points.length, (a, b) => d(points[a]!, points[b]!), [...points.keys()])
    .slice(1)
    .map((k) => points[k]!);
}

/** `add` put one by one into the loop `t` where each lengthens it least. */
function insertAll(t: readonly number[], add: readonly number[], d: (a: number, b: number) => number): number[] {
  const out = [...t];
  for (const p of add) {
    let [best, where] = [Infinity, 0];
    for (let k = 0; k <= out.length; k++) {
      const c = d(at(out, k - 1), p) + d(p, at(out, k)) - d(at(out, k - 1), at(out, k));
      if (c < best) [best, where] = [c, k];
    }
    out.splice(where, 0, p);
  }
  return out;
}

function bump(m: Map<string, number>, key: string, by: number): void {
  if (key === '') return;
  const n = (m.get(key) ?? 0) + by;
  if (n === 0) m.delete(key);
  else m.set(key, n);
}

/**
 * For each point, its `k` nearest others by `d` among the points of its layer (its storey: a unit moves to a loop
 * passing on its storey). With `coords`, whose straight distance never exceeds `d`, the layer's points are scanned
 * outward in order of x and the scan stops where even the straight distance is too far: nearly linear instead of every
 * pair (1,200 units of a central took a second, 240 distances a unit on a building of 20 storeys).
 */
export function nearestPoints(
  points: readonly number[],
  d: (a: number, b: number) => number,
  k: number,
  coords?: readonly (readonly [number, number, number])[],
  layers?: readonly string[],
): Map<number, number[]> {
  const out = new Map<number, number[]>();
  const groups = new Map<string, number[]>();
  for (const p of points) {
    const key = layers?.[p] ?? '';
    const list = groups.get(key);
    if (list) list.push(p);
    else groups.set(key, [p]);
  }
  for (const group of groups.values()) {
    const byX = coords ? group.sort((a, b) => coords[a]![0] - coords[b]![0]) : group;
    byX.forEach((p, at) => {
      const best: [number, number][] = [];
      const worst = () => (best.length < k ? Infinity : best[k - 1]![0]);
      const consider = (q: number) => {
        if (coords) {
          const [a, b] = [coords[p]!, coords[q]!];
          const w = worst();
          if ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 + (a[2] - b[2]) ** 2 >= w * w) return;
        }
        const x = d(p, q);
        if (x >= worst()) return;
        let i = best.length;
        while (i > 0 && best[i - 1]![0] > x) i--;
        best.splice(i, 0, [x, q]);
        if (best.length > k) best.pop();
      };
      // Outward both ways from p in order of x (without coords, through every point of the layer).
      for (let lo = at - 1, hi = at + 1; lo >= 0 || hi < byX.length;) {
        const dl = lo >= 0 ? (coords ? coords[p]![0] - coords[byX[lo]!]![0] : 0) : Infinity;
        const dh = hi < byX.length ? (coords ? coords[byX[hi]!]![0] - coords[p]![0] : 0) : Infinity;
        if (Math.min(dl, dh) >= worst()) break;
        if (dl <= dh) consider(byX[lo--]!);
        else consider(byX[hi++]!);
      }
      out.set(
        p,
        best.map(([, q]) => q),
      );
    });
  }
  return out;
}
