import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { addMinutes, type Clock } from '../clock.js';
import { HttpError } from '../http/errors.js';
import { randomPasscode, sha256 } from './tokens.js';

export const PASSCODE_VALID_MINUTES = 10;
export const PASSCODE_MAX_WRONG_TRIES = 5;
export const LOGIN_EMAIL_LIMIT = 5;
export const LOGIN_EMAIL_WINDOW_MINUTES = 2;

// The hash binds the code to the address, so a leaked table row is useless for another account.
const hashCode = (email: string, code: string) => sha256(`${email}:${code}`);

const expired = () => new HttpError(400, 'Passcode expired, please request a new one');

export class Passcodes {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  /**
   * Counts every login_email call, known address or not; the sixth within two minutes is refused. Count and record are
   * one transaction under a lock on the address, so calls arriving at once (at several server processes) are counted
   * one after the other.
   */
  async recordAttempt(email: string): Promise<void> {
    const now = this.clock.now();
    const since = addMinutes(now, -LOGIN_EMAIL_WINDOW_MINUTES);
    await this.db.deleteFrom('login_email_attempts').where('created_at', '<=', since).execute();
    await this.db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`login_email:${email}`}, 0))`.execute(trx);
      const { count } = await trx
        .selectFrom('login_email_attempts')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('email', '=', email)
        .where('created_at', '>', since)
        .executeTakeFirstOrThrow();
      if (Number(count) >= LOGIN_EMAIL_LIMIT) {
        throw new HttpError(429, 'Too many attempts, please wait 2 minutes');
      }
      await trx.insertInto('login_email_attempts').values({ email, created_at: now }).execute();
    });
  }

  /** A new passcode replaces any earlier one for the address. */
  async issue(email: string): Promise<string> {
    const code = randomPasscode();
    const row = {
      email,
      code_hash: hashCode(email, code),
      wrong_tries: 0,
      expires_at: addMinutes(this.clock.now(), PASSCODE_VALID_MINUTES),
    };
    await this.db
      .insertInto('login_passcodes')
      .values(row)
      .onConflict((oc) => oc.column('email').doUpdateSet(row))
      .execute();
    return code;
  }

  /**
   * Succeeds once; a wrong code counts against the passcode, which dies at the fifth. Each step is one conditional
   * statement, so tries arriving at once (at several server processes) are each counted and a code is used only once.
   */
  async verify(email: string, code: string): Promise<void> {
    const row = await this.db.selectFrom('login_passcodes').selectAll().where('email', '=', email).executeTakeFirst();
    if (!row || row.expires_at <= this.clock.now()) {
      if (row) await this.remove(email);
      throw expired();
    }
    if (row.code_hash === hashCode(email, code)) {
      const used = await this.db
        .deleteFrom('login_passcodes')
        .where('email', '=', email)
        .where('code_hash', '=', row.code_hash)
        .returning('email')
        .executeTakeFirst();
      if (!used) throw expired();
      return;
    }
    // Counted in the database (not read, then written), and only on the passcode that was read.
    const counted = await this.db
      .updateTable('login_passcodes')
      .set((eb) => ({ wrong_tries: eb('wrong_tries', '+', 1) }))
      .where('email', '=', email)
      .where('code_hash', '=', row.code_hash)
      .returning('wrong_tries')
      .executeTakeFirst();
    if (!counted) throw expired();
    if (counted.wrong_tries >= PASSCODE_MAX_WRONG_TRIES) {
      await this.db.deleteFrom('login_passcodes').where('email', '=', email).where('code_hash', '=', row.code_hash).execute();
      throw new HttpError(400, 'Too many wrong passcodes, please request a new one');
    }
    throw new HttpError(400, 'Invalid passcode, please try again');
  }

  private async remove(email: string): Promise<void> {
    await this.db.deleteFrom('login_passcodes').where('email', '=', email).execute();
  }
}
