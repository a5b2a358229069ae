import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Fire, Model, Point2 } from '@edrf/model';
import { testModel } from '../../../../../editor/arch/test-arch';
import { planHarness } from '../../../../../editor/harness';
import { createFireConfigForTest } from '../../test-fire';
import { UNIT_LAYER, labelTexts, unitLayers, unitsBackgroundLayers } from '../layers/unit-layers';
import type { PlacedGroup, UnitKind } from '../unit-kinds';
import { PlaceUnitTool, type PlaceUnitToolOptions } from './place-unit-tool';
import { unitActions } from './unit-actions';
import { UnitSelectTool } from './unit-select';
import { createUnitDrags, type UnitDrags } from './unit-drags';

/**
 * The units page's editor as UnitsPage configures it, on the test arch (storey s0: floor 0, top 3; kitchen
 * 0..4 × 0..3, office 4..7 × 0..3) with the SBF fire module (the engine's own product lists).
 */
function units(edit: (model: Model) => void = () => {}, opts: { batchMs?: number; drags?: UnitDrags } = {}) {
  const model: Model = { ...testModel(), fire: createFireConfigForTest('Sbf1108') };
  edit(model);
  const h = planHarness(
    {
      layers: [...unitsBackgroundLayers(), ...unitLayers()],
      defaultTool: () => new UnitSelectTool(undefined, opts.drags),
      painters: [labelTexts],
    },
    model,
    's0',
    opts,
  );
  h.editor.setActions(
    unitActions(h.editor, {
      replaceModel: (next) => h.store.replaceModel(next, '/project/p/fire/units'),
      placeTool: (kind) => new PlaceUnitTool(kind),
      hidden: () => false,
      setHidden: () => {},
      noStorey: () => false,
      racksOff: () => false,
      rackSlots: { toolbar: [], more: [] },
    }),
  );
  const fire = () => h.model.fire!;
  const group = <G extends PlacedGroup>(g: G) => Object.values(fire().units[g] as Record<string, Fire['units'][G][string]>);
  const arm = (kind: UnitKind, opts: PlaceUnitToolOptions = {}) => {
    const tool = new PlaceUnitTool(kind, opts);
    h.editor.useTool(tool);
    return tool;
  };
  const selected = () => (h.editor.selection.kind === 'items' ? h.editor.selection.items.map((ref) => ref.id) : []);
  return { ...h, fire, group, arm, selected };
}

/** A point to the micrometre: presses go through screen pixels and back, which leaves the last bits of a double. */
const um = (p: readonly number[]): number[] => p.map((v) => Math.round(v * 1e6) / 1e6 + 0);

afterEach(() => vi.restoreAllMocks());

describe('placing units', () => {
  // F§9 heights on s0 (floor 0, top 3): detector and siren 3 − 0.05, button 0 + 1, IO 0 + 0.1, other units (and labels) 1.5.
  const cases: [UnitKind, PlacedGroup, number, string | null, Record<string, unknown>][] = [
    ['detector', 'detectors', 2.95, 'sbf-smoke', { hidden: false }],
    ['siren', 'sirens', 2.95, 'sbf-sounder', { angle: 0, locked_to: '' }],
    ['button', 'buttons', 1, 'sbf-callpoint', { angle: 0 }],
    ['io', 'ios', 0.1, 'sbf-io-1-1', { inputs: [], outputs: [] }],
    ['annunciator', 'others', 1.5, 'sbf-annunciator', { unit_type: 'annunciator' }],
    ['infopanel', 'others', 1.5, 'sbf-infopanel', { unit_type: 'infopanel' }],
    ['delaypanel', 'others', 1.5, 'sbf-delaypanel', { unit_type: 'delaypanel' }],
    ['endoflineresistor', 'others', 1.5, 'sbf-eol', { unit_type: 'endoflineresistor' }],
    ['sprinklercentral', 'others', 1.5, 'sbf-sprinkler', { unit_type: 'sprinklercentral' }],
    ['firedamper', 'others', 1.5, 'sbf-firedamper', { unit_type: 'firedamper' }],
    ['entryway', 'others', 1.5, 'sbf-entryway', { unit_type: 'entryway' }],
    ['strobelight', 'others', 1.5, 'sbf-strobe', { unit_type: 'strobelight' }],
    ['label', 'labels', 1.5, null, { label: 'Label' }],
  ];

  it.each(cases)(
    'a press with the %s tool places one at the pointer, at its F§9 height, with the first product of its kind',
    (kind, group, z, product, extra) => {
      const h = units();
      h.arm(kind);
      h.click([2, 1]);
      const placed = h.group(group);
      expect(placed).toHaveLength(1);
      const unit = placed[0]!;
      expect(um(unit.coord)).toEqual([2, 1, z]);
      expect(unit.storey_id).toBe('s0');
      if (product !== null) expect(unit).toMatchObject({ product_id: product });
      expect(unit).toMatchObject(extra);
      // The new unit is selected and drawn on its layer; the tool stays armed for the next one.
      expect(h.selected()).toEqual([unit.id]);
      expect(h.editor.scene.items.filter((item) => item.layer === UNIT_LAYER[group])).toHaveLength(1);
      expect(h.editor.tool.id).toBe(`place-${kind}`);
    },
  );

  it('a tool stays armed, each unit is its own undo step, and Escape ends the tool', () => {
    const h = units();
    h.arm('button');
    h.click([1, 1]);
    h.click([2, 1]);
    expect(h.group('buttons').map((b) => b.id)).toEqual(['btn-1', 'btn-2']);
    h.undo();
    expect(h.group('buttons').map((b) => b.id)).toEqual(['btn-1']);
    expect(h.key('Escape')).toBe(true);
    expect(h.editor.tool.id).toBe('select');
    h.click([5, 2]);
    expect(h.group('buttons')).toHaveLength(1);
  });

  it('takes the product chosen for the tool while its list has it, else the first', () => {
    let chosen: string | null = 'sbf-heat-a1r';
    const h = units();
    h.arm('detector', { product: () => chosen });
    h.click([1, 1]);
    chosen = 'gone';
    h.click([3, 1]);
    expect(h.group('detectors').map((d) => d.product_id)).toEqual(['sbf-heat-a1r', 'sbf-smoke']);
  });

  it('with no product in its list, logs "No product found for {unit}" and places the unit without one', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const h = units((m) => {
      m.fire!.config.products.detectors = [];
      m.fire!.config.products.other_units = m.fire!.config.products.other_units.filter((p) => p.unit_type !== 'firedamper');
    });
    h.arm('detector');
    h.click([1, 1]);
    h.arm('firedamper');
    h.click([2, 1]);
    h.arm('button');
    h.click([3, 1]);
    expect(warn.mock.calls).toEqual([['No product found for detector'], ['No product found for firedamper']]);
    expect(h.group('detectors')[0]!.product_id).toBe('');
    expect(h.group('others')[0]).toMatchObject({ product_id: '', unit_type: 'firedamper' });
    expect(h.group('buttons')[0]!.product_id).toBe('sbf-callpoint');
  });

  it('gives ids no unit of any group has (the fire schema refuses one id in two groups)', () => {
    const h = units((m) => {
      m.fire!.units.labels['det-1'] = { id: 'det-1', storey_id: 's0', coord: [0, 0, 1], angle: 0, label: 'x' };
    });
    h.arm('detector');
    h.click([1, 1]);
    h.click([3, 1]);
    expect(h.group('detectors').map((d) => d.id)).toEqual(['det-2', 'det-3']);
  });
});

describe('r and R turn units (F§4)', () => {
  it('turn the pending unit by +10 and −1 degrees, past 0 and 360, and the unit is placed so', () => {
    const h = units();
    const tool = h.arm('siren');
    expect(h.key('R')).toBe(true);
    expect(tool.state.angle).toBe(359);
    h.key('r');
    h.key('r');
    expect(tool.state.angle).toBe(19);
    h.click([1, 1]);
    expect(h.group('sirens')[0]!.angle).toBe(19);
  });

  it('turn the selected units that have an angle; a detector has none and stays as it is', () => {
    const h = units();
    h.arm('siren');
    h.click([1, 1]);
    h.arm('label');
    h.click([2, 1]);
    h.arm('detector');
    h.click([3, 1]);
    h.key('Escape');
    h.drag([0.3, 0.3], [3.7, 2]);
    expect(h.selected().sort()).toEqual(['det-1', 'label-1', 'sir-1']);
    h.key('r');
    h.key('R');
    h.key('R');
    expect([h.group('sirens')[0]!.angle, h.group('labels')[0]!.angle]).toEqual([8, 8]);
    expect(h.group('detectors')[0]).not.toHaveProperty('angle');
  });
});

describe('selecting, deleting and dragging units', () => {
  /** A siren at (1, 1), a button at (3, 1), a detector at (5, 2); nothing selected. No batching: every recorded edit is a step. */
  function three(drags?: UnitDrags) {
    const h = units(undefined, { batchMs: 0, drags });
    h.arm('siren');
    h.click([1, 1]);
    h.arm('button');
    h.click([3, 1]);
    h.arm('detector');
    h.click([5, 2]);
    h.key('Escape');
    h.editor.select({ kind: 'none' });
    return h;
  }

  it('only units are picked: a click on a room selects nothing; shift adds and toggles; a box takes the units wholly inside', () => {
    const h = three();
    h.click([2, 2.5]);
    expect(h.editor.selection.kind).toBe('none');
    h.click([1, 1]);
    h.click([3, 1], { shift: true });
    expect(h.selected()).toEqual(['sir-1', 'btn-1']);
    h.click([1, 1], { shift: true });
    expect(h.selected()).toEqual(['btn-1']);
    h.drag([0.2, 0.2], [3.5, 2.5]);
    expect(h.selected().sort()).toEqual(['btn-1', 'sir-1']);
    // The detector's symbol crosses the box's edge at x = 5: not wholly inside, not taken.
    h.drag([0.2, 0.2], [5, 2.5]);
    expect(h.selected().sort()).toEqual(['btn-1', 'sir-1']);
  });

  it('Delete removes the selection as one undo step', () => {
    const h = three();
    h.drag([0.2, 0.2], [3.5, 2.5]);
    expect(h.key('Delete')).toBe(true);
    expect([h.group('sirens'), h.group('buttons')]).toEqual([[], []]);
    expect(h.group('detectors')).toHaveLength(1);
    expect(h.editor.selection.kind).toBe('none');
    h.undo();
    expect([h.group('sirens').length, h.group('buttons').length]).toEqual([1, 1]);
  });

  it('a press on the one selected unit drags it as one gesture: previewed, one undo step; Escape puts it back', () => {
    const h = three();
    h.click([3, 1]);
    h.drag([3, 1], [3.5, 2], { release: false });
    expect(um(h.group('buttons')[0]!.coord)).toEqual([3.5, 2, 1]);
    expect(h.store.getState().canUndo).toBe(true);
    h.key('Escape');
    h.up([3.5, 2]);
    expect(um(h.group('buttons')[0]!.coord)).toEqual([3, 1, 1]);
    h.drag([3, 1], [3.5, 2]);
    expect(um(h.group('buttons')[0]!.coord)).toEqual([3.5, 2, 1]);
    h.undo();
    expect(um(h.group('buttons')[0]!.coord)).toEqual([3, 1, 1]);
    // One step: the undo before it removes the detector placed last, not a part of the drag.
    expect(h.group('detectors')).toHaveLength(1);
    h.undo();
    expect(h.group('detectors')).toHaveLength(0);
  });

  it('tells the page’s drags when a unit’s drag starts and ends, the drop already in the model (the analysis asks then)', () => {
    const drags = createUnitDrags();
    const h = three(drags);
    const ends: number[][] = [];
    drags.onEnd(() => ends.push(um(h.group('buttons')[0]!.coord)));
    h.click([3, 1]);
    expect(drags.dragging).toBe(false);
    h.drag([3, 1], [3.5, 2], { release: false });
    expect(drags.dragging).toBe(true);
    h.up([3.5, 2]);
    expect(drags.dragging).toBe(false);
    expect(ends).toEqual([[3.5, 2, 1]]);
    // Escape ends it too, the unit back where it was.
    h.drag([3.5, 2], [4, 2], { release: false });
    h.key('Escape');
    expect(drags.dragging).toBe(false);
    expect(ends).toEqual([
      [3.5, 2, 1],
      [3.5, 2, 1],
    ]);
    h.up([4, 2]);
    // A box drawn is not a unit's drag.
    h.drag([0.2, 0.2], [3.8, 2.5], { release: false });
    expect(drags.dragging).toBe(false);
    h.up([3.8, 2.5]);
    expect(ends).toHaveLength(2);
  });

  it('with more than one unit selected a press draws a box instead of dragging', () => {
    const h = three();
    h.drag([0.2, 0.2], [3.5, 2.5]);
    expect(h.selected()).toEqual(['sir-1', 'btn-1']);
    h.drag([1, 1], [6, 3]);
    h.drag([3, 1], [6, 3]);
    expect([um(h.group('sirens')[0]!.coord), um(h.group('buttons')[0]!.coord)]).toEqual([
      [1, 1, 2.95],
      [3, 1, 1],
    ]);
    expect(h.selected()).toEqual(['det-1']);
  });
});

describe('hidden and visible detectors pair (F§4)', () => {
  it('a hidden detector placed within 0.5 m of a free visible one goes onto it; farther, or when it is taken, it stays', () => {
    let hidden = false;
    const h = units();
    h.arm('detector', { hidden: () => hidden });
    h.click([2, 2]);
    hidden = true;
    h.click([2.3, 2.2]);
    h.click([2.2, 2.3]);
    h.click([2.6, 2]);
    const [visible, paired, second, far] = h.group('detectors');
    expect(visible!.hidden).toBe(false);
    expect(paired!.hidden).toBe(true);
    expect(um(paired!.coord)).toEqual([2, 2, 2.95]);
    // The visible one is taken: the second hidden detector stays where it was pressed.
    expect(um(second!.coord)).toEqual([2.2, 2.3, 2.95]);
    expect(um(far!.coord)).toEqual([2.6, 2, 2.95]);
    // Drawn dashed, and the pair as one symbol: the hidden ring has no letter of its own.
    const item = h.editor.scene.byKey.get(`fire.units.detectors:${paired!.id}`)!;
    expect(item.styleKey).toBe('hidden');
    expect(item.lines).toEqual([]);
    expect(h.editor.scene.byKey.get(`fire.units.detectors:${second!.id}`)!.lines!.length).toBeGreaterThan(0);
  });

  it('a visible detector placed near a free hidden one pairs too, and dragging one near another pairs it', () => {
    let hidden = true;
    const h = units();
    h.arm('detector', { hidden: () => hidden });
    h.click([2, 2]);
    hidden = false;
    h.click([2.4, 2]);
    h.click([4.5, 2]);
    expect(um(h.group('detectors')[1]!.coord)).toEqual([2, 2, 2.95]);
    h.key('Escape');
    // A hidden one dragged from afar to 0.3 m of the free visible detector at (4.5, 2) snaps onto it.
    hidden = true;
    h.arm('detector', { hidden: () => hidden });
    h.click([6, 1]);
    h.key('Escape');
    h.click([6, 1]);
    h.drag([6, 1], [4.8, 2]);
    expect(um(h.group('detectors')[3]!.coord)).toEqual([4.5, 2, 2.95]);
  });
});

describe('sirens socketed onto detectors (F§4)', () => {
  it('with Socket on, a press near a detector puts a socket siren on it (locked_to); away from any, nothing', () => {
    const h = units();
    h.arm('detector');
    h.click([2, 2]);
    h.arm('siren', { socket: () => true });
    h.click([6, 1]);
    expect(h.group('sirens')).toHaveLength(0);
    h.click([2.3, 2.1]);
    const [siren] = h.group('sirens');
    expect(siren).toMatchObject({ product_id: 'sbf-sounder-base', locked_to: 'det-1' });
    expect(um(siren!.coord)).toEqual([2, 2, 2.95]);
    // One siren a socket: a second press there finds no free detector.
    h.click([2, 2]);
    expect(h.group('sirens')).toHaveLength(1);
    expect(h.editor.scene.byKey.get('fire.units.sirens:sir-1')!.styleKey).toBe('socketed');
  });

  it('without a siren product that has a detector socket, warns "No sirens with detector socket found" and places nothing', () => {
    const warn = vi.fn();
    const h = units((m) => {
      m.fire!.config.products.sirens = m.fire!.config.products.sirens.filter((p) => !p.detector_socket);
    });
    h.arm('detector');
    h.click([2, 2]);
    h.arm('siren', { socket: () => true, warn });
    h.click([2, 2]);
    expect(warn).toHaveBeenCalledWith('No sirens with detector socket found');
    expect(h.group('sirens')).toHaveLength(0);
  });

  it('a socketed siren moves with its detector; dragged away it leaves the socket', () => {
    const h = units();
    h.arm('detector');
    h.click([2, 2]);
    h.arm('siren', { socket: () => true });
    h.click([2, 2]);
    h.key('Escape');
    // The new siren is selected, and a press on it would drag it: start from nothing selected.
    h.editor.select({ kind: 'none' });
    h.click([2, 2]);
    expect(h.selected()).toEqual(['det-1']);
    h.drag([2, 2], [3, 1.5]);
    expect(um(h.group('sirens')[0]!.coord)).toEqual([3, 1.5, 2.95]);
    expect(h.group('sirens')[0]!.locked_to).toBe('det-1');
    // A press on the triangle's corner (outside the detector's circle) picks the siren.
    h.click([3, 1.5 + 0.4]);
    expect(h.selected()).toEqual(['sir-1']);
    h.drag([3, 1.9], [5, 1.9]);
    expect(h.group('sirens')[0]!.locked_to).toBe('');
  });

  it('deleting a detector leaves its socketed siren where it was, unsocketed', () => {
    const h = units();
    h.arm('detector');
    h.click([2, 2]);
    h.arm('siren', { socket: () => true });
    h.click([2, 2]);
    h.key('Escape');
    h.editor.select({ kind: 'items', items: [{ kind: 'fire.units.detectors', id: 'det-1' }] });
    h.key('Delete');
    expect(h.group('detectors')).toHaveLength(0);
    expect(h.group('sirens')[0]).toMatchObject({ locked_to: '' });
  });
});

describe('the page’s layers', () => {
  it('F§2 toggles Rooms, Ceilings and Other objects; slabs and beams are not on this page', () => {
    const layers = unitsBackgroundLayers();
    expect(layers.filter((l) => l.toggle).map((l) => [l.toggle!.label, l.toggle!.on])).toEqual([
      ['Rooms', true],
      ['Ceilings', false],
      ['Other objects', true],
    ]);
    expect(layers.map((l) => l.id)).not.toContain('slabs');
    expect(layers.every((l) => l.pick === 'none')).toBe(true);
  });

  it('a unit on another storey is not drawn on this one', () => {
    const h = units();
    h.arm('io');
    h.click([1, 1] as Point2);
    h.editor.setStorey('s1');
    expect(h.editor.scene.items.filter((item) => item.layer === UNIT_LAYER.ios)).toHaveLength(0);
  });
});
