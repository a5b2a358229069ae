// A guard (issue 40): updateFireDesign once died with V8's "invalid size" fatal error (an array growing without limit)
// on the plan drawings' test building (packages/reports/src/plans/test-model.ts) revised with Förråd Å removed, an
// Arkiv added where half of it stood and Kontor 1 made narrower, while its loops were present. The same building
// (test-support/plan-building.ts), designed and cabled by the engine.
import { describe, expect, it } from 'vitest';
import type { Fire, Route } from '@edrf/model';
import { indexBuilding } from '../building.js';
import { loopUnits } from '../loops/loop-units.js';
import { sectionBuilding } from '../sections/section-index.js';
import { cabledPlan, PLAN_TRAYS, planBuilding, planRevision } from '../test-support/plan-building.js';
import { UPDATE_AT } from '../test-support/revision-edits.js';
import { archChanges } from './arch-changes.js';
import { updateFireDesign } from './update-design.js';

const arch = planBuilding();
const elec = PLAN_TRAYS;
const revised = planRevision(arch);

const loops = (fire: Fire) => Object.values(fire.connections.routes).filter((r) => r.kind === 'Loop');
const locked = (route: Route) => route.slices.flatMap((s) => s.nodes.map((n) => n.unit_id)).filter((id) => id !== '');
const nodeCount = (fire: Fire) => loops(fire).reduce((n, r) => n + r.slices.reduce((m, s) => m + s.nodes.length, 0), 0);

describe('updateFireDesign on the plan drawings’ building revised (Förråd Å removed, Arkiv added, Kontor 1 reshaped)', () => {
  const design = cabledPlan(arch);
  const changes = archChanges(design.design_basis!, revised);

  it('sees the revision the report describes', () => {
    expect(changes.added.map((r) => r.id)).toEqual(['arkiv']);
    expect(changes.removed.map((r) => r.id)).toEqual(['forrad']);
    expect(changes.reshaped.map((r) => r.id)).toEqual(['kontor1']);
    expect(loops(design).length).toBeGreaterThan(0);
  });

  it.each([
    ['with the trays', elec],
    ['without the trays', undefined],
  ])('ends %s with every loop closed at its central and every loop unit on one loop', (_, trays) => {
    const { fire, summary } = updateFireDesign({ arch: revised, fire: design, elec: trays }, changes, { at: UPDATE_AT });
    expect(summary.reroute.length).toBeGreaterThan(0);
    expect(summary.units.removed.detectors?.length).toBeGreaterThan(0);
    for (const route of loops(fire)) expect([locked(route)[0], locked(route).at(-1)], route.id).toEqual(['r1', 'r1']);
    const onLoops = loops(fire).flatMap((r) => locked(r).filter((id) => id !== 'r1'));
    const wanted = loopUnits(fire, sectionBuilding(indexBuilding(revised), revised.doors)).map((u) => u.id);
    expect([...onLoops].sort()).toEqual([...wanted].sort());
    // A loop grows by the units it takes and the corners round walls, never without limit: a generous bound on its nodes.
    expect(nodeCount(fire)).toBeLessThan(nodeCount(design) + 40 * (wanted.length + 1));
  });
});
