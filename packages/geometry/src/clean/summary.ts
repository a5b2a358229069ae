/**
 * What clean_arch changes, for the Clean dialog to show before the user applies it (docs/clean-arch.md, 'Summary').
 * Field names are the wire's (snake_case); areas are plan areas in m².
 */
import { ROOM_TYPES, type Model } from '@edrf/model';
import { z } from 'zod';
import { polygonArea } from '../measure.js';
import type { MergedGroup } from './merge.js';
import { roomPolygon } from './storey-items.js';

const roomType = z.enum(ROOM_TYPES);

/** A room of the summary and the storey it is on. */
const summaryRoom = z.object({
  id: z.string(),
  name: z.string(),
  type: roomType,
  storey_id: z.string(),
  storey_name: z.string(),
  area: z.number(),
});
export type CleanSummaryRoom = z.infer<typeof summaryRoom>;

/** The summary as the wire carries it (the web app checks the answer of POST /api/v1/clean_arch with it). */
export const cleanSummarySchema = z.object({
  /** Rooms made of several rooms: the room as it will be (its id is its largest part's) and its parts, largest first. */
  rooms_merged: z.array(
    summaryRoom.extend({ parts: z.array(z.object({ id: z.string(), name: z.string(), type: roomType, area: z.number() })) }),
  ),
  /** New synthetic rooms (a synthesized room merged into a neighbour is among that merge's parts instead). */
  rooms_synthesized: z.array(summaryRoom),
  /** New rooms that clean room overlap cut off a room (they keep its name and type). */
  rooms_split: z.array(summaryRoom),
  /** Rooms deleted: covered by other rooms (as they were before Clean). */
  rooms_removed: z.array(summaryRoom),
  /** Rooms whose type room type identification set. */
  rooms_retyped: z.array(summaryRoom.extend({ from: roomType })),
  /** Walls deleted, counted per storey they were on (low walls, and the walls of removed storeys). */
  walls_removed: z.array(z.object({ storey_id: z.string(), storey_name: z.string(), count: z.number().int() })),
  storeys_removed: z.array(z.object({ id: z.string(), name: z.string() })),
  room_count_before: z.number().int(),
  room_count_after: z.number().int(),
  room_area_before: z.number(),
  room_area_after: z.number(),
});
export type CleanSummary = z.infer<typeof cleanSummarySchema>;

const area = (model: Model, id: string) => polygonArea(roomPolygon(model.arch.rooms[id]!));

/** The storey that lists a room or wall, by id, in `model`. */
function storeyIndex(model: Model, list: 'rooms' | 'walls'): Map<string, { id: string; name: string }> {
  const index = new Map<string, { id: string; name: string }>();
  for (const storey of Object.values(model.arch.storeys))
    for (const id of storey[list]) index.set(id, { id: storey.id, name: storey.name });
  return index;
}

/** The summary of cleaning `before` into `after`, given the merges clean made. */
export function summarizeClean(before: Model, after: Model, merges: readonly MergedGroup[]): CleanSummary {
  const roomsBefore = storeyIndex(before, 'rooms');
  const roomsAfter = storeyIndex(after, 'rooms');
  const describe = (model: Model, id: string, storeys: Map<string, { id: string; name: string }>): CleanSummaryRoom => {
    const room = model.arch.rooms[id]!;
    const storey = storeys.get(id) ?? { id: '', name: '' };
    return { id, name: room.name, type: room.type, storey_id: storey.id, storey_name: storey.name, area: area(model, id) };
  };
  const mergedInto = new Set<string>();
  const rooms_merged = merges
    .filter((group) => after.arch.rooms[group.room.id])
    .map((group) => {
      for (const part of group.parts) if (part.room.id !== group.room.id) mergedInto.add(part.room.id);
      return {
        ...describe(after, group.room.id, roomsAfter),
        parts: group.parts.map((part) => ({ id: part.room.id, name: part.room.name, type: part.room.type, area: part.area })),
      };
    });
  const added = Object.keys(after.arch.rooms).filter((id) => !before.arch.rooms[id]);
  const merged = new Set(rooms_merged.map((room) => room.id));
  const rooms_synthesized = added
    .filter((id) => after.arch.rooms[id]!.synthetic && !merged.has(id))
    .map((id) => describe(after, id, roomsAfter));
  const rooms_split = added
    .filter((id) => !after.arch.rooms[id]!.synthetic && !merged.has(id))
    .map((id) => describe(after, id, roomsAfter));
  const rooms_removed = Object.keys(before.arch.rooms)
    .filter((id) => !after.arch.rooms[id] && !mergedInto.has(id))
    .map((id) => describe(before, id, roomsBefore));
  const rooms_retyped = Object.keys(after.arch.rooms)
    .filter((id) => before.arch.rooms[id] && !merged.has(id) && before.arch.rooms[id].type !== after.arch.rooms[id]!.type)
    .map((id) => ({ ...describe(after, id, roomsAfter), from: before.arch.rooms[id]!.type }));

  const wallsBefore = storeyIndex(before, 'walls');
  const walls = new Map<string, { storey_id: string; storey_name: string; count: number }>();
  for (const id of Object.keys(before.arch.walls)) {
    if (after.arch.walls[id]) continue;
    const storey = wallsBefore.get(id) ?? { id: '', name: '' };
    const entry = walls.get(storey.id) ?? { storey_id: storey.id, storey_name: storey.name, count: 0 };
    entry.count++;
    walls.set(storey.id, entry);
  }
  const totalArea = (model: Model) => Object.keys(model.arch.rooms).reduce((sum, id) => sum + area(model, id), 0);
  return {
    rooms_merged,
    rooms_synthesized,
    rooms_split,
    rooms_removed,
    rooms_retyped,
    walls_removed: [...walls.values()],
    storeys_removed: Object.values(before.arch.storeys)
      .filter((storey) => !after.arch.storeys[storey.id])
      .map((storey) => ({ id: storey.id, name: storey.name })),
    room_count_before: Object.keys(before.arch.rooms).length,
    room_count_after: Object.keys(after.arch.rooms).length,
    room_area_before: totalArea(before),
    room_area_after: totalArea(after),
  };
}
