import type { LayerStyle, PlanItem } from './layers';
import { addRings, stroke } from './layer-paths';
import type { OverlayDraw, OverlayPainter } from './overlay';
import type { PlanEditor } from './plan-editor';
import { toScreen, viewMatrix, type Viewport } from './viewport';

/**
 * The interactive scene (as excalidraw's renderer/interactiveScene.ts): what a pointer or a key changes — the
 * selection, the screen's and the active tool's marks, the drag box, the north arrow. Drawn every frame over the
 * static scene (static-scene.ts), which the frame copies from its own canvas rather than drawing it again.
 */

export const SELECTED_FILL = 'rgba(31, 111, 214, 0.22)';
export const SELECTED_STROKE = '#1f6fd6';

/** What a frame draws over the static scene. */
export interface PlanOverlay {
  selected: readonly PlanItem[];
  /** A drag box, in screen pixels. */
  box: { x0: number; y0: number; x1: number; y1: number } | null;
  /** null: no north arrow (a schematic). */
  compassDegrees: number | null;
  /** The screen's and the active tool's marks, in this order. */
  painters: readonly OverlayPainter[];
  editor: PlanEditor;
}

/** Draws the interactive scene over what the canvas holds: `width` × `height` CSS pixels at `ratio` device pixels each. */
export function drawInteractiveScene(
  ctx: CanvasRenderingContext2D,
  view: Viewport,
  overlay: PlanOverlay,
  size: { width: number; height: number; ratio: number },
): void {
  const { ratio } = size;
  const [a, b, c, d, e, f] = viewMatrix(view);
  ctx.setTransform(a * ratio, b * ratio, c * ratio, d * ratio, e * ratio, f * ratio);
  drawOverlay(ctx, view, overlay, ratio);
  drawScreenMarks(ctx, view, overlay, size);
}

/** The overlay drawer of one frame on a canvas whose matrix draws world metres. */
function canvasOverlay(ctx: CanvasRenderingContext2D, view: Viewport, ratio: number): OverlayDraw {
  const scale = view.scale;
  const paint = (path: Path2D, style: LayerStyle) => {
    if (style.fill) {
      ctx.fillStyle = style.fill;
      ctx.fill(path, 'evenodd');
    }
    stroke(ctx, path, style, scale);
  };
  return {
    scale,
    rings(rings, style) {
      const path = new Path2D();
      addRings(path, rings);
      paint(path, style);
    },
    polyline(points, style) {
      const path = new Path2D();
      points.forEach(([x, y], i) => (i === 0 ? path.moveTo(x, y) : path.lineTo(x, y)));
      stroke(ctx, path, style, scale);
    },
    handles(points, style) {
      const half = (style.size ?? 8) / 2 / scale;
      const path = new Path2D();
      for (const [x, y] of points) path.rect(x - half, y - half, 2 * half, 2 * half);
      paint(path, style);
    },
    text(at, text, style) {
      const [x, y] = toScreen(view, at);
      ctx.save();
      ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
      ctx.font = style.font ?? '13px system-ui, sans-serif';
      ctx.fillStyle = style.color;
      ctx.fillText(text, x + (style.dx ?? 0), y + (style.dy ?? 0));
      ctx.restore();
    },
  };
}

function drawOverlay(ctx: CanvasRenderingContext2D, view: Viewport, overlay: PlanOverlay, ratio: number): void {
  const draw = canvasOverlay(ctx, view, ratio);
  if (overlay.selected.length > 0)
    draw.rings(
      overlay.selected.flatMap((item) => item.rings),
      { fill: SELECTED_FILL, stroke: SELECTED_STROKE, width: 2.5 },
    );
  for (const paint of overlay.painters) paint(draw, overlay.editor);
}

/** The marks in screen space over everything: the drag box and the north arrow. */
function drawScreenMarks(
  ctx: CanvasRenderingContext2D,
  view: Viewport,
  overlay: PlanOverlay,
  size: { ratio: number; width: number },
): void {
  ctx.setTransform(size.ratio, 0, 0, size.ratio, 0, 0);
  ctx.setLineDash([]);
  if (overlay.box) {
    const { x0, y0, x1, y1 } = overlay.box;
    ctx.fillStyle = 'rgba(31, 111, 214, 0.08)';
    ctx.strokeStyle = SELECTED_STROKE;
    ctx.lineWidth = 1;
    ctx.fillRect(Math.min(x0, x1), Math.min(y0, y1), Math.abs(x1 - x0), Math.abs(y1 - y0));
    ctx.strokeRect(Math.min(x0, x1), Math.min(y0, y1), Math.abs(x1 - x0), Math.abs(y1 - y0));
  }
  if (overlay.compassDegrees !== null) drawNorthArrow(ctx, view, overlay.compassDegrees, size.width);
}

/**
 * A north arrow in the top right corner. compass_degrees turns north counter-clockwise from the
 * plan's +y axis (docs/editor.md); the view's rotation turns the whole plan.
 */
function drawNorthArrow(ctx: CanvasRenderingContext2D, view: Viewport, compassDegrees: number, width: number): void {
  const angle = ((compassDegrees + view.rotation) * Math.PI) / 180;
  // North on screen: up (−y) turned counter-clockwise as seen on screen.
  const dx = -Math.sin(angle);
  const dy = -Math.cos(angle);
  const cx = width - 28;
  const cy = 30;
  const r = 14;
  ctx.save();
  ctx.fillStyle = 'rgba(255, 255, 255, 0.85)';
  ctx.beginPath();
  ctx.arc(cx, cy, r + 6, 0, 2 * Math.PI);
  ctx.fill();
  ctx.fillStyle = '#333';
  ctx.beginPath();
  ctx.moveTo(cx + dx * r, cy + dy * r);
  ctx.lineTo(cx - dy * r * 0.4 - dx * r * 0.6, cy + dx * r * 0.4 - dy * r * 0.6);
  ctx.lineTo(cx + dy * r * 0.4 - dx * r * 0.6, cy - dx * r * 0.4 - dy * r * 0.6);
  ctx.closePath();
  ctx.fill();
  ctx.font = 'bold 10px system-ui, sans-serif';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText('N', cx - dx * (r + 1), cy - dy * (r + 1));
  ctx.restore();
}
