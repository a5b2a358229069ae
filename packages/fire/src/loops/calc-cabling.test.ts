import { describe, expect, it } from 'vitest';
import { fireConnectionsSchema, fireSchema, newRack, type Arch, type Fire } from '@edrf/model';
import { calcFireUnits } from '../calc-units.js';
import { calcFireSections } from '../sections/calc-sections.js';
import { makeArch, rect, type StoreySpec } from '../test-support/arch.js';
import { fireFor } from '../test-support/check-units.js';
import { calcFireCabling } from './calc-cabling.js';
import { loopUnits } from './loop-units.js';
import { indexBuilding } from '../building.js';
import { sectionBuilding } from '../sections/section-index.js';

/** Two storeys of a corridor with eight 100 m² offices, doors into each, and a stairwell joining them. */
function storey(id: string, min_z: number): StoreySpec {
  return {
    id,
    min_z,
    max_z: min_z + 3,
    rooms: [
      { id: `${id}-corridor`, exterior: rect(0, 10, 80, 3) },
      ...Array.from({ length: 8 }, (_, k) => ({ id: `${id}-o${k}`, exterior: rect(k * 10, 0, 10, 10) })),
      { id: `${id}-stair`, type: 'Stairwell' as const, exterior: rect(80, 0, 5, 13) },
    ],
    doors: [
      ...Array.from({ length: 8 }, (_, k) => ({
        id: `${id}-d${k}`,
        left: [k * 10 + 4, 10] as [number, number],
        right: [k * 10 + 5, 10] as [number, number],
      })),
      { id: `${id}-ds`, left: [80, 11] as [number, number], right: [80, 12] as [number, number] },
    ],
  };
}

/** The building designed: units, a rack with a central on the ground floor's corridor, sections. */
function designed(maxUnits = 100): { arch: Arch; fire: Fire } {
  const arch = makeArch([storey('g', 0), storey('u', 3)]);
  const fire = fireFor('Sbf1108');
  fire.config.cabling.route_max_units = maxUnits;
  const placed = calcFireUnits({ arch, fire });
  fire.units = { ...fire.units, ...placed.units, racks: { r1: { ...newRack('r1', 'g', [2, 11.5, 0.1]), label: '' } } };
  const central = fire.config.products.centrals[0]!;
  fire.connections.centrals = {
    c1: {
      id: 'c1',
      product_id: central.id,
      rack_id: 'r1',
      rack_pos: [2, 23],
      connections: [],
      main_central: true,
      extensions: central.extension_ports.map(() => ''),
    },
  };
  fire.sections = calcFireSections({ settings: { sections: true, labels: false, addresses: false }, model: { arch, fire } }).sections;
  return { arch, fire };
}

const loops = (fire: Fire) => Object.values(fire.connections.routes).filter((r) => r.kind === 'Loop');
const lockedUnits = (route: Fire['connections']['routes'][string]) =>
  route.slices.flatMap((s) => s.nodes.map((n) => n.unit_id)).filter((id) => id !== '');

describe('calc_fire_cabling', () => {
  it('puts every addressable unit on exactly one loop that starts and ends at the central’s rack', () => {
    const { arch, fire } = designed();
    const { connections } = calcFireCabling({ arch, fire });
    expect(fireConnectionsSchema.safeParse(connections).success).toBe(true);
    expect(fireSchema.safeParse({ ...fire, connections }).success).toBe(true);
    const routes = loops({ ...fire, connections });
    const expected = loopUnits(fire, sectionBuilding(indexBuilding(arch), arch.doors))
      .map((u) => u.id)
      .sort();
    const onLoops = routes.flatMap((r) => lockedUnits(r).filter((id) => id !== 'r1'));
    expect([...onLoops].sort()).toEqual(expected);
    for (const route of routes) {
      const ids = lockedUnits(route);
      expect(ids[0]).toBe('r1');
      expect(ids[ids.length - 1]).toBe('r1');
      expect(route.product_id).toBe(fire.config.products.cables.find((c) => c.type === 'Copper')!.id);
      // Slices on the model's storeys, each with 2 nodes or more.
      for (const slice of route.slices) {
        expect(Object.keys(arch.storeys)).toContain(slice.storey_id);
        expect(slice.nodes.length).toBeGreaterThanOrEqual(2);
      }
    }
  });

  it('keeps loops within route_max_units and a section on one loop where it fits', () => {
    const { arch, fire } = designed(30);
    const { connections } = calcFireCabling({ arch, fire });
    const routes = loops({ ...fire, connections });
    const units = loopUnits(fire, sectionBuilding(indexBuilding(arch), arch.doors));
    expect(routes.length).toBeGreaterThanOrEqual(Math.ceil(units.length / 30));
    const loopOf = new Map(
      routes.flatMap((r) =>
        lockedUnits(r)
          .filter((id) => id !== 'r1')
          .map((id) => [id, r.id] as const),
      ),
    );
    for (const r of routes) expect(lockedUnits(r).filter((id) => id !== 'r1').length).toBeLessThanOrEqual(30);
    const bySection = new Map<string, Set<string>>();
    for (const u of units) if (u.sectionId) bySection.set(u.sectionId, (bySection.get(u.sectionId) ?? new Set()).add(loopOf.get(u.id)!));
    for (const [sid, set] of bySection) {
      const count = units.filter((u) => u.sectionId === sid).length;
      if (count <= 30) expect(set.size, sid).toBe(1);
    }
  });

  it('keeps other routes and replaces its own loops on a second run', () => {
    const { arch, fire } = designed();
    const first = calcFireCabling({ arch, fire }).connections;
    const rackRoute = {
      id: 'rr',
      product_id: '',
      kind: 'RackToRack' as const,
      slices: [
        {
          storey_id: 'g',
          nodes: [
            { unit_id: '', coord: [0, 0, 0] as [number, number, number] },
            { unit_id: '', coord: [1, 0, 0] as [number, number, number] },
          ],
        },
      ],
    };
    const again = calcFireCabling({
      arch,
      fire: { ...fire, connections: { ...first, routes: { ...first.routes, rr: rackRoute } } },
    }).connections;
    expect(Object.keys(again.routes).sort()).toEqual([...Object.keys(first.routes), 'rr'].sort());
  });

  it('refuses a model without racks: No fire rack found!', () => {
    const { arch, fire } = designed();
    expect(() => calcFireCabling({ arch, fire: { ...fire, units: { ...fire.units, racks: {} } } })).toThrow('No fire rack found!');
  });

  it('warns when there is no copper cable product', () => {
    const { arch, fire } = designed();
    fire.config.products.cables = fire.config.products.cables.filter((c) => c.type !== 'Copper');
    const { validation } = calcFireCabling({ arch, fire });
    expect(validation.warnings.map((w) => w.message)).toContain('No copper cable found');
  });
});

describe('calc_fire_cabling: the central’s battery', () => {
  it('warns when the central’s battery is smaller than its standby and alarm need, naming it', () => {
    const { arch, fire } = designed();
    const product = fire.config.products.centrals[0]!;
    product.builtin_psu = { voltage: 24, ampere_hours: 0.5, life_years: 4 };
    const { validation } = calcFireCabling({ arch, fire });
    const battery = validation.warnings.filter((w) => w.warning_id.startsWith('battery:'));
    expect(battery).toHaveLength(1);
    expect(battery[0]!.message).toContain('c1');
    product.builtin_psu = { voltage: 24, ampere_hours: 55, life_years: 4 };
    expect(calcFireCabling({ arch, fire }).validation.warnings.filter((w) => w.warning_id.startsWith('battery:'))).toEqual([]);
  });
});
