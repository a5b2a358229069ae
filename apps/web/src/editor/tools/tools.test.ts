import { describe, expect, it } from 'vitest';
import type { Point2 } from '@edrf/model';
import { archLayers } from '../arch/arch-layers';
import { rect, testModel } from '../arch/test-arch';
import { planHarness } from '../harness';
import type { OverlayDraw } from '../overlay';
import { PolygonTool } from './polygon';
import { startDraw, startShapeEdit, type PolygonEdit } from './polygon-edit';
import { RulerTool } from './ruler';
import { SelectTool } from './select';

const round = (v: number) => Math.round(v * 1e6) / 1e6 + 0;
const harness = () => planHarness({ layers: archLayers(), defaultTool: () => new SelectTool() }, testModel(), 's0');

/** An overlay drawer that records what is drawn. */
function recorder(): OverlayDraw & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    scale: 20,
    rings: (rings) => calls.push(`rings ${rings[0]!.length}`),
    polyline: (points) => calls.push(`polyline ${points.length}`),
    handles: (points) => calls.push(`handles ${points.length}`),
    text: (_at, text) => calls.push(`text ${text}`),
  };
}

describe('the ruler tool', () => {
  it('a click starts, the pointer stretches, a second click fixes; it draws the line and its length', () => {
    const h = harness();
    const ruler = new RulerTool();
    h.editor.useTool(ruler);
    expect(ruler.status()).toEqual({ text: 'Click the start of the measurement', hint: true });
    h.click([0, 0]);
    h.move([3, 4]);
    expect(ruler.status()).toEqual({ text: '5.00 m', label: 'Ruler length' });
    h.click([6, 8]);
    h.move([0, 1]);
    expect(ruler.status().text).toBe('10.00 m');
    const draw = recorder();
    ruler.overlay(draw);
    expect(draw.calls).toEqual(['polyline 2', 'text 10.00 m']);
    expect(h.editor.selection.kind).toBe('none');
  });
});

describe('the polygon tool', () => {
  const tool = (start: PolygonEdit, taken: Point2[][], accept = true) =>
    new PolygonTool({
      id: 'shape',
      start,
      hint: 'Click the corners',
      apply: (points) => {
        taken.push(points);
        return accept;
      },
    });

  it('draws a ring corner by corner; a press on the first corner applies it and ends the tool', async () => {
    const h = harness();
    const taken: Point2[][] = [];
    h.editor.useTool(tool(startDraw(), taken));
    for (const p of rect(10, 10, 12, 12)) h.click(p);
    h.click([10, 10]);
    await Promise.resolve();
    expect(taken).toEqual([rect(10, 10, 12, 12)]);
    expect(h.editor.tool.id).toBe('select');
  });

  it('Backspace drops the last corner, Enter applies, a refused shape keeps the tool, Escape cancels', async () => {
    const h = harness();
    const taken: Point2[][] = [];
    const polygon = tool(startDraw(), taken, false);
    h.editor.useTool(polygon);
    for (const p of [...rect(10, 10, 12, 12), [20, 20] as Point2]) h.click(p);
    h.key('Backspace');
    h.key('Enter');
    await Promise.resolve();
    expect(taken).toEqual([rect(10, 10, 12, 12)]);
    expect(h.editor.tool).toBe(polygon);
    h.key('Escape');
    expect(h.editor.tool.id).toBe('select');
  });

  it('edits a shape: a press on a corner drags it, a press on an edge adds a corner; a polyline has no closing edge', () => {
    const h = harness();
    const taken: Point2[][] = [];
    const ring = tool(startShapeEdit(rect(0, 0, 4, 3)), taken);
    h.editor.useTool(ring);
    h.drag([4, 3], [5, 4]);
    h.drag([0, 1.5], [-1, 1.5]);
    expect(ring.state.points.map(([x, y]) => [round(x), round(y)])).toEqual([
      [0, 0],
      [4, 0],
      [5, 4],
      [0, 3],
      [-1, 1.5],
    ]);
    const line = tool(
      startShapeEdit(
        [
          [0, 0],
          [4, 0],
          [4, 3],
        ],
        false,
      ),
      taken,
    );
    h.editor.useTool(line);
    h.click([2, 1.5]);
    expect(line.state.points).toHaveLength(3);
    const draw = recorder();
    line.overlay(draw);
    expect(draw.calls).toEqual(['polyline 3', 'handles 3']);
  });
});
