import { describe, expect, it } from 'vitest';
import { newRack } from '@edrf/model';
import { indexBuilding } from '../building.js';
import { buildRoutingGraph } from '../cabling/routing-graph.js';
import { calcFireUnits } from '../calc-units.js';
import { calcFireSections } from '../sections/calc-sections.js';
import { sectionBuilding } from '../sections/section-index.js';
import { fireFor } from '../test-support/check-units.js';
import { centralIn } from '../test-support/centrals.js';
import { calcFireCabling } from './calc-cabling.js';
import { metricBetween, storeyExits } from './loop-metric.js';
import { loopUnits } from './loop-units.js';
import { assignCentrals, loopOrigins } from './origins.js';
import { officeBuilding } from './test-building.js';

describe('calc_fire_cabling with two centrals', () => {
  it('keeps each central within its loops where nearest-only would overload one: no too_many_loops, every unit on one loop', () => {
    const arch = officeBuilding();
    const fire = fireFor('Sbf1108');
    const placed = calcFireUnits({ arch, fire });
    // c1 in the middle of the ground floor's corridor, c2 at its west end: c1 is nearer most units.
    fire.units = {
      ...fire.units,
      ...placed.units,
      racks: { r1: { ...newRack('r1', 'g', [40, 11.5, 0.1]), label: '' }, r2: { ...newRack('r2', 'g', [2, 11.5, 0.1]), label: '' } },
    };
    const product = fire.config.products.centrals.find((p) => p.builtin.num_routes === 2)!;
    fire.connections.centrals = { c1: centralIn('c1', 'r1', product, true), c2: centralIn('c2', 'r2', product, false) };
    fire.sections = calcFireSections({ settings: { sections: true, labels: false, addresses: false }, model: { arch, fire } }).sections;
    const units = loopUnits(fire, sectionBuilding(indexBuilding(arch), arch.doors));
    // Loops of a size that the two centrals' 2 + 2 loops take with a quarter to spare.
    fire.config.cabling.route_max_units = Math.ceil((1.25 * units.length) / 4);

    // The precondition: nearest in sum on the loop metric, c1 would take more units than its 2 loops hold.
    const origins = loopOrigins(fire);
    const exits = storeyExits(buildRoutingGraph({ arch }));
    const nearest = assignCentrals(
      units,
      () => origins,
      (u, o) => metricBetween(u, { storeyId: o.rack.storey_id, coord: o.rack.coord }, exits),
    );
    const onC1 = units.filter((u) => nearest.get(u)!.id === 'c1').length;
    expect(onC1).toBeGreaterThan(origins[0]!.capacity * origins[0]!.maxUnits);

    const { connections, validation } = calcFireCabling({ arch, fire });
    expect(validation.warnings.filter((w) => w.warning_id.startsWith('too_many_loops'))).toEqual([]);
    const loops = Object.values(connections.routes).filter((r) => r.kind === 'Loop');
    const perRack = new Map<string, number>();
    const seen: string[] = [];
    for (const route of loops) {
      const ids = route.slices.flatMap((s) => s.nodes.map((n) => n.unit_id)).filter((id) => id !== '');
      perRack.set(ids[0]!, (perRack.get(ids[0]!) ?? 0) + 1);
      expect(ids[ids.length - 1]).toBe(ids[0]);
      const members = ids.filter((id) => id !== 'r1' && id !== 'r2');
      expect(members.length).toBeLessThanOrEqual(fire.config.cabling.route_max_units);
      seen.push(...members);
    }
    expect(seen.sort()).toEqual(units.map((u) => u.id).sort());
    for (const o of origins) expect(perRack.get(o.rack.id) ?? 0).toBeLessThanOrEqual(o.capacity);
  });
});
