import type { Model } from '@edrf/model';
import type { Pt } from '../drawing/items.js';
import { pointInRings } from './geometry.js';
import type { StoreyPlan } from './plan-model.js';

/** How far either side of a door its two rooms are looked for (m): past the wall's thickness. */
const DOOR_REACH = 0.4;

/** The rack of the main central (F§9: the first central when none is marked), its storey and plan point. */
export function mainCentral(model: Model): { storeyId: string; at: Pt } | null {
  const fire = model.fire;
  if (!fire) return null;
  const centrals = Object.values(fire.connections.centrals);
  const central = centrals.find((c) => c.main_central) ?? centrals[0];
  const rack = (central && fire.units.racks[central.rack_id]) ?? Object.values(fire.units.racks)[0];
  return rack ? { storeyId: rack.storey_id, at: [rack.coord[0], rack.coord[1]] } : null;
}

/**
 * Where the fire service comes in on the central's storey: an 'entryway' unit there, else the exterior door nearest
 * the central (the orientation drawing hangs at the entrance: 'you are here').
 */
export function entrance(model: Model, plan: StoreyPlan, central: Pt): Pt | null {
  const entry = Object.values(model.fire?.units.others ?? {}).find((u) => u.unit_type === 'entryway' && u.storey_id === plan.storey.id);
  if (entry) return [entry.coord[0], entry.coord[1]];
  // Doors marked exterior; where the model marks none, the doors with a room on one side only.
  const marked = plan.doors.filter((d) => d.exterior);
  const outer = marked.length ? marked : plan.doors.filter((d) => sidesInRooms(plan, d) === 1);
  let best: Pt | null = null;
  let bestD = Infinity;
  for (const door of outer) {
    const mid: Pt = [(door.left[0] + door.right[0]) / 2, (door.left[1] + door.right[1]) / 2];
    const d = Math.hypot(mid[0] - central[0], mid[1] - central[1]);
    if (d < bestD) [best, bestD] = [mid, d];
  }
  return best;
}

/** On how many of its two sides (DOOR_REACH away) a door has a room. */
function sidesInRooms(plan: StoreyPlan, door: { left: Pt; right: Pt }): number {
  const dx = door.right[0] - door.left[0];
  const dy = door.right[1] - door.left[1];
  const len = Math.hypot(dx, dy);
  if (len === 0) return 0;
  const mid: Pt = [(door.left[0] + door.right[0]) / 2, (door.left[1] + door.right[1]) / 2];
  const inRoom = (s: number) =>
    plan.rooms.some((r) => pointInRings(mid[0] - (s * dy * DOOR_REACH) / len, mid[1] + (s * dx * DOOR_REACH) / len, r.rings));
  return (inRoom(1) ? 1 : 0) + (inRoom(-1) ? 1 : 0);
}

/**
 * The way from a point to another on one storey: room to room through doors (Dijkstra on the rooms, each step the
 * distance between door middles), as a polyline from `from` through the doors to `to`; a straight line where no
 * chain of doors joins their rooms.
 */
export function wayThroughDoors(plan: StoreyPlan, from: Pt, to: Pt): Pt[] {
  const roomAt = (p: Pt) => plan.rooms.findIndex((r) => pointInRings(p[0], p[1], r.rings));
  const links: { a: number; b: number; at: Pt }[] = [];
  for (const door of plan.doors) {
    const dx = door.right[0] - door.left[0];
    const dy = door.right[1] - door.left[1];
    const len = Math.hypot(dx, dy);
    if (len === 0) continue;
    const mid: Pt = [(door.left[0] + door.right[0]) / 2, (door.left[1] + door.right[1]) / 2];
    const n: Pt = [-dy / len, dx / len];
    const a = roomAt([mid[0] + n[0] * DOOR_REACH, mid[1] + n[1] * DOOR_REACH]);
    const b = roomAt([mid[0] - n[0] * DOOR_REACH, mid[1] - n[1] * DOOR_REACH]);
    links.push({ a, b, at: mid });
  }
  // Start from the room holding `from`, or, for a point on an exterior door, the room behind it.
  let start = roomAt(from);
  let startAt = from;
  if (start < 0) {
    const door = links.find((l) => Math.hypot(l.at[0] - from[0], l.at[1] - from[1]) < 0.5 && (l.a >= 0 || l.b >= 0));
    if (door) [start, startAt] = [door.a >= 0 ? door.a : door.b, door.at];
  }
  const goal = roomAt(to);
  if (start < 0 || goal < 0) return [from, to];
  if (start === goal) return [from, to];
  // Nodes: the doors; edges between doors of one room.
  const doorsOf = new Map<number, number[]>();
  links.forEach((l, i) => {
    for (const r of [l.a, l.b]) if (r >= 0) doorsOf.set(r, [...(doorsOf.get(r) ?? []), i]);
  });
  const dist = new Map<number, number>();
  const prev = new Map<number, number>();
  const open = new Set<number>();
  for (const i of doorsOf.get(start) ?? []) {
    dist.set(i, Math.hypot(links[i]!.at[0] - startAt[0], links[i]!.at[1] - startAt[1]));
    open.add(i);
  }
  let reached = -1;
  let reachedD = Infinity;
  while (open.size) {
    let cur = -1;
    for (const i of open) if (cur < 0 || dist.get(i)! < dist.get(cur)!) cur = i;
    open.delete(cur);
    const d = dist.get(cur)!;
    if (d >= reachedD) break;
    const link = links[cur]!;
    if (link.a === goal || link.b === goal) {
      const total = d + Math.hypot(to[0] - link.at[0], to[1] - link.at[1]);
      if (total < reachedD) [reached, reachedD] = [cur, total];
    }
    for (const room of [link.a, link.b]) {
      if (room < 0) continue;
      for (const next of doorsOf.get(room) ?? []) {
        const nd = d + Math.hypot(links[next]!.at[0] - link.at[0], links[next]!.at[1] - link.at[1]);
        if (nd < (dist.get(next) ?? Infinity)) {
          dist.set(next, nd);
          prev.set(next, cur);
          open.add(next);
        }
      }
    }
  }
  if (reached < 0) return [from, to];
  const chain: Pt[] = [];
  for (let i: number | undefined = reached; i !== undefined; i = prev.get(i)) chain.unshift(links[i]!.at);
  return [from, ...chain, to];
}
