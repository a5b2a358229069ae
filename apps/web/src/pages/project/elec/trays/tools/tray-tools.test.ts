import { describe, expect, it } from 'vitest';
import { emptyModel, type Model, type Point2 } from '@edrf/model';
import { archLayers } from '../../../../../editor/arch/arch-layers';
import { testArch } from '../../../../../editor/arch/test-arch';
import { planHarness } from '../../../../../editor/harness';
import { SelectTool } from '../../../../../editor/tools/select';
import { TRAYS_LAYER, trayEndHandles, trayLayer } from '../layers/tray-layer';
import { trayDrag } from './tray-drag';
import { TrayTool } from './tray-tool';
import { VerticalTrayTool } from './vertical-tray-tool';

/** The trays screen's editor as TraysPage configures it, on the test arch (s0 floor 0..3, s1 3..6) plus a storey s2 (6..9). */
function trays(model: Model = withThirdStorey()) {
  const h = planHarness(
    {
      layers: [...archLayers({ pickable: false, roomFill: 'plain' }), trayLayer()],
      defaultTool: () => new SelectTool({ drag: trayDrag, accept: (item) => item.layer === TRAYS_LAYER }),
      painters: [trayEndHandles],
    },
    model,
    's0',
  );
  const list = () => Object.values(h.model.elec.trays);
  const tray = (id: string) => h.model.elec.trays[id]!;
  return { ...h, list, tray };
}

function withThirdStorey(): Model {
  const arch = testArch();
  arch.storeys.s2 = { ...arch.storeys.s1!, id: 's2', number: 2, name: 'Second', height: { min_z: 6, max_z: 9 }, rooms: [] };
  return { ...emptyModel(), arch };
}

/** A point to the micrometre: clicks go through screen pixels and back, which leaves the last bits of a double. */
const um = (p: readonly number[]): number[] => p.map((v) => Math.round(v * 1e6) / 1e6 + 0);
const plan = (p: readonly number[]): Point2 => um([p[0]!, p[1]!]) as Point2;

describe('the tray tool', () => {
  it('a click starts, the next ends a tray at the storey top less 0.05, 0.3 wide, and starts the next: a chain', () => {
    const h = trays();
    h.editor.useTool(new TrayTool(() => 0.3));
    h.click([1, 1]);
    h.click([5, 1]);
    h.click([5, 2.5]);
    expect(h.list()).toHaveLength(2);
    const [first, second] = h.list();
    expect([um(first!.start), um(first!.end), first!.width, first!.storey_id]).toEqual([[1, 1, 2.95], [5, 1, 2.95], 0.3, 's0']);
    expect(second!.start).toEqual(first!.end);
    expect(h.editor.selection).toEqual({ kind: 'items', items: [{ kind: 'elec.trays', id: second!.id }] });
  });

  it('snaps a click near another tray’s end onto it; a click on the chain’s last end, Enter or Escape ends the chain', () => {
    const h = trays();
    const tool = new TrayTool(() => 0.4);
    h.editor.useTool(tool);
    h.click([1, 1]);
    h.click([4, 1]);
    h.click([4, 1]);
    expect(tool.state.start).toBeNull();
    h.click([4 + h.editor.metres(3), 1 + h.editor.metres(3)]);
    h.click([4, 2.5]);
    expect(h.list()).toHaveLength(2);
    expect(um(h.list()[1]!.start)).toEqual([4, 1, 2.95]);
    expect(h.list()[1]!.width).toBe(0.4);
    expect(h.key('Enter')).toBe(true);
    expect(tool.state.start).toBeNull();
    h.click([6, 2]);
    expect(h.key('Escape')).toBe(true);
    expect(h.editor.tool).toBe(tool);
    h.key('Escape');
    expect(h.editor.tool.id).toBe('select');
  });

  it('each tray is its own undo step, and an undone tray disappears from the plan', () => {
    const h = trays();
    h.editor.useTool(new TrayTool(() => 0.3));
    h.click([1, 1]);
    h.click([5, 1]);
    h.click([5, 2.5]);
    h.undo();
    expect(h.list()).toHaveLength(1);
    expect(h.editor.scene.items.filter((item) => item.layer === TRAYS_LAYER)).toHaveLength(1);
    h.redo();
    expect(h.list()).toHaveLength(2);
  });
});

describe('vertical mode', () => {
  it('makes one vertical tray per storey pair up to the chosen storey, shown on each storey it joins', () => {
    const h = trays();
    h.editor.useTool(
      new VerticalTrayTool(
        () => 's2',
        () => 0.3,
      ),
    );
    h.click([2, 2]);
    const made = h.list().sort((a, b) => a.start[2] - b.start[2]);
    expect(made.map((t) => [t.storey_id, t.to_storey_id, t.start, t.end])).toEqual([
      ['s0', 's1', [2, 2, 2.95], [2, 2, 5.95]],
      ['s1', 's2', [2, 2, 5.95], [2, 2, 8.95]],
    ]);
    h.editor.setStorey('s1');
    expect(h.editor.scene.items.filter((item) => item.layer === TRAYS_LAYER)).toHaveLength(2);
  });

  it('with no storey to rise to, makes nothing', () => {
    const h = trays();
    h.editor.useTool(
      new VerticalTrayTool(
        () => null,
        () => 0.3,
      ),
    );
    h.click([2, 2]);
    expect(h.list()).toHaveLength(0);
  });
});

const selectedTray = (h: ReturnType<typeof trays>): string => {
  const selection = h.editor.selection;
  if (selection.kind !== 'items' || selection.items.length !== 1) throw new Error('one tray should be selected');
  return selection.items[0]!.id;
};

describe('selecting and dragging trays', () => {
  function twoTrays() {
    const h = trays();
    h.editor.useTool(new TrayTool(() => 0.3));
    h.click([1, 1]);
    h.click([5, 1]);
    h.key('Enter');
    h.click([1, 2.5]);
    h.click([5, 2.5]);
    h.key('Escape');
    h.key('Escape');
    h.editor.select({ kind: 'none' });
    return h;
  }

  it('only trays are picked on this screen: a click on a room selects nothing, a box takes the trays inside', () => {
    const h = twoTrays();
    h.click([3, 2]);
    expect(h.editor.selection.kind).toBe('none');
    h.click([3, 1]);
    expect(h.editor.selection).toMatchObject({ kind: 'items', items: [{ kind: 'elec.trays' }] });
    h.drag([0, 0], [6, 3]);
    expect(h.editor.selection).toMatchObject({ kind: 'items', items: [{}, {}] });
  });

  it('dragging a selected tray’s end moves that end only, snapping to another tray’s end; one undo step puts it back', () => {
    const h = twoTrays();
    h.click([3, 2.5]);
    const id = selectedTray(h);
    h.drag([5, 2.5], [5 + h.editor.metres(2), 1 + h.editor.metres(2)]);
    expect(um(h.tray(id).end)).toEqual([5, 1, 2.95]);
    expect(um(h.tray(id).start)).toEqual([1, 2.5, 2.95]);
    h.undo();
    expect(um(h.tray(id).end)).toEqual([5, 2.5, 2.95]);
  });

  it('dragging a selected tray moves it whole; Escape during the drag puts it back', () => {
    const h = twoTrays();
    h.click([3, 1]);
    const id = selectedTray(h);
    h.drag([3, 1], [3.5, 0.5], { release: false });
    expect(plan(h.tray(id).start)).toEqual([1.5, 0.5]);
    h.key('Escape');
    h.up([3.5, 0.5]);
    expect(plan(h.tray(id).start)).toEqual([1, 1]);
    h.drag([3, 1], [3.5, 0.5]);
    expect([plan(h.tray(id).start), plan(h.tray(id).end)]).toEqual([
      [1.5, 0.5],
      [5.5, 0.5],
    ]);
    expect(h.store.getState().canUndo).toBe(true);
  });
});
