import type { ExchangeInput } from './loop-exchange.js';
import { loopLength } from './loop-length.js';

export const EPS = 1e-7;

/**
 * The loops of one central while units move between them (exchangeLoops): each loop's tour, length, load and sections,
 * where each unit is, and the rule every move keeps (`allows`, then `commit`). The moves read and change it in place.
 */
export class ExchangeState {
  readonly tours: number[][];
  readonly loopOf: Int32Array;
  readonly posOf: Int32Array;
  readonly fitting: boolean[];
  readonly sectionCount: Map<string, number>[];
  readonly length: number[];
  readonly loads: number[][];
  readonly capacity: readonly number[];
  // When each loop last changed, and when its sections were last tried as blocks (a move counter, not rounds).
  clock = 0;
  readonly changedAt: number[];
  readonly blocksTriedAt: number[];
  /** Loops changed since their orders were last shortened. */
  readonly changed = new Set<number>();
  /** Units to look at again (their loop changed since they were last looked at). */
  readonly active: Uint8Array;
  // Reused by `allows` (it is asked for most moves tried).
  private readonly flow: Float64Array;
  private readonly sectionFlow = new Map<string, number>();

  constructor(
    readonly input: ExchangeInput,
    readonly d: (a: number, b: number) => number = input.dist,
    readonly sections: readonly string[] = input.sections,
    readonly fits: (order: readonly number[]) => boolean = input.fits,
  ) {
    const tours = input.loops.map((l) => [...l]);
    this.tours = tours;
    const size = tours.flat().reduce((m, p) => Math.max(m, p), 0) + 1;
    this.loopOf = new Int32Array(size).fill(-1);
    this.posOf = new Int32Array(size);
    this.fitting = tours.map((t) => t.length === 0 || this.fits(t));
    this.sectionCount = tours.map(() => new Map<string, number>());
    this.length = tours.map((t) => loopLength(t, this.d));
    this.changedAt = tours.map(() => 0);
    this.blocksTriedAt = tours.map(() => -1);
    tours.forEach((t, k) => {
      this.place(k);
      for (const p of t) bump(this.sectionCount[k]!, this.sections[p]!, 1);
    });
    this.active = new Uint8Array(size).fill(1);
    this.capacity = input.capacity ?? [];
    this.loads = tours.map((t) => this.load(t));
    this.flow = new Float64Array(this.capacity.length);
  }

  get size(): number {
    return this.loopOf.length;
  }

  weight(p: number, m: number): number {
    return this.input.weights![p]![m]!;
  }

  load(t: readonly number[]): number[] {
    return this.capacity.map((_, m) => t.reduce((s, p) => s + this.weight(p, m), 0));
  }

  /** Loop k changed: its units' loop and place noted. */
  place(k: number): void {
    this.changedAt[k] = ++this.clock;
    this.tours[k]!.forEach((p, i) => ((this.loopOf[p] = k), (this.posOf[p] = i)));
  }

  /** Loop k replaced by `t` of length `l`: its load, sections and fitting noted. */
  replace(k: number, t: number[], l: number, load: number[], ok: boolean): void {
    this.tours[k] = t;
    this.length[k] = l;
    this.loads[k] = load;
    this.fitting[k] = ok;
    this.sectionCount[k] = new Map();
    for (const p of t) bump(this.sectionCount[k], this.sections[p]!, 1);
    this.changed.add(k);
  }

  /**
   * Whether units may go from loop a to b, `toB[bFrom..bTo)`, and from b to a, `toA[aFrom..aTo)`: a loop that takes
   * units stays within the capacity, and no section ends up on more of the two loops than before.
   */
  allows(
    a: number,
    b: number,
    toB: readonly number[],
    bFrom: number,
    bTo: number,
    toA: readonly number[] = [],
    aFrom = 0,
    aTo = 0,
  ): boolean {
    const { flow, sectionFlow, capacity, sections, loads } = this;
    flow.fill(0);
    for (let k = bFrom; k < bTo; k++) for (let m = 0; m < capacity.length; m++) flow[m]! += this.weight(toB[k]!, m);
    for (let k = aFrom; k < aTo; k++) for (let m = 0; m < capacity.length; m++) flow[m]! -= this.weight(toA[k]!, m);
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
      const inA = this.sectionCount[a]!.get(s) ?? 0;
      const inB = this.sectionCount[b]!.get(s) ?? 0;
      if (Number(inA - f > 0) + Number(inB + f > 0) > Number(inA > 0) + Number(inB > 0)) return false;
    }
    return true;
  }

  /** Makes the move replacing loops a and b by na and nb if every rule holds and it is shorter; true if made. */
  commit(a: number, b: number, na: number[], nb: number[], touched?: readonly number[]): boolean {
    const { d, fits } = this;
    const [la, lb] = [loopLength(na, d), loopLength(nb, d)];
    if (la + lb >= this.length[a]! + this.length[b]! - EPS) return false;
    const fa = na.length === 0 || fits(na);
    const fb = nb.length === 0 || fits(nb);
    // A loop that did not fit may lose units (it is nearer fitting) but not take any.
    const keeps = (k: number, t: number[], ok: boolean) => ok || (!this.fitting[k] && t.every((p) => this.loopOf[p] === k));
    if (!keeps(a, na, fa) || !keeps(b, nb, fb)) return false;
    for (const [k, t, l, ok] of [
      [a, na, la, fa],
      [b, nb, lb, fb],
    ] as const)
      this.replace(k, t, l, this.load(t), ok);
    this.place(a);
    this.place(b);
    // Looked at again: the units where the loops were cut and joined (all of both where none are named).
    if (touched) for (const p of touched) this.active[p] = 1;
    else for (const p of [...na, ...nb]) this.active[p] = 1;
    return true;
  }
}

export function bump(m: Map<string, number>, key: string, by: number): void {
  if (key === '') return;
  const n = (m.get(key) ?? 0) + by;
  if (n === 0) m.delete(key);
  else m.set(key, n);
}
