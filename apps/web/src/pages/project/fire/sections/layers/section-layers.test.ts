import { describe, expect, it } from 'vitest';
import { SECTION_PALETTE } from '@edrf/model';
import { buildPlanScene, type LayerStyle, type Ring } from '../../../../../editor/layers';
import type { OverlayDraw } from '../../../../../editor/overlay';
import type { SymbolLabel } from '../../../../../editor/plan-labels';
import { planHarness } from '../../../../../editor/harness';
import { selectSection } from '../section-selection';
import { sectionsModel } from '../test-sections';
import { SectionSelectTool } from '../tools/section-select';
import { PARTS_LAYER, partsLayer, sectionAddressLabels, sectionsLayers, selectedSectionPainter } from './section-layers';

/** An overlay drawer that records rings. */
function recorder() {
  const rings: { rings: readonly Ring[]; style: LayerStyle }[] = [];
  const draw: OverlayDraw = {
    scale: 20,
    rings: (r, style) => rings.push({ rings: r, style }),
    polyline: () => {},
    handles: () => {},
    text: () => {},
  };
  return { draw, rings };
}

const editorOn = (model = sectionsModel()) =>
  planHarness({ layers: sectionsLayers(), defaultTool: () => new SectionSelectTool() }, model, 's0').editor;

describe('the sections plan', () => {
  it('fills each part of the storey in its section’s colour, named by its room', () => {
    const model = sectionsModel();
    model.fire!.sections['section-2']!.parts.push({ room_id: 'o', shape: null });
    const scene = buildPlanScene(model, 's0', [partsLayer]);
    const parts = scene.items.filter((item) => item.layer === PARTS_LAYER);
    expect(parts.map((item) => [item.ref.id, partsLayer.style(item.styleKey).fill])).toEqual([
      ['k', SECTION_PALETTE[0]!.color],
      ['o', SECTION_PALETTE[1]!.color],
    ]);
  });

  it('draws the selected section in its highlight colour, its selected part dashed', () => {
    const editor = editorOn();
    const { draw, rings } = recorder();
    selectedSectionPainter(draw, editor);
    expect(rings).toEqual([]);
    editor.select(selectSection('section-1', 'k'));
    selectedSectionPainter(draw, editor);
    expect(rings.map((r) => r.style.stroke)).toEqual([SECTION_PALETTE[0]!.highlight_color, '#111111']);
    expect(rings[1]!.style.dash).toEqual([6, 4]);
  });

  it('writes each address beside its unit; units on one spot share a line', () => {
    const model = sectionsModel();
    model.fire!.units.sirens = { s1: { id: 's1', storey_id: 's0', product_id: '', coord: [1, 1, 2.95], angle: 0, locked_to: 'd1' } };
    model.fire!.sections['section-1']!.addresses = { d1: 3, s1: 1, d2: 2 };
    const labels: SymbolLabel[] = [];
    const editor = editorOn(model);
    sectionAddressLabels()({ beside: (label) => labels.push(label), note: () => {} }, editor);
    const texts = labels.flatMap((label) => label.lines);
    expect(texts.map((t) => t.text).sort()).toEqual(['1, 3', '2']);
    expect(new Set(texts.map((t) => t.color))).toEqual(new Set([SECTION_PALETTE[0]!.highlight_color]));
    // Beside the symbols: the shared spot's text beside the box holding the detector and the siren round it.
    const shared = labels.find((label) => label.lines[0]!.text === '1, 3')!;
    const siren = editor.scene.byKey.get('fire.units.sirens:s1')!.bounds;
    expect(shared.beside).toEqual(siren);
  });
});
