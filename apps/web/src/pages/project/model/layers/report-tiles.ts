import type { OverlayPainter } from '../../../../editor/overlay';
import { SELECTED_STROKE } from '../../../../editor/interactive-scene';

const TILE_STROKE = '#b35c00';

/** The shown storey's report tiles (P§3 config.report_tiles), dashed; the selected one in the selection's colour. */
export const reportTiles: OverlayPainter = (draw, editor) => {
  const selection = editor.selection;
  const selected = selection.kind === 'tile' && selection.storeyId === editor.storeyId ? selection.index : null;
  (editor.model.config.report_tiles[editor.storeyId] ?? []).forEach((tile, index) => {
    const ring = [tile.min, [tile.max[0], tile.min[1]], tile.max, [tile.min[0], tile.max[1]]] as [number, number][];
    const chosen = index === selected;
    draw.rings([ring], { stroke: chosen ? SELECTED_STROKE : TILE_STROKE, width: chosen ? 2.5 : 1.5, dash: [8, 5] });
  });
};
