import type { PlanEditor } from './plan-editor';
import {
  PICTURE_OVERSAMPLE,
  buildLayerPaths,
  drawPlan,
  drawPlanPicture,
  pictureServes,
  type PlanLayerPaths,
  type PlanPicture,
} from './render';
import { SceneCache } from './scene-cache';
import { refKey } from './layers';
import { fitBounds } from './viewport';

const PATH_STOREYS = 8;

/**
 * Draws an editor on a canvas, one frame per animation frame at most. Keeps what drawing builds from a
 * scene (the layers' paths per storey, the zoomed-out picture) for this canvas alone.
 */
export class PlanRenderer {
  private frame = 0;
  private readonly paths = new SceneCache<PlanLayerPaths>(PATH_STOREYS);
  private picture: PlanPicture | null = null;

  constructor(
    private readonly editor: PlanEditor,
    private readonly canvas: HTMLCanvasElement,
  ) {}

  request(): void {
    if (this.frame === 0) this.frame = requestAnimationFrame(() => this.paint());
  }

  paint(): void {
    this.frame = 0;
    const editor = this.editor;
    const ctx = this.canvas.getContext('2d', { alpha: false });
    const size = editor.size;
    if (!ctx || size.width === 0) return;
    const started = performance.now();
    const scene = editor.scene;
    // Paths are built at a scene's first frame (drawing needs a canvas; the editor does not).
    const paths = this.paths.get(scene, (previous) => buildLayerPaths(scene, previous));
    const view = editor.view;
    const drawn = { layers: editor.layers, visibility: editor.visibility };
    const fitScale = fitBounds(scene.bounds, size.width, size.height, view.rotation).scale;
    const stale = !pictureServes(this.picture, paths, drawn.visibility, { ...view, scale: 0 }, size.ratio);
    if (view.scale <= fitScale * PICTURE_OVERSAMPLE && (stale || this.picture!.fitScale !== fitScale))
      this.picture = drawPlanPicture(paths, drawn, scene.bounds, view.rotation, fitScale, size.ratio);
    const selection = editor.selection;
    const selected = selection.kind === 'items' ? selection.items.flatMap((ref) => scene.byKey.get(refKey(ref)) ?? []) : [];
    const labels = drawPlan(
      ctx,
      paths,
      view,
      drawn,
      {
        selected,
        box: editor.box,
        compassDegrees: editor.schematic ? null : editor.model.config.compass_degrees,
        painters: editor.painters,
        labels: editor.labels,
        editor,
      },
      size,
      this.picture,
    );
    // A benchmark asks for the frame's rasterization to be inside the measured time by reading a pixel.
    if (this.canvas.dataset.measure === 'raster') ctx.getImageData(0, 0, 1, 1);
    editor.reportFrame(performance.now() - started);
    // The view, for tests and benchmarks that press on world points.
    const data = this.canvas.dataset;
    data.scale = String(view.scale);
    data.x = String(view.x);
    data.y = String(view.y);
    data.rotation = String(view.rotation);
    // The texts drawn and the symbols they keep off, for tests that check no text covers a symbol (asked for: a
    // storey's boxes are kilobytes a frame).
    if (data.probe === 'labels')
      data.labels = JSON.stringify({
        texts: labels.texts.map((t) => ({ text: t.text, box: t.box })),
        symbols: labels.symbols,
        hidden: labels.hidden,
      });
  }

  dispose(): void {
    cancelAnimationFrame(this.frame);
    this.frame = 0;
  }
}
