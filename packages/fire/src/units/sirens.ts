import type { SirenProduct } from '@edrf/model';
import { needsSiren } from '../regulations.js';
import { MESSAGES } from '../messages.js';
import { roomAt, roomLabel, warning, type RoomInfo, type StoreyInfo } from '../building.js';
import { pointInRings, type Pt } from '../geometry/ring.js';
import { powerCells } from '../placement/power-cells.js';
import { clipToDisk } from './detectors.js';
import { MAX_UNITS_PER_ROOM, placesIn, unitEstimate, type PlacementContext } from './context.js';
import { storeyDoors } from './doors.js';
import { roomLevels, sounderZ } from './mounting.js';
import { SirenReach } from './siren-reach.js';
import { isClosedVoid } from './voids.js';
import { wallPoints, type WallPoint } from './walls.js';

/** Wall places are tried about this far apart, fewer on a long outline (at most WALL_CANDIDATES of them). */
const WALL_STEP = 0.5;
const WALL_CANDIDATES = 60;

/**
 * Sounders: every occupied room is covered inside itself (a door takes 20–30 dB), every point within max_range of one
 * of its sounders. The product decides where one stands: a wall sounder on the room's wall (walls.ts: on its outline,
 * clear of doors, at the regulation's height), a sounder base in a detector's base (at the detector, locked to it).
 */
export function placeSirens(ctx: PlacementContext, storeys: readonly StoreyInfo[]): void {
  const byRoom = new Map<RoomInfo, string[]>();
  for (const siren of Object.values(ctx.sirens)) {
    const storey = storeys.find((s) => s.storey.id === siren.storey_id);
    if (!storey) continue;
    const room = roomAt(storey, siren.coord[0], siren.coord[1]);
    if (!room) {
      ctx.warnings.push(warning('unit_outside_rooms', siren.id, MESSAGES.unitOutsideRooms('Siren'), siren.id));
      continue;
    }
    byRoom.set(room, [...(byRoom.get(room) ?? []), siren.id]);
  }
  const range = ctx.fire.config.unit.siren.max_range;
  if (!(range > 0)) return;
  const product = sounderProduct(ctx.fire.config.products.sirens);
  const regulation = ctx.fire.config.regulation;
  for (const storey of storeys) {
    const detectorsIn = product?.detector_socket ? detectorsByRoom(ctx, storey) : undefined;
    for (const info of storey.rooms) {
      if (!placesIn(ctx, info.room.id)) continue;
      if (!needsSiren(ctx.rules, info.room.type, info.area) || isClosedVoid(info, storey, ctx.doors, regulation)) continue;
      if (unitEstimate(info.area, range, Infinity) > MAX_UNITS_PER_ROOM) {
        ctx.warnings.push(
          warning('too_many_sirens', info.room.id, MESSAGES.tooManyUnits(roomLabel(info.room), 'sirens', MAX_UNITS_PER_ROOM)),
        );
        continue;
      }
      const ids = [...(byRoom.get(info) ?? [])];
      const sites = () => ids.map((id) => [ctx.sirens[id]!.coord[0], ctx.sirens[id]!.coord[1]] as Pt);
      const reach = new SirenReach(info.rings, range);
      let ok = reach.unreached(sites()).size === 0;
      if (!ok && !ctx.analyzeOnly) {
        if (detectorsIn) socketSirens(ctx, info, reach, ids, detectorsIn.get(info) ?? [], product!.id);
        else wallSirens(ctx, storey, info, reach, ids, product?.id ?? '');
        // What was placed, checked as the analysis checks it.
        ok = reach.unreached(sites()).size === 0;
      }
      const at = sites();
      powerCells(
        info.rings,
        at,
        at.map(() => 0),
        range,
      ).forEach((cell, i) => {
        const shape = clipToDisk(cell.shape, at[i]!, range);
        ctx.sirenShapes[ids[i]!] = shape.exterior.length >= 3 ? [shape] : [];
      });
      if (!ok) ctx.warnings.push(warning('room_no_siren_cover', info.room.id, MESSAGES.roomNoSirenCover(roomLabel(info.room))));
      if (info.room.type === 'SleepingRoom' && ids.length === 0)
        ctx.warnings.push(warning('sleeping_room_no_siren', info.room.id, MESSAGES.sleepingRoomNoSiren(roomLabel(info.room))));
    }
  }
}

/** The sounder the design places: the first wall sounder of the list, else its first siren (a sounder base, a beacon). */
export const sounderProduct = (products: readonly SirenProduct[]): SirenProduct | undefined =>
  products.find((p) => p.type === 'Sound' && !p.detector_socket) ?? products[0];

/**
 * Wall sounders until the room is reached: places on its walls, those on a wall it shares with no other room first
 * (an outer wall: nothing behind to ring into, and fit-outs move partitions), then nearer its centre (a sounder there
 * reaches most of the room); one that reaches the whole room alone when there is one.
 */
function wallSirens(ctx: PlacementContext, storey: StoreyInfo, info: RoomInfo, reach: SirenReach, ids: string[], productId: string): void {
  const perimeter = info.rings.reduce(
    (sum, ring) =>
      sum + ring.reduce((s, p, i) => s + Math.hypot(ring[(i + 1) % ring.length]![0] - p[0], ring[(i + 1) % ring.length]![1] - p[1]), 0),
    0,
  );
  const candidates = wallPoints(info, storey, storeyDoors(storey, ctx.doors), Math.max(WALL_STEP, perimeter / WALL_CANDIDATES));
  const [cx, cy] = info.centroid;
  const rank = (w: WallPoint) => (w.shared ? 1e6 : 0) + Math.hypot(w.at[0] - cx, w.at[1] - cy);
  candidates.sort((a, b) => rank(a) - rank(b));
  const z = sounderZ(info, ctx.fire.config.regulation);
  const add = (w: WallPoint) => {
    const id = ctx.ids.make('sir');
    // The horn faces into the room: the angle is counter-clockwise from the plan's up (F§4).
    const angle = ((((Math.atan2(w.inward[1], w.inward[0]) * 180) / Math.PI - 90) % 360) + 360) % 360;
    ctx.sirens[id] = { id, storey_id: info.storey.id, product_id: productId, coord: [w.at[0], w.at[1], z], angle, locked_to: '' };
    ids.push(id);
  };
  if (ids.length === 0) {
    const alone = candidates.find((w) => reach.reachesAll(w.at));
    if (alone) return add(alone);
  }
  const existing = ids.map((id) => [ctx.sirens[id]!.coord[0], ctx.sirens[id]!.coord[1]] as Pt);
  const { taken, ok } = reach.cover(
    candidates.map((w) => w.at),
    reach.unreached(existing),
  );
  for (const i of taken) add(candidates[i]!);
  if (!ok) ceilingSirens(ctx, info, reach, ids, productId);
}

/**
 * A hall wider than twice the range has a middle no wall sounder reaches: sounders on the ceiling there (F§9's
 * height, just under it), on a grid of half the range inside the room, until it is reached.
 */
function ceilingSirens(ctx: PlacementContext, info: RoomInfo, reach: SirenReach, ids: string[], productId: string): void {
  const step = reach.range / 2;
  const xs = info.rings.flatMap((ring) => ring.map((p) => p[0]));
  const ys = info.rings.flatMap((ring) => ring.map((p) => p[1]));
  const inner: Pt[] = [];
  for (let x = Math.min(...xs) + step / 2; x < Math.max(...xs); x += step)
    for (let y = Math.min(...ys) + step / 2; y < Math.max(...ys); y += step) if (pointInRings(x, y, info.rings)) inner.push([x, y]);
  const existing = ids.map((id) => [ctx.sirens[id]!.coord[0], ctx.sirens[id]!.coord[1]] as Pt);
  const { taken } = reach.cover(inner, reach.unreached(existing));
  const z = roomLevels(info).ceiling - 0.05;
  for (const i of taken) {
    const id = ctx.ids.make('sir');
    ctx.sirens[id] = {
      id,
      storey_id: info.storey.id,
      product_id: productId,
      coord: [inner[i]![0], inner[i]![1], z],
      angle: 0,
      locked_to: '',
    };
    ids.push(id);
  }
}

/** Sounder bases until the room is reached: each in the base of one of the room's detectors that holds none yet. */
function socketSirens(
  ctx: PlacementContext,
  info: RoomInfo,
  reach: SirenReach,
  ids: string[],
  detectors: string[],
  productId: string,
): void {
  const held = new Set(Object.values(ctx.sirens).map((s) => s.locked_to));
  const [cx, cy] = info.centroid;
  const free = detectors
    .filter((id) => !held.has(id))
    .map((id) => ctx.detectors[id]!)
    .sort((a, b) => Math.hypot(a.coord[0] - cx, a.coord[1] - cy) - Math.hypot(b.coord[0] - cx, b.coord[1] - cy));
  const existing = ids.map((id) => [ctx.sirens[id]!.coord[0], ctx.sirens[id]!.coord[1]] as Pt);
  const { taken } = reach.cover(
    free.map((d) => [d.coord[0], d.coord[1]] as Pt),
    reach.unreached(existing),
  );
  for (const i of taken) {
    const detector = free[i]!;
    const id = ctx.ids.make('sir');
    ctx.sirens[id] = { id, storey_id: info.storey.id, product_id: productId, coord: [...detector.coord], angle: 0, locked_to: detector.id };
    ids.push(id);
  }
}

/** The detectors of each room of a storey (by the room their point lies in, as the detectors step reads them). */
function detectorsByRoom(ctx: PlacementContext, storey: StoreyInfo): Map<RoomInfo, string[]> {
  const out = new Map<RoomInfo, string[]>();
  for (const d of Object.values(ctx.detectors)) {
    if (d.storey_id !== storey.storey.id) continue;
    const room = roomAt(storey, d.coord[0], d.coord[1]);
    if (room) out.set(room, [...(out.get(room) ?? []), d.id]);
  }
  return out;
}
