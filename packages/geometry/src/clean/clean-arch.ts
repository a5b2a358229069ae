/**
 * clean_arch (P§7, P§9): tidies the architecture of a model by the chosen options, storey by storey, in this order:
 * remove low walls, clean room overlap, synthesize rooms, merge adjacent rooms, identify room types, remove roomless
 * storeys. Items are removed with the model's deleteItems cascade. docs/clean-arch.md gives the rules and tolerances.
 */
import { deleteItems, newRoom, type ItemRef, type Model, type Room, type Storey } from '@edrf/model';
import { loadPolygonOps, type PolygonOps } from '../boolean.js';
import { polygonArea } from '../measure.js';
import { mergeRooms } from './merge.js';
import { separateRooms, type RoomPiece } from './overlap.js';
import { identifyRoomType } from './room-type.js';
import { cleanSettingsSchema, type CleanSettings } from './settings.js';
import { enclosingWalls, freshId, isLowWall, roomPolygon, storeyRooms, storeyWalls, wallPolygon, withShape } from './storey-items.js';
import { enclosedEmptyRegions } from './synthesize.js';

const removeAll = (model: Model, kind: ItemRef['kind'], ids: readonly string[]): Model =>
  ids.length > 0
    ? deleteItems(
        model,
        ids.map((id) => ({ kind, id })),
      )
    : model;

/** Applies the room steps to one storey's rooms (in place on `model`); gives back the ids of rooms to remove. */
function cleanStoreyRooms(model: Model, storey: Storey, settings: CleanSettings, ops: PolygonOps, takenIds: Set<string>): string[] {
  const arch = model.arch;
  const rooms = storeyRooms(arch, storey);
  let pieces: RoomPiece[] = rooms.map((room) => ({ room, shape: roomPolygon(room), main: true }));
  const removed = new Set<string>();
  if (settings.clean_room_overlap) pieces = separateRooms(rooms, ops);
  const walls = enclosingWalls(arch, storey).map(wallPolygon);
  if (settings.synthesize_rooms) {
    for (const region of enclosedEmptyRegions(
      walls,
      pieces.map((p) => p.shape),
      ops,
    )) {
      const room = newRoom(freshId(`synthetic-${storey.id}`, takenIds), region.exterior, region.interiors);
      pieces.push({ room: { ...room, synthetic: true }, shape: region, main: true });
    }
  }
  if (settings.merge_adjacent_rooms) {
    const merged = mergeRooms(pieces, walls, ops);
    pieces = merged.pieces;
    merged.absorbed.forEach((id) => removed.add(id));
  }
  const kept = new Set(pieces.filter((p) => p.main).map((p) => p.room.id));
  for (const room of rooms) if (!kept.has(room.id)) removed.add(room.id);

  const result: Room[] = [];
  for (const piece of pieces) {
    const known = piece.main && arch.rooms[piece.room.id] !== undefined;
    const unchanged =
      known && piece.room === arch.rooms[piece.room.id] && JSON.stringify(piece.shape) === JSON.stringify(roomPolygon(piece.room));
    if (unchanged) result.push(piece.room);
    else if (piece.main) result.push(withShape(piece.room, piece.shape, storey));
    else result.push(withShape({ ...piece.room, id: freshId(piece.room.id, takenIds), global_id: '' }, piece.shape, storey));
  }
  if (settings.identify_room_types) {
    const stairs = storey.stairs.map((id) => arch.stairs[id]?.shape).filter((s) => s !== undefined);
    for (const [i, room] of result.entries()) {
      if (room.type !== 'Other') continue;
      const type = identifyRoomType(room.synthetic ? '' : room.name, roomPolygon(room), { stairs });
      if (type !== 'Other') result[i] = { ...room, type };
    }
  }
  for (const room of result) arch.rooms[room.id] = room;
  const listed = new Set(storey.rooms);
  storey.rooms.push(...result.filter((r) => !listed.has(r.id)).map((r) => r.id));
  return [...removed];
}

/** The cleaned model, given a loaded Clipper2 (the input is not changed). */
export function cleanArchWith(model: Model, settings: CleanSettings, ops: PolygonOps): Model {
  let next = structuredClone(model);
  if (settings.remove_low_walls) {
    const low = Object.values(next.arch.storeys).flatMap((storey) =>
      storeyWalls(next.arch, storey)
        .filter((wall) => isLowWall(wall, storey))
        .map((wall) => wall.id),
    );
    next = removeAll(next, 'arch.walls', low);
  }
  const roomSteps =
    settings.clean_room_overlap || settings.merge_adjacent_rooms || settings.synthesize_rooms || settings.identify_room_types;
  if (roomSteps) {
    const takenIds = new Set(Object.keys(next.arch.rooms));
    const removed: string[] = [];
    for (const storey of Object.values(next.arch.storeys)) removed.push(...cleanStoreyRooms(next, storey, settings, ops, takenIds));
    next = removeAll(next, 'arch.rooms', removed);
  }
  if (settings.remove_roomless_storeys) {
    const roomless = Object.values(next.arch.storeys)
      .filter((storey) => storeyRooms(next.arch, storey).length === 0)
      .map((s) => s.id);
    next = removeAll(next, 'arch.storeys', roomless);
  }
  return next;
}

/** clean_arch: the model cleaned by the settings (missing options take their defaults). */
export async function cleanArch(model: Model, settings: Partial<CleanSettings> = {}): Promise<Model> {
  return cleanArchWith(model, cleanSettingsSchema.parse(settings), await loadPolygonOps());
}

/** Total room area of a model, for tests and statistics. */
export const roomArea = (model: Model): number => Object.values(model.arch.rooms).reduce((s, r) => s + polygonArea(roomPolygon(r)), 0);

/** The clean_arch task of the server's compute pool: one structured-clonable input, the cleaned model out. */
export const cleanArchTask = (input: { model: Model; settings: CleanSettings }): Promise<Model> => cleanArch(input.model, input.settings);
