// A 50 MB model syncs and loads (issue 4), and a fire-only sync on it leaves the arch where it is.
// A file of its own: the other version tests snapshot every table, which would carry 50 MB each time.
// bench/model-sync.ts times the same steps for 5, 20 and 50 MB (bench/README.md).
import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRENT_SCHEMA, EDRF_SCHEMA } from '@edrf/model';
import { buildLargeArch, MB, sha256, type LargeArch } from '../../../../bench/large-model.js';
import { testDatabases } from '../support/databases.js';
import { startTestApp, type TestApp } from '../support/harness.js';

const detector = {
  min_wall_distance: 0.5,
  min_air_inlet_distance: 1,
  max_detector_distance: 7.5,
  area_per_detector: 60,
  max_shaft_distance: 1,
};
const FIRE = {
  config: {
    regulation: 'Sbf1108',
    unit: { detector: { Smoke: detector, Heat: detector }, siren: { max_range: 20 }, button: { max_range_from_door: 1.5 } },
    cabling: { route_max_units: 128, route_max_area: 2000, start_voltage_margin: 10 },
  },
};
const EMPTY_CONFIG =
  '{"name":"","address":"","owner":"","owner_address":"","tenant":"","compass_degrees":0,"ifc_files":{},"report_tiles":{}}';

/** Built once (about 2 s) for every database the file runs on. */
let built: LargeArch | undefined;

describe.each(testDatabases())('a 50 MB model (%s)', (kind) => {
  let t: TestApp;
  let large: LargeArch;
  let cookie: string;
  let projectId: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    const email = 'large-model@example.com';
    cookie = await t.cookieFor(email);
    const org = await t.createOrg('Large org', { [email]: 'standard' });
    projectId = (await t.createProjectViaApi(cookie, org.org_id, 'Tower of 35 storeys')).project_id;
    large = built ??= buildLargeArch(50 * MB);
  });
  afterAll(() => t?.close());

  /** Straight through inject, as text: the harness would parse 50 MB answers the test reads as text. */
  const inject = async (method: 'GET' | 'POST', path: string, payload?: string) => {
    const headers: Record<string, string> = { 'edrf-schema': String(EDRF_SCHEMA), cookie };
    if (payload !== undefined) headers['content-type'] = 'application/json';
    const res = await t.app.inject({ method, url: `/api/v1/project/${projectId}/${path}`, headers, payload });
    return { status: res.statusCode, text: res.body };
  };
  const working = () => t.db.selectFrom('working_versions').selectAll().where('project_id', '=', projectId).executeTakeFirstOrThrow();
  const partRows = () => t.db.selectFrom('model_parts').select(['part_hash', 'created_at']).orderBy('part_hash').execute();

  it('syncs, loads back byte for byte, and a fire-only sync adds one part row and keeps the arch row', async () => {
    expect(large.json.length).toBeGreaterThanOrEqual(50 * MB);
    const revision = (await working()).working_revision;
    const timings: Record<string, number> = {};
    const timed = async <T>(name: string, run: () => Promise<T>) => {
      const start = performance.now();
      const result = await run();
      timings[name] = Math.round(performance.now() - start);
      return result;
    };

    const body = `{"parent":"working-version","working_revision":"${revision}","arch":${large.json}}`;
    const synced = await timed('sync', () => inject('POST', 'sync_working_version', body));
    expect(synced.status, synced.text.slice(0, 300)).toBe(200);
    const { working_revision } = JSON.parse(synced.text);
    const row = await working();
    expect(row.working_revision).toBe(working_revision);
    expect(row.arch_hash).toBe(sha256(large.json));

    const loaded = await timed('load', () => inject('GET', 'latest_version'));
    expect(loaded.status).toBe(200);
    // The answer is the head, then the model: the arch as it was sent, byte for byte.
    const modelAt = loaded.text.indexOf(',"model":');
    expect(JSON.parse(`${loaded.text.slice(0, modelAt)}}`)).toMatchObject({ project_version_id: 'working-version', working_revision });
    const model = `{"config":${EMPTY_CONFIG},"arch":${large.json},"elec":{"trays":{}},"fire":null,"edrf_schema":${CURRENT_SCHEMA}}`;
    expect(loaded.text.length).toBe(modelAt + ',"model":'.length + model.length + 1);
    expect(sha256(loaded.text.slice(modelAt + ',"model":'.length, -1))).toBe(sha256(model));

    const rowsBefore = await partRows();
    const fire = await timed('fire-only sync', () =>
      inject('POST', 'sync_working_version', JSON.stringify({ parent: 'working-version', working_revision, fire: FIRE })),
    );
    expect(fire.status, fire.text).toBe(200);
    const after = await working();
    expect(after).toMatchObject({ arch_hash: row.arch_hash, config_hash: row.config_hash, elec_hash: row.elec_hash });
    expect(after.fire_hash).not.toBe(row.fire_hash);
    const rowsAfter = await partRows();
    expect(rowsAfter).toHaveLength(rowsBefore.length + 1);
    expect(rowsAfter).toEqual(expect.arrayContaining(rowsBefore));
    console.log(`50 MB model on ${kind}: ${(large.json.length / MB).toFixed(1)} MB arch`, timings);
  }, 90_000);

  // Over INLINE_SYNC_BYTES (1 MB) a sync is checked in a compute worker, which on PostgreSQL stores the parts itself.
  describe('a sync of one storey (1.5 MB), checked in a compute worker', () => {
    const storey = (seed: number) => buildLargeArch(1.2 * MB, seed);
    const newProject = async (name: string) => {
      projectId = (
        await t.createProjectViaApi(cookie, (await t.createOrg(`${name} org`, { 'large-model@example.com': 'standard' })).org_id, name)
      ).project_id;
      return (await working()).working_revision;
    };
    const stored = async (json: string) =>
      (await t.db.selectFrom('model_parts').select('part_hash').where('part_hash', '=', sha256(json)).execute()).length;

    it('stores it and reads it back as sent', async () => {
      const revision = await newProject('One storey');
      const { json } = storey(11);
      expect(json.length).toBeGreaterThan(MB);
      const synced = await inject(
        'POST',
        'sync_working_version',
        `{"parent":"working-version","working_revision":"${revision}","arch":${json}}`,
      );
      expect(synced.status, synced.text).toBe(200);
      expect((await working()).arch_hash).toBe(sha256(json));
      const loaded = await inject('GET', 'latest_version');
      const arch = loaded.text.slice(loaded.text.indexOf(',"arch":') + ',"arch":'.length, loaded.text.indexOf(',"elec":'));
      expect(sha256(arch)).toBe(sha256(json));
      expect(JSON.parse(loaded.text.slice(0, loaded.text.indexOf(',"model":')) + '}').working_revision).toBe(
        JSON.parse(synced.text).working_revision,
      );
    }, 60_000);

    it('answers 409 to a stale revision, 404 to a parent that is not a version: nothing stored, the working version as it was', async () => {
      const stale = await newProject('Stale storey');
      const moved = await inject(
        'POST',
        'sync_working_version',
        JSON.stringify({ parent: 'working-version', working_revision: stale, fire: FIRE }),
      );
      expect(moved.status, moved.text).toBe(200);
      const before = await working();
      const { json } = storey(12);
      const late = await inject(
        'POST',
        'sync_working_version',
        `{"parent":"working-version","working_revision":"${stale}","arch":${json}}`,
      );
      expect(late.status).toBe(409);
      expect(JSON.parse(late.text).detail).toMatch(/^The working version was changed by someone else/);
      const lost = await inject('POST', 'sync_working_version', `{"parent":"${crypto.randomUUID()}","arch":${json}}`);
      expect(lost.status).toBe(404);
      expect(await working()).toEqual(before);
      expect(await stored(json)).toBe(0);
    }, 60_000);

    it('refuses a malformed body, or a part that breaks a rule, as a small sync is refused: nothing stored', async () => {
      const revision = await newProject('Refused storey');
      const { json } = storey(13);
      const cut = await inject('POST', 'sync_working_version', `{"parent":"working-version","arch":${json.slice(0, -1)}`);
      const cutSmall = await inject('POST', 'sync_working_version', '{"parent":"working-version","arch":{');
      expect([cut.status, cut.text]).toEqual([400, cutSmall.text]);
      const bad = await inject('POST', 'sync_working_version', `{"parent":"working-version","arch":${json},"elec":{"trays":5}}`);
      const badSmall = await inject('POST', 'sync_working_version', '{"parent":"working-version","elec":{"trays":5}}');
      expect([bad.status, bad.text]).toEqual([400, badSmall.text]);
      expect((await working()).working_revision).toBe(revision);
      expect(await stored(json)).toBe(0);
    }, 60_000);

    it('refuses a body not of its Content-Length as a small one is refused, and reads one sent without a length', async () => {
      const revision = await newProject('Unannounced storey');
      const { json } = storey(14);
      const body = `{"parent":"working-version","working_revision":"${revision}","arch":${json}}`;
      const headers = { 'edrf-schema': String(EDRF_SCHEMA), cookie, 'content-type': 'application/json' };
      const url = `/api/v1/project/${projectId}/sync_working_version`;
      const announced = async (payload: string, length: number) => {
        const res = await t.app.inject({ method: 'POST', url, headers: { ...headers, 'content-length': String(length) }, payload });
        return [res.statusCode, res.body];
      };
      const small = '{"parent":"working-version"}';
      for (const off of [-10, 10]) {
        const answer = await announced(body, Buffer.byteLength(body) + off);
        expect(answer[0]).toBe(400);
        expect(answer).toEqual(await announced(small, small.length + off));
      }
      expect(await stored(json)).toBe(0);
      const pieces = [body.slice(0, MB), body.slice(MB)].map((text) => Buffer.from(text));
      const unannounced = await t.app.inject({ method: 'POST', url, headers, payload: Readable.from(pieces) });
      expect(unannounced.statusCode, unannounced.body).toBe(200);
      expect((await working()).arch_hash).toBe(sha256(json));
    }, 60_000);
  });
});
