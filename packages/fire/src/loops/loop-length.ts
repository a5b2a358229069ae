/** The point of tour `t` at k, the central (point 0) before its first and after its last. */
export const at = (t: readonly number[], k: number) => (k < 0 || k >= t.length ? 0 : t[k]!);

/** The length of a loop: from the central (point 0) through `t` and back. */
export function loopLength(t: readonly number[], d: (a: number, b: number) => number): number {
  let s = 0;
  for (let k = 0; k <= t.length; k++) s += d(at(t, k - 1), at(t, k));
  return t.length === 0 ? 0 : s;
}

/** `add` put one by one into the loop `t` where each lengthens it least. */
export function insertAll(t: readonly number[], add: readonly number[], d: (a: number, b: number) => number): number[] {
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
