/**
 * clean_arch (P§7, P§9): tidies the architecture of a model by the chosen options, storey by storey, in this order:
 * remove low walls, clean room overlap, synthesize rooms, identify room types, merge adjacent rooms, remove roomless
 * storeys. Items are removed with the model's deleteItems cascade. docs/clean-arch.md gives the rules and tolerances.
 */
import { deleteItems, newRoom, type ItemRef, type Model, type Room, type Storey } from '@edrf/model';
import { loadPolygonOps, type PolygonOps } from '../boolean.js';
import { polygonArea } from '../measure.js';
import { indoorOutline, modelHasCover } from './indoor.js';
import { mergeRooms, type MergedGroup } from './merge.js';
import { separateRooms, type RoomPiece } from './overlap.js';
import { identifyRoomType } from './room-type.js';
import { cleanSettingsSchema, type CleanSettings } from './settings.js';
import { enclosingWalls, freshId, isLowWall, roomPolygon, storeyRooms, storeyWalls, wallPolygon, withShape } from './storey-items.js';
import { summarizeClean, type CleanSummary } from './summary.js';
import { enclosedEmptyRegions } from './synthesize.js';

const removeAll = (model: Model, kind: ItemRef['kind'], ids: readonly string[]): Model =>
  ids.length > 0
    ? deleteItems(
        model,
        ids.map((id) => ({ kind, id })),
      )
    : model;

/** Applies the room steps to one storey's rooms (in place on `model`); gives back the ids of rooms to remove. */
function cleanStoreyRooms(
  model: Model,
  storey: Storey,
  context: { settings: CleanSettings; ops: PolygonOps; takenIds: Set<string>; hasCover: boolean; merges: MergedGroup[] },
): string[] {
  const { settings, ops, takenIds } = context;
  const arch = model.arch;
  const rooms = storeyRooms(arch, storey);
  let pieces: RoomPiece[] = rooms.map((room) => ({ room, shape: roomPolygon(room), main: true }));
  const removed = new Set<string>();
  if (settings.clean_room_overlap) pieces = separateRooms(rooms, ops);
  const walls = enclosingWalls(arch, storey).map(wallPolygon);
  if (settings.synthesize_rooms) {
    const { indoor } = indoorOutline(arch, storey, ops, context.hasCover);
    for (const region of enclosedEmptyRegions(
      walls,
      pieces.map((p) => p.shape),
      ops,
      indoor,
    )) {
      const room = newRoom(freshId(`synthetic-${storey.id}`, takenIds), region.exterior, region.interiors);
      pieces.push({ room: { ...room, synthetic: true }, shape: region, main: true });
    }
  }
  // Types first, so that merging never joins rooms that identification tells apart.
  if (settings.identify_room_types) {
    const stairs = storey.stairs.map((id) => arch.stairs[id]?.shape).filter((s) => s !== undefined);
    pieces = pieces.map((piece) => {
      if (piece.room.type !== 'Other') return piece;
      const type = identifyRoomType(piece.room.synthetic ? '' : piece.room.name, piece.shape, { stairs });
      return type === 'Other' ? piece : { ...piece, room: { ...piece.room, type } };
    });
  }
  let groups: MergedGroup[] = [];
  if (settings.merge_adjacent_rooms) {
    const merged = mergeRooms(pieces, walls, ops);
    pieces = merged.pieces;
    groups = merged.groups;
    merged.absorbed.forEach((id) => removed.add(id));
  }
  const kept = new Set(pieces.filter((p) => p.main).map((p) => p.room.id));
  for (const room of rooms) if (!kept.has(room.id)) removed.add(room.id);

  const result: Room[] = [];
  const stored = new Map<RoomPiece, Room>();
  for (const piece of pieces) {
    const before = piece.main ? arch.rooms[piece.room.id] : undefined;
    // A room whose plan is unchanged keeps its floor and ceiling points as they were (a sloped ceiling stays sloped).
    const samePlan = before !== undefined && JSON.stringify(piece.shape) === JSON.stringify(roomPolygon(before));
    let room: Room;
    if (samePlan) room = piece.room;
    else if (piece.main) room = withShape(piece.room, piece.shape, storey);
    else room = withShape({ ...piece.room, id: freshId(piece.room.id, takenIds), global_id: '' }, piece.shape, storey);
    stored.set(piece, room);
    result.push(room);
  }
  for (const group of groups) context.merges.push({ ...group, room: stored.get(group.piece) ?? group.room });
  for (const room of result) arch.rooms[room.id] = room;
  const listed = new Set(storey.rooms);
  storey.rooms.push(...result.filter((r) => !listed.has(r.id)).map((r) => r.id));
  return [...removed];
}

/** The cleaned model and what Clean changed, given a loaded Clipper2 (the input is not changed). */
export function cleanArchWithSummary(model: Model, settings: CleanSettings, ops: PolygonOps): { model: Model; summary: CleanSummary } {
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
  const merges: MergedGroup[] = [];
  if (roomSteps) {
    const context = { settings, ops, takenIds: new Set(Object.keys(next.arch.rooms)), hasCover: modelHasCover(next.arch), merges };
    const removed: string[] = [];
    for (const storey of Object.values(next.arch.storeys)) removed.push(...cleanStoreyRooms(next, storey, context));
    next = removeAll(next, 'arch.rooms', removed);
  }
  if (settings.remove_roomless_storeys) {
    const roomless = Object.values(next.arch.storeys)
      .filter((storey) => storeyRooms(next.arch, storey).length === 0)
      .map((s) => s.id);
    next = removeAll(next, 'arch.storeys', roomless);
  }
  return { model: next, summary: summarizeClean(model, next, merges) };
}

/** The cleaned model, given a loaded Clipper2 (the input is not changed). */
export const cleanArchWith = (model: Model, settings: CleanSettings, ops: PolygonOps): Model =>
  cleanArchWithSummary(model, settings, ops).model;

/** clean_arch: the model cleaned by the settings (missing options take their defaults). */
export async function cleanArch(model: Model, settings: Partial<CleanSettings> = {}): Promise<Model> {
  return cleanArchWith(model, cleanSettingsSchema.parse(settings), await loadPolygonOps());
}

/** Total room area of a model, for tests and statistics. */
export const roomArea = (model: Model): number => Object.values(model.arch.rooms).reduce((s, r) => s + polygonArea(roomPolygon(r)), 0);

/** clean_arch with its summary: the cleaned model and what Clean changed (missing options take their defaults). */
export async function cleanArchPreview(
  model: Model,
  settings: Partial<CleanSettings> = {},
): Promise<{ model: Model; summary: CleanSummary }> {
  return cleanArchWithSummary(model, cleanSettingsSchema.parse(settings), await loadPolygonOps());
}

/** The clean_arch task of the server's compute pool: one structured-clonable input; the cleaned model and its summary out. */
export const cleanArchTask = (input: { model: Model; settings: CleanSettings }): Promise<{ model: Model; summary: CleanSummary }> =>
  cleanArchPreview(input.model, input.settings);
