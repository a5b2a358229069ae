import { useCallback, useEffect, useEffectEvent, useImperativeHandle, useLayoutEffect, useMemo, useRef, type Ref } from 'react';
import type { ItemRef, Point2, ReportTile } from '@edrf/model';
import { PointerGesture } from './gestures';
import { HitIndex, itemsInScreenRect } from './hit-test';
import type { LayerVisibility, PlanItem, PlanScene } from './plan-scene';
import {
  buildLayerPaths,
  drawPlan,
  drawPlanPicture,
  pictureServes,
  selectedItems,
  type PlanLayerPaths,
  type PlanOverlay,
  type PlanPicture,
  PICTURE_OVERSAMPLE,
} from './render';
import { closesDrawing, editMove, editPress, editRelease, type RoomEdit } from './room-edit';
import { rulerClick, rulerMove, type RulerState } from './ruler';
import { fitBounds, toWorld, viewForKey, viewForWheel, panBy, type Viewport } from './viewport';
import './editor.css';

/** Pixels around the pointer that count as on an edge or a corner. */
const HIT_TOLERANCE_PX = 4;
const HANDLE_TOLERANCE_PX = 8;

export interface PlanCanvasHandle {
  /** Fit to storey. */
  fit(): void;
  /** A key of the plan (arrows, + and -): true when it moved the view. */
  key(key: string): boolean;
}

export interface PlanCanvasProps {
  scene: PlanScene;
  layers: LayerVisibility;
  /** Keys (refKey) of the selected items. */
  selectedKeys: readonly string[];
  tiles: readonly ReportTile[];
  selectedTile: number | null;
  rotation: number;
  /** Where north points on the plan (config.compass_degrees): a north arrow shows it. */
  compassDegrees: number;
  ruler: RulerState | null;
  onRuler: (state: RulerState) => void;
  roomEdit: RoomEdit | null;
  onRoomEdit: (edit: RoomEdit) => void;
  /** Drawing a room: a press on its first corner closes it (as Enter does). */
  onRoomClose: () => void;
  /** A click on the plan: the item under it (null: none), with shift, and whether it ended a double click. */
  onClick: (ref: ItemRef | null, shift: boolean, double: boolean, at: Point2) => void;
  onBox: (refs: ItemRef[], shift: boolean) => void;
  /** The world point under the pointer (null: it left the plan). */
  onPointer: (point: Point2 | null) => void;
  handle?: Ref<PlanCanvasHandle>;
}

/** The 2D plan on a canvas: pan and zoom (mouse, trackpad, keys), fit, click, box, ruler and room editing. */
export function PlanCanvas(props: PlanCanvasProps) {
  const { scene, layers, selectedKeys, tiles, selectedTile, rotation, ruler, roomEdit } = props;
  const host = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const size = useRef({ width: 0, height: 0, ratio: 1 });
  const view = useRef<Viewport>({ scale: 20, x: 0, y: 0, rotation });
  const gesture = useRef(new PointerGesture());
  const box = useRef<PlanOverlay['box']>(null);
  const frame = useRef(0);
  const fitted = useRef<string | null>(null);

  // The scene's paths, built at its first frame (drawing needs a canvas; rendering does not).
  const paths = useRef<{ scene: PlanScene; paths: PlanLayerPaths } | null>(null);
  // The whole storey drawn once, for zoomed-out frames (render.ts PlanPicture); remade when the plan or layers change.
  const picture = useRef<PlanPicture | null>(null);
  const index = useMemo(() => cachedFor(hitIndexes, scene, () => new HitIndex(scene)), [scene]);
  const selected = useMemo(() => selectedItems(scene, selectedKeys), [scene, selectedKeys]);

  // What the next frame draws: set after each render, read by the frame callback.
  const inputs = useRef<(Omit<PlanOverlay, 'box'> & { layers: LayerVisibility; scene: PlanScene }) | null>(null);

  const paint = useCallback(() => {
    frame.current = 0;
    const ctx = canvas.current?.getContext('2d', { alpha: false });
    const current = inputs.current;
    if (!ctx || !current || size.current.width === 0) return;
    const started = performance.now();
    if (paths.current?.scene !== current.scene)
      paths.current = { scene: current.scene, paths: cachedFor(layerPaths, current.scene, () => buildLayerPaths(current.scene)) };
    const { width, height, ratio } = size.current;
    const fitScale = fitBounds(current.scene.bounds, width, height, view.current.rotation).scale;
    const stale = !pictureServes(picture.current, paths.current.paths, current.layers, { ...view.current, scale: 0 }, ratio);
    if (view.current.scale <= fitScale * PICTURE_OVERSAMPLE && (stale || picture.current!.fitScale !== fitScale))
      picture.current = drawPlanPicture(paths.current.paths, current.layers, current.scene.bounds, view.current.rotation, fitScale, ratio);
    drawPlan(ctx, paths.current.paths, view.current, current.layers, { ...current, box: box.current }, size.current, picture.current);
    // The benchmark reads a pixel so that the frame's rasterization is inside the measured time.
    if ((globalThis as { __planFlush?: boolean }).__planFlush) ctx.getImageData(0, 0, 1, 1);
    recordFrame(performance.now() - started);
    const el = canvas.current!;
    // The view, for tests and benchmarks that click on world points.
    el.dataset.scale = String(view.current.scale);
    el.dataset.x = String(view.current.x);
    el.dataset.y = String(view.current.y);
    el.dataset.rotation = String(view.current.rotation);
  }, []);
  const requestPaint = useCallback(() => {
    if (frame.current === 0) frame.current = requestAnimationFrame(paint);
  }, [paint]);

  const fit = useCallback(() => {
    view.current = fitBounds(inputs.current?.scene.bounds ?? null, size.current.width, size.current.height, view.current.rotation);
    requestPaint();
  }, [requestPaint]);

  useImperativeHandle(props.handle, () => ({
    fit,
    key(key: string) {
      const next = viewForKey(view.current, key, size.current.width, size.current.height);
      if (!next) return false;
      view.current = next;
      requestPaint();
      return true;
    },
  }));

  // A new storey (or the first size) fits the view to it; a change of the model on the same storey keeps the view.
  useLayoutEffect(() => {
    inputs.current = { layers, scene, selected, tiles, selectedTile, ruler, roomEdit, compassDegrees: props.compassDegrees };
    // A new rotation turns the plan: fit it again so it stays in view.
    const turned = view.current.rotation !== rotation;
    if (turned) view.current = { ...view.current, rotation };
    if ((turned || fitted.current !== scene.storeyId) && size.current.width > 0) {
      fitted.current = scene.storeyId;
      fit();
    }
    requestPaint();
  });

  useEffect(() => {
    const el = host.current!;
    const observer = new ResizeObserver(() => {
      const ratio = window.devicePixelRatio || 1;
      const { width, height } = el.getBoundingClientRect();
      size.current = { width, height, ratio };
      canvas.current!.width = Math.round(width * ratio);
      canvas.current!.height = Math.round(height * ratio);
      const shown = inputs.current?.scene;
      if (shown && fitted.current !== shown.storeyId) {
        fitted.current = shown.storeyId;
        view.current = fitBounds(shown.bounds, width, height, view.current.rotation);
      }
      paint();
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame.current);
      frame.current = 0;
    };
  }, [paint]);

  const onWheel = useEffectEvent((event: WheelEvent) => {
    event.preventDefault();
    const rect = canvas.current!.getBoundingClientRect();
    view.current = viewForWheel(view.current, {
      deltaX: event.deltaX,
      deltaY: event.deltaY,
      deltaMode: event.deltaMode,
      ctrlKey: event.ctrlKey || event.metaKey,
      x: event.clientX - rect.left,
      y: event.clientY - rect.top,
    });
    requestPaint();
  });
  useEffect(() => {
    const el = canvas.current!;
    const listener = (event: WheelEvent) => onWheel(event);
    el.addEventListener('wheel', listener, { passive: false });
    return () => el.removeEventListener('wheel', listener);
  }, []);

  const local = (event: { clientX: number; clientY: number }): [number, number] => {
    const rect = canvas.current!.getBoundingClientRect();
    return [event.clientX - rect.left, event.clientY - rect.top];
  };
  const world = (x: number, y: number): Point2 => toWorld(view.current, [x, y]);

  const onPointerDown = (event: React.PointerEvent<HTMLCanvasElement>) => {
    canvas.current!.focus();
    canvas.current!.setPointerCapture(event.pointerId);
    const [x, y] = local(event);
    const main = event.button === 0;
    if (main && roomEdit) {
      const tolerance = HANDLE_TOLERANCE_PX / view.current.scale;
      gesture.current.cancel();
      if (closesDrawing(roomEdit, world(x, y), tolerance)) return props.onRoomClose();
      props.onRoomEdit(editPress(roomEdit, world(x, y), tolerance));
      return;
    }
    gesture.current.down({ x, y, time: event.timeStamp, button: event.button, shift: event.shiftKey });
  };

  const onPointerMove = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const [x, y] = local(event);
    const point = world(x, y);
    props.onPointer(point);
    if (roomEdit) {
      const next = editMove(roomEdit, point);
      if (next !== roomEdit) props.onRoomEdit(next);
    } else if (ruler) {
      const next = rulerMove(ruler, point);
      if (next !== ruler) props.onRuler(next);
    }
    const move = gesture.current.move({ x, y, time: event.timeStamp });
    if (move?.type === 'pan') {
      view.current = panBy(view.current, move.dx, move.dy);
      requestPaint();
    } else if (move?.type === 'box' && !ruler) {
      box.current = move;
      requestPaint();
    }
  };

  const onPointerUp = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const [x, y] = local(event);
    if (roomEdit && event.button === 0) {
      props.onRoomEdit(editRelease(roomEdit));
      return;
    }
    const done = gesture.current.up({ x, y, time: event.timeStamp });
    box.current = null;
    requestPaint();
    if (!done) return;
    if (done.type === 'click') {
      const at = world(done.x, done.y);
      if (ruler) return props.onRuler(rulerClick(ruler, at));
      const hit = index.itemAt(at, layers, HIT_TOLERANCE_PX / view.current.scale);
      props.onClick(hit?.ref ?? null, done.shift, done.double, at);
    } else if (done.type === 'box' && !ruler) {
      props.onBox(itemsInScreenRect(scene, view.current, done, layers), done.shift);
    }
  };

  return (
    <div className="plan-host" ref={host}>
      <canvas
        ref={canvas}
        className={`plan-canvas${ruler ? ' measuring' : ''}${roomEdit ? ' editing' : ''}`}
        tabIndex={0}
        aria-label="Plan"
        data-testid="plan"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          gesture.current.cancel();
          box.current = null;
          requestPaint();
        }}
        onPointerLeave={() => props.onPointer(null)}
        onContextMenu={(event) => event.preventDefault()}
      />
    </div>
  );
}

/** Draw times of the last frames (ms), read by bench/plan-frames.ts. */
const FRAME_LOG_SIZE = 2000;
function recordFrame(ms: number): void {
  const log = ((globalThis as { __planFrameTimes?: number[] }).__planFrameTimes ??= []);
  log.push(ms);
  if (log.length > FRAME_LOG_SIZE) log.splice(0, log.length - FRAME_LOG_SIZE);
}

/**
 * What is built from a scene (paths, hit index), kept per storey: coming back to a storey whose items
 * are the same objects (the scene's item cache gives the same ones when nothing changed) reuses it.
 */
type SceneCache<T> = Map<string, { items: readonly PlanItem[]; value: T }>;
const layerPaths: SceneCache<PlanLayerPaths> = new Map();
const hitIndexes: SceneCache<HitIndex> = new Map();
const SCENE_CACHE_STOREYS = 8;

function cachedFor<T>(cache: SceneCache<T>, scene: PlanScene, build: () => T): T {
  const hit = cache.get(scene.storeyId);
  if (hit && hit.items.length === scene.items.length && hit.items.every((item, i) => item === scene.items[i])) return hit.value;
  const value = build();
  cache.delete(scene.storeyId);
  cache.set(scene.storeyId, { items: scene.items, value });
  // The oldest storey goes first (a Map keeps insertion order).
  if (cache.size > SCENE_CACHE_STOREYS) cache.delete(cache.keys().next().value!);
  return value;
}
