// POST /api/v1/update_fire_design (issue 40, docs/fire-revisions.md): the fire design brought up to the architecture's
// changes since its basis, in the compute pool; refused without a basis, for a body that is not one, and anonymously.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyFire, type Arch, type Fire, type Route } from '@edrf/model';
import { archChanges, calcFireUnits, createFireConfig, designBasis, updateFireDesign } from '@edrf/fire';
import { cabledPlan, makeArch, PLAN_TRAYS, planBuilding, planRevision, rect } from '@edrf/fire/testing';
import { NO_DESIGN_BASIS } from '../../src/compute/fire-calls.js';
import { startTestApp, type TestApp } from '../support/harness.js';

const AT = '2026-11-20T10:00:00.000Z';

/** Two offices of 6 × 5 m on one storey, designed, its basis taken; then the second office is gone and a hall added. */
function revision() {
  const before = makeArch([
    {
      id: 's0',
      rooms: [
        { id: 'a', name: 'Office A', exterior: rect(0, 0, 6, 5) },
        { id: 'b', name: 'Office B', exterior: rect(6, 0, 12, 5) },
      ],
    },
  ]);
  const fire0 = emptyFire(createFireConfig('Sbf1108'));
  const units = calcFireUnits({ arch: before, fire: fire0 }).units;
  const placed = { ...fire0.units, ...units };
  const designed: Fire = { ...fire0, units: placed, design_basis: designBasis(before, AT, placed) };
  const after: Arch = makeArch([
    {
      id: 's0',
      rooms: [
        { id: 'a', name: 'Office A', exterior: rect(0, 0, 6, 5) },
        { id: 'h', name: 'Hall', exterior: rect(6, 0, 18, 5) },
      ],
    },
  ]);
  return { arch: after, fire: designed, changes: archChanges(designed.design_basis!, after) };
}

describe('POST /api/v1/update_fire_design', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await startTestApp('pglite');
    cookie = await t.cookieFor('revision@example.com');
  });
  afterAll(() => t?.close());

  it("answers the updated fire module and the revision: the removed room's units gone, the new room covered, the rest as it was", async () => {
    const { arch, fire, changes } = revision();
    expect(changes.added.map((r) => r.id)).toEqual(['h']);
    expect(changes.removed.map((r) => r.id)).toEqual(['b']);
    const res = await t.call('POST', '/api/v1/update_fire_design', { cookie, body: { model: { arch, fire }, changes } });
    expect(res.status).toBe(200);
    const answer = res.body as { fire: Fire; summary: { revision: { letter: string } } };
    expect(answer.summary.revision.letter).toBe('A');
    const inA = (f: Fire) => Object.values(f.units.detectors).filter((d) => d.coord[0] < 6);
    expect(inA(answer.fire)).toEqual(inA(fire));
    expect(Object.values(answer.fire.units.detectors).some((d) => d.coord[0] > 12)).toBe(true);
    expect(Object.values(answer.fire.revisions ?? {})).toHaveLength(1);
    // The basis is the new architecture's: nothing is pending any more.
    expect(archChanges(answer.fire.design_basis!, arch)).toEqual({
      added: [],
      removed: [],
      reshaped: [],
      retyped: [],
      walls: { added: [], removed: [], moved: [] },
    });
  });

  it('re-routes the loops the revision touched along the trays sent with the model', async () => {
    const building = planBuilding();
    const fire = cabledPlan(building);
    const arch = planRevision(building);
    const changes = archChanges(fire.design_basis!, arch);
    const res = await t.call('POST', '/api/v1/update_fire_design', { cookie, body: { model: { arch, elec: PLAN_TRAYS, fire }, changes } });
    expect(res.status).toBe(200);
    const answer = res.body as { fire: Fire; summary: { reroute: string[] } };
    expect(answer.summary.reroute.length).toBeGreaterThan(0);
    // The loops as the engine re-routes them with the trays, which differ from its routes without them.
    const routes = (elec?: typeof PLAN_TRAYS) => updateFireDesign({ arch, elec, fire }, changes).fire.connections.routes;
    const path = (all: Record<string, Route>) => Object.values(all).map((r) => r.slices.map((s) => s.nodes.map((n) => n.coord)));
    expect(path(answer.fire.connections.routes)).toEqual(path(routes(PLAN_TRAYS)));
    expect(path(answer.fire.connections.routes)).not.toEqual(path(routes()));
  });

  it('refuses a design never run (no basis), a body that is not one, and a caller who is not signed in', async () => {
    const { arch, fire, changes } = revision();
    const unbased: Fire = { ...fire, design_basis: undefined };
    const none = await t.call('POST', '/api/v1/update_fire_design', { cookie, body: { model: { arch, fire: unbased }, changes } });
    expect(none).toMatchObject({ status: 400, body: { detail: NO_DESIGN_BASIS } });
    const bad = await t.call('POST', '/api/v1/update_fire_design', { cookie, body: { model: { arch, fire }, changes: { added: 3 } } });
    expect(bad.status).toBe(400);
    expect((await t.call('POST', '/api/v1/update_fire_design', { body: { model: { arch, fire }, changes } })).status).toBe(401);
  });
});
