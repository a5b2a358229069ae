import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_TYPES, EDRF_SCHEMA } from '@edrf/model';
import { testDatabases } from '../support/databases.js';
import { ADMIN_EMAIL, startTestApp, type TestApp } from '../support/harness.js';

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** The file name a browser takes from Content-Disposition (RFC 6266: filename*, else filename). */
function dispositionFileName(header: string): string | undefined {
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (extended) return decodeURIComponent(extended[1] ?? '');
  return /filename="?([^";]+)"?/i.exec(header)?.[1];
}

describe.each(testDatabases())('admin organizations and projects (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let n = 0;
  const nextEmail = () => `admin-orgs-user${++n}@example.com`;

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await t.signIn(ADMIN_EMAIL);
  });
  afterAll(() => t?.close());

  describe('admin/list_orgs', () => {
    it('lists every organization by name with billing type, member and project counts', async () => {
      const created = new Date('2025-04-01T12:00:00.000Z');
      const busy = await t.createOrg(
        'Count Busy',
        { [nextEmail()]: 'admin', [nextEmail()]: 'standard', [nextEmail()]: 'standard' },
        { billing_type: 'invoice', created_at: created },
      );
      await t.createProject(busy.org_id, 'One', { [nextEmail()]: 'admin' });
      await t.createProject(busy.org_id, 'Two');
      const empty = await t.createOrg('Count Empty', {}, { created_at: created });

      const res = await t.call('GET', '/api/v1/admin/list_orgs', { cookie: admin });
      expect(res.status).toBe(200);
      const names = res.body.orgs.map((o: { name: string }) => o.name);
      expect(names).toEqual([...names].sort());
      const byId = (id: string): unknown => res.body.orgs.find((o: { org_id: string }) => o.org_id === id);
      // Project roles are not organization members.
      expect(byId(busy.org_id)).toEqual({
        org_id: busy.org_id,
        name: 'Count Busy',
        billing_type: 'invoice',
        num_members: 3,
        num_projects: 2,
        created_at: '2025-04-01T12:00:00.000Z',
      });
      expect(byId(empty.org_id)).toEqual({
        org_id: empty.org_id,
        name: 'Count Empty',
        billing_type: 'direct',
        num_members: 0,
        num_projects: 0,
        created_at: '2025-04-01T12:00:00.000Z',
      });
    });
  });

  describe('admin/update_org/{id}', () => {
    it.each(BILLING_TYPES.map((type) => [type]))('sets billing type %s', async (billing_type) => {
      const member = nextEmail();
      const org = await t.createOrg(
        'Billing type org',
        { [member]: 'standard' },
        { billing_type: billing_type === 'direct' ? 'exempt' : 'direct' },
      );
      const res = await t.call('POST', `/api/v1/admin/update_org/${org.org_id}`, { cookie: admin, body: { billing_type } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({});
      // Its members see it.
      const seen = await t.call('GET', `/api/v1/org/${org.org_id}`, { cookie: await t.cookieFor(member) });
      expect(seen.body).toMatchObject({ billing_type });
    });

    it.each([[{ billing_type: 'free' }], [{ billing_type: 'Direct' }], [{ billing_type: '' }], [{}], [{ billing_type: 1 }]])(
      '%j answers 400 and changes nothing',
      async (body) => {
        const org = await t.createOrg('Stays direct');
        const before = await t.snapshot();
        const res = await t.call('POST', `/api/v1/admin/update_org/${org.org_id}`, { cookie: admin, body });
        expect(res.status).toBe(400);
        expect(res.body.detail).toMatch(/^billing_type: /);
        expect(await t.snapshot()).toEqual(before);
      },
    );

    it.each([[crypto.randomUUID()], ['not-a-uuid'], ['1']])('of %s answers 404 Organization not found', async (id) => {
      const before = await t.snapshot();
      const res = await t.call('POST', `/api/v1/admin/update_org/${id}`, { cookie: admin, body: { billing_type: 'invoice' } });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: 'Organization not found' });
      expect(await t.snapshot()).toEqual(before);
    });
  });

  describe('admin/list_projects', () => {
    it('lists every project, newest first, with organization name and IFC files', async () => {
      const org = await t.createOrg('Admin list org', { [nextEmail()]: 'admin' });
      const old = await t.createProject(org.org_id, 'Old', { [nextEmail()]: 'admin' }, { created_at: new Date('2020-01-01T00:00:00Z') });
      const fresh = await t.createProject(org.org_id, 'Fresh', {}, { created_at: new Date('2030-01-01T00:00:00Z') });
      const file = await t.addIfcFile(old.project_id, 'plan.ifc', 'ISO-10303-21; plan');

      const res = await t.call('GET', '/api/v1/admin/list_projects', { cookie: admin });
      expect(res.status).toBe(200);
      const dates = res.body.projects.map((p: { created_at: string }) => p.created_at);
      expect(dates).toEqual([...dates].sort().reverse());
      expect(res.body.projects[0]).toEqual({
        project_id: fresh.project_id,
        name: 'Fresh',
        org_id: org.org_id,
        org_name: 'Admin list org',
        created_at: '2030-01-01T00:00:00.000Z',
        ifc_files: [],
      });
      expect(res.body.projects.at(-1)).toEqual({
        project_id: old.project_id,
        name: 'Old',
        org_id: org.org_id,
        org_name: 'Admin list org',
        created_at: '2020-01-01T00:00:00.000Z',
        ifc_files: [{ ifc_object_id: file.ifc_object_id, file_name: 'plan.ifc', file_size: 18 }],
      });
      for (const project of res.body.projects) expect(project.created_at).toMatch(ISO);
    });
  });

  describe('admin/projects/{id}/ifc/{ifcId}/download', () => {
    const download = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: admin, 'edrf-schema': String(EDRF_SCHEMA) } });

    it('answers the exact bytes as an attachment with the file name', async () => {
      const org = await t.createOrg('Download org');
      const project = await t.createProject(org.org_id, 'Download project');
      const bytes = Buffer.concat([Buffer.from('ISO-10303-21;\n'), crypto.randomBytes(70_000), Buffer.from([0, 255, 254, 10])]);
      const file = await t.addIfcFile(project.project_id, 'Ritning plan 2 – rev å.ifc', bytes);

      const res = await download(`/api/v1/admin/projects/${project.project_id}/ifc/${file.ifc_object_id}/download`);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(bytes)).toBe(true);
      expect(res.headers['content-type']).toBe('application/octet-stream');
      expect(res.headers['content-length']).toBe(String(bytes.length));
      const disposition = String(res.headers['content-disposition']);
      expect(disposition).toMatch(/^attachment;/);
      expect(dispositionFileName(disposition)).toBe('Ritning plan 2 – rev å.ifc');
    });

    it('answers 404 File not found for unknown and malformed ids', async () => {
      const org = await t.createOrg('Download 404 org');
      const project = await t.createProject(org.org_id, 'Download 404 project');
      const file = await t.addIfcFile(project.project_id, 'real.ifc', 'ISO-10303-21; real');
      for (const [projectId, ifcId] of [
        [project.project_id, crypto.randomUUID()],
        [crypto.randomUUID(), file.ifc_object_id],
        ['not-a-uuid', file.ifc_object_id],
        [project.project_id, 'not-a-uuid'],
        [project.project_id, `${file.ifc_object_id}x`],
        [project.project_id, "x'%20or%20'1'='1"],
      ]) {
        const res = await download(`/api/v1/admin/projects/${projectId}/ifc/${ifcId}/download`);
        expect(res.statusCode, `${projectId}/${ifcId}`).toBe(404);
        expect(res.json()).toEqual({ detail: 'File not found' });
      }
    });

    it("answers 404 for a file of another project, under this project's id", async () => {
      const org = await t.createOrg('Two projects org');
      const mine = await t.createProject(org.org_id, 'Mine');
      const theirs = await t.createProject(org.org_id, 'Theirs');
      const file = await t.addIfcFile(theirs.project_id, 'theirs.ifc', 'ISO-10303-21; theirs');
      const res = await download(`/api/v1/admin/projects/${mine.project_id}/ifc/${file.ifc_object_id}/download`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'File not found' });
      // Under its own project it is there.
      expect((await download(`/api/v1/admin/projects/${theirs.project_id}/ifc/${file.ifc_object_id}/download`)).statusCode).toBe(200);
    });

    it('answers 404 File not found when the stored file is missing', async () => {
      const org = await t.createOrg('Lost file org');
      const project = await t.createProject(org.org_id, 'Lost file project');
      const file = await t.addIfcFile(project.project_id, 'lost.ifc', 'ISO-10303-21; lost');
      fs.rmSync(path.join(t.config.dataDir, 'files', file.sha256.slice(0, 2), file.sha256));
      const res = await download(`/api/v1/admin/projects/${project.project_id}/ifc/${file.ifc_object_id}/download`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'File not found' });
    });
  });
});
