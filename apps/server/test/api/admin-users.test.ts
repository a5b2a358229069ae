import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../support/databases.js';
import { ADMIN_EMAIL, startTestApp, type TestApp } from '../support/harness.js';

const REQUIRED = { detail: 'Email and login provider are required' };
const NOT_FOUND = { detail: 'Not found' };
const USER_NOT_FOUND = { detail: 'User not found' };
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

describe.each(testDatabases())('admin users (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let adminId: string;
  let n = 0;
  const nextEmail = () => `member${++n}@example.com`;

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await t.signIn(ADMIN_EMAIL);
    adminId = (await t.db.selectFrom('users').select('user_id').where('email', '=', ADMIN_EMAIL).executeTakeFirstOrThrow()).user_id;
  });
  afterAll(() => t?.close());

  const createUser = (body: unknown, cookie = admin) => t.call('POST', '/api/v1/admin/create_user', { cookie, body });
  const updateUser = (id: string, body: unknown, cookie = admin) => t.call('POST', `/api/v1/admin/update_user/${id}`, { cookie, body });
  const deleteUser = (id: string, cookie = admin) => t.call('DELETE', `/api/v1/delete_user/${id}`, { cookie });
  const userRow = (email: string) => t.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();

  it('list_users lists every user as the admin screen shows them, by e-mail', async () => {
    const created = await t.createUser('zed@example.com', { provider: 'google' });
    await t.createUser('bea@example.com', { provider: 'microsoft', is_admin: true });
    const res = await t.call('GET', '/api/v1/admin/list_users', { cookie: admin });
    expect(res.status).toBe(200);
    const emails = res.body.users.map((u: { email: string }) => u.email);
    expect(emails).toEqual([...emails].sort());
    expect(emails).toEqual(expect.arrayContaining([ADMIN_EMAIL, 'bea@example.com', 'zed@example.com']));
    expect(res.body.users.find((u: { email: string }) => u.email === 'zed@example.com')).toEqual({
      user_id: created.user_id,
      email: 'zed@example.com',
      is_admin: false,
      provider: 'google',
      created_at: new Date(created.created_at).toISOString(),
      org_names: [],
    });
    expect(res.body.users.find((u: { email: string }) => u.email === 'bea@example.com')).toMatchObject({
      is_admin: true,
      provider: 'microsoft',
    });
  });

  it('list_users gives each user the names of the organizations they have a role in, alphabetical', async () => {
    const member = await t.createUser(nextEmail());
    const other = await t.createUser(nextEmail());
    await t.createOrg('Names Org B', { [member.email]: 'standard' });
    await t.createOrg('Names Org A', { [member.email]: 'admin', [other.email]: 'standard' });
    await t.createOrg('Names Org C', { [other.email]: 'admin' });
    // A project role alone does not put its organization in the list.
    const onlyProject = await t.createOrg('Names Org D');
    await t.createProject(onlyProject.org_id, 'Names project', { [member.email]: 'editor' });

    const res = await t.call('GET', '/api/v1/admin/list_users', { cookie: admin });
    expect(res.status).toBe(200);
    const orgNames = (email: string): unknown => res.body.users.find((u: { email: string }) => u.email === email).org_names;
    expect(orgNames(member.email)).toEqual(['Names Org A', 'Names Org B']);
    expect(orgNames(other.email)).toEqual(['Names Org A', 'Names Org C']);
    expect(orgNames(ADMIN_EMAIL)).toEqual([]);

    // update_user answers the user with their organizations too.
    const updated = await updateUser(member.user_id, { email: member.email, provider: 'google' });
    expect(updated.body.user.org_names).toEqual(['Names Org A', 'Names Org B']);
  });

  it('create_user adds a user who can then sign in', async () => {
    const res = await createUser({ email: ' New.Person@Example.COM ', is_admin: false, provider: 'passcode' });
    expect(res.status).toBe(200);
    expect(res.body.user).toEqual({
      user_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      email: 'new.person@example.com',
      is_admin: false,
      provider: 'passcode',
      created_at: expect.any(String),
      org_names: [],
    });
    const cookie = await t.signIn('new.person@example.com');
    expect((await t.call('GET', '/front/is_authed', { cookie })).body).toEqual({ email: 'new.person@example.com', is_admin: false });
  });

  it('create_user can make a platform admin, who then reaches the admin calls', async () => {
    const email = nextEmail();
    const res = await createUser({ email, is_admin: true, provider: 'passcode' });
    expect(res.body.user.is_admin).toBe(true);
    const cookie = await t.signIn(email);
    expect((await t.call('GET', '/api/v1/admin/list_users', { cookie })).status).toBe(200);
  });

  it('is_admin may be left out and defaults to no', async () => {
    const res = await createUser({ email: nextEmail(), provider: 'google' });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ is_admin: false, provider: 'google' });
  });

  const badForms: [string, unknown][] = [
    ['no e-mail', { provider: 'passcode' }],
    ['an empty e-mail', { email: '', provider: 'passcode' }],
    ['an e-mail without @', { email: 'someone.example.com', provider: 'passcode' }],
    ['an e-mail without a dotted domain', { email: 'someone@example', provider: 'passcode' }],
    ['an e-mail with an empty domain part', { email: 'someone@example.', provider: 'passcode' }],
    ['an e-mail with a space', { email: 'some one@example.com', provider: 'passcode' }],
    ['an e-mail of 300 characters', { email: `${'a'.repeat(288)}@example.com`, provider: 'passcode' }],
    ['no provider', { email: 'ok@example.com' }],
    ['an unknown provider', { email: 'ok@example.com', provider: 'facebook' }],
    ['a provider in the wrong case', { email: 'ok@example.com', provider: 'Google' }],
    ['an e-mail that is a number', { email: 42, provider: 'passcode' }],
    ['a provider that is null', { email: 'ok@example.com', provider: null }],
    ['is_admin as text', { email: 'ok@example.com', provider: 'passcode', is_admin: 'yes' }],
    ['an array for a body', [{ email: 'ok@example.com', provider: 'passcode' }]],
    ['no fields at all', {}],
  ];

  it.each(badForms)('create_user with %s answers 400 and creates nobody', async (_, body) => {
    const before = await t.snapshot();
    const res = await createUser(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(REQUIRED);
    expect(await t.snapshot()).toEqual(before);
  });

  it('create_user with an e-mail already taken (in any case) answers 409', async () => {
    const email = nextEmail();
    expect((await createUser({ email, provider: 'passcode' })).status).toBe(200);
    const before = await t.snapshot();
    for (const taken of [email, email.toUpperCase()]) {
      const res = await createUser({ email: taken, provider: 'google', is_admin: true });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ detail: `A user with e-mail ${email} already exists` });
    }
    expect(await t.snapshot()).toEqual(before);
  });

  it('update_user changes e-mail, provider and admin flag', async () => {
    const user = await t.createUser(nextEmail());
    const email = nextEmail();
    const res = await updateUser(user.user_id, { email: email.toUpperCase(), is_admin: true, provider: 'microsoft' });
    expect(res.status).toBe(200);
    expect(res.body.user).toEqual({
      user_id: user.user_id,
      email,
      is_admin: true,
      provider: 'microsoft',
      created_at: new Date(user.created_at).toISOString(),
      org_names: [],
    });
    expect(await userRow(email)).toMatchObject({ user_id: user.user_id, is_admin: true, provider: 'microsoft' });
  });

  it('a user made admin, or no longer admin, sees it on the next call', async () => {
    const user = await t.createUser(nextEmail());
    const cookie = await t.signIn(user.email);
    await updateUser(user.user_id, { email: user.email, is_admin: true, provider: 'passcode' });
    expect((await t.call('GET', '/front/is_authed', { cookie })).body).toEqual({ email: user.email, is_admin: true });
    expect((await t.call('GET', '/api/v1/admin/list_users', { cookie })).status).toBe(200);
    await updateUser(user.user_id, { email: user.email, is_admin: false, provider: 'passcode' });
    expect((await t.call('GET', '/front/is_authed', { cookie })).body).toEqual({ email: user.email, is_admin: false });
    expect((await t.call('GET', '/api/v1/admin/list_users', { cookie })).body).toEqual(NOT_FOUND);
  });

  it("update_user keeping its own e-mail is fine; taking another user's answers 409", async () => {
    const user = await t.createUser(nextEmail());
    const other = await t.createUser(nextEmail());
    expect((await updateUser(user.user_id, { email: user.email, provider: 'google' })).status).toBe(200);
    const before = await t.snapshot();
    const res = await updateUser(user.user_id, { email: other.email, provider: 'google' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ detail: `A user with e-mail ${other.email} already exists` });
    expect(await t.snapshot()).toEqual(before);
  });

  it.each(badForms)('update_user with %s answers 400 and changes nothing', async (_, body) => {
    const user = await t.createUser(nextEmail());
    const before = await t.snapshot();
    const res = await updateUser(user.user_id, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(REQUIRED);
    expect(await t.snapshot()).toEqual(before);
  });

  it.each([MISSING_ID, 'not-a-uuid', '1', "x'%20or%20'1'='1"])(
    'update_user and delete_user of %s answer 404 User not found',
    async (id) => {
      const before = await t.snapshot();
      const updated = await updateUser(id, { email: nextEmail(), provider: 'passcode' });
      expect(updated.status).toBe(404);
      expect(updated.body).toEqual(USER_NOT_FOUND);
      const deleted = await deleteUser(id);
      expect(deleted.status).toBe(404);
      expect(deleted.body).toEqual(USER_NOT_FOUND);
      expect(await t.snapshot()).toEqual(before);
    },
  );

  it('an admin cannot take away their own admin flag', async () => {
    const before = await t.snapshot();
    for (const body of [
      { email: ADMIN_EMAIL, is_admin: false, provider: 'passcode' },
      { email: ADMIN_EMAIL, provider: 'passcode' },
    ]) {
      const res = await updateUser(adminId, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ detail: 'Cannot remove admin rights from your own account' });
    }
    expect(await t.snapshot()).toEqual(before);
    // Changing other fields of one's own account is allowed.
    expect((await updateUser(adminId, { email: ADMIN_EMAIL, is_admin: true, provider: 'passcode' })).status).toBe(200);
  });

  it('delete_user removes the user, whose sessions stop working and who can no longer sign in', async () => {
    const user = await t.createUser(nextEmail());
    const cookie = await t.signIn(user.email);
    expect((await t.call('GET', '/front/is_authed', { cookie })).status).toBe(200);

    const res = await deleteUser(user.user_id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    expect(await userRow(user.email)).toBeUndefined();

    const authed = await t.call('GET', '/front/is_authed', { cookie });
    expect(authed.status).toBe(401);
    expect(authed.body).toEqual({ detail: 'Unauthenticated' });
    const login = await t.call('POST', '/front/login_email', { body: { email: user.email } });
    expect(login.status).toBe(404);
    expect(login.body).toEqual(USER_NOT_FOUND);
    const list = await t.call('GET', '/api/v1/admin/list_users', { cookie: admin });
    expect(list.body.users.map((u: { email: string }) => u.email)).not.toContain(user.email);
    // Deleting again: gone.
    expect((await deleteUser(user.user_id)).body).toEqual(USER_NOT_FOUND);
  });

  it('an admin cannot delete their own account', async () => {
    const before = await t.snapshot();
    const res = await deleteUser(adminId);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: 'Cannot delete your own account' });
    expect(await t.snapshot()).toEqual(before);
    expect((await t.call('GET', '/front/is_authed', { cookie: admin })).status).toBe(200);
  });

  it('one admin can delete another', async () => {
    const other = await t.createUser(nextEmail(), { is_admin: true });
    const otherCookie = await t.signIn(other.email);
    expect((await deleteUser(other.user_id)).status).toBe(200);
    expect((await t.call('GET', '/api/v1/admin/list_users', { cookie: otherCookie })).body).toEqual(NOT_FOUND);
  });

  describe('who may call what', () => {
    let member: string;
    beforeAll(async () => {
      const email = nextEmail();
      await t.createUser(email);
      member = await t.signIn(email);
    });

    type Call = { name: string; send(cookie: string | undefined, body: unknown): Promise<{ status: number; body: unknown }> };
    // Each call acts on a user of its own, so what the admin does is seen to happen.
    let target = '';
    const calls: Call[] = [
      { name: 'GET list_users', send: (cookie) => t.call('GET', '/api/v1/admin/list_users', { cookie }) },
      { name: 'POST create_user', send: (cookie, body) => t.call('POST', '/api/v1/admin/create_user', { cookie, body }) },
      { name: 'POST update_user/:id', send: (cookie, body) => t.call('POST', `/api/v1/admin/update_user/${target}`, { cookie, body }) },
      { name: 'DELETE delete_user/:id', send: (cookie, body) => t.call('DELETE', `/api/v1/delete_user/${target}`, { cookie, body }) },
    ];
    const bodies: [string, unknown][] = [
      ['a valid body', undefined],
      ['malformed JSON', '{"email": '],
      ['an empty JSON body', ''],
      ['a wrongly typed body', { email: 7, provider: [] }],
    ];
    const callers = [
      ['anonymous', () => undefined],
      ['a signed-in user who is not a platform admin', () => member],
      ['a session that has ended', () => 'edrf_session=ended-or-made-up'],
    ] as const;

    describe.each(calls.map((c) => [c.name, c] as const))('%s', (_, call) => {
      for (const [who, cookie] of callers) {
        it.each(bodies)(`${who} with %s gets 404 Not found and nothing changes`, async (_label, body) => {
          target = (await t.createUser(nextEmail())).user_id;
          const sent = body === undefined ? { email: nextEmail(), is_admin: true, provider: 'passcode' } : body;
          const before = await t.snapshot();
          const res = await call.send(cookie(), call.name.startsWith('GET') ? undefined : sent);
          expect(res.status).toBe(404);
          expect(res.body).toEqual(NOT_FOUND);
          expect(await t.snapshot()).toEqual(before);
        });
      }

      it('the platform admin gets 200', async () => {
        const user = await t.createUser(nextEmail());
        target = user.user_id;
        const email = nextEmail();
        const res = await call.send(admin, call.name.startsWith('POST') ? { email, is_admin: false, provider: 'google' } : undefined);
        expect(res.status).toBe(200);
        if (call.name === 'POST create_user') expect(await userRow(email)).toMatchObject({ provider: 'google' });
        if (call.name === 'POST update_user/:id') expect(await userRow(email)).toMatchObject({ user_id: user.user_id, provider: 'google' });
        if (call.name === 'DELETE delete_user/:id') expect(await userRow(user.email)).toBeUndefined();
        if (call.name === 'GET list_users')
          expect(res.body).toMatchObject({ users: expect.arrayContaining([expect.objectContaining({ email: user.email })]) });
      });
    });
  });
});
