import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useSyncExternalStore } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Point2 } from '@edrf/model';
import { archLayers } from './arch/arch-layers';
import { testModel } from './arch/test-arch';
import { planHarness } from './harness';
import type { PlanEditor } from './plan-editor';
import { ApplyBar } from './ToolButtons';
import { PolygonTool } from './tools/polygon';
import { startDraw } from './tools/polygon-edit';
import { SelectTool } from './tools/select';

afterEach(cleanup);

/** The bar as a screen's toolbar holds it, re-rendered when the editor changes. */
function Toolbar({ editor }: { editor: PlanEditor }) {
  useSyncExternalStore(
    (listener) => editor.on('change', listener),
    () => editor.changes,
  );
  return (
    <div role="toolbar" aria-label="Plan tools">
      <ApplyBar editor={editor}>
        <button type="button">Draw room</button>
      </ApplyBar>
    </div>
  );
}

describe('the armed tool’s part of the toolbar', () => {
  it('shows the screen’s buttons until a tool with work to apply is armed, then its hint, Apply and Cancel', async () => {
    const h = planHarness({ layers: archLayers(), defaultTool: () => new SelectTool() }, testModel(), 's0');
    const taken: Point2[][] = [];
    render(<Toolbar editor={h.editor} />);
    expect(screen.getByRole('button', { name: 'Draw room' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Apply' })).toBeNull();

    const arm = () =>
      act(() =>
        h.editor.useTool(
          new PolygonTool({
            id: 'draw-room',
            start: startDraw(),
            hint: 'Click the corners of the new room',
            apply: (points) => (taken.push(points), true),
          }),
        ),
      );
    arm();
    expect(screen.getByText('Click the corners of the new room')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Draw room' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Apply' }).title).toBe('Apply (Enter)');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(h.editor.tool.id).toBe('select');
    expect(screen.getByRole('button', { name: 'Draw room' })).toBeTruthy();

    arm();
    act(() => {
      for (const p of [
        [1, 1],
        [3, 1],
        [3, 2],
      ] as Point2[])
        h.click(p);
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
      await Promise.resolve();
    });
    expect(taken).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Draw room' })).toBeTruthy();
  });
});
