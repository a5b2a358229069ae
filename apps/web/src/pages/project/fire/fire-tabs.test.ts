import { describe, expect, it } from 'vitest';
import { emptyModel, rackUnitSchema, detectorSchema, type Model } from '@edrf/model';
import { testArch } from '../../../editor/arch/test-arch';
import { createFireConfigForTest } from './test-fire';
import { FIRE_TABS, canAddFireModule, nearestAllowed, tabBlocked } from './fire-tabs';

const withRooms = (): Model => ({ ...emptyModel(), arch: testArch() });

describe('the fire area’s gating (F§2, P§5)', () => {
  it('needs rooms to add the module and for Units; fire units for Sections and Export; a rack as well for Routes and Equipment', () => {
    const empty = emptyModel();
    expect(canAddFireModule(empty)).toBe(false);
    const model = { ...withRooms(), fire: createFireConfigForTest() };
    expect(canAddFireModule(model)).toBe(true);
    expect(FIRE_TABS.map((tab) => tabBlocked(model, tab.path))).toEqual([
      null,
      null,
      'Requires fire units',
      'Requires fire units and a rack',
      'Requires fire units and a rack',
      'Requires fire units',
    ]);
    const detector = detectorSchema.parse({ id: 'd1', storey_id: 's0', coord: [1, 1, 2.95] });
    const withDetector = { ...model, fire: { ...model.fire, units: { ...model.fire.units, detectors: { d1: detector } } } };
    expect(tabBlocked(withDetector, 'sections')).toBeNull();
    expect(tabBlocked(withDetector, 'routes')).toBe('Requires fire units and a rack');
    const rack = rackUnitSchema.parse({ id: 'r1', storey_id: 's0', coord: [1, 1, 0.1] });
    const withRack = { ...withDetector, fire: { ...withDetector.fire, units: { ...withDetector.fire.units, racks: { r1: rack } } } };
    expect(tabBlocked(withRack, 'equipment')).toBeNull();
  });

  it('sends a blocked tab to the nearest allowed one before it', () => {
    const model = { ...withRooms(), fire: createFireConfigForTest() };
    expect(nearestAllowed(model, 'routes')).toBe('units');
    expect(nearestAllowed(model, 'export')).toBe('units');
    expect(nearestAllowed({ ...model, arch: emptyModel().arch }, 'sections')).toBe('settings');
    expect(nearestAllowed(model, 'units')).toBe('units');
  });
});
