import type { Ring } from '../geometry/ring.js';
import { buildGrid } from '../placement/grid.js';
import { roomLowerBound } from '../placement/lower-bound.js';
import { reachBound } from '../placement/reach-bound.js';

/** Bounds kept per worker: a room's bound depends on its outline and two settings only, never on the units. */
const MAX_CACHED = 50_000;
const cache = new Map<string, number>();

const keyOf = (rings: readonly Ring[], radius: number, maxArea: number) =>
  `${radius}|${maxArea}|${rings.map((ring) => ring.map((p) => `${p[0]},${p[1]}`).join(';')).join('|')}`;

/**
 * The least number of detectors a room can have (roomLowerBound), remembered: the units page asks for it on every
 * analysis, while the user moves units and the rooms stay as they are. Where the room holds more detectors than that,
 * raised by finer witnesses (reach-bound.ts), as the placement's own bound is.
 */
export function cachedRoomLowerBound(
  rings: readonly Ring[],
  rules: { radius: number; maxArea: number; wallDistance: number },
  detectors: number,
): number {
  const { radius, maxArea, wallDistance } = rules;
  const quick = remembered(keyOf(rings, radius, maxArea), () => roomLowerBound(buildGrid(rings), radius, maxArea));
  if (detectors <= quick) return quick;
  return remembered(`${wallDistance}|${detectors}|${keyOf(rings, radius, maxArea)}`, () =>
    reachBound(rings, { radius, wallDistance }, quick, detectors),
  );
}

function remembered(key: string, compute: () => number): number {
  const known = cache.get(key);
  if (known !== undefined) return known;
  const bound = compute();
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
  cache.set(key, bound);
  return bound;
}
