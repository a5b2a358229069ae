// The working version, sync, save, statuses and the project meta of docs/versions.md (P§3, P§4,
// P§7 'Versions and model'), on every test database. Projects are made by the real create_project
// call, which makes their working version.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRENT_SCHEMA, VERSION_STATUSES, type ArchInput, type FireConfigInput } from '@edrf/model';
import { testDatabases } from '../support/databases.js';
import { ADMIN_EMAIL, startTestApp, type CallResult, type TestApp } from '../support/harness.js';
import { EMPTY_ARCH, EMPTY_CONFIG, roomIn, roomOut } from '../support/shapes.js';

/** A JSON answer, read field by field. */
type Answer = CallResult['body'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const CONFLICT = 'The working version was changed by someone else: get their changes to keep yours on top of them';
const NO_VERSION = { detail: 'Unable to find version' };

const EMPTY_MODEL = { config: EMPTY_CONFIG, arch: EMPTY_ARCH, elec: { trays: {} }, fire: null, edrf_schema: CURRENT_SCHEMA };

const archIn = (rooms: [id: string, x: number][], name?: string): ArchInput => ({
  rooms: Object.fromEntries(rooms.map(([id, x]) => [id, roomIn(id, x, name)])),
});
const archOut = (rooms: [id: string, x: number][], name?: string) => ({
  ...EMPTY_ARCH,
  rooms: Object.fromEntries(rooms.map(([id, x]) => [id, roomOut(id, x, name)])),
});

const detectorSettings = {
  min_wall_distance: 0.5,
  min_air_inlet_distance: 1,
  max_detector_distance: 7.5,
  area_per_detector: 60,
  max_shaft_distance: 1,
};
const fireConfig = (margin: number): FireConfigInput => ({
  regulation: 'Bs5839',
  unit: { detector: { Smoke: detectorSettings, Heat: detectorSettings }, siren: { max_range: 20 }, button: { max_range_from_door: 1.5 } },
  cabling: { route_max_units: 128, route_max_area: 2000, start_voltage_margin: margin },
});
const fireIn = (margin = 10) => ({ config: fireConfig(margin) });

describe.each(testDatabases())('versions (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let n = 0;
  const nextEmail = () => `versions-user${++n}@example.com`;

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await t.signIn(ADMIN_EMAIL);
  });
  afterAll(() => t?.close());

  /** A new user who made a new project through create_project (and so is its admin). */
  async function newProject(name = 'Tower A') {
    const email = nextEmail();
    const cookie = await t.cookieFor(email);
    const org = await t.createOrg(`Org of ${email}`, { [email]: 'standard' });
    const project = await t.createProjectViaApi(cookie, org.org_id, name);
    const projectId = project.project_id;
    const url = (path: string) => `/api/v1/project/${projectId}/${path}`;
    const latest = async (): Promise<Answer> => {
      const res = await t.call('GET', url('latest_version'), { cookie });
      expect(res.status).toBe(200);
      return res.body;
    };
    const revision = async () => (await latest()).working_revision as string;
    const sync = (body: Record<string, unknown>) => t.call('POST', url('sync_working_version'), { cookie, body });
    /** A sync from the working version at its current revision, which must succeed. */
    const syncOk = async (parts: Record<string, unknown>) => {
      const res = await sync({ parent: 'working-version', working_revision: await revision(), ...parts });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as { working_revision: string; parent_version_id: string | null };
    };
    const save = async (comment: string) => {
      const res = await t.call('POST', url('save_working_version'), { cookie, body: { comment } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as { project_version_id: string; parent_version_id: string | null };
    };
    return { email, cookie, org, projectId, url, latest, revision, sync, syncOk, save };
  }
  type Project = Awaited<ReturnType<typeof newProject>>;

  const workingRow = (projectId: string) =>
    t.db.selectFrom('working_versions').selectAll().where('project_id', '=', projectId).executeTakeFirstOrThrow();
  const partRows = () => t.db.selectFrom('model_parts').select(['part_hash', 'created_at']).orderBy('part_hash').execute();

  describe('latest_version', () => {
    it("a new project's working version holds the empty model", async () => {
      const p = await newProject();
      const res = await t.call('GET', p.url('latest_version'), { cookie: p.cookie });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        project_version_id: 'working-version',
        project_id: p.projectId,
        parent_version_id: null,
        working_revision: expect.stringMatching(UUID),
        user_email: p.email,
        comment: null,
        created_at: expect.stringMatching(ISO),
        status: null,
        model: EMPTY_MODEL,
      });
      expect(res.body.working_revision).toBe((await workingRow(p.projectId)).working_revision);
      expect((await t.call('GET', p.url('list_versions'), { cookie: p.cookie })).body).toEqual({ versions: [] });
    });
  });

  describe('sync_working_version', () => {
    it('replaces the parts sent and keeps the parts sent as null or left out; a new revision only when something changed', async () => {
      const p = await newProject();
      const r0 = await p.revision();

      const first = await p.sync({ parent: 'working-version', working_revision: r0, config: { name: 'Tower A', tenant: 'Acme' } });
      expect(first.status).toBe(200);
      expect(first.body).toEqual({ working_revision: expect.stringMatching(UUID), parent_version_id: null });
      const r1 = first.body.working_revision;
      expect(r1).not.toBe(r0);
      const config = { ...EMPTY_CONFIG, name: 'Tower A', tenant: 'Acme' };
      expect((await p.latest()).model).toEqual({ ...EMPTY_MODEL, config });

      // Only arch; config null, elec and fire left out: config stays.
      const second = await p.sync({
        parent: 'working-version',
        working_revision: r1,
        config: null,
        arch: archIn([
          ['r1', 0],
          ['r2', 5],
        ]),
      });
      expect(second.status).toBe(200);
      const r2 = second.body.working_revision;
      expect(r2).not.toBe(r1);
      const arch = archOut([
        ['r1', 0],
        ['r2', 5],
      ]);
      const latest = await p.latest();
      expect(latest).toMatchObject({ working_revision: r2, parent_version_id: null, user_email: p.email });
      expect(latest.model).toEqual({ ...EMPTY_MODEL, config, arch });

      // The same parts again, or none at all, change nothing: the revision stays.
      const before = await t.snapshot();
      for (const parts of [{ config: { name: 'Tower A', tenant: 'Acme' }, arch: latest.model.arch }, {}, { fire: null, elec: null }]) {
        const same = await p.sync({ parent: 'working-version', working_revision: r2, ...parts });
        expect(same.status).toBe(200);
        expect(same.body).toEqual({ working_revision: r2, parent_version_id: null });
      }
      expect(await t.snapshot()).toEqual(before);

      // Every part at once, and back to an empty fire.
      const elec = { trays: { t1: { id: 't1', storey_id: 's1', to_storey_id: 's1', start: [0, 0, 2.9], end: [5, 0, 2.9] } } };
      const all = await p.syncOk({ config: {}, arch: {}, elec, fire: fireIn() });
      expect(all.working_revision).not.toBe(r2);
      const model = (await p.latest()).model;
      expect(model.config).toEqual(EMPTY_CONFIG);
      expect(model.arch).toEqual(EMPTY_ARCH);
      // P§5: to_storey_id equal to storey_id is cleared; the width gets its default.
      expect(model.elec).toEqual({
        trays: { t1: { id: 't1', storey_id: 's1', to_storey_id: '', start: [0, 0, 2.9], end: [5, 0, 2.9], width: 0.3 } },
      });
      expect(model.fire.config.regulation).toBe('Bs5839');
      expect(model.fire.units.detectors).toEqual({});
    });

    it('a sync by another member is stored under their e-mail', async () => {
      const p = await newProject();
      const editor = nextEmail();
      await t.db
        .insertInto('project_roles')
        .values({ project_id: p.projectId, user_id: (await t.ensureUser(editor)).user_id, role: 'editor' })
        .execute();
      const res = await t.call('POST', p.url('sync_working_version'), {
        cookie: await t.cookieFor(editor),
        body: { parent: 'working-version', working_revision: await p.revision(), config: { name: 'By the editor' } },
      });
      expect(res.status).toBe(200);
      expect(await p.latest()).toMatchObject({ user_email: editor, working_revision: res.body.working_revision });
    });

    it('a stale working_revision answers 409 and stores nothing, not even the parts sent', async () => {
      const p = await newProject();
      const stale = await p.revision();
      const { working_revision: current } = await p.syncOk({ arch: archIn([['r1', 0]]) });
      const before = await t.snapshot();
      const res = await p.sync({
        parent: 'working-version',
        working_revision: stale,
        config: { name: 'Theirs' },
        arch: archIn([['r9', 40]], 'Never stored'),
        fire: fireIn(33),
      });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ detail: CONFLICT });
      expect(await t.snapshot()).toEqual(before);
      // A revision that never was is stale too.
      const made = await p.sync({ parent: 'working-version', working_revision: crypto.randomUUID(), arch: archIn([['r8', 50]]) });
      expect(made.status).toBe(409);
      expect(made.body).toEqual({ detail: CONFLICT });
      expect(await t.snapshot()).toEqual(before);
      expect((await p.latest()).working_revision).toBe(current);
    });

    it('parent = a saved version starts from that version’s parts', async () => {
      const p = await newProject();
      await p.syncOk({ config: { name: 'Saved' }, arch: archIn([['r1', 0]]) });
      const saved = await p.save('Ground floor');
      await p.syncOk({ config: { name: 'Later' }, arch: archIn([['r2', 5]]), fire: fireIn() });
      await p.save('Later work');

      // Back to the first save, changing its elec only: config, arch and fire are the saved version's.
      const elec = { trays: { t1: { id: 't1', storey_id: 's1', start: [0, 0, 0], end: [1, 0, 0], width: 0.5 } } };
      const res = await p.sync({ parent: saved.project_version_id, working_revision: await p.revision(), elec });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ working_revision: expect.stringMatching(UUID), parent_version_id: saved.project_version_id });
      const latest = await p.latest();
      expect(latest.parent_version_id).toBe(saved.project_version_id);
      expect(latest.model).toEqual({
        ...EMPTY_MODEL,
        config: { ...EMPTY_CONFIG, name: 'Saved' },
        arch: archOut([['r1', 0]]),
        elec: { trays: { t1: { ...elec.trays.t1, to_storey_id: '' } } },
      });

      // A saved version as parent with no part sent: the working version becomes that version.
      await p.syncOk({ arch: archIn([['r3', 10]]) });
      const back = await p.sync({ parent: saved.project_version_id, working_revision: await p.revision() });
      expect(back.status).toBe(200);
      expect((await p.latest()).model).toEqual({ ...EMPTY_MODEL, config: { ...EMPTY_CONFIG, name: 'Saved' }, arch: archOut([['r1', 0]]) });
    });

    it('a parent that is not a version of this project answers 404 and stores nothing', async () => {
      const p = await newProject();
      const other = await newProject();
      await other.syncOk({ arch: archIn([['x1', 0]]) });
      const theirs = await other.save('Theirs');
      const before = await t.snapshot();
      for (const parent of [crypto.randomUUID(), theirs.project_version_id, 'unsynced', 'v1']) {
        const res = await p.sync({ parent, working_revision: await p.revision(), arch: archIn([['r1', 0]], `From ${parent}`) });
        expect(res.status, parent).toBe(404);
        expect(res.body).toEqual(NO_VERSION);
      }
      expect(await t.snapshot()).toEqual(before);
    });

    // Each body is sent with the current revision; every valid part sent alongside must not be stored either.
    it.each([
      [
        'a point that is not a point',
        { arch: { rooms: { r1: { ...roomIn('r1', 0), shape: { exterior: [[0, 0], 'x', [4, 4]] } } } } },
        'arch.rooms.r1.shape.exterior.1: Invalid input: expected tuple, received string',
      ],
      [
        'a point of three numbers in a plan polygon',
        {
          config: { name: 'Valid' },
          arch: {
            rooms: {
              r1: {
                ...roomIn('r1', 0),
                shape: {
                  exterior: [
                    [0, 0],
                    [1, 2, 3],
                    [4, 4],
                  ],
                },
              },
            },
          },
        },
        'arch.rooms.r1.shape.exterior.1: Too big: expected array to have <=2 items',
      ],
      [
        'an item whose id differs from its key',
        { arch: { rooms: { r1: roomIn('r2', 0) } } },
        "arch.rooms.r1.id: Id 'r2' differs from its key 'r1'",
      ],
      [
        'a room type that is not one',
        { arch: { rooms: { r1: { ...roomIn('r1', 0), type: 'Kitchenette' } } } },
        'arch.rooms.r1.type: Invalid option: expected one of "Other"|"Kitchen"|"Shower"|"Bathroom"|"AccessibleBathroom"|"Balcony"|"Stairwell"|"ServerRoom"|"Shaft"|"Workshop"|"SleepingRoom"',
      ],
      ['an arch that is a list', { arch: [] }, 'arch: Invalid input: expected object, received array'],
      [
        'a bad fire after a valid arch',
        { arch: archIn([['r1', 0]]), fire: { units: {} } },
        'fire.config: Invalid input: expected object, received undefined',
      ],
      ['a compass angle of 360', { config: { compass_degrees: 360 } }, 'config.compass_degrees: Too big: expected number to be <360'],
      [
        'a tray of width 0',
        { elec: { trays: { t1: { id: 't1', storey_id: 's1', start: [0, 0, 0], end: [1, 0, 0], width: 0 } } } },
        'elec.trays.t1.width: Too small: expected number to be >0',
      ],
      ['a working_revision that is not one', { working_revision: 'abc' }, 'working_revision: Not a revision of this project'],
      ['no parent', { parent: undefined, config: { name: 'x' } }, 'parent: Invalid input: expected string, received undefined'],
    ])('with %s answers 400 naming the failing path and stores nothing', async (_, body: Record<string, unknown>, detail) => {
      const p = await newProject();
      const before = await t.snapshot();
      const res = await p.sync({ parent: 'working-version', working_revision: await p.revision(), ...body });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ detail });
      expect(await t.snapshot()).toEqual(before);
    });

    it('malformed JSON answers 400 and stores nothing', async () => {
      const p = await newProject();
      const before = await t.snapshot();
      const revision = await p.revision();
      const res = await t.call('POST', p.url('sync_working_version'), {
        cookie: p.cookie,
        body: `{"parent":"working-version","working_revision":"${revision}","config":{"name":"x"`,
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ detail: 'Malformed JSON: the request body is not valid JSON' });
      expect(await t.snapshot()).toEqual(before);
    });

    it('stores each part on its own: a fire-only sync adds one part row and leaves the arch row as it was', async () => {
      const p = await newProject();
      const rooms: [string, number][] = Array.from({ length: 200 }, (_, i) => [`r${i}`, i * 5]);
      await p.syncOk({ config: { name: 'Parts' }, arch: archIn(rooms), elec: { trays: {} } });
      const before = await workingRow(p.projectId);
      const rowsBefore = await partRows();
      const archRow = rowsBefore.find((row) => row.part_hash === before.arch_hash);
      expect(archRow).toBeDefined();

      await p.syncOk({ fire: fireIn(12) });
      const after = await workingRow(p.projectId);
      const rowsAfter = await partRows();
      expect(rowsAfter).toHaveLength(rowsBefore.length + 1);
      expect(rowsAfter).toEqual(expect.arrayContaining(rowsBefore));
      expect(rowsAfter.find((row) => !rowsBefore.some((old) => old.part_hash === row.part_hash))?.part_hash).toBe(after.fire_hash);
      expect(after).toMatchObject({ config_hash: before.config_hash, arch_hash: before.arch_hash, elec_hash: before.elec_hash });
      expect(after.fire_hash).not.toBe(before.fire_hash);
      expect(rowsAfter.find((row) => row.part_hash === after.arch_hash)).toEqual(archRow);

      // The same arch synced again by another project is the same row: parts are stored once per content.
      const other = await newProject();
      await other.syncOk({ arch: archIn(rooms) });
      expect((await workingRow(other.projectId)).arch_hash).toBe(after.arch_hash);
      expect(await partRows()).toHaveLength(rowsAfter.length);
      expect((await p.latest()).model.arch).toEqual(archOut(rooms));
    });
  });

  describe('save_working_version, list_versions, get_version', () => {
    it.each([
      ['an empty comment', { comment: '' }, 'comment: A comment is required'],
      ['a comment of spaces', { comment: '  \t ' }, 'comment: A comment is required'],
      ['no comment', {}, 'comment: Invalid input: expected string, received undefined'],
      ['a comment of 2001 characters', { comment: 'c'.repeat(2001) }, 'comment: Too big: expected string to have <=2000 characters'],
    ])('with %s answers 400 and saves nothing', async (_, body, detail) => {
      const p = await newProject();
      await p.syncOk({ arch: archIn([['r1', 0]]) });
      const before = await t.snapshot();
      const res = await t.call('POST', p.url('save_working_version'), { cookie: p.cookie, body });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ detail });
      expect(await t.snapshot()).toEqual(before);
    });

    it('with the working_revision the caller saw: saves it, and refuses (409, nothing saved) once someone synced since', async () => {
      const p = await newProject('Raced');
      const { working_revision: seen } = await p.syncOk({ config: { name: 'Mine' } });
      const ok = await t.call('POST', p.url('save_working_version'), {
        cookie: p.cookie,
        body: { comment: 'Mine', working_revision: seen },
      });
      expect(ok.status).toBe(200);
      await p.syncOk({ config: { name: 'Theirs' } });
      const before = await t.snapshot();
      const late = await t.call('POST', p.url('save_working_version'), {
        cookie: p.cookie,
        body: { comment: 'Mine again', working_revision: seen },
      });
      expect(late.status).toBe(409);
      expect(late.body).toEqual({ detail: CONFLICT });
      expect(await t.snapshot()).toEqual(before);
    });

    it('saves a chain of versions; the working version’s parent follows; saved versions never change', async () => {
      const p = await newProject('Chained');
      await p.syncOk({ config: { name: 'One' }, arch: archIn([['r1', 0]]) });
      const revisionBeforeSave = await p.revision();

      const first = await p.save('  First floor done ');
      expect(first).toEqual({ project_version_id: expect.stringMatching(UUID), parent_version_id: null });
      const v1 = first.project_version_id;
      // Saving changes the parent only: the content and the revision stay.
      const afterSave = await p.latest();
      expect(afterSave).toMatchObject({ parent_version_id: v1, working_revision: revisionBeforeSave });
      expect(afterSave.model).toEqual({ ...EMPTY_MODEL, config: { ...EMPTY_CONFIG, name: 'One' }, arch: archOut([['r1', 0]]) });

      const synced = await p.syncOk({ arch: archIn([['r2', 5]]) });
      expect(synced.parent_version_id).toBe(v1);
      const editor = nextEmail();
      await t.db
        .insertInto('project_roles')
        .values({ project_id: p.projectId, user_id: (await t.ensureUser(editor)).user_id, role: 'editor' })
        .execute();
      const second = await t.call('POST', p.url('save_working_version'), {
        cookie: await t.cookieFor(editor),
        body: { comment: 'Second' },
      });
      expect(second.status).toBe(200);
      expect(second.body).toEqual({ project_version_id: expect.stringMatching(UUID), parent_version_id: v1 });
      const v2 = second.body.project_version_id;
      expect((await p.latest()).parent_version_id).toBe(v2);

      const listed = await t.call('GET', p.url('list_versions'), { cookie: p.cookie });
      expect(listed.status).toBe(200);
      expect(listed.body).toEqual({
        versions: [
          {
            project_version_id: v2,
            project_id: p.projectId,
            parent_version_id: v1,
            user_email: editor,
            comment: 'Second',
            created_at: expect.stringMatching(ISO),
            status: null,
          },
          {
            project_version_id: v1,
            project_id: p.projectId,
            parent_version_id: null,
            user_email: p.email,
            comment: 'First floor done',
            created_at: expect.stringMatching(ISO),
            status: null,
          },
        ],
      });
      const [s2, s1] = listed.body.versions;
      expect(Date.parse(s2.created_at)).toBeGreaterThan(Date.parse(s1.created_at));

      const getVersion = (id: string) => t.call('GET', p.url(`get_version/${id}`), { cookie: p.cookie });
      const got1 = await getVersion(v1);
      expect(got1.status).toBe(200);
      const current = await p.revision();
      expect(got1.body).toEqual({
        ...s1,
        working_revision: current,
        model: { ...EMPTY_MODEL, config: { ...EMPTY_CONFIG, name: 'One' }, arch: archOut([['r1', 0]]) },
      });
      const got2 = await getVersion(v2);
      expect(got2.body).toEqual({
        ...s2,
        working_revision: current,
        model: { ...EMPTY_MODEL, config: { ...EMPTY_CONFIG, name: 'One' }, arch: archOut([['r2', 5]]) },
      });

      // The project list shows the newest saved version.
      const projects = (await t.call('GET', '/api/v1/list_projects', { cookie: p.cookie })).body.projects;
      expect(projects).toEqual([
        expect.objectContaining({ project_id: p.projectId, version_comment: 'Second', version_date: s2.created_at }),
      ]);

      // Later syncs, from the working version and from a saved one, leave both saved versions as they were.
      const savedRows = await t.db
        .selectFrom('project_versions')
        .selectAll()
        .where('project_id', '=', p.projectId)
        .orderBy('created_at')
        .execute();
      await p.syncOk({ config: { name: 'Three' }, arch: archIn([['r3', 10]]), fire: fireIn() });
      await p.sync({ parent: v1, working_revision: await p.revision(), arch: archIn([['r4', 15]]) });
      const later = await p.revision();
      expect((await getVersion(v1)).body).toEqual({ ...got1.body, working_revision: later });
      expect((await getVersion(v2)).body).toEqual({ ...got2.body, working_revision: later });
      expect(
        await t.db.selectFrom('project_versions').selectAll().where('project_id', '=', p.projectId).orderBy('created_at').execute(),
      ).toEqual(savedRows);
    });

    it('get_version of an unknown version, the working version or another project’s version answers 404', async () => {
      const p = await newProject();
      const other = await newProject();
      const theirs = await other.save('Theirs');
      for (const id of [crypto.randomUUID(), 'working-version', 'not-a-uuid', theirs.project_version_id]) {
        const res = await t.call('GET', p.url(`get_version/${id}`), { cookie: p.cookie });
        expect(res.status, id).toBe(404);
        expect(res.body).toEqual(NO_VERSION);
      }
    });
  });

  describe('create_version_status', () => {
    it('sets each of the eight statuses and clears it with null', async () => {
      const p = await newProject();
      const { project_version_id: id } = await p.save('To be reviewed');
      const statusOf = async (): Promise<Answer> =>
        (await t.call('GET', p.url('list_versions'), { cookie: p.cookie })).body.versions[0].status;
      for (const status of [...VERSION_STATUSES, null]) {
        const res = await t.call('POST', p.url(`create_version_status/${id}`), { cookie: p.cookie, body: { status } });
        expect(res.status, String(status)).toBe(200);
        expect(res.body).toEqual({});
        expect(await statusOf()).toBe(status);
        expect((await t.call('GET', p.url(`get_version/${id}`), { cookie: p.cookie })).body.status).toBe(status);
      }
      expect(VERSION_STATUSES).toHaveLength(8);
    });

    it('refuses an unknown status (400), an unknown version and another project’s version (404), changing nothing', async () => {
      const p = await newProject();
      const { project_version_id: id } = await p.save('Mine');
      const other = await newProject();
      const theirs = await other.save('Theirs');
      await t.call('POST', other.url(`create_version_status/${theirs.project_version_id}`), {
        cookie: other.cookie,
        body: { status: 'Skiss' },
      });
      const before = await t.snapshot();
      const statuses =
        '"Skiss"|"Programhandling"|"Systemhandling"|"Granskningshandling"|"Förfrågningsunderlag"|"Bygghandling"|"Relationshandling"|"Förvaltningshandling"';
      for (const body of [{ status: 'Done' }, { status: 'skiss' }, {}, { status: 3 }]) {
        const res = await t.call('POST', p.url(`create_version_status/${id}`), { cookie: p.cookie, body });
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body).toEqual({ detail: `status: Invalid option: expected one of ${statuses}` });
      }
      for (const versionId of [crypto.randomUUID(), 'working-version', theirs.project_version_id]) {
        const res = await t.call('POST', p.url(`create_version_status/${versionId}`), {
          cookie: p.cookie,
          body: { status: 'Bygghandling' },
        });
        expect(res.status, versionId).toBe(404);
        expect(res.body).toEqual(NO_VERSION);
      }
      expect(await t.snapshot()).toEqual(before);
    });
  });

  describe('get_project_meta', () => {
    it('answers name, org, the caller’s role, the working revision and parent', async () => {
      const p = await newProject('Meta tower');
      const editor = nextEmail();
      await t.db
        .insertInto('project_roles')
        .values({ project_id: p.projectId, user_id: (await t.ensureUser(editor)).user_id, role: 'editor' })
        .execute();
      const meta = (cookie: string) => t.call('GET', p.url('get_project_meta'), { cookie });
      const expected = (role: string | null) => ({
        project_id: p.projectId,
        name: 'Meta tower',
        org_id: p.org.org_id,
        role,
        working_revision: expect.stringMatching(UUID),
        parent_version_id: null,
        updated_at: expect.stringMatching(ISO),
      });
      const res = await meta(p.cookie);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(expected('admin'));
      expect(res.body.working_revision).toBe(await p.revision());
      expect((await meta(await t.cookieFor(editor))).body).toEqual(expected('editor'));
      expect((await meta(admin)).body).toEqual(expected(null));

      const { working_revision } = await p.syncOk({ arch: archIn([['r1', 0]]) });
      const { project_version_id } = await p.save('Meta');
      expect((await meta(p.cookie)).body).toEqual({ ...expected('admin'), working_revision, parent_version_id: project_version_id });
    });
  });

  describe('who may call the versions calls', () => {
    type Column = 'anonymous' | 'no role' | 'org admin without project role' | 'editor' | 'project admin' | 'platform admin';
    // prettier-ignore
    const TABLE: [call: string, anonymous: number, noRole: number, orgAdmin: number, editor: number, projectAdmin: number, platformAdmin: number][] = [
      // call                            anonymous  no role  org admin  editor  project admin  platform admin
      ['GET latest_version',               401,       404,     404,       200,    200,           200],
      ['GET get_version',                  401,       404,     404,       200,    200,           200],
      ['GET list_versions',                401,       404,     404,       200,    200,           200],
      ['GET get_project_meta',             401,       404,     404,       200,    200,           200],
      ['POST sync_working_version',        401,       404,     404,       200,    200,           200],
      ['POST save_working_version',        401,       404,     404,       200,    200,           200],
      ['POST create_version_status',       401,       404,     404,       200,    200,           200],
    ];
    const COLUMNS: Column[] = ['anonymous', 'no role', 'org admin without project role', 'editor', 'project admin', 'platform admin'];

    let fx: { p: Project; versionId: string; cookies: Record<Column, string | undefined> };
    beforeAll(async () => {
      const p = await newProject('Matrix');
      await p.syncOk({ arch: archIn([['r1', 0]]) });
      const { project_version_id: versionId } = await p.save('Matrix base');
      const [editor, noRole, orgAdmin] = [nextEmail(), nextEmail(), nextEmail()];
      await t.db
        .insertInto('project_roles')
        .values({ project_id: p.projectId, user_id: (await t.ensureUser(editor)).user_id, role: 'editor' })
        .execute();
      await t.db
        .insertInto('org_roles')
        .values({ org_id: p.org.org_id, user_id: (await t.ensureUser(orgAdmin)).user_id, role: 'admin' })
        .execute();
      fx = {
        p,
        versionId,
        cookies: {
          anonymous: undefined,
          'no role': await t.cookieFor(noRole),
          'org admin without project role': await t.cookieFor(orgAdmin),
          editor: await t.cookieFor(editor),
          'project admin': p.cookie,
          'platform admin': admin,
        },
      };
    });

    const request = async (call: string, column: Column): Promise<{ method: 'GET' | 'POST'; url: string; body?: unknown }> => {
      const { p, versionId } = fx;
      switch (call) {
        case 'GET latest_version':
          return { method: 'GET', url: p.url('latest_version') };
        case 'GET get_version':
          return { method: 'GET', url: p.url(`get_version/${versionId}`) };
        case 'GET list_versions':
          return { method: 'GET', url: p.url('list_versions') };
        case 'GET get_project_meta':
          return { method: 'GET', url: p.url('get_project_meta') };
        case 'POST sync_working_version':
          // The current revision and a change: the call would succeed for anyone allowed.
          return {
            method: 'POST',
            url: p.url('sync_working_version'),
            body: {
              parent: 'working-version',
              working_revision: (await workingRow(p.projectId)).working_revision,
              config: { name: `By ${column}` },
            },
          };
        case 'POST save_working_version':
          return { method: 'POST', url: p.url('save_working_version'), body: { comment: `Saved by ${column}` } };
        case 'POST create_version_status':
          return { method: 'POST', url: p.url(`create_version_status/${versionId}`), body: { status: 'Systemhandling' } };
        default:
          throw new Error(call);
      }
    };

    const cases = TABLE.flatMap(([call, ...statuses]) => COLUMNS.map((column, i) => [call, column, statuses[i]!] as const));
    it.each(cases)('%s by %s answers %i', async (call, column, status) => {
      const req = await request(call, column);
      const before = status === 200 ? undefined : await t.snapshot();
      const res = await t.call(req.method, req.url, { cookie: fx.cookies[column], body: req.body });
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      if (status === 401) expect(res.body).toEqual({ detail: 'Unauthenticated' });
      if (status === 404) expect(res.body).toEqual({ detail: 'Project not found' });
      if (before) expect(await t.snapshot()).toEqual(before);
    });
  });
});
