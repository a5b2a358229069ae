import type { FireUnitsResult, RoomDetection } from '@edrf/fire';
import type { Model } from '@edrf/model';
import { layerVisible, ringsBounds, type PlanLayer } from '../../../../../editor/layers';
import type { OverlayPainter } from '../../../../../editor/overlay';
import type { AnalysisStore } from './analysis-store';
import { onScreen, roomLabelPoint } from './coverage';

export const ROOM_COUNTS_LAYER_ID = 'fire-room-counts';

/**
 * The 'Detectors per room' toggle: each detected room's detectors beside the least it could have (the engine's
 * lower bound), so a designer sees where a design spends more than needed. Drawn by roomCountsPainter.
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

/** A room narrower than this on screen gets no figures (its name is not written either). */
const MIN_ROOM_PX = 56;

/** A room's figures where they are written: under its name, if the room is wide enough on screen. */
interface RoomFigures {
  at: [number, number];
  /** The room's smaller side (metres). */
  side: number;
  text: string;
  color: string;
}

export function roomCountsPainter(store: AnalysisStore): OverlayPainter {
  // Worked out once per answer and architecture, not per frame (a storey of a large building has hundreds of rooms).
  let last: { rooms: readonly RoomDetection[]; arch: object; storeyId: string; figures: RoomFigures[] } | null = null;
  return (draw, editor) => {
    const rooms = store.forStorey(editor.storeyId)?.rooms;
    if (!rooms || !layerVisible(roomCountsLayer, editor.visibility)) return;
    const arch = editor.model.arch;
    if (!last || last.rooms !== rooms || last.arch !== arch || last.storeyId !== editor.storeyId) {
      const figures = rooms.flatMap((figures): RoomFigures[] => {
        if (figures.storey_id !== editor.storeyId) return [];
        const room = arch.rooms[figures.room_id];
        const bounds = room && ringsBounds([room.shape.exterior]);
        if (!room || !bounds) return [];
        const side = Math.min(bounds.maxX - bounds.minX, bounds.maxY - bounds.minY);
        return [{ at: roomLabelPoint(room.shape.exterior), side, text: roomCountText(figures), color: roomCountColor(figures) }];
      });
      last = { rooms, arch, storeyId: editor.storeyId, figures };
    }
    const screen = onScreen(editor);
    // A text is about 40 px wide: its point kept while that much of it may show.
    const margin = 40 / draw.scale;
    for (const figures of last.figures) {
      if (figures.side * draw.scale < MIN_ROOM_PX) continue;
      const [x, y] = figures.at;
      if (screen && (x < screen.minX - margin || x > screen.maxX + margin || y < screen.minY - margin || y > screen.maxY + margin))
        continue;
      draw.text(figures.at, figures.text, { color: figures.color, font: '600 11px system-ui, sans-serif', dy: 15 });
    }
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
