import type { FireUnitsResult, RoomDetection } from '@edrf/fire';
import type { Model } from '@edrf/model';
import { layerVisible, refKey, type PlanLayer } from '../../../../../editor/layers';
import type { LabelLine, LabelSource } from '../../../../../editor/plan-labels';
import type { AnalysisStore } from './analysis-store';

export const ROOM_COUNTS_LAYER_ID = 'fire-room-counts';

/**
 * The 'Detectors per room' toggle: each detected room's detectors beside the least it could have (the engine's
 * lower bound), so a designer sees where a design spends more than needed. Written by roomCountsLabels.
 */
export const roomCountsLayer: PlanLayer = {
  id: ROOM_COUNTS_LAYER_ID,
  order: 1001,
  priority: 0,
  toggle: { label: 'Detectors per room', on: true },
  pick: 'none',
  items: () => {},
  style: () => ({}),
};

/** The text under a room's name: '3 / 2' (detectors / least possible). */
export const roomCountText = (room: RoomDetection) => `${room.detectors} / ${room.lower_bound}`;

/** More than the least: amber; fewer (the room cannot be covered): red; the least: grey. */
export function roomCountColor(room: RoomDetection): string {
  if (room.detectors > room.lower_bound) return '#b45309';
  if (room.detectors < room.lower_bound) return '#b91c1c';
  return '#4b5563';
}

/** The count line's font: a little bolder than the name above it. */
export const ROOM_COUNT_FONT = '600 11px system-ui, sans-serif';

/**
 * Each detected room's figures as a line under its name (a note of the room's plan item): the plan places the two
 * together off the unit symbols, and drops this line before it hides the name (editor/plan-labels.ts). The plan
 * writes rooms wide enough on screen only.
 */
export function roomCountsLabels(store: AnalysisStore): LabelSource {
  // Worked out once per answer and storey, not per frame (a storey of a large building has hundreds of rooms).
  let last: { rooms: readonly RoomDetection[]; storeyId: string; notes: { key: string; line: LabelLine }[] } | null = null;
  return (sink, editor) => {
    const rooms = store.forStorey(editor.storeyId)?.rooms;
    if (!rooms || !layerVisible(roomCountsLayer, editor.visibility)) return;
    if (!last || last.rooms !== rooms || last.storeyId !== editor.storeyId) {
      const notes = rooms
        .filter((figures) => figures.storey_id === editor.storeyId)
        .map((figures) => ({
          key: refKey({ kind: 'arch.rooms', id: figures.room_id }),
          line: { text: roomCountText(figures), font: ROOM_COUNT_FONT, color: roomCountColor(figures) },
        }));
      last = { rooms, storeyId: editor.storeyId, notes };
    }
    for (const { key, line } of last.notes) sink.note(key, line);
  };
}

export interface DetectionTotals {
  detectors: number;
  least: number;
}

/** The figures of the panel: the shown storey's and the building's totals, and the storey's rooms above their least. */
export function detectionFigures(
  result: FireUnitsResult | null,
  storeyId: string,
): { storey: DetectionTotals; building: DetectionTotals; over: RoomDetection[] } | null {
  const rooms = result?.rooms;
  if (!rooms) return null;
  const total = (list: readonly RoomDetection[]) => ({
    detectors: list.reduce((sum, r) => sum + r.detectors, 0),
    least: list.reduce((sum, r) => sum + r.lower_bound, 0),
  });
  const onStorey = rooms.filter((r) => r.storey_id === storeyId);
  const over = onStorey
    .filter((r) => r.detectors > r.lower_bound)
    .sort((a, b) => b.detectors - b.lower_bound - (a.detectors - a.lower_bound) || a.room_id.localeCompare(b.room_id));
  return { storey: total(onStorey), building: total(rooms), over };
}

/** A room's name for the panel: its name, else its id. */
export const roomName = (model: Model, roomId: string): string => model.arch.rooms[roomId]?.name || roomId;
