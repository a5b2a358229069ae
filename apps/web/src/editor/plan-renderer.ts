import type { PlanEditor } from './plan-editor';
import { buildLayerPaths, type PlanLayerPaths } from './layer-paths';
import { drawInteractiveScene } from './interactive-scene';
import { PICTURE_OVERSAMPLE, drawPlanPicture, drawStaticScene, pictureServes, type PlanPicture } from './static-scene';
import { SceneCache } from './scene-cache';
import { refKey } from './layers';
import { fitBounds } from './viewport';

const PATH_STOREYS = 8;

/**
 * Draws an editor on a canvas, one frame per animation frame at most, in two passes (docs/editor.md 'Drawing'). The
 * static scene is drawn into a canvas of its own only when the editor says it may have changed (stillChanges) or the
 * size did; every frame copies it onto the plan and draws the interactive scene over it, so a drag, a hover or the
 * drag box cost the marks alone. Keeps what drawing builds from a scene (the layers' paths per storey, the zoomed-out
 * picture, the static scene) for this canvas.
 */
export class PlanRenderer {
  private frame = 0;
  private readonly paths = new SceneCache<PlanLayerPaths>(PATH_STOREYS);
  private picture: PlanPicture | null = null;
  /** The static scene, and what it shows: the editor's stillChanges and the size it was drawn at. */
  private still: { canvas: HTMLCanvasElement; changes: number; width: number; height: number; ratio: number } | null = null;

  constructor(
    private readonly editor: PlanEditor,
    private readonly canvas: HTMLCanvasElement,
    /** Makes the static scene's canvas (the document's; a test's stand-in). */
    private readonly makeCanvas: () => HTMLCanvasElement = () => document.createElement('canvas'),
  ) {}

  request(): void {
    if (this.frame === 0) this.frame = requestAnimationFrame(() => this.paint());
  }

  paint(): void {
    this.frame = 0;
    const editor = this.editor;
    const size = editor.size;
    const ctx = this.canvas.getContext('2d', { alpha: false });
    if (!ctx || size.width === 0) return;
    const started = performance.now();
    const still = this.paintStill();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.drawImage(still, 0, 0);
    const scene = editor.scene;
    const selection = editor.selection;
    const selected = selection.kind === 'items' ? selection.items.flatMap((ref) => scene.byKey.get(refKey(ref)) ?? []) : [];
    drawInteractiveScene(
      ctx,
      editor.view,
      {
        selected,
        box: editor.box,
        compassDegrees: editor.schematic ? null : editor.model.config.compass_degrees,
        painters: editor.painters,
        editor,
      },
      size,
    );
    // A benchmark asks for the frame's rasterization to be inside the measured time by reading a pixel.
    if (this.canvas.dataset.measure === 'raster') ctx.getImageData(0, 0, 1, 1);
    editor.reportFrame(performance.now() - started);
    // The view, for tests and benchmarks that press on world points.
    const data = this.canvas.dataset;
    const view = editor.view;
    data.scale = String(view.scale);
    data.x = String(view.x);
    data.y = String(view.y);
    data.rotation = String(view.rotation);
  }

  /** The static scene's canvas, drawn again only when it may show something else than it does. */
  private paintStill(): HTMLCanvasElement {
    const editor = this.editor;
    const size = editor.size;
    const kept = this.still;
    if (
      kept &&
      kept.changes === editor.stillChanges &&
      kept.width === size.width &&
      kept.height === size.height &&
      kept.ratio === size.ratio
    )
      return kept.canvas;
    const canvas = kept?.canvas ?? this.makeCanvas();
    // Only when it changed: setting a canvas's size, even to the same, allocates it anew.
    if (canvas.width !== this.canvas.width) canvas.width = this.canvas.width;
    if (canvas.height !== this.canvas.height) canvas.height = this.canvas.height;
    this.still = { canvas, changes: editor.stillChanges, width: size.width, height: size.height, ratio: size.ratio };
    const ctx = canvas.getContext('2d', { alpha: false });
    if (!ctx) return canvas;
    const scene = editor.scene;
    // Paths are built at a scene's first frame (drawing needs a canvas; the editor does not).
    const paths = this.paths.get(scene, (previous) => buildLayerPaths(scene, previous));
    const view = editor.view;
    const drawn = { layers: editor.layers, visibility: editor.visibility };
    const fitScale = fitBounds(scene.bounds, size.width, size.height, view.rotation).scale;
    const stale = !pictureServes(this.picture, paths, drawn.visibility, { ...view, scale: 0 }, size.ratio);
    if (view.scale <= fitScale * PICTURE_OVERSAMPLE && (stale || this.picture!.fitScale !== fitScale))
      this.picture = drawPlanPicture(paths, drawn, scene.bounds, view.rotation, fitScale, size.ratio);
    const labels = drawStaticScene(ctx, { paths, view, drawn, labels: editor.labels, editor, size, picture: this.picture });
    // The texts drawn and the symbols they keep off, for tests that check no text covers a symbol (asked for: a
    // storey's boxes are kilobytes a frame).
    const data = this.canvas.dataset;
    if (data.probe === 'labels')
      data.labels = JSON.stringify({
        texts: labels.texts.map((t) => ({ text: t.text, box: t.box })),
        symbols: labels.symbols,
        hidden: labels.hidden,
      });
    return canvas;
  }

  dispose(): void {
    cancelAnimationFrame(this.frame);
    this.frame = 0;
  }
}
