import { describe, expect, it } from 'vitest';
import {
  deleteItems,
  emptyModel,
  findDanglingReferences,
  fireSchema,
  meshCatalogue,
  newRack,
  type Fire,
  type Model,
  type Point2,
} from '@edrf/model';
import { rect, testArch } from '../../../../../editor/arch/test-arch';
import { applyEdits } from '../../../../../state/history';
import { createFireConfigForTest } from '../../test-fire';
import {
  EQUIPMENT_LABEL,
  RACK_FOOTPRINT,
  moveRackEdits,
  nextRoomLabel,
  placeRackEdits,
  rackDisplayLabel,
  rackOutline,
  roomAt,
  type PlacedRack,
  type RackMode,
} from './rack-edits';

/** The test arch (s0: kitchen k 0..4 × 0..3, office o 4..7 × 0..3; s1: room u 0..7 × 0..3) with the SBF fire module. */
function fireModel(edit: (model: Model) => void = () => {}): Model {
  const model: Model = { ...emptyModel(), arch: testArch(), fire: createFireConfigForTest('Sbf1108') };
  edit(model);
  return model;
}

const fire = (model: Model): Fire => model.fire!;

/** Places a rack and applies it; fails the test when refused. */
function place(model: Model, at: Point2, mode: RackMode = 'rack', storey = 's0', angle = 0): { model: Model; placed: PlacedRack } {
  const placed = placeRackEdits(model, storey, at, mode, angle);
  if (!placed.ok) throw new Error(`refused: ${placed.error}`);
  return { model: applyEdits(model, placed.requests).model, placed };
}

/** A unit box in rack units lies inside the rack with 2 units free on every side. */
const inside = (pos: readonly number[], size: readonly number[], rack: readonly number[]) =>
  pos[0]! >= 2 && pos[1]! >= 2 && pos[0]! + size[0]! <= rack[0]! - 2 && pos[1]! + size[1]! <= rack[1]! - 2;

describe('where a rack may stand', () => {
  it('outside every room of the storey it is refused with the F§8 text', () => {
    const model = fireModel();
    expect(placeRackEdits(model, 's0', [8, 1], 'rack')).toEqual({ ok: false, error: 'Racks must be placed in a room' });
    expect(placeRackEdits(model, 's0', [2, -0.5], 'rack-central-plinth')).toMatchObject({ ok: false });
  });

  it('a room of another storey does not count', () => {
    const model = fireModel((m) => {
      m.arch.rooms.far = { ...m.arch.rooms.u!, id: 'far', name: 'Far', shape: { ...m.arch.rooms.u!.shape, exterior: rect(10, 0, 12, 2) } };
      m.arch.storeys.s1!.rooms.push('far');
    });
    expect(placeRackEdits(model, 's0', [11, 1], 'rack')).toMatchObject({ ok: false, error: 'Racks must be placed in a room' });
    expect(placeRackEdits(model, 's1', [11, 1], 'rack')).toMatchObject({ ok: true, roomId: 'far' });
    // The same plan point is the kitchen on s0 and room u on s1.
    expect(roomAt(model, 's0', [1, 1])?.id).toBe('k');
    expect(roomAt(model, 's1', [1, 1])?.id).toBe('u');
  });

  it('a hole in a room is not in the room; where rooms overlap, the smaller one takes the rack', () => {
    const model = fireModel((m) => {
      m.arch.rooms.k!.shape.interiors = [rect(1, 1, 2, 2)];
      m.arch.rooms.cupboard = {
        ...m.arch.rooms.o!,
        id: 'cupboard',
        name: 'Cupboard',
        shape: { ...m.arch.rooms.o!.shape, exterior: rect(5, 1, 6, 2) },
      };
      m.arch.storeys.s0!.rooms.push('cupboard');
    });
    expect(placeRackEdits(model, 's0', [1.5, 1.5], 'rack')).toMatchObject({ ok: false, error: 'Racks must be placed in a room' });
    expect(placeRackEdits(model, 's0', [3, 1.5], 'rack')).toMatchObject({ ok: true, roomId: 'k' });
    expect(placeRackEdits(model, 's0', [5.5, 1.5], 'rack')).toMatchObject({ ok: true, roomId: 'cupboard' });
    expect(placeRackEdits(model, 's0', [6.5, 1.5], 'rack')).toMatchObject({ ok: true, roomId: 'o' });
  });
});

describe('the rack', () => {
  it('stands at the storey floor + 0.1, size [46,220], physical, turned by the pending angle', () => {
    const { model, placed } = place(fireModel(), [1, 2], 'rack', 's1', -15);
    expect(fire(model).units.racks[placed.rackId]).toEqual({
      id: 'rack-1',
      storey_id: 's1',
      coord: [1, 2, 3.1],
      label: '',
      angle: 345,
      size: [46, 220],
      physical: true,
    });
    expect(placed.units).toEqual([]);
    expect(fireSchema.parse(model.fire)).toEqual(model.fire);
  });

  it('takes an id no unit of any group has', () => {
    const model = fireModel((m) => {
      m.fire!.units.detectors['rack-1'] = { id: 'rack-1', storey_id: 's0', coord: [1, 1, 2.95], product_id: '', hidden: false };
      m.fire!.units.labels['rack-2'] = { id: 'rack-2', storey_id: 's0', coord: [1, 1, 1.5], angle: 0, label: 'x' };
    });
    const first = place(model, [1, 1]);
    expect(first.placed.rackId).toBe('rack-3');
    expect(place(first.model, [1, 1]).placed.rackId).toBe('rack-4');
  });
});

describe('the room record: +D1, +D2 … first unused', () => {
  it('a room without a record gets one labelled +D1 listing the rack; a second rack joins it', () => {
    let { model, placed } = place(fireModel(), [1, 1]);
    expect(placed.roomLabel).toBe('+D1');
    expect(fire(model).connections.rooms.k).toEqual({ id: 'k', name: 'Kitchen', label: '+D1', racks: ['rack-1'], notes: '' });
    ({ model, placed } = place(model, [3, 2]));
    expect(placed.roomLabel).toBe('+D1');
    expect(fire(model).connections.rooms.k!.racks).toEqual(['rack-1', 'rack-2']);
    ({ model, placed } = place(model, [5, 1]));
    expect(fire(model).connections.rooms.o).toMatchObject({ label: '+D2', racks: ['rack-3'] });
    ({ model } = place(model, [5, 1], 'rack', 's1'));
    expect(fire(model).connections.rooms.u).toMatchObject({ label: '+D3', racks: ['rack-4'] });
  });

  it('fills a gap in the numbering first, then goes on after the highest', () => {
    const model = fireModel((m) => {
      m.fire!.connections.rooms.u = { id: 'u', name: 'Upstairs', label: '+D1', racks: [], notes: '' };
      m.fire!.connections.rooms.o = { id: 'o', name: 'Office', label: '+D3', racks: [], notes: '' };
    });
    expect(nextRoomLabel(fire(model))).toBe('+D2');
    const first = place(model, [1, 1]);
    expect(fire(first.model).connections.rooms.k!.label).toBe('+D2');
    expect(nextRoomLabel(fire(first.model))).toBe('+D4');
  });

  it('a room that has a record keeps its label and notes: the rack joins it', () => {
    const model = fireModel((m) => {
      m.fire!.connections.rooms.o = { id: 'o', name: 'Office', label: '+D7', racks: ['old'], notes: 'by the door' };
      m.fire!.units.racks.old = newRack('old', 's0', [6, 1, 0.1]);
    });
    const { model: after, placed } = place(model, [5, 2]);
    expect(placed.roomLabel).toBe('+D7');
    expect(fire(after).connections.rooms.o).toEqual({
      id: 'o',
      name: 'Office',
      label: '+D7',
      racks: ['old', 'rack-1'],
      notes: 'by the door',
    });
  });
});

describe('rack with central and plinth', () => {
  it('adds the first central product and the first plinth product inside the rack, the first central being the main one', () => {
    const base = fireModel();
    const { model, placed } = place(base, [1, 1], 'rack-central-plinth');
    const products = fire(base).config.products;
    expect(placed.units).toEqual([
      { group: 'centrals', id: 'central-1' },
      { group: 'plinths', id: 'plinth-1' },
    ]);
    const central = fire(model).connections.centrals['central-1']!;
    const plinth = fire(model).connections.plinths['plinth-1']!;
    expect(central).toEqual({
      id: 'central-1',
      product_id: products.centrals[0]!.id,
      rack_id: 'rack-1',
      rack_pos: [2, 23],
      connections: [],
      main_central: true,
      extensions: products.centrals[0]!.extension_ports.map(() => ''),
    });
    expect(central.extensions.length).toBeGreaterThan(0);
    expect(plinth).toEqual({ id: 'plinth-1', product_id: products.plinths[0]!.id, rack_id: 'rack-1', rack_pos: [2, 6], connections: [] });
    const rack = fire(model).units.racks['rack-1']!;
    expect(inside(central.rack_pos, products.centrals[0]!.rack_size, rack.size)).toBe(true);
    expect(inside(plinth.rack_pos, products.plinths[0]!.rack_size, rack.size)).toBe(true);
    expect([placed.warnings, placed.errors]).toEqual([[], []]);
    expect(findDanglingReferences(model)).toEqual([]);
    expect(fireSchema.parse(model.fire)).toEqual(model.fire);
  });

  it('only the first central is the main central; ids stay unique', () => {
    let { model } = place(fireModel(), [1, 1], 'rack-central-plinth');
    ({ model } = place(model, [5, 1], 'rack-central-plinth'));
    ({ model } = place(model, [2, 2], 'central'));
    const centrals = Object.values(fire(model).connections.centrals);
    expect(centrals.map((c) => [c.id, c.rack_id, c.main_central])).toEqual([
      ['central-1', 'rack-1', true],
      ['central-2', 'rack-2', false],
      ['central-3', 'rack-3', false],
    ]);
    expect(Object.keys(fire(model).connections.plinths)).toEqual(['plinth-1', 'plinth-2']);
  });

  it('deleting a rack (the model’s deleteItems) takes its central and plinth with it and leaves its room record, emptied', () => {
    let { model } = place(fireModel(), [1, 1], 'rack-central-plinth');
    ({ model } = place(model, [2, 2], 'rack-central-plinth'));
    const after = deleteItems(model, [{ kind: 'fire.units.racks', id: 'rack-1' }]);
    expect(Object.keys(fire(after).units.racks)).toEqual(['rack-2']);
    expect(Object.keys(fire(after).connections.centrals)).toEqual(['central-2']);
    expect(Object.keys(fire(after).connections.plinths)).toEqual(['plinth-2']);
    expect(fire(after).connections.rooms.k).toMatchObject({ label: '+D1', racks: ['rack-2'] });
    const none = deleteItems(after, [{ kind: 'fire.units.racks', id: 'rack-2' }]);
    expect(fire(none).connections.rooms.k).toMatchObject({ label: '+D1', racks: [] });
    expect(findDanglingReferences(none)).toEqual([]);
    // A model whose main central went with its rack makes the next central the main one; the room keeps +D1.
    const again = place(none, [1, 1], 'rack-central-plinth');
    expect(fire(again.model).connections.centrals[again.placed.units[0]!.id]!.main_central).toBe(true);
    expect(again.placed.roomLabel).toBe('+D1');
  });

  it('with no central or plinth product, logs No product found for … and makes the units without a product', () => {
    const model = fireModel((m) => {
      m.fire!.config.products.centrals = [];
      m.fire!.config.products.plinths = [];
    });
    const { model: after, placed } = place(model, [1, 1], 'rack-central-plinth');
    expect(placed.warnings).toEqual(['No product found for central', 'No product found for plinth']);
    expect(placed.errors).toEqual([]);
    expect(fire(after).connections.centrals['central-1']).toMatchObject({
      product_id: '',
      rack_pos: [2, 23],
      main_central: true,
      extensions: [],
    });
    expect(fire(after).connections.plinths['plinth-1']).toMatchObject({ product_id: '', rack_pos: [2, 6] });
  });

  it('a unit that does not fit in the rack is not made: Failed to create rack unit …; the rack and the rest are', () => {
    const tooWide = fireModel((m) => {
      m.fire!.config.products.centrals[0]!.rack_size = [43, 20];
    });
    const wide = place(tooWide, [1, 1], 'rack-central-plinth');
    expect(wide.placed.errors).toEqual(['Failed to create rack unit central']);
    expect(wide.placed.units).toEqual([{ group: 'plinths', id: 'plinth-1' }]);
    expect(fire(wide.model).units.racks['rack-1']).toBeDefined();
    expect(fire(wide.model).connections.centrals).toEqual({});

    // 42 wide is the most a 46-wide rack takes with 2 free on each side.
    const widest = fireModel((m) => {
      m.fire!.config.products.centrals[0]!.rack_size = [42, 20];
    });
    expect(place(widest, [1, 1], 'rack-central-plinth').placed.errors).toEqual([]);

    // A plinth tall enough to reach the central's place (y 23) would overlap it.
    const tall = fireModel((m) => {
      m.fire!.config.products.plinths[0]!.rack_size = [3, 18];
    });
    const overlapping = place(tall, [1, 1], 'rack-central-plinth');
    expect(overlapping.placed.errors).toEqual(['Failed to create rack unit plinth']);
    expect(overlapping.placed.units).toEqual([{ group: 'centrals', id: 'central-1' }]);
  });
});

describe('central alone', () => {
  it('makes a non-physical rack around the central, shown as Equipment', () => {
    const base = fireModel();
    const { model, placed } = place(base, [5, 1], 'central');
    const rack = fire(model).units.racks[placed.rackId]!;
    const product = fire(base).config.products.centrals[0]!;
    const central = fire(model).connections.centrals['central-1']!;
    expect(rack.physical).toBe(false);
    expect(rack.size).toEqual([product.rack_size[0] + 4, product.rack_size[1] + 4]);
    expect(central).toMatchObject({ rack_id: rack.id, rack_pos: [2, 2], product_id: product.id, main_central: true });
    expect(inside(central.rack_pos, product.rack_size, rack.size)).toBe(true);
    expect(fire(model).connections.plinths).toEqual({});
    expect(fire(model).connections.rooms.o).toMatchObject({ label: '+D1', racks: [rack.id] });
    expect(rackDisplayLabel(fire(model), rack)).toBe(EQUIPMENT_LABEL);
    expect(fireSchema.parse(model.fire)).toEqual(model.fire);
  });
});

describe('labels and outline', () => {
  it('a physical rack shows its room record’s label, and its own label after it', () => {
    const { model, placed } = place(fireModel(), [1, 1]);
    const rack = fire(model).units.racks[placed.rackId]!;
    expect(rackDisplayLabel(fire(model), rack)).toBe('+D1');
    expect(rackDisplayLabel(fire(model), { ...rack, label: 'A' })).toBe('+D1 A');
  });

  it('the footprint is the 3D view’s Rack shape, turned counter-clockwise by the angle', () => {
    const vertices = meshCatalogue().shapes.Rack!.vertices;
    const xs = vertices.map((v) => v[0]);
    const ys = vertices.map((v) => v[1]);
    expect(RACK_FOOTPRINT).toEqual({ minX: Math.min(...xs), maxX: Math.max(...xs), minY: Math.min(...ys), maxY: Math.max(...ys) });
    const round = (points: Point2[]) => points.map(([x, y]) => [Math.round(x * 1e9) / 1e9 + 0, Math.round(y * 1e9) / 1e9 + 0]);
    expect(round(rackOutline({ coord: [1, 1, 0], angle: 0 }))).toEqual([
      [0.7, 1],
      [1.3, 1],
      [1.3, 1.6],
      [0.7, 1.6],
    ]);
    expect(round(rackOutline({ coord: [1, 1, 0], angle: 90 }))).toEqual([
      [1, 0.7],
      [1, 1.3],
      [0.4, 1.3],
      [0.4, 0.7],
    ]);
  });
});

describe('moving a rack', () => {
  it('into another room moves it between the room records; outside every room it is refused; within its room only coord changes', () => {
    const { model } = place(fireModel(), [1, 1]);
    expect(moveRackEdits(model, 'rack-1', [9, 1])).toEqual({ ok: false, error: 'Racks must be placed in a room' });
    const same = moveRackEdits(model, 'rack-1', [2, 2]);
    if (!same.ok) throw new Error('refused');
    expect(same.requests.map((r) => r.path.join('.'))).toEqual(['fire.units.racks.rack-1.coord']);
    const moved = moveRackEdits(model, 'rack-1', [5, 2]);
    if (!moved.ok) throw new Error('refused');
    const after = applyEdits(model, moved.requests).model;
    expect(fire(after).units.racks['rack-1']!.coord).toEqual([5, 2, 0.1]);
    expect(fire(after).connections.rooms.k).toMatchObject({ label: '+D1', racks: [] });
    expect(fire(after).connections.rooms.o).toMatchObject({ label: '+D2', racks: ['rack-1'] });
  });
});
