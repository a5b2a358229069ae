import { MEASURE_TOLERANCE, MESSAGES } from '../messages.js';
import { roomLabel, warning, type RoomInfo, type StoreyInfo } from '../building.js';
import { pointInRings, segmentClosest, type Pt } from '../geometry/ring.js';
import { MinHeap } from '../placement/fields.js';
import { doorInfo, exitSide, roomOf, type DoorInfo } from './doors.js';
import type { PlacementContext } from './context.js';

/** A call point beside the door: past the jamb by this much, and this far from the wall face. */
const BESIDE_JAMB = 0.3;
const OFF_WALL = 0.1;
const MAX_TRAVEL_ADDITIONS = 200;
/** Travel is checked on room points this far apart; every room point is within SAMPLE_STEP/√2 of one. */
const SAMPLE_STEP = 2.5;

/** Manual call points: one at every exit door, then more where the travel distance to the nearest is too long. */
export function placeButtons(ctx: PlacementContext, storeys: readonly StoreyInfo[]): void {
  const range = ctx.fire.config.unit.button.max_range_from_door;
  const productId = ctx.fire.config.products.buttons[0]?.id ?? '';
  for (const storey of storeys) {
    if (storey.rooms.length === 0) continue;
    const doors = storey.storey.doors.flatMap((id) => {
      const door = ctx.doors[id];
      return door ? [doorInfo(door, storey)].filter((d): d is DoorInfo => d !== undefined) : [];
    });
    const z = storey.storey.height.min_z + 1;
    // The storey's call points, kept as they are added (not gathered again per door).
    const mine = Object.values(ctx.buttons).filter((b) => b.storey_id === storey.storey.id);
    const onStorey = () => mine;
    const add = (at: Pt, doorId: string) => {
      const id = ctx.ids.make('btn');
      ctx.buttons[id] = { id, storey_id: storey.storey.id, door_id: doorId, product_id: productId, coord: [at[0], at[1], z], angle: 0 };
      mine.push(ctx.buttons[id]);
    };
    for (const info of doors) {
      const side = exitSide(info);
      if (side === -1) continue;
      const served = onStorey().some((b) => Math.hypot(b.coord[0] - info.mid[0], b.coord[1] - info.mid[1]) <= range + 1e-9);
      if (served) continue;
      const at = ctx.analyzeOnly ? undefined : besideDoor(info, side, range);
      if (at) add(at, info.door.id);
      else
        ctx.warnings.push(warning('door_without_button', info.door.id, MESSAGES.doorWithoutButton(info.door.name || info.door.id, range)));
    }
    addForTravel(ctx, storey, doors, onStorey, (at) => add(at, ''));
  }
}

/** A point beside the door on the room side, within range of the door's middle, inside that room. */
function besideDoor(info: DoorInfo, side: 0 | 1, range: number): Pt | undefined {
  const room = info.sides[side];
  const sign = side === 0 ? 1 : -1;
  const off = Math.min(OFF_WALL, range / 2);
  const along = Math.max(0, Math.min(info.width / 2 + BESIDE_JAMB, Math.sqrt(Math.max(0, range * range - off * off)) - 0.01));
  const candidates: Pt[] = [-1, 1, 0].map((dir) => [
    info.mid[0] + info.along[0] * along * dir + info.normal[0] * off * sign,
    info.mid[1] + info.along[1] * along * dir + info.normal[1] * off * sign,
  ]);
  return candidates.find((p) => !room || pointInRings(p[0], p[1], room.rings)) ?? candidates[2];
}

/**
 * Travel distance: along the floor through doors, straight within a room (docs/fire-engine.md).
 * A room with no door path to any call point is not checked. While some sampled points are
 * farther than the limit, the call point (on a wall, beside one of those points) that brings the
 * most of them within the limit is added: greedy set cover.
 */
function addForTravel(
  ctx: PlacementContext,
  storey: StoreyInfo,
  doors: DoorInfo[],
  onStorey: () => { coord: [number, number, number] }[],
  add: (at: Pt) => void,
): void {
  // The design keeps every sampled point within the limit less the samples' spacing, so that the points between them are
  // within it too; the check warns about a sampled point past the limit itself, the number its message gives.
  const limit = ctx.rules.button_travel_distance - SAMPLE_STEP * Math.SQRT1_2;
  const checked = ctx.rules.button_travel_distance + MEASURE_TOLERANCE;
  const travel = new Travel(storey, doors);
  const samples = storey.rooms.flatMap((room) => roomSamples(room).map((point) => ({ room, point })));
  const sources = onStorey().flatMap((b) => {
    const room = roomOf(storey, b.coord[0], b.coord[1]);
    return room ? [{ room, point: [b.coord[0], b.coord[1]] as Pt }] : [];
  });
  if (sources.length === 0) return;
  if (ctx.analyzeOnly) {
    const worst = firstTooFar(storey, travel.from(sources), checked);
    return worst && travelWarning(ctx, worst.room, worst.distance);
  }
  let reach = travel.from(sources);
  for (let round = 0; round < MAX_TRAVEL_ADDITIONS; round++) {
    const far = samples.filter((s) => {
      const d = reach(s.room, s.point);
      return Number.isFinite(d) && d > limit;
    });
    if (far.length === 0) return;
    if (round === MAX_TRAVEL_ADDITIONS - 1) {
      const worst = far.find((s) => reach(s.room, s.point) > checked);
      return worst && travelWarning(ctx, worst.room, reach(worst.room, worst.point));
    }
    const stride = Math.max(1, Math.floor(far.length / 60));
    let best: { source: { room: RoomInfo; point: Pt }; served: number } | undefined;
    for (let k = 0; k < far.length; k += stride) {
      const candidate = far[k]!;
      const source = { room: candidate.room, point: onWall(candidate.room, candidate.point) };
      const from = travel.from([source]);
      const served = far.filter((s) => from(s.room, s.point) <= limit).length;
      if (!best || served > best.served) best = { source, served };
    }
    sources.push(best!.source);
    add(best!.source.point);
    reach = travel.from(sources);
  }
}

const travelWarning = (ctx: PlacementContext, room: RoomInfo, distance: number) =>
  void ctx.warnings.push(
    warning('travel_too_far', room.room.id, MESSAGES.travelTooFar(roomLabel(room.room), distance, ctx.rules.button_travel_distance)),
  );

/**
 * analyze_only adds nothing: the first sampled point (in the order of addForTravel's samples) too far from every call
 * point is reported. A room whose every point is within the limit by its box (or which no call point reaches) holds
 * none, so its points are not sampled (`prune`): most rooms of a storey, which was most of a call point check's time.
 */
function firstTooFar(storey: StoreyInfo, reach: Reach, limit: number, prune = true): { room: RoomInfo; distance: number } | undefined {
  for (const room of storey.rooms) {
    const most = reach.atMost(room);
    // The margin covers rounding: a point's distance is computed with other operands than the bound's.
    if (prune && (most === Infinity || most <= limit - 1e-9)) continue;
    for (const point of roomSamples(room)) {
      const distance = reach(room, point);
      if (Number.isFinite(distance) && distance > limit) return { room, distance };
    }
  }
  return undefined;
}

/** firstTooFar from call points at `points` with and without pruning, for the tests: they must agree. */
export function firstTooFarBoth(storey: StoreyInfo, doors: DoorInfo[], points: Pt[], limit: number) {
  const travel = new Travel(storey, doors);
  const sources = points.flatMap((point) => {
    const room = roomOf(storey, point[0], point[1]);
    return room ? [{ room, point }] : [];
  });
  const reach = travel.from(sources);
  return { pruned: firstTooFar(storey, reach, limit), plain: firstTooFar(storey, reach, limit, false) };
}

/** The travel distance from the nearest source to a point of a room; `atMost`: no sampled point of the room is farther. */
type Reach = ((room: RoomInfo, p: Pt) => number) & { atMost: (room: RoomInfo) => number };

/** Travel distances on one storey: doors joined when they open into the same room. */
class Travel {
  private readonly roomDoors = new Map<RoomInfo, number[]>();
  private readonly links: { to: number; length: number }[][];

  constructor(
    storey: StoreyInfo,
    private readonly doors: DoorInfo[],
  ) {
    for (const room of storey.rooms) this.roomDoors.set(room, []);
    doors.forEach((d, i) => {
      for (const room of new Set(d.sides)) if (room) this.roomDoors.get(room)?.push(i);
    });
    this.links = doors.map(() => []);
    for (const list of this.roomDoors.values()) {
      for (const a of list) {
        for (const b of list) {
          if (a === b) continue;
          const [p, q] = [doors[a]!.mid, doors[b]!.mid];
          this.links[a]!.push({ to: b, length: Math.hypot(p[0] - q[0], p[1] - q[1]) });
        }
      }
    }
  }

  /** The travel distance from the nearest source to a point of a room. */
  from(sources: { room: RoomInfo; point: Pt }[]): Reach {
    const dist = new Float64Array(this.doors.length).fill(Infinity);
    const heap = new MinHeap();
    const inRoom = new Map<RoomInfo, Pt[]>();
    for (const { room, point } of sources) {
      inRoom.set(room, [...(inRoom.get(room) ?? []), point]);
      for (const i of this.roomDoors.get(room) ?? []) {
        const m = this.doors[i]!.mid;
        const d = Math.hypot(point[0] - m[0], point[1] - m[1]);
        if (d < dist[i]!) {
          dist[i] = d;
          heap.push(i, d);
        }
      }
    }
    while (heap.size) {
      const [i, d] = heap.pop();
      if (d > dist[i]!) continue;
      for (const { to, length } of this.links[i]!) {
        if (d + length < dist[to]!) {
          dist[to] = d + length;
          heap.push(to, d + length);
        }
      }
    }
    const at = (room: RoomInfo, p: Pt) => {
      let best = Infinity;
      for (const b of inRoom.get(room) ?? []) best = Math.min(best, Math.hypot(p[0] - b[0], p[1] - b[1]));
      for (const i of this.roomDoors.get(room) ?? []) {
        const m = this.doors[i]!.mid;
        best = Math.min(best, dist[i]! + Math.hypot(p[0] - m[0], p[1] - m[1]));
      }
      return best;
    };
    // The distance to the farthest corner of the box of the room's samples, through the nearest way in.
    const atMost = (room: RoomInfo) => {
      const [x0, y0, x1, y1] = sampleBox(room);
      const far = (q: Pt) => Math.hypot(Math.max(q[0] - x0, x1 - q[0]), Math.max(q[1] - y0, y1 - q[1]));
      let best = Infinity;
      for (const b of inRoom.get(room) ?? []) best = Math.min(best, far(b));
      for (const i of this.roomDoors.get(room) ?? []) best = Math.min(best, dist[i]! + far(this.doors[i]!.mid));
      return best;
    };
    return Object.assign(at, { atMost });
  }
}

/** The box of roomSamples(room): its outline's box, with its centroid. */
function sampleBox(room: RoomInfo): [number, number, number, number] {
  let [x0, y0, x1, y1] = [room.centroid[0], room.centroid[1], room.centroid[0], room.centroid[1]];
  for (const p of room.rings[0]!) {
    x0 = Math.min(x0, p[0]);
    y0 = Math.min(y0, p[1]);
    x1 = Math.max(x1, p[0]);
    y1 = Math.max(y1, p[1]);
  }
  return [x0, y0, x1, y1];
}

/** The room's corners, its centroid and a lattice of SAMPLE_STEP inside it: where the farthest point from a call point is looked for. */
function roomSamples(room: RoomInfo): Pt[] {
  const out: Pt[] = room.rings[0]!.map((p) => [p[0], p[1]] as Pt);
  out.push(room.centroid);
  const xs = room.rings[0]!.map((p) => p[0]);
  const ys = room.rings[0]!.map((p) => p[1]);
  const axis = (lo: number, hi: number) => {
    const n = Math.max(1, Math.ceil((hi - lo) / SAMPLE_STEP));
    return Array.from({ length: n }, (_, k) => lo + ((k + 0.5) * (hi - lo)) / n);
  };
  for (const x of axis(Math.min(...xs), Math.max(...xs)))
    for (const y of axis(Math.min(...ys), Math.max(...ys))) if (pointInRings(x, y, room.rings)) out.push([x, y]);
  return out;
}

/** The point of the room's outline nearest p, moved OFF_WALL into the room. */
function onWall(room: RoomInfo, p: Pt): Pt {
  let best = { d: Infinity, x: p[0], y: p[1] };
  for (const ring of room.rings) {
    for (let i = 0; i < ring.length; i++) {
      const c = segmentClosest(p[0], p[1], ring[i]!, ring[(i + 1) % ring.length]!);
      if (c.d < best.d) best = c;
    }
  }
  const towards = Math.hypot(room.centroid[0] - best.x, room.centroid[1] - best.y) || 1;
  const candidate: Pt = [
    best.x + ((room.centroid[0] - best.x) / towards) * OFF_WALL,
    best.y + ((room.centroid[1] - best.y) / towards) * OFF_WALL,
  ];
  return pointInRings(candidate[0], candidate[1], room.rings) ? candidate : p;
}
