import type { Model, Section } from '@edrf/model';
import { SECTION_PALETTE } from '@edrf/model';
import { testModel } from '../../../../editor/arch/test-arch';
import { createFireConfigForTest, testDetectors } from '../test-fire';

/** A section for tests: palette pair `colour`, rooms as parts without a shape. */
export const testSection = (id: string, name: string, rooms: string[], addresses: Record<string, number> = {}, colour = 0): Section => ({
  id,
  name,
  description: '',
  color: SECTION_PALETTE[colour]!.color,
  highlight_color: SECTION_PALETTE[colour]!.highlight_color,
  parts: rooms.map((room_id) => ({ room_id, shape: null })),
  addresses,
});

/**
 * The test arch (kitchen k 0..4 × 0..3 and office o 4..7 × 0..3 on s0, Upstairs u on s1) with a fire module:
 * detectors d1 (kitchen), d2 (kitchen), d3 (office), d4 (upstairs), a button b1 (office); section 'section-1'
 * named '1' holds the kitchen with d1 at address 1, 'section-2' named '10' holds Upstairs.
 */
export function sectionsModel(): Model {
  const model: Model = { ...testModel(), fire: createFireConfigForTest('Sbf1108') };
  const fire = model.fire!;
  fire.units.detectors = testDetectors();

  fire.units.buttons = { b1: { id: 'b1', storey_id: 's0', door_id: '', product_id: '', coord: [6.5, 0.5, 1], angle: 0 } };
  fire.sections = {
    'section-1': testSection('section-1', '1', ['k'], { d1: 1 }),
    'section-2': testSection('section-2', '10', ['u'], {}, 1),
  };
  return model;
}
