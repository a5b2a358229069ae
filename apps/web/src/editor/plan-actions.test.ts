import { describe, expect, it, vi } from 'vitest';
import type { Point2 } from '@edrf/model';
import { enabled } from '../ui/actions';
import { archLayers } from './arch/arch-layers';
import { testModel } from './arch/test-arch';
import { planHarness } from './harness';
import { PolygonTool } from './tools/polygon';
import { startDraw } from './tools/polygon-edit';
import { SelectTool } from './tools/select';

const harness = () => planHarness({ layers: archLayers(), defaultTool: () => new SelectTool() }, testModel(), 's0');
const drawTool = (taken: Point2[][]) =>
  new PolygonTool({
    id: 'draw',
    start: startDraw(),
    hint: 'Click the corners',
    apply: (points) => {
      taken.push(points);
      return true;
    },
  });

describe('the plan’s actions', () => {
  it('Apply and Cancel are the engine’s, named with their keys: Enter applies the armed tool’s work, Escape ends it', async () => {
    const h = harness();
    const apply = h.editor.action('apply');
    const cancel = h.editor.action('cancel');
    expect([apply.label, apply.title, cancel.label, cancel.title]).toEqual(['Apply', 'Apply (Enter)', 'Cancel', 'Cancel (Escape)']);
    // Nothing armed: neither works, and Enter is nobody's.
    expect([enabled(apply), enabled(cancel)]).toEqual([false, false]);
    expect(h.key('Enter')).toBe(false);

    const taken: Point2[][] = [];
    h.editor.useTool(drawTool(taken));
    expect([enabled(h.editor.action('apply')), enabled(h.editor.action('cancel'))]).toEqual([true, true]);
    for (const p of [
      [1, 1],
      [3, 1],
      [3, 2],
    ] as Point2[])
      h.click(p);
    h.key('Enter');
    await Promise.resolve();
    expect(taken.map((points) => points.map(([x, y]) => [Math.round(x), Math.round(y)]))).toEqual([
      [
        [1, 1],
        [3, 1],
        [3, 2],
      ],
    ]);
    expect(h.editor.tool.id).toBe('select');

    // The Cancel button runs what Escape runs.
    h.editor.useTool(drawTool(taken));
    h.editor.action('cancel').run();
    expect(h.editor.tool.id).toBe('select');
    expect(taken).toHaveLength(1);
  });

  it('a screen’s action answers its key and its button alike, and neither while it is not enabled', () => {
    const h = harness();
    const run = vi.fn();
    let ready = false;
    h.editor.setActions([{ id: 'measure', label: 'Measure', key: 'q', when: () => ready, run }]);
    expect(enabled(h.editor.action('measure'))).toBe(false);
    expect(h.key('q')).toBe(false);
    ready = true;
    expect(enabled(h.editor.action('measure'))).toBe(true);
    expect(h.key('Q')).toBe(true);
    h.editor.action('measure').run();
    expect(run).toHaveBeenCalledTimes(2);
    // The engine's own stay beside the screen's: F fits whatever the screen lists.
    expect(h.editor.action('fit').label).toBe('Fit');
  });

  it('an armed tool’s Cancel takes Escape before the screen, the screen before clearing the selection', () => {
    const h = harness();
    const screenEscape = vi.fn();
    let popup = true;
    h.editor.setActions([
      {
        key: 'Escape',
        when: () => popup,
        run: () => {
          popup = false;
          screenEscape();
        },
      },
    ]);
    h.click([1, 2]);
    h.editor.useTool(drawTool([]));
    h.key('Escape');
    expect([h.editor.tool.id, screenEscape.mock.calls.length]).toEqual(['select', 0]);
    h.key('Escape');
    expect(screenEscape).toHaveBeenCalledTimes(1);
    expect(h.editor.selection.kind).toBe('items');
    h.key('Escape');
    expect(h.editor.selection.kind).toBe('none');
  });
});
