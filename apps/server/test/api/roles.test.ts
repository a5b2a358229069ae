// The role calls of organizations and projects: the same three calls on two kinds of thing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../support/databases.js';
import { ADMIN_EMAIL, startTestApp, type TestApp } from '../support/harness.js';

interface Scope {
  kind: 'org' | 'project';
  /** The role a new member gets in the web app: standard (org), editor (project). */
  member: string;
  /** A role of the other kind, not valid here. */
  foreign: string;
  lastAdmin: string;
}

const SCOPES: Scope[] = [
  { kind: 'org', member: 'standard', foreign: 'editor', lastAdmin: 'An organization needs at least one admin' },
  { kind: 'project', member: 'editor', foreign: 'standard', lastAdmin: 'A project needs at least one admin' },
];

describe.each(testDatabases())('roles (%s)', (kind) => {
  let t: TestApp;
  let platform: string;
  let n = 0;

  beforeAll(async () => {
    t = await startTestApp(kind);
    platform = await t.cookieFor(ADMIN_EMAIL);
  });
  afterAll(() => t?.close());

  describe.each(SCOPES.map((scope) => [scope.kind, scope] as const))('of a %s', (_, scope) => {
    const nextEmail = (prefix = 'u') => `${prefix}-${scope.kind}-role${++n}@example.com`;

    /** An organization, or a project in an organization of its own, with these roles; answers its id. */
    async function thing(roles: Record<string, string>): Promise<string> {
      if (scope.kind === 'org') return (await t.createOrg('Role org', roles as Record<string, 'admin' | 'standard'>)).org_id;
      const org = await t.createOrg('Role project org');
      return (await t.createProject(org.org_id, 'Role project', roles as Record<string, 'admin' | 'editor'>)).project_id;
    }

    /** An admin of a new thing, signed in, plus another member. */
    async function setup() {
      const me = nextEmail('me');
      const member = nextEmail('member');
      const id = await thing({ [me]: 'admin', [member]: scope.member });
      return { id, me, member, cookie: await t.cookieFor(me) };
    }

    const base = (id: string) => `/api/v1/${scope.kind}/${id}`;
    const getRoles = async (id: string, cookie: string): Promise<unknown> => {
      const res = await t.call('GET', `${base(id)}/get_roles`, { cookie });
      expect(res.status).toBe(200);
      return res.body.roles;
    };
    const setRole = (id: string, cookie: string, body: unknown) => t.call('POST', `${base(id)}/user_role`, { cookie, body });
    const removeRole = (id: string, cookie: string, query: string) => t.call('DELETE', `${base(id)}/user_role${query}`, { cookie });
    const q = (email: string) => `?user_email=${encodeURIComponent(email)}`;

    /** Calls that must be refused with `status` and `detail`, changing nothing. */
    async function refused(status: number, detail: string | RegExp, send: () => Promise<{ status: number; body: unknown }>) {
      const before = await t.snapshot();
      const res = await send();
      expect(res.status).toBe(status);
      expect(res.body).toEqual({ detail: typeof detail === 'string' ? detail : expect.stringMatching(detail) });
      expect(await t.snapshot()).toEqual(before);
    }

    it('get_roles lists every member by e-mail', async () => {
      const [c, a, b] = [nextEmail('c'), nextEmail('a'), nextEmail('b')];
      const id = await thing({ [c]: scope.member, [a]: 'admin', [b]: scope.member });
      expect(await getRoles(id, await t.cookieFor(c))).toEqual([
        { user_email: a, role: 'admin' },
        { user_email: b, role: scope.member },
        { user_email: c, role: scope.member },
      ]);
    });

    it('adds a member with the role given, e-mail in any case', async () => {
      const { id, me, member, cookie } = await setup();
      const added = await t.createUser(nextEmail('added'));
      const res = await setRole(id, cookie, { user_email: ` ${added.email.toUpperCase()} `, role: scope.member });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({});
      expect(await getRoles(id, cookie)).toEqual(
        [
          { user_email: added.email, role: scope.member },
          { user_email: me, role: 'admin' },
          { user_email: member, role: scope.member },
        ].sort((x, y) => (x.user_email < y.user_email ? -1 : 1)),
      );
    });

    it('the role is required: the server applies no default (400)', async () => {
      const { id, cookie } = await setup();
      const added = await t.createUser(nextEmail('added'));
      await refused(400, /^role: /, () => setRole(id, cookie, { user_email: added.email }));
    });

    it.each([['owner'], ['ADMIN'], [''], [null]])('a role of %j answers 400', async (role) => {
      const { id, cookie } = await setup();
      const added = await t.createUser(nextEmail('added'));
      await refused(400, /^role: /, () => setRole(id, cookie, { user_email: added.email, role }));
    });

    it('a role of the other kind answers 400', async () => {
      const { id, member, cookie } = await setup();
      await refused(400, /^role: /, () => setRole(id, cookie, { user_email: member, role: scope.foreign }));
    });

    it.each([[{}], [{ user_email: 'not-an-email', role: 'admin' }], [{ user_email: 5, role: 'admin' }]])('%j answers 400', async (body) => {
      const { id, cookie } = await setup();
      await refused(400, /^user_email: /, () => setRole(id, cookie, body));
    });

    it("changes a member's role, both ways", async () => {
      const { id, me, member, cookie } = await setup();
      expect((await setRole(id, cookie, { user_email: member, role: 'admin' })).status).toBe(200);
      expect(await getRoles(id, cookie)).toContainEqual({ user_email: member, role: 'admin' });
      expect((await setRole(id, cookie, { user_email: member, role: scope.member })).status).toBe(200);
      expect(await getRoles(id, cookie)).toEqual([
        { user_email: me, role: 'admin' },
        { user_email: member, role: scope.member },
      ]);
    });

    it('removes a member, who then no longer reaches it', async () => {
      const { id, me, member, cookie } = await setup();
      const memberCookie = await t.cookieFor(member);
      expect((await t.call('GET', `${base(id)}/get_roles`, { cookie: memberCookie })).status).toBe(200);
      const res = await removeRole(id, cookie, q(member.toUpperCase()));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({});
      expect(await getRoles(id, cookie)).toEqual([{ user_email: me, role: 'admin' }]);
      const gone = await t.call('GET', `${base(id)}/get_roles`, { cookie: memberCookie });
      expect(gone.status).toBe(404);
      expect(gone.body).toEqual({ detail: scope.kind === 'org' ? 'Organization not found' : 'Project not found' });
    });

    it('an unknown e-mail answers 404 User not found, to adding and to removing', async () => {
      const { id, cookie } = await setup();
      await refused(404, 'User not found', () => setRole(id, cookie, { user_email: 'nobody-at-all@example.com', role: scope.member }));
      await refused(404, 'User not found', () => removeRole(id, cookie, q('nobody-at-all@example.com')));
    });

    it('removing a user without a role answers 404 User has no role', async () => {
      const { id, cookie } = await setup();
      const stranger = await t.createUser(nextEmail('stranger'));
      await refused(404, 'User has no role', () => removeRole(id, cookie, q(stranger.email)));
    });

    it('DELETE needs ?user_email= with an e-mail (400)', async () => {
      const { id, cookie } = await setup();
      for (const query of ['', '?user_email=', '?user_email=not-an-email', '?email=x@example.com']) {
        const before = await t.snapshot();
        const res = await removeRole(id, cookie, query);
        expect(res.status).toBe(400);
        expect(res.body.detail).toMatch(/^user_email: /);
        expect(await t.snapshot()).toEqual(before);
      }
    });

    it("one's own row cannot be changed or removed (403), even with other admins", async () => {
      const { id, me, member, cookie } = await setup();
      expect((await setRole(id, cookie, { user_email: member, role: 'admin' })).status).toBe(200);
      for (const role of [scope.member, 'admin']) {
        await refused(403, 'You cannot change your own role', () => setRole(id, cookie, { user_email: me, role }));
      }
      await refused(403, 'You cannot change your own role', () => removeRole(id, cookie, q(me)));
    });

    it('a platform admin may change and remove their own row', async () => {
      const other = nextEmail('other-admin');
      const id = await thing({ [ADMIN_EMAIL]: 'admin', [other]: 'admin' });
      expect((await setRole(id, platform, { user_email: ADMIN_EMAIL, role: scope.member })).status).toBe(200);
      expect(await getRoles(id, platform)).toContainEqual({ user_email: ADMIN_EMAIL, role: scope.member });
      const res = await removeRole(id, platform, q(ADMIN_EMAIL));
      expect(res.status).toBe(200);
      expect(await getRoles(id, platform)).toEqual([{ user_email: other, role: 'admin' }]);
    });

    it('the last admin can be neither demoted nor removed (409)', async () => {
      const only = nextEmail('only-admin');
      const member = nextEmail('member');
      const id = await thing({ [only]: 'admin', [member]: scope.member });
      await refused(409, scope.lastAdmin, () => setRole(id, platform, { user_email: only, role: scope.member }));
      await refused(409, scope.lastAdmin, () => removeRole(id, platform, q(only)));
      // Setting the admin role again is no change, and fine.
      expect((await setRole(id, platform, { user_email: only, role: 'admin' })).status).toBe(200);
      // The platform admin as the only admin: not even their own row.
      const mine = await thing({ [ADMIN_EMAIL]: 'admin' });
      await refused(409, scope.lastAdmin, () => setRole(mine, platform, { user_email: ADMIN_EMAIL, role: scope.member }));
      await refused(409, scope.lastAdmin, () => removeRole(mine, platform, q(ADMIN_EMAIL)));
    });

    it('with a second admin, an admin may demote or remove another admin', async () => {
      const { id, me, member, cookie } = await setup();
      expect((await setRole(id, cookie, { user_email: member, role: 'admin' })).status).toBe(200);
      expect((await setRole(id, cookie, { user_email: member, role: scope.member })).status).toBe(200);
      expect((await setRole(id, cookie, { user_email: member, role: 'admin' })).status).toBe(200);
      expect((await removeRole(id, cookie, q(member))).status).toBe(200);
      expect(await getRoles(id, cookie)).toEqual([{ user_email: me, role: 'admin' }]);
    });
  });
});
