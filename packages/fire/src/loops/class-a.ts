import { roomAt } from '../building.js';
import type { RoutingGraph } from '../cabling/routing-graph.js';

/** NFPA 72 Class A exceptions (fire-next.md §5.2): shared pathway this close to the enclosure (m) is allowed… */
export const CLASS_A_ENCLOSURE_REACH = 3;
/** …and so are drops to several devices within one room up to this size (m², 1,000 ft²). */
export const CLASS_A_ROOM_MAX_AREA = 93;

export interface ClassAViolation {
  /** Metres of pathway the loop uses more than once, outside the exceptions (each stretch counted once). */
  shared: number;
  /** Doors and wall openings it passes through more than once, outside the exceptions. */
  openings: number;
  /** The units at the ends of the first two legs found sharing it, in loop order. */
  legs: [[string, string], [string, string]];
}

/**
 * NFPA 72 Class A separation of one loop (issue 26): the loop's legs (each a path of routing-graph nodes from one of its
 * stops to the next, the rack first and last) must not run in the same tray or raceway — here, the same routing-graph
 * edge, or through the same door or wall opening — except within CLASS_A_ENCLOSURE_REACH of the rack, a drop to a single device (the legs into and out of one
 * unit), and drops within one room of at most CLASS_A_ROOM_MAX_AREA m². Null when the loop keeps apart.
 */
export function classAViolation(
  g: RoutingGraph,
  legs: readonly (readonly number[])[],
  stops: readonly string[],
  rack: readonly [number, number, number],
): ClassAViolation | null {
  const users = new Map<string, { length: number; legs: number[]; a: number; b: number }>();
  const openings = new Map<number, number[]>();
  legs.forEach((path, leg) => {
    for (let k = 1; k < path.length - 1; k++) {
      const kind = g.nodes[path[k]!]!.kind;
      if (kind !== 'door' && kind !== 'wall') continue;
      const on = openings.get(path[k]!) ?? [];
      if (on[on.length - 1] !== leg) on.push(leg);
      openings.set(path[k]!, on);
    }
    for (let k = 1; k < path.length; k++) {
      const [a, b] = path[k - 1]! < path[k]! ? [path[k - 1]!, path[k]!] : [path[k]!, path[k - 1]!];
      const edge = g.edges[a]!.find((e) => e.to === b);
      if (!edge) continue;
      const key = `${a},${b}`;
      const entry = users.get(key) ?? { length: edge.length, legs: [], a, b };
      if (entry.legs[entry.legs.length - 1] !== leg) entry.legs.push(leg);
      users.set(key, entry);
    }
  });
  const nearRack = (v: number) => {
    const p = g.nodes[v]!;
    return Math.hypot(p.x - rack[0], p.y - rack[1]) <= CLASS_A_ENCLOSURE_REACH;
  };
  const inSmallRoom = (a: number, b: number) => {
    const [p, q] = [g.nodes[a]!, g.nodes[b]!];
    const storey = g.storeys.get(p.storeyId);
    if (!storey || q.storeyId !== p.storeyId) return false;
    const room = roomAt(storey.info, (p.x + q.x) / 2, (p.y + q.y) / 2);
    return room !== undefined && room.area <= CLASS_A_ROOM_MAX_AREA;
  };
  // Two legs meeting at one unit (leg i ends where leg i + 1 starts) are that unit's drop. The first and the last leg
  // meet at the rack: out and back there is what Class A forbids (but for CLASS_A_ENCLOSURE_REACH).
  const drop = (on: readonly number[]) => on.length === 2 && on[1]! - on[0]! === 1;
  let shared = 0;
  let through = 0;
  const first: [number, number] = [Infinity, Infinity];
  const note = (on: readonly number[]) => {
    if (on[0]! < first[0]) [first[0], first[1]] = [on[0]!, on[1]!];
  };
  for (const { length, legs: on, a, b } of users.values()) {
    if (on.length < 2 || drop(on) || (nearRack(a) && nearRack(b)) || inSmallRoom(a, b)) continue;
    shared += length;
    note(on);
  }
  for (const [v, on] of openings) {
    if (on.length < 2 || drop(on) || nearRack(v)) continue;
    through++;
    note(on);
  }
  if (!Number.isFinite(first[0])) return null;
  const [i, j] = first;
  const leg = (k: number): [string, string] => [stops[k]!, stops[(k + 1) % stops.length]!];
  return { shared, openings: through, legs: [leg(i), leg(j)] };
}
