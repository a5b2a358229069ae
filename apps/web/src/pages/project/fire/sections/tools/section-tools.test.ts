import { afterEach, describe, expect, it } from 'vitest';
import { HARNESS_PAGE, planHarness } from '../../../../../editor/harness';
import { applyEdits } from '../../../../../state/history';
import { alertsStore } from '../../../../../ui/alerts';
import { sectionsLayers, sectionsPainters } from '../layers/section-layers';
import { pickOf, selectSection } from '../section-selection';
import { sectionsModel } from '../test-sections';
import { partShapeTool, PART_SHAPE } from './part-shape-tool';
import { sectionActions } from './section-commands';
import { SectionEditTool } from './section-edit-tool';
import { SectionSelectTool } from './section-select';

const harness = () => {
  const h = planHarness(
    { layers: sectionsLayers(), defaultTool: () => new SectionSelectTool(), painters: sectionsPainters() },
    sectionsModel(),
    's0',
  );
  h.editor.setActions(
    sectionActions(
      h.editor,
      () => false,
      (requests) => h.store.replaceModel(applyEdits(h.model, requests).model, HARNESS_PAGE),
    ),
  );
  return h;
};

afterEach(() => alertsStore.set([]));

describe('the sections page’s tools', () => {
  it('a click on a part selects its section with the part; on nothing clears', () => {
    const h = harness();
    h.click([0.5, 2.5]);
    expect(pickOf(h.editor.selection, h.model)).toEqual({ kind: 'section', sectionId: 'section-1', roomId: 'k' });
    // The office is in no section: nothing of it is picked.
    h.click([6, 2.5]);
    expect(pickOf(h.editor.selection, h.model)).toEqual({ kind: 'none' });
  });

  it('a click on a unit in a section gives it the lowest unused address, one undo step', () => {
    const h = harness();
    h.click([3, 2]);
    expect(pickOf(h.editor.selection, h.model)).toEqual({ kind: 'unit', group: 'detectors', unitId: 'd2' });
    expect(h.model.fire!.sections['section-1']!.addresses).toEqual({ d1: 1, d2: 2 });
    // A second click leaves the address as it is; d3, in the office (no section), belongs to the nearest part on its
    // storey, the kitchen's: the engine's rule, which calc_fire_sections addresses by.
    h.click([3, 2]);
    expect(h.model.fire!.sections['section-1']!.addresses).toEqual({ d1: 1, d2: 2 });
    h.click([5.5, 1.5]);
    expect(h.model.fire!.sections['section-1']!.addresses).toEqual({ d1: 1, d2: 2, d3: 3 });
    h.undo();
    h.undo();
    expect(h.model.fire!.sections['section-1']!.addresses).toEqual({ d1: 1 });
  });

  it('Edit moves clicked rooms into the section and takes its own out, previewed, Apply one undo step', () => {
    const h = harness();
    const tool = new SectionEditTool('section-1');
    h.editor.useTool(tool);
    h.click([6, 2.5]);
    expect(h.model.fire!.sections['section-1']!.parts.map((p) => p.room_id)).toEqual(['k', 'o']);
    h.click([0.5, 2.5]);
    expect(h.model.fire!.sections['section-1']).toMatchObject({ parts: [{ room_id: 'o' }], addresses: {} });
    h.key('Enter');
    expect(h.editor.tool.id).toBe('select');
    expect(h.model.fire!.sections['section-1']!.parts.map((p) => p.room_id)).toEqual(['o']);
    h.undo();
    expect(h.model.fire!.sections['section-1']).toMatchObject({ parts: [{ room_id: 'k' }], addresses: { d1: 1 } });
  });

  it('Escape cancels Edit: nothing changes and there is nothing to undo', () => {
    const h = harness();
    const before = h.model;
    h.editor.useTool(new SectionEditTool('section-1'));
    h.click([6, 2.5]);
    h.key('Escape');
    expect(h.model.fire!.sections).toEqual(before.fire!.sections);
    expect(h.store.getState().canUndo).toBe(false);
  });

  it('e edits the selected part’s shape; Enter applies a simple polygon, refuses a bad one with Invalid section shape', async () => {
    const h = harness();
    h.editor.select(selectSection('section-1', 'k'));
    h.key('e');
    expect(h.editor.tool.id).toBe(PART_SHAPE);
    // Drag the corner (4, 3) in to (2, 3): a smaller part.
    h.drag([4, 3], [2, 3]);
    h.key('Enter');
    await Promise.resolve();
    expect(h.model.fire!.sections['section-1']!.parts[0]!.shape!.exterior).toEqual([
      [0, 0],
      [4, 0],
      [2, 3],
      [0, 3],
    ]);
    expect(h.editor.tool.id).toBe('select');

    h.editor.select(selectSection('section-1', 'k'));
    h.key('e');
    // (2, 3) dragged below the bottom edge: its edges cross it, a bow tie.
    h.drag([2, 3], [2, -1]);
    h.key('Enter');
    await Promise.resolve();
    expect(alertsStore.get().map((a) => a.msg)).toContain('Invalid section shape');
    expect(h.editor.tool.id).toBe(PART_SHAPE);
    expect(h.model.fire!.sections['section-1']!.parts[0]!.shape!.exterior[2]).toEqual([2, 3]);
    h.key('Escape');
    expect(h.editor.tool.id).toBe('select');
  });

  it('a part shape tool needs a part', () => {
    const h = harness();
    expect(partShapeTool(h.editor, 'section-1', 'o')).toBeNull();
  });

  it('Delete removes the selected part, then the section; on a unit its address', () => {
    const h = harness();
    h.editor.select(selectSection('section-1', 'k'));
    h.key('Delete');
    expect(h.model.fire!.sections['section-1']).toMatchObject({ parts: [], addresses: {} });
    expect(pickOf(h.editor.selection, h.model)).toEqual({ kind: 'section', sectionId: 'section-1', roomId: null });
    h.key('Delete');
    expect(Object.keys(h.model.fire!.sections)).toEqual(['section-2']);
    h.undo();
    h.undo();
    h.editor.select({ kind: 'items', items: [{ kind: 'fire.units.detectors', id: 'd1' }] });
    h.key('Delete');
    expect(h.model.fire!.sections['section-1']!.addresses).toEqual({});
    expect(h.model.fire!.units.detectors.d1).toBeDefined();
  });
});
