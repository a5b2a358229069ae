/**
 * Merge adjacent rooms: rooms that touch along a boundary with no wall on it become one. Two rooms touch where both,
 * grown by CONTACT_GAP / 2, overlap: that strip runs along their common boundary and is CONTACT_GAP wide, so its area
 * over CONTACT_GAP is the boundary's length. The part of the strip that no wall covers is the open boundary; rooms
 * whose open boundary is at least MIN_OPEN_LENGTH long are merged (transitively). The merged room is the union of the
 * group (a closing by CONTACT_GAP bridges the hairline gaps between rooms that nearly touch); it keeps the id, name and
 * type of the group's largest room from the file (largest synthetic room if all are synthetic), or when that room is
 * of type Other the type of the largest room that has one, and is synthetic only when every room of the group was.
 */
import type { PolygonOps } from '../boolean.js';
import { boxesTouch, polygonArea, polygonBoundingBox, type BoundingBox } from '../measure.js';
import type { RoomPiece } from './overlap.js';
import { totalArea, type Shape } from './storey-items.js';

/** Rooms closer than this (m) touch. */
export const CONTACT_GAP = 0.05;
/** The wall-free length (m) of a common boundary that makes two rooms one. */
export const MIN_OPEN_LENGTH = 0.5;

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

/** The pieces after merging; a merged group is one piece, `absorbed` lists the ids of rooms merged into another. */
export function mergeRooms(
  pieces: readonly RoomPiece[],
  walls: readonly Shape[],
  ops: PolygonOps,
): { pieces: RoomPiece[]; absorbed: string[] } {
  const boxes = pieces.map((p) => box(p.shape));
  const wallItems = walls.map((shape) => ({ shape, box: box(shape) }));
  const parent = pieces.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  for (let i = 0; i < pieces.length; i++) {
    for (let j = i + 1; j < pieces.length; j++) {
      if (!boxesTouch(boxes[i]!, boxes[j]!, CONTACT_GAP)) continue;
      if (find(i) === find(j)) continue;
      if (openBoundaryLength(pieces[i]!.shape, pieces[j]!.shape, wallItems, ops) >= MIN_OPEN_LENGTH) parent[find(j)] = find(i);
    }
  }
  const groups = new Map<number, number[]>();
  pieces.forEach((_, i) => groups.set(find(i), [...(groups.get(find(i)) ?? []), i]));
  const out: RoomPiece[] = [];
  const absorbed: string[] = [];
  for (const members of groups.values()) {
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
    const ranked = [...group].sort(
      (p, q) => Number(p.room.synthetic) - Number(q.room.synthetic) || polygonArea(q.shape) - polygonArea(p.shape),
    );
    const keeper = ranked[0]!;
    const synthetic = group.every((p) => p.room.synthetic);
    // An open-plan kitchen keeps its type in the merged room: the largest typed room gives the type when the keeper has none.
    const type = keeper.room.type !== 'Other' ? keeper.room.type : (ranked.find((p) => p.room.type !== 'Other')?.room.type ?? 'Other');
    // The keeper stays its room when any piece of the group is that room's main piece.
    const main = group.some((p) => p.main && p.room.id === keeper.room.id);
    out.push({ room: { ...keeper.room, synthetic, type }, shape: union[0]!, main });
    for (const p of ranked.slice(1)) if (p.main && p.room.id !== keeper.room.id) absorbed.push(p.room.id);
  }
  return { pieces: out, absorbed };
}
