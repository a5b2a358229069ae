import { EPS, type ExchangeState } from './exchange-state.js';
import { at } from './loop-length.js';

/**
 * The first shortening move joining unit u to unit v of another loop (exchangeLoops); true if made: a run of 1–3 units
 * with u at one end moved beside v, u and v swapped, or the two loops cut and crossed at u–v (2-opt*). Gains are
 * computed before any array is made.
 */
export function moveUnit(x: ExchangeState, u: number, v: number): boolean {
  return relocateRun(x, u, v) || swapUnits(x, u, v) || crossLoops(x, u, v);
}

/** A run of 1–3 units of u's loop with u at one end, into v's loop beside v, either way round. */
function relocateRun(x: ExchangeState, u: number, v: number): boolean {
  const { d } = x;
  const { a, b, A, B, i, j } = pairOf(x, u, v);
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
        if (!x.allows(a, b, A, s, e + 1)) continue;
        const run = A.slice(s, e + 1);
        if (backward < forward) run.reverse();
        if (
          x.commit(
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
  return false;
}

/** u's and v's loops, their tours, u's and v's places in them and the stops either side of each. */
function pairOf(x: ExchangeState, u: number, v: number) {
  const a = x.loopOf[u]!;
  const b = x.loopOf[v]!;
  const A = x.tours[a]!;
  const B = x.tours[b]!;
  const i = x.posOf[u]!;
  const j = x.posOf[v]!;
  return { a, b, A, B, i, j, a0: at(A, i - 1), a1: at(A, i + 1), b0: at(B, j - 1), b1: at(B, j + 1) };
}

/** u and v swapped between their loops. */
function swapUnits(x: ExchangeState, u: number, v: number): boolean {
  const { d } = x;
  const { a, b, A, B, i, j, a0, a1, b0, b1 } = pairOf(x, u, v);
  const swap = d(a0, v) + d(v, a1) - d(a0, u) - d(u, a1) + d(b0, u) + d(u, b1) - d(b0, v) - d(v, b1);
  return (
    swap < -EPS &&
    x.allows(a, b, A, i, i + 1, B, j, j + 1) &&
    x.commit(
      a,
      b,
      A.map((p) => (p === u ? v : p)),
      B.map((p) => (p === v ? u : p)),
      [u, v, a0, a1, b0, b1],
    )
  );
}

/** 2-opt*: u's and v's loops cut and joined by the edge u–v, the four ways the pieces close into two loops. */
function crossLoops(x: ExchangeState, u: number, v: number): boolean {
  const { d } = x;
  const { a, b, A, B, i, j, a0, a1, b0, b1 } = pairOf(x, u, v);
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
    if (!x.allows(a, b, A, bFrom, bTo, B, aFrom, aTo)) continue;
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
    if (x.commit(a, b, na, nb, [u, v, a0, a1, b0, b1])) return true;
  }
  return false;
}
