import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emptyModel, type Model } from '@edrf/model';
import { alertsStore, dismissAlert } from '../../../../../ui/alerts';
import { archLayers } from '../../../../../editor/arch/arch-layers';
import { testArch } from '../../../../../editor/arch/test-arch';
import { planHarness } from '../../../../../editor/harness';
import { SelectTool } from '../../../../../editor/tools/select';
import { createFireConfigForTest } from '../../test-fire';
import { rackLayer } from './rack-layer';
import { rackSelectExtension, rotateRacksEdits } from './rack-select';
import { RackTool } from './rack-tools';

/** Racks on the test arch (s0: kitchen k 0..4 × 0..3, office o 4..7 × 0..3), selected and dragged with the engine's select tool and the rack extension. */
function racks() {
  const model: Model = { ...emptyModel(), arch: testArch(), fire: createFireConfigForTest('Sbf1108') };
  const h = planHarness(
    {
      layers: [...archLayers({ pickable: false, roomFill: 'plain' }), rackLayer()],
      defaultTool: () => new SelectTool({ accept: rackSelectExtension.accept, drag: rackSelectExtension.drag }),
    },
    model,
    's0',
  );
  // A rack with a central and a plinth in the kitchen at (1, 1); its footprint is (0.7..1.3) × (1..1.6).
  h.editor.useTool(new RackTool('rack-central-plinth', { once: true }));
  h.click([1, 1]);
  return { ...h, fire: () => h.model.fire! };
}

const shown = () => alertsStore.get().map((alert) => `${alert.cls}: ${alert.msg}`);
const clearAlerts = () => alertsStore.get().forEach((alert) => dismissAlert(alert.id));
beforeEach(clearAlerts);
afterEach(clearAlerts);

const plan = (p: readonly number[]) => [p[0]!, p[1]!].map((v) => Math.round(v * 1e6) / 1e6 + 0);

describe('selecting and dragging racks', () => {
  it('a click picks a rack; a box takes it', () => {
    const h = racks();
    h.editor.select({ kind: 'none' });
    h.click([1, 1.3]);
    expect(h.editor.selection).toEqual({ kind: 'items', items: [{ kind: 'fire.units.racks', id: 'rack-1' }] });
    h.click([3, 2]);
    expect(h.editor.selection.kind).toBe('none');
    h.drag([0.2, 0.2], [2, 2]);
    expect(h.editor.selection).toEqual({ kind: 'items', items: [{ kind: 'fire.units.racks', id: 'rack-1' }] });
  });

  it('dragging the selected rack into another room moves it between the room records, as one undo step', () => {
    const h = racks();
    h.drag([1, 1.3], [5, 1.3]);
    expect(plan(h.fire().units.racks['rack-1']!.coord)).toEqual([5, 1]);
    expect(h.fire().connections.rooms.k!.racks).toEqual([]);
    expect(h.fire().connections.rooms.o).toMatchObject({ label: '+D2', racks: ['rack-1'] });
    // The central and plinth stay on the rack.
    expect(Object.values(h.fire().connections.centrals).map((c) => c.rack_id)).toEqual(['rack-1']);
    h.undo();
    expect(plan(h.fire().units.racks['rack-1']!.coord)).toEqual([1, 1]);
    expect(h.fire().connections.rooms.k!.racks).toEqual(['rack-1']);
    expect(h.fire().connections.rooms.o).toBeUndefined();
  });

  it('a drop outside every room puts the rack back with the F§8 error; Escape during a drag puts it back too', () => {
    const h = racks();
    h.drag([1, 1.3], [9, 1.3], { release: false });
    expect(plan(h.fire().units.racks['rack-1']!.coord)).toEqual([9, 1]);
    h.up([9, 1.3]);
    expect(shown()).toEqual(['error: Racks must be placed in a room']);
    expect(plan(h.fire().units.racks['rack-1']!.coord)).toEqual([1, 1]);
    expect(h.fire().connections.rooms.k!.racks).toEqual(['rack-1']);
    h.drag([1, 1.3], [2, 2.3], { release: false });
    expect(plan(h.fire().units.racks['rack-1']!.coord)).toEqual([2, 2]);
    h.key('Escape');
    h.up([2, 2.3]);
    expect(plan(h.fire().units.racks['rack-1']!.coord)).toEqual([1, 1]);
  });

  it('r / R turn the selected racks by +10 and −1 degrees, within 0..360', () => {
    const h = racks();
    expect(rackSelectExtension.rotate(h.editor, 10)).toBe(true);
    expect(rackSelectExtension.rotate(h.editor, -1)).toBe(true);
    expect(h.fire().units.racks['rack-1']!.angle).toBe(9);
    expect(rotateRacksEdits(h.store.getState().model, ['rack-1'], -10)).toMatchObject([{ value: 359 }]);
    h.editor.select({ kind: 'none' });
    expect(rackSelectExtension.rotate(h.editor, 10)).toBe(false);
  });
});
