import type { Point2 } from '@edrf/model';
import type { LayerStyle, Ring } from './layers';
import type { PlanEditorApi } from './plan-editor-api';

/**
 * What tools and screens draw over the plan each frame (a ruler, a shape being drawn, report tiles), in
 * world metres with widths in screen pixels. The renderer implements it on a canvas; a test records it.
 */
export interface OverlayDraw {
  /** Pixels per metre of the frame. */
  readonly scale: number;
  /** Closed rings (filled even-odd where the style has a fill). */
  rings(rings: readonly Ring[], style: LayerStyle): void;
  /** An open line through the points. */
  polyline(points: readonly Point2[], style: LayerStyle): void;
  /** Square handles of `size` pixels on points (a shape's corners, a tray's ends). */
  handles(points: readonly Point2[], style: LayerStyle & { size?: number }): void;
  /** Text at a world point, shifted by (dx, dy) pixels, upright whatever the rotation. */
  text(at: Point2, text: string, style: { color: string; font?: string; dx?: number; dy?: number }): void;
}

/** Draws over the plan: a tool's state, or a screen's own marks (from the editor's model, storey and selection). */
export type OverlayPainter = (draw: OverlayDraw, editor: PlanEditorApi) => void;
