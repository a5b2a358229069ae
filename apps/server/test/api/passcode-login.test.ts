import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMail, startSmtpPeer, type SmtpPeer } from '../peers/smtp.js';
import { testDatabases } from '../support/databases.js';
import { ADMIN_EMAIL, cookieHeader, passcodeIn, startTestApp, type TestApp } from '../support/harness.js';

const EXPIRED = { detail: 'Passcode expired, please request a new one' };
const INVALID = { detail: 'Invalid passcode, please try again' };

describe.each(testDatabases())('passcode sign-in (%s)', (kind) => {
  let t: TestApp;
  let n = 0;
  /** A passcode user of its own for each test, so no test sees another's attempts or codes. */
  async function newUser(): Promise<string> {
    const email = `user${++n}@example.com`;
    await t.createUser(email);
    return email;
  }
  /** Asks for a passcode and answers it as mailed. */
  async function requestCode(email: string): Promise<string> {
    const sent = t.mails.length;
    const res = await t.call('POST', '/front/login_email', { body: { email } });
    expect(res.status).toBe(200);
    expect(t.mails.length).toBe(sent + 1);
    return passcodeIn(t.mails[sent]!);
  }
  const answer = (email: string, passcode: string, headers?: Record<string, string>) =>
    t.call('POST', '/front/login_passcode', { body: { email, passcode }, headers });

  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t?.close());

  it('login_email mails a 6-digit passcode to that address', async () => {
    const email = await newUser();
    const sent = t.mails.length;
    const res = await t.call('POST', '/front/login_email', {
      body: { email, host: 'localhost:8080', target_url: '/projects' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    expect(t.mails).toHaveLength(sent + 1);
    const mail = t.mails[sent]!;
    expect(mail.to).toBe(email);
    const code = passcodeIn(mail);
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.subject).toBe(`Your edrf passcode: ${code}`);
    expect(mail.text).toContain(`Your edrf sign-in passcode is ${code}.`);
    expect(mail.text).toContain('valid for 10 minutes');
  });

  it('accepts the address in any case and with spaces around it', async () => {
    const email = await newUser();
    const sent = t.mails.length;
    const res = await t.call('POST', '/front/login_email', { body: { email: `  ${email.toUpperCase()} ` } });
    expect(res.status).toBe(200);
    expect(t.mails[sent]?.to).toBe(email);
    const signedIn = await answer(email.toUpperCase(), passcodeIn(t.mails[sent]!));
    expect(signedIn.status).toBe(200);
  });

  it('an unknown e-mail answers 404 User not found and sends nothing', async () => {
    const sent = t.mails.length;
    const res = await t.call('POST', '/front/login_email', { body: { email: 'nobody@example.com' } });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'User not found' });
    expect(t.mails.length).toBe(sent);
  });

  it('the 6th login_email for one address within 2 minutes is refused until 2 minutes have passed', async () => {
    const email = await newUser();
    const other = await newUser();
    const sent = t.mails.length;
    for (let i = 1; i <= 5; i++) {
      const res = await t.call('POST', '/front/login_email', { body: { email } });
      expect(res.status, `attempt ${i}`).toBe(200);
    }
    expect(t.mails.length).toBe(sent + 5);

    const sixth = await t.call('POST', '/front/login_email', { body: { email } });
    expect(sixth.status).toBe(429);
    expect(sixth.body).toEqual({ detail: 'Too many attempts, please wait 2 minutes' });
    expect(t.mails.length).toBe(sent + 5);

    // Another address is not held up.
    expect((await t.call('POST', '/front/login_email', { body: { email: other } })).status).toBe(200);

    t.clock.advance(1);
    expect((await t.call('POST', '/front/login_email', { body: { email } })).status).toBe(429);
    t.clock.advance(1);
    const later = await t.call('POST', '/front/login_email', { body: { email } });
    expect(later.status).toBe(200);
    // The passcode of the mail that got through works.
    expect((await answer(email, passcodeIn(t.mails.at(-1)!))).status).toBe(200);
  });

  it('unknown addresses are limited too, so guessing addresses is slowed down', async () => {
    const email = 'guess@example.com';
    for (let i = 1; i <= 5; i++) {
      expect((await t.call('POST', '/front/login_email', { body: { email } })).status).toBe(404);
    }
    const sixth = await t.call('POST', '/front/login_email', { body: { email } });
    expect(sixth.status).toBe(429);
    expect(sixth.body).toEqual({ detail: 'Too many attempts, please wait 2 minutes' });
  });

  it('the right passcode signs in with an HttpOnly, SameSite=Lax session cookie', async () => {
    const email = await newUser();
    const res = await answer(email, await requestCode(email));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ email, is_admin: false });
    const session = res.cookies.find((c) => c.name === 'edrf_session');
    expect(session).toBeDefined();
    expect(session!.value.length).toBeGreaterThanOrEqual(40);
    expect(session!.httpOnly).toBe(true);
    expect(session!.sameSite).toBe('Lax');
    expect(session!.path).toBe('/');
    expect(session!.secure).toBeFalsy();
    expect(session!.maxAge).toBe(30 * 24 * 60 * 60);

    const authed = await t.call('GET', '/front/is_authed', { cookie: cookieHeader(session!) });
    expect(authed.status).toBe(200);
    expect(authed.body).toEqual({ email, is_admin: false });
  });

  it('the cookie is Secure when the request came over https through a proxy', async () => {
    const email = await newUser();
    const res = await answer(email, await requestCode(email), { 'x-forwarded-proto': 'https' });
    expect(res.status).toBe(200);
    const session = res.cookies.find((c) => c.name === 'edrf_session');
    expect(session?.secure).toBe(true);
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe('Lax');
  });

  it('is_authed tells a platform admin so', async () => {
    const cookie = await t.signIn(ADMIN_EMAIL);
    const res = await t.call('GET', '/front/is_authed', { cookie });
    expect(res.body).toEqual({ email: ADMIN_EMAIL, is_admin: true });
  });

  it('is_authed without a session, or with a made-up one, answers 401 Unauthenticated', async () => {
    for (const cookie of [undefined, 'edrf_session=made-up', 'edrf_session=']) {
      const res = await t.call('GET', '/front/is_authed', { cookie });
      expect(res.status, String(cookie)).toBe(401);
      expect(res.body).toEqual({ detail: 'Unauthenticated' });
    }
  });

  it('a passcode works once only', async () => {
    const email = await newUser();
    const code = await requestCode(email);
    expect((await answer(email, code)).status).toBe(200);
    const again = await answer(email, code);
    expect(again.status).toBe(400);
    expect(again.body).toEqual(EXPIRED);
    expect(again.cookies).toEqual([]);
  });

  it('a passcode expires after 10 minutes', async () => {
    const email = await newUser();
    const code = await requestCode(email);
    t.clock.advance(10);
    const late = await answer(email, code);
    expect(late.status).toBe(400);
    expect(late.body).toEqual(EXPIRED);
    expect(late.cookies).toEqual([]);

    const fresh = await requestCode(email);
    t.clock.advance(9.9);
    expect((await answer(email, fresh)).status).toBe(200);
  });

  it('a wrong passcode is refused; the 5th wrong try ends the passcode', async () => {
    const email = await newUser();
    const code = await requestCode(email);
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 1; i <= 4; i++) {
      const res = await answer(email, wrong);
      expect(res.status, `wrong try ${i}`).toBe(400);
      expect(res.body).toEqual(INVALID);
      expect(res.cookies).toEqual([]);
    }
    const fifth = await answer(email, wrong);
    expect(fifth.status).toBe(400);
    expect(fifth.body).toEqual({ detail: 'Too many wrong passcodes, please request a new one' });
    const right = await answer(email, code);
    expect(right.status).toBe(400);
    expect(right.body).toEqual(EXPIRED);
    expect(right.cookies).toEqual([]);
  });

  it('after 4 wrong tries the right passcode still works', async () => {
    const email = await newUser();
    const code = await requestCode(email);
    const wrong = code === '999999' ? '999998' : '999999';
    for (let i = 1; i <= 4; i++) expect((await answer(email, wrong)).body).toEqual(INVALID);
    expect((await answer(email, code)).status).toBe(200);
  });

  it('a passcode that is not 6 digits is refused without counting as a try', async () => {
    const email = await newUser();
    const code = await requestCode(email);
    for (const passcode of ['12345', '1234567', 'abcdef', '']) {
      const res = await answer(email, passcode);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ detail: 'passcode: The passcode is 6 digits' });
    }
    expect((await answer(email, code)).status).toBe(200);
  });

  it('a passcode is only good for the address it was sent to', async () => {
    const email = await newUser();
    const other = await newUser();
    const code = await requestCode(email);
    await requestCode(other);
    const res = await answer(other, code);
    // One in a million the other address drew the same code.
    if (passcodeIn(t.mails.at(-1)!) !== code) {
      expect(res.status).toBe(400);
      expect(res.body).toEqual(INVALID);
    }
    expect((await answer(email, code)).status).toBe(200);
  });

  it('login_passcode for an unknown address answers 404 User not found', async () => {
    const res = await answer('nobody-here@example.com', '123456');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'User not found' });
  });

  it('a new login_email replaces the earlier passcode', async () => {
    const email = await newUser();
    const first = await requestCode(email);
    let second = await requestCode(email);
    // Two random codes match once in a million: ask once more rather than fail.
    if (second === first) second = await requestCode(email);
    expect(second).not.toBe(first);
    const old = await answer(email, first);
    expect(old.status).toBe(400);
    expect(old.body).toEqual(INVALID);
    expect((await answer(email, second)).status).toBe(200);
  });

  it('logout ends the session on the server and clears the cookie', async () => {
    const email = await newUser();
    const cookie = await t.signIn(email);
    const otherDevice = await t.signIn(email);
    expect((await t.call('GET', '/front/is_authed', { cookie })).status).toBe(200);

    const res = await t.call('POST', '/front/logout', { cookie });
    expect(res.status).toBe(200);
    const cleared = res.cookies.find((c) => c.name === 'edrf_session');
    expect(cleared?.value).toBe('');
    expect(cleared?.expires!.getTime()).toBeLessThan(Date.now());

    // The old cookie, replayed, no longer works.
    const after = await t.call('GET', '/front/is_authed', { cookie });
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ detail: 'Unauthenticated' });
    // Signing out on one device leaves the other signed in.
    expect((await t.call('GET', '/front/is_authed', { cookie: otherDevice })).status).toBe(200);
  });

  it('logout without a session still answers 200', async () => {
    const res = await t.call('POST', '/front/logout');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
  });

  it('a session ends after 30 days', async () => {
    const email = await newUser();
    const cookie = await t.signIn(email);
    t.clock.advance(30 * 24 * 60 - 1);
    expect((await t.call('GET', '/front/is_authed', { cookie })).status).toBe(200);
    t.clock.advance(1);
    const res = await t.call('GET', '/front/is_authed', { cookie });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: 'Unauthenticated' });
  });

  describe('mail as the configured server sends it', () => {
    let smtp: SmtpPeer;
    let viaSmtp: TestApp;
    let viaFiles: TestApp;
    beforeAll(async () => {
      smtp = await startSmtpPeer();
      viaSmtp = await startTestApp(kind, { database: t.database, realMail: true, env: { SMTP_URL: smtp.url } });
      viaFiles = await startTestApp(kind, { database: t.database, realMail: true });
    });
    afterAll(async () => {
      await viaSmtp?.close();
      await viaFiles?.close();
      await smtp?.close();
    });

    it('through a real SMTP server (SMTP_URL)', async () => {
      const email = await newUser();
      const res = await viaSmtp.call('POST', '/front/login_email', { body: { email } });
      expect(res.status).toBe(200);
      const mail = await smtp.waitFor(email);
      expect(mail.to).toEqual([email]);
      expect(mail.from).toBe('no-reply@edrf.local');
      const code = passcodeIn(mail);
      expect(mail.subject).toBe(`Your edrf passcode: ${code}`);
      expect(fs.existsSync(path.join(viaSmtp.config.dataDir, 'mail'))).toBe(false);

      const signedIn = await viaSmtp.call('POST', '/front/login_passcode', { body: { email, passcode: code } });
      expect(signedIn.status).toBe(200);
      expect(signedIn.body).toEqual({ email, is_admin: false });
    });

    it('an SMTP server that cannot be reached answers 502 and the user can try again', async () => {
      const down = await startTestApp(kind, {
        database: t.database,
        realMail: true,
        env: { SMTP_URL: 'smtp://127.0.0.1:9?connectionTimeout=2000' },
      });
      try {
        const email = await newUser();
        const res = await down.call('POST', '/front/login_email', { body: { email } });
        expect(res.status).toBe(502);
        expect(res.body).toEqual({ detail: 'The passcode could not be sent' });
      } finally {
        await down.close();
      }
    });

    it('without SMTP_URL, as an .eml file under DATA_DIR/mail', async () => {
      const email = await newUser();
      const res = await viaFiles.call('POST', '/front/login_email', { body: { email } });
      expect(res.status).toBe(200);
      const folder = path.join(viaFiles.config.dataDir, 'mail');
      const files = fs.readdirSync(folder);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      const mail = await parseMail(fs.readFileSync(path.join(folder, files[0]!)));
      expect(mail.to).toEqual([email]);
      expect(mail.from).toBe('no-reply@edrf.local');
      const code = passcodeIn(mail);
      expect(mail.subject).toBe(`Your edrf passcode: ${code}`);

      const signedIn = await viaFiles.call('POST', '/front/login_passcode', { body: { email, passcode: code } });
      expect(signedIn.status).toBe(200);
    });
  });
});
