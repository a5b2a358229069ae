import { describe, expect, it } from 'vitest';
import { Color } from 'three';
import { meshCatalogue, type ItemRef, type Model } from '@edrf/model';
import { testModel } from '../../../../../editor/arch/test-arch';
import { NOTHING, type Selection } from '../../../../../editor/selection';
import { buildSceneData } from '../../../../../view3d/scene-data';
import { unitsBackgroundLayers } from '../layers/unit-layers';
import { createFireConfigForTest } from '../../test-fire';
import {
  HIDDEN_DETECTOR_COLOUR,
  UNITS_SCENE_OPTIONS,
  UNIT_SCALE_3D,
  clickSelection,
  layers3d,
  selectedUnitIds,
  unitColour,
  unitRefById,
} from './unit-instances';

/** The test arch (s0: floor 0, top 3; s1: floor 3, top 6), the SBF module and one unit of each drawn kind on s0. */
function unitsModel(): Model {
  const model: Model = { ...testModel(), fire: createFireConfigForTest('Sbf1108') };
  const units = model.fire!.units;
  units.detectors['det-1'] = { id: 'det-1', storey_id: 's0', coord: [1, 1, 2.95], product_id: '', hidden: false };
  units.detectors['det-2'] = { id: 'det-2', storey_id: 's0', coord: [2, 1, 2.95], product_id: '', hidden: true };
  units.sirens['sir-1'] = { id: 'sir-1', storey_id: 's0', coord: [3, 1, 2.95], product_id: '', angle: 90, locked_to: '' };
  units.buttons['btn-1'] = { id: 'btn-1', storey_id: 's0', coord: [1, 2, 1], product_id: '', angle: 0, door_id: '' };
  units.racks['rack-1'] = { id: 'rack-1', storey_id: 's0', coord: [2, 2, 0.1], label: '', angle: 0, size: [46, 220], physical: true };
  return model;
}

const hex = (rgb: readonly number[]) => new Color().fromArray(rgb).getHexString();

describe('unit colours in 3D', () => {
  const model = unitsModel();
  const units = model.fire!.units;

  it('are the plan colours: detectors red, sirens orange, buttons dark red, racks as their plan layer; hidden detectors grey', () => {
    expect(hex(unitColour('detectors', units.detectors['det-1']!))).toBe('d62828');
    expect(hex(unitColour('detectors', units.detectors['det-2']!))).toBe(HIDDEN_DETECTOR_COLOUR.slice(1));
    expect(hex(unitColour('sirens', units.sirens['sir-1']!))).toBe('d9480f');
    expect(hex(unitColour('buttons', units.buttons['btn-1']!))).toBe('b3261e');
    expect(hex(unitColour('racks', units.racks['rack-1']!))).toBe('b3261e');
  });

  it('go into the scene one per instance, hidden detectors included (the model page leaves them out)', () => {
    const catalogue = meshCatalogue();
    const data = buildSceneData(model, catalogue, UNITS_SCENE_OPTIONS);
    const detectors = data.instances.units.find((group) => group.shape === 'SmokeDetector')!;
    expect(detectors.ids).toEqual(['det-1', 'det-2']);
    expect(hex([...detectors.colors!.subarray(3, 6)])).toBe(HIDDEN_DETECTOR_COLOUR.slice(1));
    expect(data.instances.units.flatMap((group) => group.ids).sort()).toEqual(['btn-1', 'det-1', 'det-2', 'rack-1', 'sir-1']);
    const plain = buildSceneData(model, catalogue);
    expect(plain.instances.units.find((group) => group.shape === 'SmokeDetector')!.ids).toEqual(['det-1']);
    expect(plain.instances.units.every((group) => group.colors === undefined)).toBe(true);
  });

  it('units but racks are drawn UNIT_SCALE_3D times their size, turned by their angle', () => {
    const data = buildSceneData(model, meshCatalogue(), UNITS_SCENE_OPTIONS);
    const matrix = (shape: string) => data.instances.units.find((group) => group.shape === shape)!.matrices;
    const siren = matrix('Sounder');
    // Turned 90°: the x axis goes to +y, scaled.
    expect([siren[0], siren[1], siren[12], siren[13], siren[14]].map((v) => Number(v!.toFixed(5)))).toEqual([0, UNIT_SCALE_3D, 3, 1, 2.95]);
    expect(matrix('Rack')[0]).toBe(1);
  });
});

describe('a click in 3D as the plan selection', () => {
  const model = unitsModel();
  const det1: ItemRef = { kind: 'fire.units.detectors', id: 'det-1' };
  const sir1: ItemRef = { kind: 'fire.units.sirens', id: 'sir-1' };

  it('names a unit by its id in its group, racks too', () => {
    expect(unitRefById(model.fire, 'sir-1')).toEqual(sir1);
    expect(unitRefById(model.fire, 'rack-1')).toEqual({ kind: 'fire.units.racks', id: 'rack-1' });
    expect(unitRefById(model.fire, 'nope')).toBeNull();
    expect(unitRefById(null, 'det-1')).toBeNull();
  });

  it('selects the unit alone; shift adds and toggles; anything else clears, or with shift keeps', () => {
    const one = clickSelection(NOTHING, model, { layer: 'units', id: 'det-1' }, false);
    expect(one).toEqual({ kind: 'items', items: [det1] });
    const two = clickSelection(one, model, { layer: 'units', id: 'sir-1' }, true);
    expect(two).toEqual({ kind: 'items', items: [det1, sir1] });
    expect(clickSelection(two, model, { layer: 'units', id: 'det-1' }, true)).toEqual({ kind: 'items', items: [sir1] });
    expect(clickSelection(two, model, { layer: 'units', id: 'sir-1' }, false)).toEqual({ kind: 'items', items: [sir1] });
    expect(clickSelection(two, model, null, true)).toBe(two);
    expect(clickSelection(two, model, null, false)).toEqual(NOTHING);
    // Another object of the building is not a unit: the click is on 'nothing' the page selects.
    expect(clickSelection(two, model, { layer: 'objects', id: 'det-1' }, false)).toEqual(NOTHING);
  });

  it('highlights the selected units only', () => {
    const selection: Selection = {
      kind: 'items',
      items: [det1, { kind: 'arch.rooms', id: 'k' }, { kind: 'fire.units.racks', id: 'rack-1' }],
    };
    expect([...selectedUnitIds(selection)]).toEqual(['det-1', 'rack-1']);
    expect(selectedUnitIds(NOTHING).size).toBe(0);
    expect(selectedUnitIds({ kind: 'storey', storeyId: 's0' }).size).toBe(0);
  });
});

describe('the Layers box in 3D', () => {
  const layers = unitsBackgroundLayers();

  it('Rooms, Ceilings and Other objects as toggled; walls, slabs, doors, stairs and units on; trays off', () => {
    expect(layers3d(layers, {})).toEqual({
      walls: true,
      slabs: true,
      stairs: true,
      doors: true,
      ceilings: false,
      rooms: true,
      trays: false,
      objects: true,
      units: true,
    });
    expect(layers3d(layers, { rooms: false, ceilings: true, objects: false })).toMatchObject({
      rooms: false,
      ceilings: true,
      objects: false,
      walls: true,
      units: true,
    });
  });
});
