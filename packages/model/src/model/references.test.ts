import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COLLECTIONS } from './collections.js';
import { emptyModel } from './model.js';
import { REFERENCES, findDanglingReferences, idIndex, referencePattern, referenceSites, schemaReferencePatterns } from './references.js';
import { randomModel, sampleModel } from './test-support.js';

describe('REFERENCES', () => {
  it('lists exactly the fields the schema marks as id references', () => {
    const fromSchema = [...schemaReferencePatterns()].sort();
    const fromTable = REFERENCES.map(referencePattern).sort();
    expect(fromTable).toEqual(fromSchema);
    expect(new Set(fromTable).size).toBe(fromTable.length);
  });

  it('names only real collections, and options only where they mean something', () => {
    for (const ref of REFERENCES) {
      expect(ref.targets.length).toBeGreaterThan(0);
      for (const target of ref.targets) expect(COLLECTIONS).toHaveProperty([target]);
      if (ref.holder !== 'config') expect(COLLECTIONS).toHaveProperty([ref.holder]);
      if (ref.cascadeWhenEmpty) expect(ref.onDelete).toBe('dropElement');
      if (ref.owns) expect(ref.field).toMatch(/^\w+\.\*$/);
      if (ref.onDelete === 'dropElement') expect(ref.field).toContain('*.');
      if (ref.onDelete === 'cascade') expect(ref.holder).not.toBe('config');
    }
  });

  it('has every reference of the sample model, and the sample has every reference of the table', () => {
    const patterns = new Set(referenceSites(sampleModel()).map((site) => site.pattern));
    for (const ref of REFERENCES) expect(patterns, referencePattern(ref)).toContain(referencePattern(ref));
  });
});

describe('referenceSites', () => {
  it('finds ids in fields, lists and map keys with their paths', () => {
    const sites = referenceSites(sampleModel());
    expect(sites).toContainEqual({ pattern: 'config.report_tiles.@key', path: 'config.report_tiles.s1', id: 's1' });
    expect(sites).toContainEqual({ pattern: 'arch.storeys.*.rooms.*', path: 'arch.storeys.s1.rooms.1', id: 'r2' });
    expect(sites).toContainEqual({
      pattern: 'fire.connections.routes.*.slices.*.nodes.*.unit_id',
      path: 'fire.connections.routes.ro1.slices.1.nodes.1.unit_id',
      id: 'dt3',
    });
    expect(sites).toContainEqual({ pattern: 'fire.sections.*.addresses.@key', path: 'fire.sections.sec1.addresses.bt1', id: 'bt1' });
    // '' is no reference
    expect(sites.filter((s) => s.pattern === 'fire.connections.centrals.*.extensions.*')).toEqual([
      { pattern: 'fire.connections.centrals.*.extensions.*', path: 'fire.connections.centrals.ce1.extensions.0', id: 'pext1' },
    ]);
  });

  it('finds nothing in an empty model', () => {
    expect(referenceSites(emptyModel())).toEqual([]);
  });
});

describe('findDanglingReferences', () => {
  it('finds none in consistent models', () => {
    expect(findDanglingReferences(sampleModel())).toEqual([]);
    expect(findDanglingReferences(emptyModel())).toEqual([]);
    fc.assert(
      fc.property(fc.gen(), (g) => {
        expect(findDanglingReferences(randomModel(g))).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it('names the path, the id and where it should be', () => {
    const model = sampleModel();
    delete model.arch.doors.d1;
    model.fire!.units.sirens.sr1!.locked_to = 'gone';
    expect(findDanglingReferences(model)).toEqual([
      { path: 'arch.storeys.s1.doors.0', id: 'd1', targets: ['arch.doors'] },
      { path: 'fire.units.sirens.sr1.locked_to', id: 'gone', targets: ['fire.units.detectors'] },
      { path: 'fire.units.buttons.bt1.door_id', id: 'd1', targets: ['arch.doors'] },
    ]);
  });

  it('accepts an id in any of several target collections (route nodes name any unit)', () => {
    const model = sampleModel();
    model.fire!.connections.routes.ro1!.slices[0]!.nodes[0]!.unit_id = 'io1';
    expect(findDanglingReferences(model)).toEqual([]);
  });

  it('reports a reference field missing from the table, whatever entry is left out', () => {
    const model = sampleModel();
    for (const left of REFERENCES) {
      const table = REFERENCES.filter((ref) => ref !== left);
      const found = findDanglingReferences(model, table);
      expect(found.length, referencePattern(left)).toBeGreaterThan(0);
      expect(found.every((d) => d.targets === null)).toBe(true);
    }
  });
});

describe('idIndex', () => {
  it('indexes the ids of every collection, lists included', () => {
    const index = idIndex(sampleModel());
    expect(index.get('arch.rooms')).toEqual(new Set(['r1', 'r2', 'r3']));
    expect(index.get('fire.config.products.cables')).toEqual(new Set(['pcb1']));
    expect(idIndex(emptyModel()).get('fire.units.detectors')).toEqual(new Set());
  });
});
