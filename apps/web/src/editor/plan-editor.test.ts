import { describe, expect, it, vi } from 'vitest';
import type { ItemRef, Point2 } from '@edrf/model';
import { archLayers } from './arch/arch-layers';
import { testModel } from './arch/test-arch';
import { planHarness } from './harness';
import type { PlanEditorConfig } from './plan-editor';
import { SelectTool, type SelectOptions } from './tools/select';
import { RulerTool } from './tools/ruler';
import { PolygonTool } from './tools/polygon';
import { startDraw } from './tools/polygon-edit';

const config = (options: SelectOptions = {}): PlanEditorConfig => ({ layers: archLayers(), defaultTool: () => new SelectTool(options) });
const harness = (options: SelectOptions = {}) => planHarness(config(options), testModel(), 's0');
const ids = (h: ReturnType<typeof harness>) => {
  const selection = h.editor.selection;
  return selection.kind === 'items' ? selection.items.map((ref) => ref.id) : selection.kind;
};

describe('the plan editor: selection', () => {
  it('a click selects the item under the pointer, shift adds and toggles, a click on nothing clears', () => {
    const h = harness();
    h.click([1, 2]);
    expect(ids(h)).toEqual(['k']);
    h.click([6, 2.8], { shift: true });
    expect(ids(h)).toEqual(['k', 'o']);
    h.click([1, 2], { shift: true });
    expect(ids(h)).toEqual(['o']);
    h.click([20, 20]);
    expect(ids(h)).toBe('none');
  });

  it('a drag past 5 px draws a box that selects what lies wholly inside it, and shows the box while dragging', () => {
    const h = harness();
    h.drag([-0.5, -0.5], [4.5, 3.5], { release: false });
    expect(h.editor.box).not.toBeNull();
    h.up([4.5, 3.5]);
    expect(h.editor.box).toBeNull();
    expect(ids(h)).toEqual(['k', 'v1']);
  });

  it('hidden layers are not picked; turning them on makes their items pickable', () => {
    const h = harness();
    h.click([2, 1.5]);
    expect(ids(h)).toEqual(['k']);
    h.editor.setVisibility({ ...h.editor.visibility, beams: true });
    h.click([2, 1.5]);
    expect(ids(h)).toEqual(['b1']);
  });

  it('a background layer is drawn but never picked', () => {
    const h = planHarness({ layers: archLayers({ pickable: false }), defaultTool: () => new SelectTool() }, testModel(), 's0');
    h.click([1, 2]);
    expect(ids(h)).toBe('none');
    expect(h.editor.scene.items.length).toBeGreaterThan(0);
  });

  it('a second quick click is a double click', () => {
    const clicks: [string | null, boolean][] = [];
    const h = harness({ onClick: (ref: ItemRef | null, _p, double) => clicks.push([ref?.id ?? null, double]) });
    h.click([1, 2]);
    h.click([1, 2], { quick: true });
    expect(clicks).toEqual([
      ['k', false],
      ['k', true],
    ]);
  });

  it('what an undo removes is no longer selected', () => {
    const h = harness();
    h.editor.target.edit([{ path: ['arch', 'rooms', 'x'], value: { ...h.model.arch.rooms.k!, id: 'x' } }]);
    h.editor.select({ kind: 'items', items: [{ kind: 'arch.rooms', id: 'x' }] });
    expect(ids(h)).toEqual(['x']);
    h.undo();
    expect(ids(h)).toBe('none');
  });
});

describe('the plan editor: view and keys', () => {
  it('fits the storey on first sight, pans with the other buttons without selecting, and F fits again', () => {
    const h = harness();
    const fitted = h.editor.view;
    const [x, y] = h.editor.toScreen([1, 2]);
    h.editor.pointerDown({ x, y, time: 1, button: 2 });
    h.editor.pointerMove({ x: x + 50, y: y + 20, time: 2, button: 2 });
    h.editor.pointerUp({ x: x + 50, y: y + 20, time: 3, button: 2 });
    expect(h.editor.view.x).toBeCloseTo(fitted.x + 50);
    expect(ids(h)).toBe('none');
    expect(h.key('f')).toBe(true);
    expect(h.editor.view).toEqual(fitted);
    expect(h.key('ArrowLeft')).toBe(true);
    expect(h.editor.view.x).toBeGreaterThan(fitted.x);
  });

  it('tools get keys first, then the screen’s actions; Escape ends a tool, then clears the selection', () => {
    const h = harness();
    const run = vi.fn();
    h.editor.setActions([
      { key: 'm', run },
      { key: 'Enter', when: () => false, run },
    ]);
    h.key('M');
    expect(run).toHaveBeenCalledTimes(1);
    expect(h.key('Enter')).toBe(false);
    h.editor.useTool(new RulerTool());
    h.click([1, 2]);
    h.key('Escape');
    expect(h.editor.tool.id).toBe('select');
    h.click([1, 2]);
    h.key('Escape');
    expect(ids(h)).toBe('none');
  });

  it('another storey cancels a shape in progress but keeps the ruler', () => {
    const h = harness();
    h.editor.useTool(new PolygonTool({ id: 'draw', start: startDraw(), apply: () => true, hint: 'Click the corners' }));
    h.editor.setStorey('s1');
    expect(h.editor.tool.id).toBe('select');
    h.editor.useTool(new RulerTool());
    h.editor.setStorey('s0');
    expect(h.editor.tool.id).toBe('ruler');
  });

  it('reports frame times and the pointer to listeners', () => {
    const h = harness();
    const frames: number[] = [];
    const points: (readonly number[] | null)[] = [];
    h.editor.on('frame', (ms) => frames.push(ms));
    h.editor.onPointer((point) => points.push(point));
    h.editor.reportFrame(3);
    h.move([1, 2]);
    h.editor.pointerLeave();
    expect(frames).toEqual([3]);
    expect(points[0]![0]).toBeCloseTo(1);
    expect(points[1]).toBeNull();
  });
});

describe('gesture edits', () => {
  /** Drags a room by its whole outline: a screen's drag, as the trays screen drags trays. */
  const roomDrag: SelectOptions['drag'] = (pointer, editor) => {
    const hit = editor.hitIndex.itemAt(pointer.point, editor.visibility);
    if (hit?.ref.kind !== 'arch.rooms') return null;
    const room = editor.model.arch.rooms[hit.ref.id]!;
    const session = editor.session();
    const moved = (to: Point2) => [
      {
        path: ['arch', 'rooms', room.id, 'shape', 'exterior'],
        value: room.shape.exterior.map(([x, y]) => [x + to[0] - pointer.point[0], y + to[1] - pointer.point[1]]),
      },
    ];
    return { move: (p) => session.preview(moved(p.point)), end: (p) => session.commit(moved(p.point)), cancel: () => session.cancel() };
  };
  const corner = (h: ReturnType<typeof harness>) => h.model.arch.rooms.k!.shape.exterior[0]!;

  it('a drag previews on every move without an undo step and commits once on release: one undo step', () => {
    const h = harness({ drag: roomDrag });
    h.drag([2, 2], [3, 2.5], { release: false });
    expect(corner(h)[0]).toBeCloseTo(1);
    expect(h.store.getState().canUndo).toBe(false);
    h.up([3, 2.5]);
    expect(corner(h)[0]).toBeCloseTo(1);
    expect(corner(h)[1]).toBeCloseTo(0.5);
    h.undo();
    expect(corner(h)).toEqual([0, 0]);
    expect(h.store.getState().canUndo).toBe(false);
    h.redo();
    expect(corner(h)[0]).toBeCloseTo(1);
  });

  it('Escape during a drag restores what was there and records nothing', () => {
    const h = harness({ drag: roomDrag });
    h.drag([2, 2], [4, 2], { release: false });
    expect(corner(h)[0]).toBeCloseTo(2);
    expect(h.key('Escape')).toBe(true);
    expect(corner(h)).toEqual([0, 0]);
    h.up([4, 2]);
    expect(corner(h)).toEqual([0, 0]);
    expect(h.store.getState().canUndo).toBe(false);
  });
});

describe('space-drag pans', () => {
  it('with Space held, the main button pans and neither selects nor uses the tool; released, it selects again', () => {
    const h = harness();
    const fitted = h.editor.view;
    h.editor.holdSpace(true);
    h.drag([1, 2], [3, 2]);
    expect(h.editor.view.x).toBeGreaterThan(fitted.x);
    expect(h.editor.selection.kind).toBe('none');
    h.editor.holdSpace(false);
    h.click([1, 2]);
    expect(ids(h)).toEqual(['k']);
  });
});

describe('the plan editor: framing a part of the storey', () => {
  it('frame shows the bounds in the middle of the screen with a quarter of its smaller side round them', () => {
    const h = harness();
    h.editor.resize(800, 400);
    h.editor.frame({ minX: 4, minY: 0, maxX: 7, maxY: 3 });
    // 400 px high, 100 px margins: 3 m in 200 px.
    expect(h.editor.view.scale).toBeCloseTo(200 / 3, 9);
    const [x, y] = h.editor.toScreen([5.5, 1.5]);
    expect(x).toBeCloseTo(400, 9);
    expect(y).toBeCloseTo(200, 9);
  });
});

describe('the plan editor: staying fitted', () => {
  it('a fitted view refits when the plan is resized, a view the user moved stays where it is', () => {
    const h = harness();
    h.editor.resize(800, 600);
    h.editor.fit();
    h.editor.resize(600, 400);
    const refitted = h.editor.view;
    h.editor.fit();
    expect(h.editor.view).toEqual(refitted);
    h.editor.wheel({ deltaX: 0, deltaY: -100, deltaMode: 0, ctrlKey: false, x: 300, y: 200 });
    const moved = h.editor.view;
    h.editor.resize(500, 300);
    expect(h.editor.view).toBe(moved);
  });
});
