// A 50 MB model syncs and loads (issue 4), and a fire-only sync on it leaves the arch where it is.
// A file of its own: the other version tests snapshot every table, which would carry 50 MB each time.
// bench/model-sync.ts times the same steps for 5, 20 and 50 MB (bench/README.md).
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
});
