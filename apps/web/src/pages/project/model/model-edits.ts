import {
  deleteItems,
  newRoom,
  polygonArea,
  STOREY_ITEM_LISTS,
  type Arch,
  type ItemRef,
  type Model,
  type Point2,
  type Storey,
} from '@edrf/model';
import type { EditRequest } from '../../../state/history';
import { sameContent, setIn, type ModelPath } from '../../../state/paths';

/**
 * The architecture editor's changes to the model, as pure functions: they answer edit requests
 * for the project store (state/project-store.ts), or a whole next model that shares every
 * unchanged object with the current one, so undo, redo and sync stay cheap.
 */

/** The storey lists that name the items a storey holds (P§3). */

/** An id not yet used by any room: 'room-1', 'room-2', … after the highest taken. */
export function newRoomId(arch: Arch): string {
  let n = Object.keys(arch.rooms).length + 1;
  while (arch.rooms[`room-${n}`]) n++;
  return `room-${n}`;
}

/** A drawn room (P§9: 'New Room', type Other) added to the storey. */
export function addRoomEdits(arch: Arch, storeyId: string, exterior: readonly Point2[]): { id: string; requests: EditRequest[] } {
  const storey = arch.storeys[storeyId];
  if (!storey) throw new Error(`No storey ${storeyId}`);
  const id = newRoomId(arch);
  return {
    id,
    requests: [
      { path: ['arch', 'rooms', id], value: newRoom(id, [...exterior]) },
      { path: ['arch', 'storeys', storeyId, 'rooms'], value: [...storey.rooms, id] },
    ],
  };
}

/** A room's new outline; its holes stay. */
export const roomShapeEdits = (roomId: string, exterior: readonly Point2[]): EditRequest[] => [
  { path: ['arch', 'rooms', roomId, 'shape', 'exterior'], value: exterior.map((p) => [p[0], p[1]]) },
];

/**
 * The edits that turn `before` into `after`, one per changed value down to `depth` levels
 * (model part, collection, item): unchanged items keep their objects.
 */
export function diffEdits(before: unknown, after: unknown, depth = 3, path: ModelPath = []): EditRequest[] {
  if (Object.is(before, after)) return [];
  const objects = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (depth === 0 || !objects(before) || !objects(after)) return sameContent(before, after) ? [] : [{ path, value: after }];
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].flatMap((key) => diffEdits(before[key], after[key], depth - 1, [...path, key]));
}

/** `after` rebuilt on `before`'s objects: only what differs is new (deleteItems copies the whole model). */
export function shareStructure(before: Model, after: Model): Model {
  return diffEdits(before, after).reduce<Model>((model, { path, value }) => setIn(model, path, value), before);
}

/** Delete removes the selection with the model's cascade (P§3 referential integrity). */
export const deleteSelection = (model: Model, refs: readonly ItemRef[]): Model => shareStructure(model, deleteItems(model, refs));

/**
 * Merge storeys (P§2, P§5): the chosen storeys' items, report tiles, trays and fire units move into
 * the kept storey, then the chosen storeys are deleted. The kept storey keeps its name, number
 * and height (docs/editor.md).
 */
export function mergeStoreys(model: Model, keepId: string, otherIds: readonly string[]): Model {
  const others = otherIds.filter((id) => id !== keepId && model.arch.storeys[id]);
  const kept = model.arch.storeys[keepId];
  if (!kept) throw new Error(`No storey ${keepId}`);
  if (others.length === 0) throw new Error('Merge storeys needs at least one other storey');
  const gone = new Set(others);
  const moved: Storey = structuredClone(kept);
  for (const id of others) {
    const storey = model.arch.storeys[id]!;
    for (const [list] of STOREY_ITEM_LISTS) moved[list] = [...new Set([...moved[list], ...storey[list]])];
  }
  const next: Model = structuredClone(model);
  next.arch.storeys[keepId] = moved;
  // The merged storeys no longer own anything: deleting them afterwards removes only the storeys.
  for (const id of others) for (const [list] of STOREY_ITEM_LISTS) next.arch.storeys[id]![list] = [];
  const tiles = [kept, ...others.map((id) => model.arch.storeys[id]!)].flatMap((s) => model.config.report_tiles[s.id] ?? []);
  if (tiles.length > 0) next.config.report_tiles[keepId] = tiles;
  for (const tray of Object.values(next.elec.trays)) {
    if (gone.has(tray.storey_id)) tray.storey_id = keepId;
    if (gone.has(tray.to_storey_id)) tray.to_storey_id = keepId;
    if (tray.to_storey_id === tray.storey_id) tray.to_storey_id = '';
  }
  if (next.fire) {
    for (const units of Object.values(next.fire.units) as Record<string, { storey_id: string }>[])
      for (const unit of Object.values(units)) if (gone.has(unit.storey_id)) unit.storey_id = keepId;
    for (const route of Object.values(next.fire.connections.routes))
      for (const slice of route.slices) if (gone.has(slice.storey_id)) slice.storey_id = keepId;
  }
  return shareStructure(
    model,
    deleteItems(
      next,
      others.map((id) => ({ kind: 'arch.storeys', id })),
    ),
  );
}

export interface ModelStatistics {
  storeys: number;
  rooms: number;
  walls: number;
  doors: number;
  /** Sum of the rooms' areas, m². */
  totalArea: number;
}

/** P§2 model statistics. */
export function modelStatistics(arch: Arch): ModelStatistics {
  const rooms = Object.values(arch.rooms);
  return {
    storeys: Object.keys(arch.storeys).length,
    rooms: rooms.length,
    walls: Object.keys(arch.walls).length,
    doors: Object.keys(arch.doors).length,
    totalArea: rooms.reduce((sum, room) => sum + polygonArea(room.shape), 0),
  };
}
