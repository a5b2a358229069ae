import { tourLength } from '../loops/tour.js';

/** The shortest closed tour from stop 0, every order of the others tried: the oracle of the tour tests (few stops). */
export function tourOptimum(n: number, dist: (a: number, b: number) => number): number {
  let best = Infinity;
  const rest = Array.from({ length: n - 1 }, (_, i) => i + 1);
  const permute = (k: number) => {
    if (k === rest.length) {
      best = Math.min(best, tourLength([0, ...rest], dist));
      return;
    }
    for (let i = k; i < rest.length; i++) {
      [rest[k], rest[i]] = [rest[i]!, rest[k]!];
      permute(k + 1);
      [rest[k], rest[i]] = [rest[i]!, rest[k]];
    }
  };
  permute(0);
  return best;
}
