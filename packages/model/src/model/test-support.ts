/**
 * Test helpers (not exported by the package): a small model holding every kind of reference, and
 * a generator of random valid models for property tests.
 */
import fc from 'fast-check';
import type { ItemRef } from './collections.js';
import { ITEM_KINDS, itemIds } from './collections.js';
import { CURRENT_SCHEMA } from './constants.js';
import { PRODUCT_LISTS, UNIT_GROUPS, type UnitGroup } from './enums.js';
import type { FireConfigInput, FireInput } from './fire.js';
import { modelSchema, type Model, type ModelInput } from './model.js';
import type { Point2, Point3 } from './primitives.js';

export const square = (x: number, y: number, size: number): Point2[] => [
  [x, y],
  [x + size, y],
  [x + size, y + size],
  [x, y + size],
];

const settings = {
  min_wall_distance: 0.5,
  min_air_inlet_distance: 1,
  max_detector_distance: 7.5,
  area_per_detector: 60,
  max_shaft_distance: 1,
};

export const sampleFireConfig = (): FireConfigInput => ({
  regulation: 'Sbf1108',
  products: {
    centrals: [{ id: 'pc1', name: 'Central', extension_ports: ['Route', 'Any'] }],
    detectors: [{ id: 'pd1', name: 'Smoke detector' }],
    sirens: [{ id: 'ps1', name: 'Socket siren', detector_socket: true }],
    buttons: [{ id: 'pb1', name: 'Button' }],
    ios: [{ id: 'pio1', name: 'IO', inputs: 2, outputs: 2 }],
    plinths: [{ id: 'ppl1', name: 'Plinth' }],
    cables: [{ id: 'pcb1', name: 'Loop cable', cross_section: 0.8, resistance: 36 }],
    power_supplies: [{ id: 'ppsu1', name: 'PSU' }],
    other_rack_products: [{ id: 'por1', name: 'Transmitter', unit_type: 'AlarmTransmitter' }],
    other_units: [{ id: 'pou1', name: 'Annunciator', unit_type: 'annunciator' }],
    central_extensions: [{ id: 'pext1', name: 'Loop card', port: 'Route' }],
  },
  unit: { detector: { Smoke: settings, Heat: settings }, siren: { max_range: 20 }, button: { max_range_from_door: 1.5 } },
  section: { section_areas: [1600, 1000, 1000] },
  cabling: { route_max_units: 128, route_max_area: 2000, start_voltage_margin: 10 },
  sbf: {},
});

/** A small model in which every reference of REFERENCES occurs at least once. */
export function sampleModel(): Model {
  const shape = (x: number) => ({ exterior: square(x, 0, 5) });
  const input: ModelInput = {
    edrf_schema: CURRENT_SCHEMA,
    config: {
      name: 'Tower A',
      ifc_files: { ['a'.repeat(64)]: { name: 'tower.ifc', size: 1024, uploaded_at: '2026-11-22T08:30:00Z' } },
      report_tiles: { s1: [{ min: [0, 0], max: [10, 10] }] },
    },
    arch: {
      storeys: {
        s1: {
          id: 's1',
          number: 0,
          name: 'Ground',
          height: { min_z: 0, max_z: 3 },
          rooms: ['r1', 'r2'],
          walls: ['w1', 'w2'],
          wall_openings: ['o1'],
          doors: ['d1'],
          stairs: ['st1'],
          ceilings: ['c1'],
          floors: ['sl1'],
          other_objects: ['ob1'],
        },
        s2: { id: 's2', number: 1, name: 'First', height: { min_z: 3, max_z: 6 }, rooms: ['r3'], walls: ['w3'] },
      },
      buildings: { b1: { id: 'b1', name: 'A', storeys: ['s1', 's2'] } },
      rooms: {
        r1: { id: 'r1', name: 'Office', shape: { exterior: square(0, 0, 5) } },
        r2: { id: 'r2', name: 'Kitchen', type: 'Kitchen', shape: { exterior: square(5, 0, 5) } },
        r3: { id: 'r3', name: 'Office 2', shape: { exterior: square(0, 0, 5) } },
      },
      walls: {
        w1: {
          id: 'w1',
          shape: {
            exterior: [
              [0, 0, 0],
              [5, 0, 0],
              [5, 0.2, 0],
              [0, 0.2, 0],
            ],
          },
        },
        w2: {
          id: 'w2',
          type: 'Column',
          enclosing_id: 'w1',
          shape: {
            exterior: [
              [1, 0, 0],
              [1.2, 0, 0],
              [1.2, 0.2, 0],
            ],
          },
        },
        w3: {
          id: 'w3',
          shape: {
            exterior: [
              [0, 0, 3],
              [5, 0, 3],
              [5, 0.2, 3],
            ],
          },
        },
      },
      wall_openings: {
        o1: {
          id: 'o1',
          wall_id: 'w1',
          shape: {
            exterior: [
              [2, 0],
              [3, 0],
              [3, 0.2],
            ],
          },
          min_z: 0,
          max_z: 2.1,
        },
      },
      doors: { d1: { id: 'd1', op_type: 'SwingLeft', left: [2, 0, 0], right: [3, 0, 0], walls: ['w1'] } },
      stairs: { st1: { id: 'st1', shape: shape(10), min_z: 0, max_z: 3 } },
      ceilings: {
        c1: {
          id: 'c1',
          shape: shape(0),
          z: 2.7,
          grid_lines: [
            [
              [0, 0],
              [5, 0],
            ],
          ],
        },
      },
      slabs: { sl1: { id: 'sl1', shape: shape(0), min_z: -0.2, max_z: 0 } },
      other_objects: {
        ob1: { id: 'ob1', type: 'IfcAirTerminal', vent_type: 'AirInlet', shape: { exterior: square(1, 1, 0.5) }, min_z: 2.6, max_z: 2.7 },
      },
    },
    elec: {
      trays: {
        t1: { id: 't1', storey_id: 's1', to_storey_id: 's2', start: [9, 9, 2.9], end: [9, 9, 5.9] },
        t2: { id: 't2', storey_id: 's2', start: [0, 9, 5.9], end: [9, 9, 5.9] },
      },
    },
    fire: {
      config: sampleFireConfig(),
      units: {
        racks: { rk1: { id: 'rk1', storey_id: 's1', coord: [1, 1, 0.1], label: 'A1' } },
        detectors: {
          dt1: { id: 'dt1', storey_id: 's1', coord: [2, 2, 2.95], product_id: 'pd1' },
          dt2: { id: 'dt2', storey_id: 's1', coord: [7, 2, 2.95], product_id: 'pd1' },
          dt3: { id: 'dt3', storey_id: 's2', coord: [2, 2, 5.95], product_id: 'pd1' },
        },
        sirens: { sr1: { id: 'sr1', storey_id: 's1', coord: [2, 2, 2.95], product_id: 'ps1', locked_to: 'dt1' } },
        buttons: { bt1: { id: 'bt1', storey_id: 's1', coord: [3.2, 0.3, 1], product_id: 'pb1', door_id: 'd1' } },
        ios: { io1: { id: 'io1', storey_id: 's1', coord: [4, 4, 0.1], product_id: 'pio1', outputs: [{ first: 'Fan', second: 'NC' }] } },
        others: { ot1: { id: 'ot1', storey_id: 's1', coord: [1, 4, 1.5], product_id: 'pou1', unit_type: 'annunciator' } },
        labels: { lb1: { id: 'lb1', storey_id: 's2', coord: [1, 1, 4.5], label: 'Riser' } },
      },
      connections: {
        rooms: { r1: { id: 'r1', name: 'Office', label: '+D1', racks: ['rk1'] } },
        centrals: {
          ce1: {
            id: 'ce1',
            product_id: 'pc1',
            rack_id: 'rk1',
            rack_pos: [0, 23],
            connections: ['cb1', 'ro1'],
            main_central: true,
            extensions: ['pext1', ''],
          },
        },
        plinths: { pl1: { id: 'pl1', product_id: 'ppl1', rack_id: 'rk1', rack_pos: [0, 6], connections: ['cb1'] } },
        power_supplies: { psu1: { id: 'psu1', product_id: 'ppsu1', rack_id: 'rk1', rack_pos: [10, 6], connections: ['cb1'] } },
        others: {
          oth1: { id: 'oth1', product_id: 'por1', rack_id: 'rk1', rack_pos: [20, 6], unit_type: 'AlarmTransmitter', connections: ['cb1'] },
        },
        cables: { cb1: { id: 'cb1', label: 'W1', product_id: 'pcb1' } },
        routes: {
          ro1: {
            id: 'ro1',
            product_id: 'pcb1',
            kind: 'Loop',
            slices: [
              {
                storey_id: 's1',
                nodes: [
                  { unit_id: 'rk1', coord: [1, 1, 2.9] },
                  { unit_id: 'dt1', coord: [2, 2, 2.9] },
                  { unit_id: 'dt2', coord: [7, 2, 2.9] },
                  { coord: [9, 9, 2.9] },
                ],
              },
              { storey_id: 's2', nodes: [{ coord: [9, 9, 5.9] }, { unit_id: 'dt3', coord: [2, 2, 5.9] }] },
            ],
          },
        },
      },
      sections: {
        sec1: {
          id: 'sec1',
          name: '1',
          color: '#f4a6a6',
          highlight_color: '#d62828',
          parts: [{ room_id: 'r1' }, { room_id: 'r2', shape: { exterior: square(5, 0, 2) } }],
          addresses: { dt1: 1, dt2: 2, bt1: 3 },
        },
      },
    },
  };
  return modelSchema.parse(input);
}

// ---- random valid models ----

type Gen = fc.GeneratorValue;

const pick = <T>(g: Gen, items: readonly T[]): T => items[g(fc.nat, { max: items.length - 1 })]!;
const pickOr = <T>(g: Gen, items: readonly T[], none: T): T => (items.length > 0 && g(fc.boolean) ? pick(g, items) : none);
const some = <T>(g: Gen, items: readonly T[]): T[] => items.filter(() => g(fc.boolean));
const upTo = (g: Gen, max: number) => g(fc.nat, { max });
const times = <T>(n: number, f: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => f(i));
const O: Point3 = [0, 0, 0];
const X: Point3 = [1, 0, 0];
const byId = <T extends { id: string }>(items: T[]): Record<string, T> => Object.fromEntries(items.map((item) => [item.id, item]));

/** A random valid model: a few storeys with arch items, trays, and (mostly) a fire model with every kind of reference. */
export function randomModel(g: Gen): Model {
  const storeyIds = times(1 + upTo(g, 2), (i) => `s${i}`);
  const lists = (prefix: string, max: number) =>
    Object.fromEntries(storeyIds.map((s) => [s, times(upTo(g, max), (i) => `${prefix}-${s}-${i}`)]));
  const rooms = lists('room', 3);
  const walls = lists('wall', 3);
  const openings = lists('open', 2);
  const doors = lists('door', 2);
  const stairs = lists('stair', 1);
  const ceilings = lists('ceil', 1);
  const slabs = lists('slab', 1);
  const objects = lists('obj', 1);
  const all = (byStorey: Record<string, string[]>) => Object.values(byStorey).flat();
  const roomIds = all(rooms);
  const wallIds = all(walls);
  const doorIds = all(doors);
  const poly = { exterior: square(0, 0, 4) };

  const arch = {
    storeys: byId(
      storeyIds.map((id, n) => ({
        id,
        number: n,
        name: `Storey ${n}`,
        height: { min_z: 3 * n, max_z: 3 * n + 3 },
        rooms: rooms[id],
        walls: walls[id],
        wall_openings: openings[id],
        doors: doors[id],
        stairs: stairs[id],
        ceilings: ceilings[id],
        floors: slabs[id],
        other_objects: objects[id],
      })),
    ),
    buildings: byId(times(upTo(g, 2), (i) => ({ id: `b${i}`, storeys: some(g, storeyIds) }))),
    rooms: byId(roomIds.map((id) => ({ id, shape: poly }))),
    walls: byId(
      wallIds.map((id) => ({
        id,
        enclosing_id: pickOr(g, wallIds, ''),
        shape: {
          exterior: [O, X, [1, 1, 0] as Point3],
        },
      })),
    ),
    wall_openings: byId(all(openings).map((id) => ({ id, wall_id: pickOr(g, wallIds, ''), shape: poly, min_z: 0, max_z: 2 }))),
    doors: byId(doorIds.map((id) => ({ id, left: O, right: X, walls: some(g, wallIds) }))),
    stairs: byId(all(stairs).map((id) => ({ id, shape: poly, min_z: 0, max_z: 3 }))),
    ceilings: byId(all(ceilings).map((id) => ({ id, shape: poly, z: 2.7 }))),
    slabs: byId(all(slabs).map((id) => ({ id, shape: poly, min_z: 0, max_z: 0.2 }))),
    other_objects: byId(all(objects).map((id) => ({ id, shape: poly, min_z: 0, max_z: 1 }))),
  };
  const config = {
    report_tiles: Object.fromEntries(some(g, storeyIds).map((s) => [s, [{ min: [0, 0] as Point2, max: [1, 1] as Point2 }]])),
  };
  const elec = {
    trays: byId(
      times(upTo(g, 4), (i) => ({
        id: `tray${i}`,
        storey_id: pick(g, storeyIds),
        to_storey_id: pickOr(g, storeyIds, ''),
        start: O,
        end: X,
      })),
    ),
  };
  const input: ModelInput = {
    edrf_schema: CURRENT_SCHEMA,
    config,
    arch,
    elec,
    fire: g(fc.nat, { max: 4 }) === 0 ? null : randomFire(g, storeyIds, roomIds, doorIds),
  };
  return modelSchema.parse(input);
}

function randomFire(g: Gen, storeyIds: string[], roomIds: string[], doorIds: string[]): FireInput {
  const products = Object.fromEntries(
    PRODUCT_LISTS.map((list) => [list, times(upTo(g, 2), (i) => ({ id: `${list}-${i}`, name: `${list} ${i}` }))]),
  );
  const productIds = (list: string) => (products[list] ?? []).map((p) => p.id);
  const unitIds = Object.fromEntries(UNIT_GROUPS.map((group) => [group, times(upTo(g, 3), (i) => `${group}-${i}`)])) as Record<
    UnitGroup,
    string[]
  >;
  const everyUnit = UNIT_GROUPS.flatMap((group) => unitIds[group]);
  const base = (id: string) => ({ id, storey_id: pick(g, storeyIds), coord: O });
  const units = {
    racks: byId(unitIds.racks.map((id) => base(id))),
    detectors: byId(unitIds.detectors.map((id) => ({ ...base(id), product_id: pickOr(g, productIds('detectors'), '') }))),
    sirens: byId(
      unitIds.sirens.map((id) => ({
        ...base(id),
        product_id: pickOr(g, productIds('sirens'), ''),
        locked_to: pickOr(g, unitIds.detectors, ''),
      })),
    ),
    buttons: byId(
      unitIds.buttons.map((id) => ({ ...base(id), product_id: pickOr(g, productIds('buttons'), ''), door_id: pickOr(g, doorIds, '') })),
    ),
    ios: byId(unitIds.ios.map((id) => ({ ...base(id), product_id: pickOr(g, productIds('ios'), '') }))),
    others: byId(unitIds.others.map((id) => ({ ...base(id), product_id: pickOr(g, productIds('other_units'), '') }))),
    labels: byId(unitIds.labels.map((id) => base(id))),
  };
  const cableIds = times(upTo(g, 3), (i) => `cable${i}`);
  const routeIds = times(upTo(g, 3), (i) => `route${i}`);
  const rackUnits = (group: string, list: string) =>
    unitIds.racks.length === 0
      ? {}
      : byId(
          times(upTo(g, 2), (i) => ({
            id: `${group}-${i}`,
            product_id: pickOr(g, productIds(list), ''),
            rack_id: pick(g, unitIds.racks),
            rack_pos: [0, i] as [number, number],
            connections: some(g, [...cableIds, ...routeIds]),
          })),
        );
  const node = () => ({ unit_id: pickOr(g, everyUnit, ''), coord: O });
  const connections = {
    rooms: byId(some(g, roomIds).map((id, i) => ({ id, label: `+D${i + 1}`, racks: some(g, unitIds.racks) }))),
    centrals: Object.fromEntries(
      Object.entries(rackUnits('centrals', 'centrals')).map(([id, central]) => [
        id,
        { ...central, extensions: times(upTo(g, 2), () => pickOr(g, productIds('central_extensions'), '')) },
      ]),
    ),
    plinths: rackUnits('plinths', 'plinths'),
    power_supplies: rackUnits('power_supplies', 'power_supplies'),
    others: rackUnits('others', 'other_rack_products'),
    cables: byId(cableIds.map((id) => ({ id, product_id: pickOr(g, productIds('cables'), '') }))),
    routes: byId(
      routeIds.map((id) => ({
        id,
        kind: pick(g, ['Direct', 'Loop', 'RackToRack'] as const),
        product_id: pickOr(g, productIds('cables'), ''),
        slices: times(1 + upTo(g, 2), () => ({ storey_id: pick(g, storeyIds), nodes: times(2 + upTo(g, 2), node) })),
      })),
    ),
  };
  // Each unit gets at most one address, in one section, unique within it.
  const sectionIds = times(upTo(g, 3), (i) => `sec${i}`);
  const addresses: Record<string, Record<string, number>> = Object.fromEntries(sectionIds.map((id) => [id, {}]));
  if (sectionIds.length > 0) {
    for (const unit of some(g, everyUnit)) {
      const section = addresses[pick(g, sectionIds)]!;
      section[unit] = Object.keys(section).length + 1;
    }
  }
  const sections = byId(
    sectionIds.map((id) => ({ id, name: id, parts: some(g, roomIds).map((room_id) => ({ room_id })), addresses: addresses[id] })),
  );
  return { config: { ...sampleFireConfig(), products }, units, connections, sections };
}

/** Some items of a model to delete (and sometimes an id that names nothing). */
export function randomDeletes(g: Gen, model: Model): ItemRef[] {
  const existing = ITEM_KINDS.flatMap((kind) => itemIds(model, kind).map((id) => ({ kind, id })));
  const refs = times(1 + upTo(g, 3), () =>
    existing.length > 0 && g(fc.nat, { max: 9 }) > 0 ? pick(g, existing) : { kind: pick(g, ITEM_KINDS), id: 'nothing' },
  );
  return refs;
}
