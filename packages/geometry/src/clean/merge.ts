/**
 * Merge adjacent rooms: rooms that touch along a boundary with no wall on it become one. Two rooms touch where both,
 * grown by CONTACT_GAP / 2, overlap: that strip runs along their common boundary and is CONTACT_GAP wide, so its area
 * over CONTACT_GAP is the boundary's length. The part of the strip that no wall covers is the open boundary; rooms
 * whose open boundary is at least MIN_OPEN_LENGTH long are merged (transitively) when their types agree: merging never
 * loses a name or a type. Rooms of different types stay apart; a synthetic room that nobody typed (type Other) has no
 * type to lose and joins any neighbour, but never joins two rooms of different types to each other.
 *
 * The merged room is the union of the group (a closing by CONTACT_GAP bridges the hairline gaps between rooms that
 * nearly touch). It keeps the id, global id and floor and ceiling heights of the group's largest room from the file
 * (the largest synthetic room when all are synthetic) and the group's type. Its name is the names of its parts,
 * largest part first, joined by NAME_JOINER (each name once; the 'New Room' of a synthetic part is no name). It lists
 * the global ids of the other parts (and of the rooms they were merged from) in `merged_global_ids`, so an IFC
 * re-import matches their spaces to it. It is synthetic only when every part was.
 */
import { NEW_ROOM_NAME, type Room, type RoomType } from '@edrf/model';
import type { PolygonOps } from '../boolean.js';
import { boxesTouch, polygonArea, polygonBoundingBox, type BoundingBox } from '../measure.js';
import type { RoomPiece } from './overlap.js';
import { totalArea, type Shape } from './storey-items.js';

/** Rooms closer than this (m) touch. */
export const CONTACT_GAP = 0.05;
/** The wall-free length (m) of a common boundary that makes two rooms one. */
export const MIN_OPEN_LENGTH = 0.5;
/** Joins the names of a merged room's parts. */
export const NAME_JOINER = ' + ';

const box = (shape: Shape): BoundingBox => polygonBoundingBox(shape) ?? { minX: 0, minY: 0, maxX: 0, maxY: 0 };

/** Length (m) of the part of the common boundary of a and b that no wall covers. */
export function openBoundaryLength(a: Shape, b: Shape, walls: readonly { shape: Shape; box: BoundingBox }[], ops: PolygonOps): number {
  const strip = ops.intersection(ops.offset([a], CONTACT_GAP / 2), ops.offset([b], CONTACT_GAP / 2));
  if (strip.length === 0) return 0;
  const stripBoxes = strip.map(box);
  const near = walls.filter((w) => stripBoxes.some((s) => boxesTouch(s, w.box, 0))).map((w) => w.shape);
  const open = near.length > 0 ? ops.difference(strip, near) : strip;
  return totalArea(open) / CONTACT_GAP;
}

/** One merge: the room kept (with its new name and type) and the rooms merged into it, largest first. */
export interface MergedGroup {
  /** The merged room (clean_arch sets it to the room as stored, with its final id). */
  room: Room;
  /** The piece that stands for the merged room in the storey's pieces. */
  piece: RoomPiece;
  parts: { room: Room; area: number }[];
}

/** The type a room brings to a merge: null for an untyped synthetic room, which has none to lose. */
const mergeType = (room: Room): RoomType | null => (room.synthetic && room.type === 'Other' ? null : room.type);

/** The name of a room made of `parts` (largest first): their names, each once, 'New Room' of synthetic parts left out. */
export function mergedName(parts: readonly Room[]): string {
  const names: string[] = [];
  for (const part of parts) {
    const name = part.name.trim();
    if (name === '' || (part.synthetic && name === NEW_ROOM_NAME)) continue;
    if (!names.includes(name)) names.push(name);
  }
  return names.length > 0 ? names.join(NAME_JOINER) : (parts[0]?.name ?? NEW_ROOM_NAME);
}

/**
 * The global ids a merged room keeps besides its own: those of the other parts and of the rooms merged into them. A
 * piece that clean room overlap cut off a room is not that room (the room keeps its global id), so it brings none.
 */
function mergedGlobalIds(keeper: Room, parts: readonly RoomPiece[]): string[] {
  const ids: string[] = [];
  for (const part of parts.filter((p) => p.main))
    for (const id of [part.room.global_id, ...(part.room.merged_global_ids ?? [])])
      if (id && id !== keeper.global_id && !ids.includes(id)) ids.push(id);
  return ids;
}

/**
 * The pieces after merging; a merged group is one piece. `absorbed` lists the ids of rooms merged into another,
 * `groups` each merge.
 */
export function mergeRooms(
  pieces: readonly RoomPiece[],
  walls: readonly Shape[],
  ops: PolygonOps,
): { pieces: RoomPiece[]; absorbed: string[]; groups: MergedGroup[] } {
  const boxes = pieces.map((p) => box(p.shape));
  const wallItems = walls.map((shape) => ({ shape, box: box(shape) }));
  const parent = pieces.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  // The type of each group (by its root): null while it holds only untyped synthetic rooms.
  const groupType = pieces.map((p) => mergeType(p.room));
  for (let i = 0; i < pieces.length; i++) {
    for (let j = i + 1; j < pieces.length; j++) {
      if (!boxesTouch(boxes[i]!, boxes[j]!, CONTACT_GAP)) continue;
      const [ri, rj] = [find(i), find(j)];
      if (ri === rj) continue;
      const [ti, tj] = [groupType[ri]!, groupType[rj]!];
      if (ti !== null && tj !== null && ti !== tj) continue;
      if (openBoundaryLength(pieces[i]!.shape, pieces[j]!.shape, wallItems, ops) >= MIN_OPEN_LENGTH) {
        parent[rj] = ri;
        groupType[ri] = ti ?? tj;
      }
    }
  }
  const groups = new Map<number, number[]>();
  pieces.forEach((_, i) => groups.set(find(i), [...(groups.get(find(i)) ?? []), i]));
  const out: RoomPiece[] = [];
  const absorbed: string[] = [];
  const merged: MergedGroup[] = [];
  for (const [root, members] of groups) {
    if (members.length === 1) {
      out.push(pieces[members[0]!]!);
      continue;
    }
    const group = members.map((i) => pieces[i]!);
    let union = ops.union(group.map((p) => p.shape));
    if (union.length > 1) union = ops.offset(ops.offset(union, CONTACT_GAP), -CONTACT_GAP);
    if (union.length !== 1) {
      // The rooms do not form one polygon after all: leave them as they are.
      out.push(...group);
      continue;
    }
    const ranked = group
      .map((p) => ({ ...p, area: polygonArea(p.shape) }))
      .sort((p, q) => Number(p.room.synthetic) - Number(q.room.synthetic) || q.area - p.area);
    const keeper = ranked[0]!;
    const byArea = [...ranked].sort((p, q) => q.area - p.area);
    const synthetic = group.every((p) => p.room.synthetic);
    const globalIds = mergedGlobalIds(keeper.room, byArea);
    const kept: Room = { ...keeper.room };
    delete kept.merged_global_ids;
    const room: Room = {
      ...kept,
      name: mergedName(byArea.map((p) => p.room)),
      type: groupType[root] ?? 'Other',
      synthetic,
      ...(globalIds.length > 0 ? { merged_global_ids: globalIds } : {}),
    };
    // The keeper stays its room when any piece of the group is that room's main piece.
    const main = group.some((p) => p.main && p.room.id === keeper.room.id);
    const piece: RoomPiece = { room, shape: union[0]!, main };
    out.push(piece);
    merged.push({ room, piece, parts: byArea.map((p) => ({ room: p.room, area: p.area })) });
    for (const p of ranked.slice(1)) if (p.main && p.room.id !== keeper.room.id) absorbed.push(p.room.id);
  }
  return { pieces: out, absorbed, groups: merged };
}
