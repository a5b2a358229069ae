import { MEASURE_TOLERANCE, MESSAGES } from '../messages.js';
import { roomLabel, warning, type RoomInfo, type StoreyInfo } from '../building.js';
import { pointInRings, type Pt } from '../geometry/ring.js';
import { MinHeap } from '../placement/fields.js';
import { escapeRoute, exitDoors, roomOf, storeyDoors, type DoorInfo } from './doors.js';
import { placesAt, placesIn, type PlacementContext } from './context.js';
import { callPointZ, roomLevels } from './mounting.js';
import { isClosedVoid } from './voids.js';
import { inDoorway, nearestWallPoint, WALL_INSET, wallPoints } from './walls.js';

/** A call point beside the door: past the jamb by this much (tried in this order), on the wall's face. */
const BESIDE_JAMB = [0.3, 0.5];
/** How far from the door's line the wall face is looked for (half the thickest wall, and more). */
const FACE_STEPS = [0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5];
const MAX_TRAVEL_ADDITIONS = 200;
/** Travel is checked on room points this far apart; every room point is within SAMPLE_STEP/√2 of one. */
const SAMPLE_STEP = 2.5;

/**
 * Manual call points: one at every exit door (doors.ts exitDoors: storey and final exits), beside it on the
 * accommodation side at the regulation's height; then more where the travel distance to the nearest is too long, on a
 * wall of the escape route.
 */
export function placeButtons(ctx: PlacementContext, storeys: readonly StoreyInfo[]): void {
  const range = ctx.fire.config.unit.button.max_range_from_door;
  const productId = ctx.fire.config.products.buttons[0]?.id ?? '';
  const regulation = ctx.fire.config.regulation;
  for (const storey of storeys) {
    const placing = storey.rooms.some((room) => placesIn(ctx, room.room.id));
    if (!placing && !storey.storey.doors.some((id) => ctx.exits?.has(id))) continue;
    const doors = storeyDoors(storey, ctx.doors);
    const closedVoid = (room: RoomInfo) => isClosedVoid(room, storey, ctx.doors, regulation);
    // The storey's call points, kept as they are added (not gathered again per door).
    const mine = Object.values(ctx.buttons).filter((b) => b.storey_id === storey.storey.id);
    const onStorey = () => mine;
    const add = (at: Pt, doorId: string, room: RoomInfo | undefined) => {
      const id = ctx.ids.make('btn');
      const floor = room ? roomLevels(room).floor : storey.storey.height.min_z;
      ctx.buttons[id] = {
        id,
        storey_id: storey.storey.id,
        door_id: doorId,
        product_id: productId,
        coord: [at[0], at[1], callPointZ(floor, regulation)],
        angle: 0,
      };
      mine.push(ctx.buttons[id]);
    };
    for (const { info, side } of exitDoors(doors, closedVoid)) {
      if (!placesAt(ctx, info)) continue;
      const served = onStorey().some((b) => Math.hypot(b.coord[0] - info.mid[0], b.coord[1] - info.mid[1]) <= range + 1e-9);
      if (served) continue;
      const at = ctx.analyzeOnly ? undefined : besideDoor(storey, doors, info, side, range);
      if (at) add(at, info.door.id, info.sides[side]);
      else
        ctx.warnings.push(warning('door_without_button', info.door.id, MESSAGES.doorWithoutButton(info.door.name || info.door.id, range)));
    }
    // A storey read for its new exits alone has no room to check travel in.
    if (!placing) continue;
    const route = escapeRoute(doors, closedVoid);
    const site = (room: RoomInfo, point: Pt) => travelSite(storey, doors, route.onRoute, room, point);
    addForTravel(ctx, storey, doors, onStorey, site, (at, room) => add(at, '', room));
  }
}

/**
 * A point beside the door on the given side: on the wall's face there, past a jamb, within range of the door's middle,
 * in that room and clear of every door's opening.
 */
function besideDoor(storey: StoreyInfo, doors: readonly DoorInfo[], info: DoorInfo, side: 0 | 1, range: number): Pt | undefined {
  const room = info.sides[side];
  const sign = side === 0 ? 1 : -1;
  const inRoom = (p: Pt) => (room ? roomOf(storey, p[0], p[1]) === room : true);
  for (const jamb of BESIDE_JAMB) {
    for (const dir of [-1, 1]) {
      const along = info.width / 2 + jamb;
      const at = (off: number): Pt => [
        info.mid[0] + info.along[0] * along * dir + info.normal[0] * off * sign,
        info.mid[1] + info.along[1] * along * dir + info.normal[1] * off * sign,
      ];
      // The wall's face: the first point off the door's line inside the room, then the unit's depth into it.
      const face = FACE_STEPS.find((off) => inRoom(at(off)));
      if (face === undefined) continue;
      const p = inRoom(at(face + WALL_INSET)) ? at(face + WALL_INSET) : at(face);
      if (
        Math.hypot(p[0] - info.mid[0], p[1] - info.mid[1]) > range ||
        inDoorway(
          p,
          doors.filter((d) => d !== info),
        )
      )
        continue;
      return p;
    }
  }
  // A door as wide as its corridor has no wall beside it there: the nearest place on the room's other walls in range.
  if (!room) return undefined;
  let best: Pt | undefined;
  let bestD = Infinity;
  for (const w of wallPoints(room, storey, doors, 0.1)) {
    const d = Math.hypot(w.at[0] - info.mid[0], w.at[1] - info.mid[1]);
    if (d <= range && d < bestD) [best, bestD] = [w.at, d];
  }
  return best;
}

/**
 * Where a call point added for travel may go, best first: on a wall of the escape route. A point too far in a room off
 * the route (an office, a store) is served from the route room its door opens onto, beside that door; else (or when
 * that is too far) from the wall of its own room nearest it, clear of the doors.
 */
function travelSite(
  storey: StoreyInfo,
  doors: readonly DoorInfo[],
  onRoute: (room: RoomInfo) => boolean,
  room: RoomInfo,
  point: Pt,
): { room: RoomInfo; point: Pt }[] {
  const out: { room: RoomInfo; point: Pt }[] = [];
  if (!onRoute(room)) {
    for (const d of doors) {
      const side = d.sides[0] === room ? 1 : d.sides[1] === room ? 0 : -1;
      const other = side === -1 ? undefined : d.sides[side];
      if (!other || other === room || !onRoute(other) || other.room.type === 'Stairwell') continue;
      const at = besideDoor(storey, doors, d, side as 0 | 1, Infinity);
      if (at) out.push({ room: other, point: at });
    }
  }
  out.push({ room, point: nearestWallPoint(room, storey, doors, point) ?? point });
  return out;
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
  doors: readonly DoorInfo[],
  onStorey: () => { coord: [number, number, number] }[],
  site: (room: RoomInfo, point: Pt) => { room: RoomInfo; point: Pt }[],
  add: (at: Pt, room: RoomInfo) => void,
): void {
  // The design keeps every sampled point within the limit less the samples' spacing, so that the points between them are
  // within it too; the check warns about a sampled point past the limit itself, the number its message gives.
  const limit = ctx.rules.button_travel_distance - SAMPLE_STEP * Math.SQRT1_2;
  const checked = ctx.rules.button_travel_distance + MEASURE_TOLERANCE;
  const travel = new Travel(storey, doors);
  const samples = storey.rooms
    .filter((room) => placesIn(ctx, room.room.id))
    .flatMap((room) => roomSamples(room).map((point) => ({ room, point })));
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
      // The escape route's place when it serves the point it is chosen for, else the wall of the point's own room.
      for (const source of site(candidate.room, candidate.point)) {
        const from = travel.from([source]);
        if (from(candidate.room, candidate.point) > limit) continue;
        // The way along the floor is never shorter than the straight line: a point farther than the limit in a straight
        // line is not served, and its way need not be measured (most of a storey's points, for each place tried).
        const [sx, sy] = source.point;
        const served = far.filter(
          (s) => Math.hypot(s.point[0] - sx, s.point[1] - sy) <= limit + 1e-9 && from(s.room, s.point) <= limit,
        ).length;
        if (!best || served > best.served) best = { source, served };
        break;
      }
    }
    if (!best) {
      const worst = far.find((s) => reach(s.room, s.point) > checked);
      return worst && travelWarning(ctx, worst.room, reach(worst.room, worst.point));
    }
    sources.push(best.source);
    add(best.source.point, best.source.room);
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
    private readonly doors: readonly DoorInfo[],
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
