import { describe, expect, it } from 'vitest';
import { fireConnectionsSchema, fireSchema, newRack, type Arch, type Fire } from '@edrf/model';
import { calcFireUnits } from '../calc-units.js';
import { calcFireSections } from '../sections/calc-sections.js';
import { fireFor } from '../test-support/check-units.js';
import { calcFireCabling } from './calc-cabling.js';
import { loopUnits } from './loop-units.js';
import { indexBuilding } from '../building.js';
import { sectionBuilding } from '../sections/section-index.js';
import { officeBuilding, officeStorey } from './test-building.js';
import { centralIn } from '../test-support/centrals.js';
import { makeArch, rect } from '../test-support/arch.js';

/** The building designed: units, a rack with a central on the ground floor's corridor, sections. */
function designed(maxUnits = 100, regulation: 'Sbf1108' | 'Nfpa72' = 'Sbf1108', arch: Arch = officeBuilding()): { arch: Arch; fire: Fire } {
  const fire = fireFor(regulation);
  fire.config.cabling.route_max_units = maxUnits;
  const placed = calcFireUnits({ arch, fire });
  fire.units = { ...fire.units, ...placed.units, racks: { r1: { ...newRack('r1', 'g', [2, 11.5, 0.1]), label: '' } } };
  const central = fire.config.products.centrals[0]!;
  fire.connections.centrals = { c1: centralIn('c1', 'r1', central) };

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
      const cable = fire.config.products.cables.find((c) => c.id === route.product_id);
      expect(cable?.type).toBe('Copper');
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

/** The units of each loop in cable order (the rack left out). */
const loopMembers = (route: Fire['connections']['routes'][string]) => lockedUnits(route).filter((id) => id !== 'r1');
/** A route's metres node to node in 3D, slices joined by their climbs: what the routes page and documents measure. */
const drawnMetres = (route: Fire['connections']['routes'][string]) => {
  const nodes = route.slices.flatMap((s) => s.nodes.map((n) => n.coord));
  return nodes.slice(1).reduce((sum, p, k) => sum + Math.hypot(p[0] - nodes[k]![0], p[1] - nodes[k]![1], p[2] - nodes[k]![2]), 0);
};

describe('calc_fire_cabling: the loops against the central and the cable', () => {
  it('uses the first copper cable where the loop passes on it, and a thicker one where it does not', () => {
    const { arch, fire } = designed();
    const [thin, thick] = fire.config.products.cables.filter((c) => c.type === 'Copper');
    // A cable so thin every loop of this building fails on it: the loops move to the next copper cable.
    thin!.resistance = 5000;
    const routes = loops({ ...fire, connections: calcFireCabling({ arch, fire }).connections });
    for (const r of routes) expect(r.product_id).toBe(thick!.id);
    thin!.resistance = thick!.resistance;
    for (const r of loops({ ...fire, connections: calcFireCabling({ arch, fire }).connections })) expect(r.product_id).toBe(thin!.id);
  });

  it('splits a loop that draws more than the central allows until every loop keeps to it, every unit still on one loop', () => {
    const { arch, fire } = designed();
    const product = fire.config.products.centrals[0]!;
    const before = loops({ ...fire, connections: calcFireCabling({ arch, fire }).connections });
    expect(before).toHaveLength(1);
    const units = loopUnits(fire, sectionBuilding(indexBuilding(arch), arch.doors));
    const total = units.reduce((s, u) => s + u.alarmCurrent, 0);
    product.max_loop_milliamperes = (total * 1000) / 2.5;
    const { connections, validation } = calcFireCabling({ arch, fire });
    const after = loops({ ...fire, connections });
    expect(after.length).toBeGreaterThanOrEqual(3);
    expect(after.flatMap(loopMembers).sort()).toEqual(before.flatMap(loopMembers).sort());
    expect(validation.warnings.filter((w) => w.message.includes('more than the central'))).toEqual([]);
  });

  it('keeps the central’s loop length on the route as drawn (its nodes in 3D, the rises to the units too)', () => {
    const { arch, fire } = designed();
    const product = fire.config.products.centrals[0]!;
    const [one] = loops({ ...fire, connections: calcFireCabling({ arch, fire }).connections });
    // Just under the drawn loop: measured on the edges' plan lengths instead, the loop looked short enough to keep.
    product.max_loop_metres = drawnMetres(one!) - 0.1;
    const { connections, validation } = calcFireCabling({ arch, fire });
    const after = loops({ ...fire, connections });
    expect(after.length).toBeGreaterThanOrEqual(2);
    for (const r of after) expect(drawnMetres(r)).toBeLessThanOrEqual(product.max_loop_metres);
    expect(after.flatMap(loopMembers).sort()).toEqual(loopMembers(one!).sort());
    expect(validation.warnings.filter((w) => w.warning_id.startsWith('loop_electrical'))).toEqual([]);
  });

  it('warns with the figures when even one unit cannot be reached within the central’s limits', () => {
    const { arch, fire } = designed();
    const product = fire.config.products.centrals[0]!;
    product.max_loop_metres = 1;
    product.max_loop_ohms = 0.001;
    product.max_loop_milliamperes = 0.0001;
    const messages = calcFireCabling({ arch, fire }).validation.warnings.map((w) => w.message);
    expect(messages.some((m) => /the loop is \d+ m long, more than the central's 1 m/.test(m))).toBe(true);
    expect(messages.some((m) => /the loop resistance [\d.]+ Ω is more than the central's 0.00 Ω/.test(m))).toBe(true);
    expect(messages.some((m) => /the alarm current [\d.]+ mA is more than the central's 0.0 mA per loop/.test(m))).toBe(true);
  });

  it('counts isolators against route_max_units where the central says so', () => {
    const { arch, fire } = designed(12);
    const counted = loops({ ...fire, connections: calcFireCabling({ arch, fire }).connections });
    fire.config.products.centrals[0]!.isolators_count_as_units = true;
    fire.config.cabling.isolator_max_units = 3;
    const { connections, validation } = calcFireCabling({ arch, fire });
    const withIsolators = loops({ ...fire, connections });
    // With an isolator every 3 units at most, 12 places hold 9 units.
    for (const r of withIsolators) expect(loopMembers(r).length).toBeLessThanOrEqual(9);
    expect(withIsolators.length).toBeGreaterThan(counted.length);
    expect(validation.warnings.filter((w) => w.message.includes('isolators counted as units'))).toEqual([]);
  });

  it('counts the isolators’ resistance in the voltage: a loop that passes without it fails with it', () => {
    const { arch, fire } = designed();
    fire.config.products.cables = fire.config.products.cables.filter((c) => c.type !== 'Copper' || c.id === 'sbf-cable-2');
    const product = fire.config.products.centrals[0]!;
    Object.assign(product, { max_loop_metres: null, max_loop_ohms: null, max_loop_milliamperes: null, isolator_ohms: 0 });
    const plain = loops({ ...fire, connections: calcFireCabling({ arch, fire }).connections });
    product.isolator_ohms = 5;
    const { connections, validation } = calcFireCabling({ arch, fire });
    // Heavy isolators drop the voltage: the loops are split so that every unit keeps its minimum.
    expect(loops({ ...fire, connections }).length).toBeGreaterThan(plain.length);
    expect(validation.warnings.filter((w) => w.message.includes('below its minimum'))).toEqual([]);
  });
});

describe('calc_fire_cabling: NFPA 72 Class A separation', () => {
  it('warns under NFPA 72 when the loop comes back through the pathway it went out by, and not under SBF 110:8', () => {
    const nfpa = designed(100, 'Nfpa72');
    expect(nfpa.fire.config.cabling.class_a_separation).toBe(true);
    const classA = (r: ReturnType<typeof calcFireCabling>) => r.validation.warnings.filter((w) => w.warning_id.startsWith('loop_class_a:'));
    // The offices hang off one corridor: out along it and back along it is the only way.
    const found = classA(calcFireCabling(nfpa));
    expect(found.length).toBeGreaterThan(0);
    expect(found[0]!.message).toMatch(
      /^Loop loop-\d+: the outgoing and return paths share [\d.]+ m of tray or raceway and \d+ door or wall openings? \(NFPA 72 Class A separation\)/,
    );
    const sbf = designed();
    expect(sbf.fire.config.cabling.class_a_separation).toBe(false);
    expect(classA(calcFireCabling(sbf))).toEqual([]);
  });
});

describe('calc_fire_cabling: a part of the building no central reaches', () => {
  it('says so once, naming a unit there, and still puts its units on a loop', () => {
    const ground = officeStorey('g', 0);
    // A pavilion 100 m away: no door, wall, stair or tray joins it to the offices.
    ground.rooms.push({ id: 'pavilion', exterior: rect(200, 0, 10, 10) });
    const { arch, fire } = designed(100, 'Sbf1108', makeArch([ground]));
    const { connections, validation } = calcFireCabling({ arch, fire });
    const cut = validation.warnings.filter((w) => w.warning_id.startsWith('loop_cut_off:'));
    expect(cut).toHaveLength(1);
    expect(cut[0]!.message).toMatch(/^\d+ units? \(the first [\w-]+\) cannot be reached through the building from any central/);
    const expected = loopUnits(fire, sectionBuilding(indexBuilding(arch), arch.doors)).map((u) => u.id);
    expect(
      loops({ ...fire, connections })
        .flatMap(loopMembers)
        .sort(),
    ).toEqual([...expected].sort());
  });
});
