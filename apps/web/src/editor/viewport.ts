/**
 * The plan's view: world metres (y up, rotated by the model's rotation) to screen pixels (y down).
 * screen = R(rotation) · world · scale, y flipped, then shifted by (x, y). Immutable values; the
 * canvas gets the same transform as a 2D matrix so cached world-space paths draw without copying.
 */
export interface Viewport {
  /** Pixels per metre. */
  scale: number;
  /** Screen position of the world origin. */
  x: number;
  y: number;
  /** Plan rotation in degrees (arch.rotation), counter-clockwise. */
  rotation: number;
}

export type Vec2 = readonly [number, number];

export interface Bounds {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export const MIN_SCALE = 0.01;
export const MAX_SCALE = 5000;

const clampScale = (scale: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));

function trig(rotation: number): [number, number] {
  const radians = (rotation * Math.PI) / 180;
  return [Math.cos(radians), Math.sin(radians)];
}

/** The canvas matrix [a, b, c, d, e, f] drawing world coordinates in screen pixels. */
export function viewMatrix(view: Viewport): [number, number, number, number, number, number] {
  const [cos, sin] = trig(view.rotation);
  const k = view.scale;
  return [k * cos, -k * sin, -k * sin, -k * cos, view.x, view.y];
}

export function toScreen(view: Viewport, [wx, wy]: Vec2): [number, number] {
  const [a, b, c, d, e, f] = viewMatrix(view);
  return [a * wx + c * wy + e, b * wx + d * wy + f];
}

export function toWorld(view: Viewport, [sx, sy]: Vec2): [number, number] {
  const [cos, sin] = trig(view.rotation);
  const u = (sx - view.x) / view.scale;
  const v = -(sy - view.y) / view.scale;
  // Undo the rotation: world = R(-rotation) · (u, v).
  return [cos * u + sin * v, -sin * u + cos * v];
}

/** Zooms by `factor` keeping the world point under the screen point (sx, sy) where it is. */
export function zoomAt(view: Viewport, factor: number, sx: number, sy: number): Viewport {
  const scale = clampScale(view.scale * factor);
  const ratio = scale / view.scale;
  return { ...view, scale, x: sx - (sx - view.x) * ratio, y: sy - (sy - view.y) * ratio };
}

export const panBy = (view: Viewport, dx: number, dy: number): Viewport => ({ ...view, x: view.x + dx, y: view.y + dy });

/** The screen box of world bounds turned by `rotation`, measured at scale 1 with the origin at 0. */
export function rotatedBox(bounds: Bounds, rotation: number): Bounds {
  const probe: Viewport = { scale: 1, x: 0, y: 0, rotation };
  const corners = [
    toScreen(probe, [bounds.minX, bounds.minY]),
    toScreen(probe, [bounds.maxX, bounds.minY]),
    toScreen(probe, [bounds.maxX, bounds.maxY]),
    toScreen(probe, [bounds.minX, bounds.maxY]),
  ];
  const xs = corners.map((p) => p[0]);
  const ys = corners.map((p) => p[1]);
  return { minX: Math.min(...xs), maxX: Math.max(...xs), minY: Math.min(...ys), maxY: Math.max(...ys) };
}

/** The view that shows `bounds` whole and centred in a width × height screen, with a margin in pixels. */
export function fitBounds(bounds: Bounds | null, width: number, height: number, rotation = 0, margin = 24): Viewport {
  if (!bounds || width <= 0 || height <= 0) return { scale: 20, x: width / 2, y: height / 2, rotation };
  const box = rotatedBox(bounds, rotation);
  const w = box.maxX - box.minX;
  const h = box.maxY - box.minY;
  const scale = clampScale(Math.min((width - 2 * margin) / Math.max(w, 1e-6), (height - 2 * margin) / Math.max(h, 1e-6)));
  const cx = (box.maxX + box.minX) / 2;
  const cy = (box.maxY + box.minY) / 2;
  return { scale, x: width / 2 - cx * scale, y: height / 2 - cy * scale, rotation };
}

/** Keyboard steps: arrows pan by this share of the screen, + and - zoom by this factor. */
export const KEY_PAN_SHARE = 0.1;
export const KEY_ZOOM_FACTOR = 1.25;

/** The view after a key of the plan (arrows pan, + / - zoom about the centre), or null if the key is not one. */
export function viewForKey(view: Viewport, key: string, width: number, height: number): Viewport | null {
  const step = Math.min(width, height) * KEY_PAN_SHARE;
  switch (key) {
    case 'ArrowLeft':
      return panBy(view, step, 0);
    case 'ArrowRight':
      return panBy(view, -step, 0);
    case 'ArrowUp':
      return panBy(view, 0, step);
    case 'ArrowDown':
      return panBy(view, 0, -step);
    case '+':
    case '=':
      return zoomAt(view, KEY_ZOOM_FACTOR, width / 2, height / 2);
    case '-':
    case '_':
      return zoomAt(view, 1 / KEY_ZOOM_FACTOR, width / 2, height / 2);
    default:
      return null;
  }
}

/**
 * A wheel event as a view change: ctrl+wheel (a trackpad pinch) and a mouse wheel zoom at the
 * pointer; a trackpad's two-finger scroll (pixel deltas with x movement, or small y deltas) pans.
 */
export function viewForWheel(
  view: Viewport,
  wheel: { deltaX: number; deltaY: number; deltaMode: number; ctrlKey: boolean; x: number; y: number },
): Viewport {
  const lines = wheel.deltaMode === 1 ? 16 : wheel.deltaMode === 2 ? 400 : 1;
  const dx = wheel.deltaX * lines;
  const dy = wheel.deltaY * lines;
  const trackpadScroll = !wheel.ctrlKey && wheel.deltaMode === 0 && (dx !== 0 || (Math.abs(dy) < 40 && !Number.isInteger(dy)));
  if (trackpadScroll) return panBy(view, -dx, -dy);
  return zoomAt(view, Math.exp(-dy * (wheel.ctrlKey ? 0.01 : 0.0015)), wheel.x, wheel.y);
}

export function unionBounds(a: Bounds | null, b: Bounds | null): Bounds | null {
  if (!a) return b;
  if (!b) return a;
  return { minX: Math.min(a.minX, b.minX), minY: Math.min(a.minY, b.minY), maxX: Math.max(a.maxX, b.maxX), maxY: Math.max(a.maxY, b.maxY) };
}

export function boundsOfPoints(points: readonly Vec2[]): Bounds | null {
  if (points.length === 0) return null;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const [x, y] of points) {
    if (x < minX) minX = x;
    if (y < minY) minY = y;
    if (x > maxX) maxX = x;
    if (y > maxY) maxY = y;
  }
  return { minX, minY, maxX, maxY };
}
