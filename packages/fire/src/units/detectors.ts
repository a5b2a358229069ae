import { detectorTypeFor, needsDetection } from '../regulations.js';
import { MEASURE_TOLERANCE, MESSAGES } from '../messages.js';
import { roomAt, roomLabel, warning, type RoomInfo, type StoreyInfo } from '../building.js';
import { clipRingToHalfPlane, distanceToRings, pointInRings, type Pt, type Ring } from '../geometry/ring.js';
import { powerCells } from '../placement/power-cells.js';
import { obstacleDistanceAt } from '../placement/grid.js';
import { placeInRoom, type RoomPlacement } from '../placement/room.js';
import type { Piece } from '../placement/strips.js';
import { MAX_UNITS_PER_ROOM, placesIn, unitEstimate, type PlacementContext } from './context.js';
import { cachedRoomLowerBound } from './room-bounds.js';
import { detectorReach, type DetectorReach } from './detector-reach.js';
import { isClosedVoid } from './voids.js';

const toPolygon = (piece: Piece) => ({
  exterior: piece.shape.exterior.map((p) => [p[0], p[1]] as [number, number]),
  interiors: piece.shape.interiors.map((h) => h.map((p) => [p[0], p[1]] as [number, number])),
});

/** Detectors for every storey: each room that needs detection is covered; shafts get one at their top; closed voids none (voids.ts). */
export function placeDetectors(ctx: PlacementContext, storeys: readonly StoreyInfo[]): void {
  const byRoom = new Map<RoomInfo, string[]>();
  for (const detector of Object.values(ctx.detectors)) {
    const storey = storeys.find((s) => s.storey.id === detector.storey_id);
    if (!storey) continue;
    const room = roomAt(storey, detector.coord[0], detector.coord[1]);
    if (!room) {
      ctx.warnings.push(warning('unit_outside_rooms', detector.id, MESSAGES.unitOutsideRooms('Detector'), detector.id));
      continue;
    }
    byRoom.set(room, [...(byRoom.get(room) ?? []), detector.id]);
  }
  storeys.forEach((storey, index) => {
    const inlets = storey.vents.filter((v) => (ctx.rules.inletVentTypes as readonly string[]).includes(v.type)).map((v) => v.ring);
    for (const info of storey.rooms) {
      if (!placesIn(ctx, info.room.id)) continue;
      const existing = byRoom.get(info) ?? [];
      if (info.room.type === 'Shaft') placeShaftDetector(ctx, storeys, index, info, existing);
      else if (isClosedVoid(info, storey, ctx.doors, ctx.fire.config.regulation))
        ctx.warnings.push(warning('room_closed_void', info.room.id, MESSAGES.closedVoid(roomLabel(info.room), info.area)));
      else if (needsDetection(ctx.rules, info.room.type, info.area)) placeRoomDetectors(ctx, info, existing, inlets);
    }
  });
}

function placeRoomDetectors(ctx: PlacementContext, info: RoomInfo, existing: string[], inlets: Pt[][] | readonly (readonly Pt[])[]): void {
  const type = detectorTypeFor(info.room.type);
  const settings = ctx.fire.config.unit.detector[type];
  if (!(settings.max_detector_distance > 0 && settings.area_per_detector > 0)) return;
  const reach = detectorReach(ctx.rules, settings, type, info);
  if (reach.tooHigh) ctx.warnings.push(warning('ceiling_too_high', info.room.id, MESSAGES.ceilingTooHigh(reach.height, reach.maxHeight)));
  if (unitEstimate(info.area, reach.radius, reach.maxArea) > MAX_UNITS_PER_ROOM) {
    ctx.warnings.push(
      warning('too_many_detectors', info.room.id, MESSAGES.tooManyUnits(roomLabel(info.room), 'detectors', MAX_UNITS_PER_ROOM)),
    );
    return;
  }
  const placement = placeInRoom(
    info.rings,
    {
      radius: reach.radius,
      maxArea: reach.maxArea,
      wallDistance: settings.min_wall_distance,
      obstacles: inlets,
      obstacleDistance: settings.min_air_inlet_distance,
    },
    existing.map((id) => [ctx.detectors[id]!.coord[0], ctx.detectors[id]!.coord[1]] as Pt),
    ctx.withBounds,
    ctx.placements,
  );
  // analyze_only on a room its detectors cover: the placement kept them all and added none, so its pieces are theirs.
  if (ctx.analyzeOnly && !(placement.ok && placement.added.length === 0)) {
    analyzeRoom(ctx, info, existing, inlets, settings, reach, placement);
    ctx.stats.push({
      room_id: info.room.id,
      storey_id: info.storey.id,
      area: info.area,
      detectors: existing.length,
      lower_bound: roomBound(ctx, info, { ...reach, wallDistance: placement.wallDistance }, existing.length, placement.lowerBound),
    });
    return;
  }
  const productId = ctx.fire.config.products.detectors.find((p) => p.type === type)?.id ?? ctx.fire.config.products.detectors[0]?.id ?? '';
  const z = info.storey.height.max_z - 0.05;
  const ids = [...existing];
  for (const [x, y] of placement.added) {
    const id = ctx.ids.make('det');
    ctx.detectors[id] = { id, storey_id: info.storey.id, product_id: productId, coord: [x, y, z], hidden: false };
    ids.push(id);
  }
  placement.pieces.forEach((piece, i) => {
    const id = ids[i]!;
    ctx.detectorShapes[id] = piece.shape.exterior.length >= 3 ? [toPolygon(piece)] : [];
    if (piece.area > reach.maxArea * 1.01)
      ctx.warnings.push(warning('detector_area', id, MESSAGES.detectorArea(piece.area, reach.maxArea), id));
  });
  checkPlaced(ctx, info, existing, inlets, settings, placement);
  if (!placement.ok) ctx.warnings.push(warning('room_not_covered', info.room.id, MESSAGES.roomNotCovered(roomLabel(info.room))));
  if (placement.cramped) ctx.warnings.push(warning('room_cramped', info.room.id, MESSAGES.roomCramped(roomLabel(info.room))));
  ctx.stats.push({
    room_id: info.room.id,
    storey_id: info.storey.id,
    area: info.area,
    detectors: ids.length,
    lower_bound: roomBound(ctx, info, { ...reach, wallDistance: placement.wallDistance }, ids.length, placement.lowerBound),
  });
}

/**
 * The room's lower bound for the figures: the placement's own when it computed one (the benchmark), else the
 * remembered one when the answer lists the rooms (analyze_only), else the placement's area estimate.
 */
function roomBound(
  ctx: PlacementContext,
  info: RoomInfo,
  rules: { radius: number; maxArea: number; wallDistance: number },
  detectors: number,
  placed: number,
): number {
  if (ctx.withBounds || !ctx.analyzeOnly) return placed;
  return cachedRoomLowerBound(info.rings, rules, detectors);
}

type DetectorSettings = PlacementContext['fire']['config']['unit']['detector']['Smoke'];

/**
 * The wall and air-inlet distances of the detectors already in the room, within MEASURE_TOLERANCE. In a room too narrow
 * for the wall distance (room_cramped says so) the wall distance the placement could keep is the limit: a detector as
 * deep in the room as the placement puts one is not warned about again.
 */
function checkPlaced(
  ctx: PlacementContext,
  info: RoomInfo,
  existing: string[],
  inlets: readonly Ring[],
  settings: DetectorSettings,
  placement: Pick<RoomPlacement, 'wallDistance'>,
): void {
  const wallLimit = Math.min(settings.min_wall_distance, placement.wallDistance);
  for (const id of existing) {
    const [x, y] = ctx.detectors[id]!.coord;
    const wall = distanceToRings(x, y, info.rings);
    if (wall < wallLimit - MEASURE_TOLERANCE)
      ctx.warnings.push(warning('detector_near_wall', id, MESSAGES.detectorNearWall(wall, settings.min_wall_distance), id));
    const inlet = inlets.length ? obstacleDistanceAt(x, y, inlets) : Infinity;
    if (inlet < settings.min_air_inlet_distance - MEASURE_TOLERANCE)
      ctx.warnings.push(warning('detector_near_inlet', id, MESSAGES.detectorNearInlet(inlet, settings.min_air_inlet_distance), id));
  }
}

/**
 * analyze_only on a room the placement would add detectors to (so not covered): each detector's coverage is its
 * power cell in the room cut to its reach (max_detector_distance).
 */
function analyzeRoom(
  ctx: PlacementContext,
  info: RoomInfo,
  existing: string[],
  inlets: readonly Ring[],
  settings: DetectorSettings,
  reach: DetectorReach,
  placement: RoomPlacement,
): void {
  const sites = existing.map((id) => [ctx.detectors[id]!.coord[0], ctx.detectors[id]!.coord[1]] as Pt);
  const cells = powerCells(
    info.rings,
    sites,
    sites.map(() => 0),
    reach.radius,
  );
  cells.forEach((cell, i) => {
    const id = existing[i]!;
    const shape = clipToDisk(cell.shape, sites[i]!, reach.radius);
    ctx.detectorShapes[id] = shape.exterior.length >= 3 ? [shape] : [];
    if (cell.area > reach.maxArea * 1.01)
      ctx.warnings.push(warning('detector_area', id, MESSAGES.detectorArea(cell.area, reach.maxArea), id));
  });
  checkPlaced(ctx, info, existing, inlets, settings, placement);
  ctx.warnings.push(warning('room_not_covered', info.room.id, MESSAGES.roomNotCovered(roomLabel(info.room))));
  if (placement.cramped) ctx.warnings.push(warning('room_cramped', info.room.id, MESSAGES.roomCramped(roomLabel(info.room))));
}

/** A shape cut to the 32-gon inscribed in the circle of `radius` about `at` (the reach of a unit), as a model polygon. */
export function clipToDisk(
  shape: { exterior: Ring; interiors: readonly Ring[] },
  at: Pt,
  radius: number,
): { exterior: [number, number][]; interiors: [number, number][][] } {
  const sides = 32;
  const inner = radius * Math.cos(Math.PI / sides);
  let exterior: Pt[] = [...shape.exterior];
  let interiors: Pt[][] = shape.interiors.map((hole) => [...hole]);
  for (let k = 0; k < sides && exterior.length >= 3; k++) {
    const nx = Math.cos(((2 * k + 1) * Math.PI) / sides);
    const ny = Math.sin(((2 * k + 1) * Math.PI) / sides);
    const c = nx * at[0] + ny * at[1] + inner;
    exterior = clipRingToHalfPlane(exterior, nx, ny, c);
    interiors = interiors.map((hole) => clipRingToHalfPlane(hole, nx, ny, c)).filter((hole) => hole.length >= 3);
  }
  return {
    exterior: exterior.length >= 3 ? exterior.map((p) => [p[0], p[1]]) : [],
    interiors: interiors.map((hole) => hole.map((p) => [p[0], p[1]])),
  };
}

/**
 * A shaft runs through storeys as one room per storey; only its top part (no shaft room of the
 * storey above over it) gets a detector, within max_shaft_distance below the top.
 */
function placeShaftDetector(
  ctx: PlacementContext,
  storeys: readonly StoreyInfo[],
  index: number,
  info: RoomInfo,
  existing: string[],
): void {
  const above = storeys[index + 1];
  const continues = above?.rooms.some(
    (r) =>
      r.room.type === 'Shaft' &&
      (pointInRings(info.centroid[0], info.centroid[1], r.rings) || pointInRings(r.centroid[0], r.centroid[1], info.rings)),
  );
  if (continues) return;
  const settings = ctx.fire.config.unit.detector.Smoke;
  const top = info.storey.height.max_z;
  const near = existing.filter((id) => top - ctx.detectors[id]!.coord[2] <= settings.max_shaft_distance + MEASURE_TOLERANCE);
  for (const id of existing) {
    if (!near.includes(id)) {
      const below = top - ctx.detectors[id]!.coord[2];
      ctx.warnings.push(warning('shaft_detector_low', id, MESSAGES.shaftTooLow(below, settings.max_shaft_distance), id));
    }
  }
  if (near.length === 0 && ctx.analyzeOnly)
    ctx.warnings.push(warning('room_not_covered', info.room.id, MESSAGES.roomNotCovered(roomLabel(info.room))));
  else if (near.length === 0) {
    const placement = placeInRoom(
      info.rings,
      { radius: 1e6, maxArea: Infinity, wallDistance: Math.min(settings.min_wall_distance, 0.1), obstacles: [], obstacleDistance: 0 },
      [],
      false,
      ctx.placements,
    );
    const productId = ctx.fire.config.products.detectors.find((p) => p.type === 'Smoke')?.id ?? '';
    for (const [i, [x, y]] of placement.added.entries()) {
      const id = ctx.ids.make('det');
      ctx.detectors[id] = { id, storey_id: info.storey.id, product_id: productId, coord: [x, y, top - 0.05], hidden: false };
      ctx.detectorShapes[id] = [toPolygon(placement.pieces[i]!)];
      near.push(id);
    }
  }
  ctx.stats.push({ room_id: info.room.id, storey_id: info.storey.id, area: info.area, detectors: near.length, lower_bound: 1 });
}
