// POST /api/v1/calc_fire_sections (F§7, issue 24): sections, labels and addresses in the compute pool; its refusals.
import { describe, expect, it } from 'vitest';
import { calcFireSections, type FireSectionsResult } from '@edrf/fire';
import { archSchema, fireSchema } from '@edrf/model';
import { testDatabases } from '../support/databases.js';
import { fireCall } from '../support/fire-app.js';
import { corridorArch } from '../support/shapes.js';

const arch = corridorArch;
const detector = (id: string, x: number, y: number) => ({ id, storey_id: 'g', product_id: '', coord: [x, y, 2.95], hidden: false });
const detectors = () => ({
  d1: detector('d1', 10, 6),
  d2: detector('d2', 5, 2.5),
  d3: detector('d3', 15, 2.5),
  d4: detector('d4', 22, 3.5),
});
const ALL = { sections: true, labels: true, addresses: true };

describe.each(testDatabases())('calc_fire_sections (%s)', (kind) => {
  const { app, post } = fireCall(kind, '/api/v1/calc_fire_sections');
  const fire = (units: object = { detectors: detectors() }) => ({ config: app.config, units });

  it('answers the sections, labels and addresses the engine makes, the stairwell in a section of its own', async () => {
    const res = await post({ settings: ALL, model: { arch: arch(), fire: fire() } });
    expect(res.status).toBe(200);
    const answer = res.body as FireSectionsResult;
    const sections = Object.values(answer.sections);
    expect(sections.map((s) => s.parts.map((p) => p.room_id).sort()).sort()).toEqual([['a', 'b', 'hall'], ['stair']]);
    expect(
      Object.values(answer.labels)
        .map((l) => l.label)
        .sort(),
    ).toEqual(sections.map((s) => s.name).sort());
    expect(sections.flatMap((s) => Object.keys(s.addresses)).sort()).toEqual(['d1', 'd2', 'd3', 'd4']);
    expect(answer.validation.warnings).toEqual([]);
    // The same as the engine run here (the route parses the model with the schema's defaults first).
    expect(answer.sections).toEqual(
      calcFireSections({ settings: ALL, model: { arch: archSchema.parse(arch()), fire: fireSchema.parse(fire()) } }).sections,
    );
  });

  it('with every box off only analyses: the model’s sections come back as they are, with their warnings', async () => {
    const split = {
      id: 'x',
      name: '9',
      parts: [
        { room_id: 'a', shape: null },
        { room_id: 'stair', shape: null },
      ],
    };
    const res = await post({ settings: {}, model: { arch: arch(), fire: { ...fire(), sections: { x: split } } } });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.sections)).toEqual(['x']);
    expect(res.body.validation.split_sections).toEqual([['a'], ['stair']]);
    expect(res.body.validation.warnings.map((w: { warning_id: string }) => w.warning_id)).toContain('section_not_contiguous:x');
  });

  it('takes F§7’s payload, a fire config of the section settings alone (the first regulation’s rules for the rest)', async () => {
    const res = await post({
      settings: ALL,
      model: {
        config: {},
        arch: arch(),
        fire: { units: { detectors: detectors() }, config: { section: { section_areas: [100] } }, sections: {} },
      },
    });
    expect(res.status).toBe(200);
    // 100 m² a section: the hall (40) with one office (50), the other office, and the stair on its own.
    expect(Object.keys((res.body as FireSectionsResult).sections)).toHaveLength(3);
  });

  it('refuses a model without detectors: 400 Fire detectors missing', async () => {
    const res = await post({ settings: ALL, model: { arch: arch(), fire: fire({}) } });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('Fire detectors missing');
  });

  it.each([
    ['no model', () => ({ settings: ALL }), 'model: '],
    [
      'a setting that is not a boolean',
      () => ({ settings: { sections: 'yes' }, model: { arch: arch(), fire: fire() } }),
      'settings.sections: ',
    ],
    [
      'a room with a bad outline',
      () => ({ settings: ALL, model: { arch: { ...arch(), rooms: { a: { id: 'a', shape: { exterior: 'x' } } } }, fire: fire() } }),
      'model.arch.rooms.a.shape.exterior: ',
    ],
    [
      'an address of 0',
      () => ({ settings: ALL, model: { arch: arch(), fire: { ...fire(), sections: { s: { id: 's', addresses: { d1: 0 } } } } } }),
      'model.fire.sections.s.addresses.d1: ',
    ],
  ])('refuses %s (400), naming the path', async (_name, body, detail) => {
    const res = await post(body());
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain(detail);
  });

  it('refuses malformed JSON (400) and anyone not signed in (401)', async () => {
    const bad = await app.t.call('POST', '/api/v1/calc_fire_sections', { cookie: app.cookie, body: '{"settings":' });
    expect(bad.status).toBe(400);
    const anonymous = await post({ settings: ALL, model: { arch: arch(), fire: fire() } }, { anonymous: true });
    expect(anonymous.status).toBe(401);
  });
});
