// The passcode mails the app sends, as the SMTP peer of the e2e server captured them
// (NNN.eml, numbered in arrival order, in the mail folder named by .tmp/e2e-state.json).
import fs from 'node:fs';
import path from 'node:path';
import { parseMail } from '../../apps/server/test/peers/smtp.js';
import { readState } from './state.js';

const MAIL_FILE = /^(\d+)\.eml$/;

function mailFiles(): { seq: number; file: string }[] {
  const { mailDir } = readState();
  if (!fs.existsSync(mailDir)) return [];
  return fs
    .readdirSync(mailDir)
    .flatMap((name) => {
      const seq = MAIL_FILE.exec(name)?.[1];
      return seq ? [{ seq: Number(seq), file: path.join(mailDir, name) }] : [];
    })
    .sort((a, b) => b.seq - a.seq);
}

/** A mark in the mail folder: pass it as `after` to read only mail that arrives later. */
export function mailMark(): number {
  return mailFiles()[0]?.seq ?? 0;
}

/**
 * The 6-digit passcode of the newest mail to `email`, waiting for it to arrive.
 * `after` (from mailMark() taken before asking for the passcode) skips older mail.
 */
export async function readPasscode(email: string, opts: { after?: number; timeoutMs?: number } = {}): Promise<string> {
  const after = opts.after ?? 0;
  const deadline = Date.now() + (opts.timeoutMs ?? 10_000);
  const to = email.toLowerCase();
  for (;;) {
    for (const { seq, file } of mailFiles()) {
      if (seq <= after) break;
      const mail = await parseMail(fs.readFileSync(file));
      if (!mail.to.some((address) => address.toLowerCase() === to)) continue;
      const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
      if (!code) throw new Error(`The newest mail to ${email} (${file}) holds no 6-digit passcode:\n${mail.text}`);
      return code;
    }
    if (Date.now() > deadline) {
      throw new Error(`No mail to ${email} after mail #${after} within ${opts.timeoutMs ?? 10_000} ms (newest is #${mailMark()})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
