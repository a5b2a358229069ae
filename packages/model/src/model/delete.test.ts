import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ITEM_KINDS, getItem, itemIds, type ItemKind } from './collections.js';
import { deleteItems, removeDanglingReferences } from './delete.js';
import { emptyModel, validateModel, type Model } from './model.js';
import { REFERENCES, findDanglingReferences, referencePattern, referenceSites } from './references.js';
import { randomDeletes, randomModel, sampleModel } from './test-support.js';

const fire = (model: Model) => model.fire!;

describe('deleteItems', () => {
  it('does not change its input', () => {
    const model = sampleModel();
    const before = structuredClone(model);
    deleteItems(model, [{ kind: 'arch.storeys', id: 's1' }]);
    expect(model).toEqual(before);
  });

  it('ignores ids that name nothing and changes nothing when given nothing', () => {
    const model = sampleModel();
    expect(deleteItems(model, [])).toEqual(model);
    expect(deleteItems(model, [{ kind: 'arch.rooms', id: 'nope' }])).toEqual(model);
    expect(deleteItems(emptyModel(), [{ kind: 'fire.units.detectors', id: 'x' }])).toEqual(emptyModel());
  });

  it('a storey takes its arch items, trays, units, tiles and route slices with it', () => {
    const next = deleteItems(sampleModel(), [{ kind: 'arch.storeys', id: 's1' }]);
    expect(Object.keys(next.arch.storeys)).toEqual(['s2']);
    expect(Object.keys(next.arch.rooms)).toEqual(['r3']);
    expect(Object.keys(next.arch.walls)).toEqual(['w3']);
    for (const kind of ['arch.wall_openings', 'arch.doors', 'arch.stairs', 'arch.ceilings', 'arch.slabs', 'arch.other_objects'] as const) {
      expect(itemIds(next, kind)).toEqual([]);
    }
    expect(next.arch.buildings.b1!.storeys).toEqual(['s2']);
    expect(next.config.report_tiles).toEqual({});
    expect(Object.keys(next.elec.trays)).toEqual(['t2']);
    // units on s1 go; so do the rack's equipment (rack_id) and the room's connections record (room r1 went)
    expect(Object.keys(fire(next).units.detectors)).toEqual(['dt3']);
    expect(fire(next).units.racks).toEqual({});
    expect(fire(next).connections.centrals).toEqual({});
    expect(fire(next).connections.plinths).toEqual({});
    expect(fire(next).connections.rooms).toEqual({});
    // the route keeps its slice on s2, the section loses its parts and the addresses of deleted units
    expect(fire(next).connections.routes.ro1!.slices.map((s) => s.storey_id)).toEqual(['s2']);
    expect(fire(next).sections.sec1!.parts).toEqual([]);
    expect(fire(next).sections.sec1!.addresses).toEqual({});
    // products and cables do not depend on a storey
    expect(fire(next).connections.cables.cb1).toBeDefined();
    expect(findDanglingReferences(next)).toEqual([]);
  });

  it('a tray keeps its storey when the storey it leads to goes', () => {
    const next = deleteItems(sampleModel(), [{ kind: 'arch.storeys', id: 's2' }]);
    expect(next.elec.trays.t1!.to_storey_id).toBe('');
    expect(next.elec.trays.t2).toBeUndefined();
    expect(fire(next).connections.routes.ro1!.slices.map((s) => s.storey_id)).toEqual(['s1']);
    expect(fire(next).units.labels).toEqual({});
  });

  it('a route whose every slice goes is deleted, and leaves the rack units’ connections', () => {
    let model = sampleModel();
    model = deleteItems(model, [{ kind: 'arch.storeys', id: 's2' }]);
    const next = deleteItems(model, [{ kind: 'arch.storeys', id: 's1' }]);
    expect(fire(next).connections.routes).toEqual({});
  });

  it('a wall takes its openings, leaves doors and clears enclosing ids', () => {
    const next = deleteItems(sampleModel(), [{ kind: 'arch.walls', id: 'w1' }]);
    expect(next.arch.wall_openings).toEqual({});
    expect(next.arch.doors.d1!.walls).toEqual([]);
    expect(next.arch.walls.w2!.enclosing_id).toBe('');
    expect(next.arch.storeys.s1!.walls).toEqual(['w2']);
    expect(next.arch.storeys.s1!.wall_openings).toEqual([]);
  });

  it('a door clears the door_id of its buttons', () => {
    const next = deleteItems(sampleModel(), [{ kind: 'arch.doors', id: 'd1' }]);
    expect(fire(next).units.buttons.bt1!.door_id).toBe('');
    expect(next.arch.storeys.s1!.doors).toEqual([]);
  });

  it('a room takes its connections record and its section parts', () => {
    const next = deleteItems(sampleModel(), [
      { kind: 'arch.rooms', id: 'r1' },
      { kind: 'arch.rooms', id: 'r2' },
    ]);
    expect(fire(next).connections.rooms).toEqual({});
    expect(fire(next).sections.sec1!.parts).toEqual([]);
    expect(fire(next).sections.sec1).toBeDefined();
    expect(next.arch.storeys.s1!.rooms).toEqual([]);
  });

  it('a detector unlocks its siren, frees its route node and loses its address', () => {
    const next = deleteItems(sampleModel(), [{ kind: 'fire.units.detectors', id: 'dt1' }]);
    expect(fire(next).units.sirens.sr1!.locked_to).toBe('');
    expect(fire(next).connections.routes.ro1!.slices[0]!.nodes.map((n) => n.unit_id)).toEqual(['rk1', '', 'dt2', '']);
    expect(fire(next).sections.sec1!.addresses).toEqual({ dt2: 2, bt1: 3 });
  });

  it('a rack takes the equipment in it and leaves the room’s rack list', () => {
    const next = deleteItems(sampleModel(), [{ kind: 'fire.units.racks', id: 'rk1' }]);
    expect(fire(next).connections.rooms.r1!.racks).toEqual([]);
    for (const group of ['centrals', 'plinths', 'power_supplies', 'others'] as const) expect(fire(next).connections[group]).toEqual({});
    expect(fire(next).connections.routes.ro1!.slices[0]!.nodes[0]!.unit_id).toBe('');
  });

  it('a product is cleared from what uses it; a central extension leaves an empty port', () => {
    const next = deleteItems(sampleModel(), [
      { kind: 'fire.config.products.detectors', id: 'pd1' },
      { kind: 'fire.config.products.cables', id: 'pcb1' },
      { kind: 'fire.config.products.central_extensions', id: 'pext1' },
      { kind: 'fire.config.products.centrals', id: 'pc1' },
    ]);
    expect(Object.values(fire(next).units.detectors).map((d) => d.product_id)).toEqual(['', '', '']);
    expect(fire(next).connections.cables.cb1!.product_id).toBe('');
    expect(fire(next).connections.routes.ro1!.product_id).toBe('');
    expect(fire(next).connections.centrals.ce1).toMatchObject({ product_id: '', extensions: ['', ''] });
    expect(fire(next).config.products.detectors).toEqual([]);
    expect(fire(next).config.products.centrals).toEqual([]);
  });

  it('a cable or route leaves the connections lists of rack units', () => {
    const next = deleteItems(sampleModel(), [
      { kind: 'fire.connections.cables', id: 'cb1' },
      { kind: 'fire.connections.routes', id: 'ro1' },
    ]);
    expect(fire(next).connections.centrals.ce1!.connections).toEqual([]);
    expect(fire(next).connections.plinths.pl1!.connections).toEqual([]);
  });

  it('a building leaves its storeys; a section and a label take nothing with them', () => {
    const model = sampleModel();
    const next = deleteItems(model, [
      { kind: 'arch.buildings', id: 'b1' },
      { kind: 'fire.sections', id: 'sec1' },
      { kind: 'fire.units.labels', id: 'lb1' },
    ]);
    expect(next.arch.storeys).toEqual(model.arch.storeys);
    expect(next.arch.buildings).toEqual({});
    expect(fire(next).sections).toEqual({});
    expect(fire(next).units.labels).toEqual({});
    expect(fire(next).units.detectors).toEqual(fire(model).units.detectors);
  });

  it('after any sequence of deletes on random valid models no id dangles and the model stays valid', () => {
    fc.assert(
      fc.property(fc.gen(), (g) => {
        let model = randomModel(g);
        const rounds = 1 + g(fc.nat, { max: 4 });
        for (let round = 0; round < rounds; round++) {
          const refs = randomDeletes(g, model);
          model = deleteItems(model, refs);
          expect(findDanglingReferences(model)).toEqual([]);
          for (const { kind, id } of refs) expect(getItem(model, kind, id)).toBeUndefined();
          const valid = validateModel(model);
          expect(valid).toEqual({ ok: true, value: model });
        }
      }),
      { numRuns: 300 },
    );
  });

  it('deletes nothing it cannot explain: every item gone was asked for, owned by one gone, or depended on one gone', () => {
    const rules = new Map(REFERENCES.map((ref) => [referencePattern(ref), ref]));
    fc.assert(
      fc.property(fc.gen(), (g) => {
        const model = randomModel(g);
        const refs = randomDeletes(g, model);
        const next = deleteItems(model, refs);
        const gone = (kind: ItemKind, id: string) => getItem(model, kind, id) !== undefined && getItem(next, kind, id) === undefined;
        const sites = referenceSites(model).map((site) => ({ ...site, ref: rules.get(site.pattern)! }));
        for (const kind of ITEM_KINDS) {
          for (const id of itemIds(model, kind)) {
            if (!gone(kind, id)) continue;
            const asked = refs.some((r) => r.kind === kind && r.id === id);
            const owned = sites.some(
              (s) =>
                s.ref.owns &&
                s.id === id &&
                s.ref.targets.includes(kind) &&
                gone(s.ref.holder as ItemKind, s.path.slice(s.ref.holder.length + 1).split('.')[0]!),
            );
            const dependent = sites.some(
              (s) =>
                s.ref.holder === kind &&
                s.path.startsWith(`${kind}.${id}.`) &&
                (s.ref.onDelete === 'cascade' || s.ref.cascadeWhenEmpty === true) &&
                s.ref.targets.some((target) => gone(target, s.id)),
            );
            expect(asked || owned || dependent, `${kind} ${id}`).toBe(true);
          }
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('removeDanglingReferences', () => {
  it('cleans references left dangling by an edit outside deleteItems', () => {
    const model = sampleModel();
    delete model.arch.storeys.s2;
    delete fire(model).units.detectors.dt1;
    const next = removeDanglingReferences(model);
    expect(findDanglingReferences(next)).toEqual([]);
    expect(next.arch.buildings.b1!.storeys).toEqual(['s1']);
    expect(fire(next).units.detectors.dt3).toBeUndefined();
    expect(fire(next).units.sirens.sr1!.locked_to).toBe('');
    expect(validateModel(next).ok).toBe(true);
  });
});
