import { describe, expect, it } from 'vitest';
import { archSchema } from './arch.js';
import { PRODUCT_LISTS } from './enums.js';
import { emptyFire, emptySbfConfig, newProduct, newRack, newRoom, newSection, newTray } from './factories.js';
import { fireSchema } from './fire.js';
import { sampleFireConfig, square } from './test-support.js';

describe('newRoom', () => {
  it("is named 'New Room' with type Other (P§9)", () => {
    const room = newRoom('r9', square(0, 0, 1));
    expect(room).toEqual({
      id: 'r9',
      global_id: '',
      name: 'New Room',
      type: 'Other',
      synthetic: false,
      shape: { exterior: square(0, 0, 1), interiors: [], below: [], above: [] },
    });
    expect(() => archSchema.parse({ rooms: { r9: room } })).not.toThrow();
  });
});

describe('newTray', () => {
  it('has width 0.3 and no storey to go to unless another is given', () => {
    expect(newTray('t', 's1', [0, 0, 2.95], [5, 0, 2.95])).toEqual({
      id: 't',
      storey_id: 's1',
      to_storey_id: '',
      start: [0, 0, 2.95],
      end: [5, 0, 2.95],
      width: 0.3,
    });
    expect(newTray('t', 's1', [0, 0, 0], [0, 0, 3], 's2').to_storey_id).toBe('s2');
    expect(newTray('t', 's1', [0, 0, 0], [0, 0, 3], 's1').to_storey_id).toBe('');
  });
});

describe('newRack', () => {
  it('has size [46, 220] and is physical', () => {
    expect(newRack('rk', 's1', [1, 2, 0.1], 'A1')).toEqual({
      id: 'rk',
      storey_id: 's1',
      coord: [1, 2, 0.1],
      label: 'A1',
      angle: 0,
      size: [46, 220],
      physical: true,
    });
  });
});

describe('newSection', () => {
  it("is named '0' with an empty description and the first palette colour (F§4)", () => {
    expect(newSection('sec')).toEqual({
      id: 'sec',
      name: '0',
      description: '',
      color: '#f4a6a6',
      highlight_color: '#d62828',
      parts: [],
      addresses: {},
    });
  });
});

describe('newProduct', () => {
  it('gives the defaults of F§9', () => {
    expect(newProduct('centrals', 'c', 'Central')).toMatchObject({
      rack_size: [40, 20],
      route_max_units: 1000,
      voltage_output: [24, 24],
      builtin_psu: null,
      // Loop limits not checked until set (issue 26).
      max_loop_milliamperes: null,
      max_loop_ohms: null,
      max_loop_metres: null,
      isolator_ohms: null,
      isolators_count_as_units: false,
    });
    expect(newProduct('plinths', 'p', 'Plinth')).toEqual({ id: 'p', name: 'Plinth', rack_size: [3, 12], num_connections: 1 });
    expect(newProduct('power_supplies', 'ps', 'PSU').rack_size).toEqual([10, 10]);
    expect(newProduct('other_rack_products', 'o', 'Other').rack_size).toEqual([10, 10]);
    expect(newProduct('cables', 'k', 'Cable')).toMatchObject({ num: 1, type: 'Copper' });
    for (const list of PRODUCT_LISTS) expect(newProduct(list, 'x', 'X')).toMatchObject({ id: 'x', name: 'X' });
  });

  it('gives fresh arrays each time', () => {
    const a = newProduct('centrals', 'a', 'A');
    a.rack_size[0] = 99;
    expect(newProduct('centrals', 'b', 'B').rack_size).toEqual([40, 20]);
  });
});

describe('emptySbfConfig and emptyFire', () => {
  it('make an empty SBF form and an empty fire model around a config', () => {
    expect(emptySbfConfig()).toMatchObject({ cls: 'A', delay: false, facility_managers: [], replaces_date: '' });
    const fire = emptyFire(sampleFireConfig());
    expect(fire.units.detectors).toEqual({});
    expect(fire.connections.routes).toEqual({});
    expect(fire.sections).toEqual({});
    expect(fireSchema.parse(fire)).toEqual(fire);
  });
});
