import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { archLayers } from './arch/arch-layers';
import { rect, testModel } from './arch/test-arch';
import { planHarness } from './harness';
import { PlanRenderer } from './plan-renderer';
import { RulerTool } from './tools/ruler';
import { PolygonTool } from './tools/polygon';
import { startShapeEdit } from './tools/polygon-edit';
import { SelectTool } from './tools/select';

/** A stand-in for the browser's canvas (the test DOM has none): its 2D context takes every call and counts them. */
function fakeCanvas(width = 800, height = 600) {
  const calls = new Map<string, number>();
  const ctx = new Proxy(
    {},
    {
      get: (_target, name: string) => {
        if (name === 'measureText') return (text: string) => ({ width: text.length * 7 });
        return (..._args: unknown[]) => void calls.set(name, (calls.get(name) ?? 0) + 1);
      },
      set: () => true,
    },
  );
  const canvas = { width, height, dataset: {}, getContext: () => ctx } as unknown as HTMLCanvasElement;
  return { canvas, count: (name: string) => calls.get(name) ?? 0 };
}

describe('the plan drawn in two passes', () => {
  beforeEach(() =>
    vi.stubGlobal(
      'Path2D',
      class {
        moveTo() {}
        lineTo() {}
        closePath() {}
        arc() {}
        rect() {}
      },
    ),
  );
  afterEach(() => vi.unstubAllGlobals());

  /** An architecture plan drawn on every repaint, as PlanView does once per animation frame. */
  const drawnPlan = () => {
    const h = planHarness({ layers: archLayers(), defaultTool: () => new SelectTool() }, testModel(), 's0');
    const plan = fakeCanvas();
    const stills: ReturnType<typeof fakeCanvas>[] = [];
    const renderer = new PlanRenderer(h.editor, plan.canvas, () => {
      const still = fakeCanvas();
      stills.push(still);
      return still.canvas;
    });
    h.editor.on('paint', () => renderer.paint());
    renderer.paint();
    return {
      h,
      /** Frames on the plan: each copies the static scene onto it. */
      frames: () => plan.count('drawImage'),
      /** Times the static scene was drawn: each fills its background once. */
      staticDraws: () => stills.reduce((n, still) => n + still.count('fillRect'), 0),
    };
  };

  it('a box drag and a corner drag redraw only the interactive scene; the static scene is drawn once for them all', () => {
    const { h, frames, staticDraws } = drawnPlan();
    expect(staticDraws()).toBe(1);
    const before = frames();
    h.drag([-0.5, -0.5], [4.5, 3.5], { steps: 6, release: false });
    expect(h.editor.box).not.toBeNull();
    expect(frames() - before).toBeGreaterThanOrEqual(6);
    expect(staticDraws()).toBe(1);

    h.editor.setBox(null);
    h.editor.useTool(new PolygonTool({ id: 'shape', start: startShapeEdit(rect(0, 0, 4, 3)), apply: () => true, hint: 'Drag corners' }));
    const armed = staticDraws();
    const corner = frames();
    h.drag([4, 3], [5, 4], { steps: 8 });
    expect(frames() - corner).toBeGreaterThanOrEqual(8);
    expect(staticDraws()).toBe(armed);
  });

  it('a ruler following the pointer redraws only the interactive scene', () => {
    const { h, frames, staticDraws } = drawnPlan();
    h.editor.useTool(new RulerTool());
    h.click([1, 1]);
    const drawn = staticDraws();
    const before = frames();
    for (let x = 1; x <= 5; x++) h.move([x, 2]);
    expect(frames() - before).toBe(5);
    expect(staticDraws()).toBe(drawn);
  });

  it('the static scene is drawn again when the view moves, the model changes or the layers shown change', () => {
    const { h, staticDraws } = drawnPlan();
    h.editor.setView({ ...h.editor.view, x: h.editor.view.x + 40 });
    expect(staticDraws()).toBe(2);
    h.editor.target.edit([{ path: ['arch', 'rooms', 'k', 'name'], value: 'Pantry' }]);
    expect(staticDraws()).toBe(3);
    h.editor.setVisibility({ ...h.editor.visibility, beams: true });
    expect(staticDraws()).toBe(4);
  });
});
