import { planItem, type PlanLayer } from '../../../../../editor/layers';
import type { OverlayPainter } from '../../../../../editor/overlay';
import { isVerticalTray, joinedEnds, trayHatch, trayOutline, traysOnStorey } from '../tray-edits';

export const TRAYS_LAYER = 'trays';
export const TRAY_COLOUR = '#b85c00';

/** The storey's trays (P§9): the outline to scale, hatched every 0.25 m; vertical trays as a square with its diagonals. */
export const trayLayer = (): PlanLayer => ({
  id: TRAYS_LAYER,
  order: 20,
  priority: 20,
  pick: 'area',
  items: (model, storeyId, add) => {
    const trays = traysOnStorey(model, storeyId);
    const joints = joinedEnds(trays);
    for (const tray of trays) {
      const joined = joints.get(tray.id)!;
      // The item depends on its neighbours only through which of its ends are joined.
      add(tray, `${joined.start}:${joined.end}`, () =>
        planItem({ kind: 'elec.trays', id: tray.id }, TRAYS_LAYER, [trayOutline(tray, joined)], {
          lines: trayHatch(tray),
          styleKey: isVerticalTray(tray) ? 'vertical' : undefined,
        }),
      );
    }
  },
  style: (key) => ({ fill: key === 'vertical' ? 'rgba(240, 138, 0, 0.45)' : 'rgba(255, 190, 110, 0.35)', stroke: TRAY_COLOUR, width: 1.5 }),
  lineStyle: { stroke: TRAY_COLOUR, width: 0.75 },
});

/** Handles on the ends of the selected trays: where a press drags an end. */
export const trayEndHandles: OverlayPainter = (draw, editor) => {
  const selection = editor.selection;
  if (selection.kind !== 'items') return;
  const ends = selection.items.flatMap((ref) => {
    const tray = ref.kind === 'elec.trays' ? editor.model.elec.trays[ref.id] : undefined;
    if (!tray) return [];
    return isVerticalTray(tray) ? [tray.start] : [tray.start, tray.end];
  });
  draw.handles(
    ends.map((p) => [p[0], p[1]]),
    { fill: '#fff', stroke: '#1f6fd6', width: 1.5, size: 9 },
  );
};
