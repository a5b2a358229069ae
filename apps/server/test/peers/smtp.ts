// A real SMTP server (smtp-server) on 127.0.0.1 that captures every message for tests.
//
// Connecting with nodemailer: `nodemailer.createTransport(peer.url)` with the plain
// `smtp://127.0.0.1:PORT` URL works as is. STARTTLS is disabled here, so the server never
// advertises it and nodemailer (which only upgrades when advertised, unless requireTLS is
// set) stays in plaintext; no `ignoreTLS` query parameter is needed. Credentials in the URL
// (smtp://user:pass@127.0.0.1:PORT) are accepted too, whatever they are.
import { mkdir, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import PostalMime from 'postal-mime';
import type { Address } from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  /** Sender address (From header; the SMTP envelope sender if the header has none) */
  from: string;
  /**
   * Recipient addresses. For mail received over SMTP: the envelope recipients (RCPT TO, so Bcc
   * included); for parseMail on its own: the To, Cc and Bcc header addresses.
   */
  to: string[];
  subject: string;
  /** The text/plain body ('' if the message has none) */
  text: string;
  /** The whole message as received */
  raw: string;
}

export interface SmtpPeer {
  /** `smtp://127.0.0.1:PORT`, usable directly with nodemailer.createTransport */
  url: string;
  /** Every message received, in order */
  messages: CapturedMail[];
  /**
   * The first message for `to` (case-insensitive), already received or still to come.
   * `after` is an index into `messages`: only messages captured at or after it count.
   */
  waitFor(to: string, opts?: { timeoutMs?: number; after?: number }): Promise<CapturedMail>;
  close(): Promise<void>;
}

interface Waiter {
  to: string;
  after: number;
  resolve(mail: CapturedMail): void;
}

export async function startSmtpPeer(opts: { dir?: string } = {}): Promise<SmtpPeer> {
  const { dir } = opts;
  if (dir) await mkdir(dir, { recursive: true });

  const messages: CapturedMail[] = [];
  const waiters = new Set<Waiter>();
  const matches = (mail: CapturedMail, to: string): boolean => mail.to.some((addr) => addr.toLowerCase() === to.toLowerCase());

  async function capture(raw: Buffer, envelopeFrom: string, envelopeTo: string[]): Promise<void> {
    const parsed = await parseMail(raw);
    const mail: CapturedMail = { ...parsed, from: parsed.from || envelopeFrom, to: envelopeTo };
    // The file is written before the message becomes visible, so a test that saw it in
    // `messages` can also read it from disk.
    if (dir) await writeFile(path.join(dir, `${String(messages.length + 1).padStart(3, '0')}.eml`), raw);
    messages.push(mail);
    const index = messages.length - 1;
    for (const waiter of waiters) {
      if (index >= waiter.after && matches(mail, waiter.to)) {
        waiters.delete(waiter);
        waiter.resolve(mail);
      }
    }
  }

  const server = new SMTPServer({
    authOptional: true,
    // Apps configured with credentials must still be able to send over plain TCP.
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // Don't let a pooled client connection hold close() for smtp-server's 30 s default.
    closeTimeout: 500,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? 'anonymous' });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', (err: Error) => callback(err));
      stream.on('end', () => {
        const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const envelopeTo = session.envelope.rcptTo.map((r) => r.address);
        // Acknowledge only once captured, so `await transport.sendMail()` implies it is in `messages`.
        capture(Buffer.concat(chunks), envelopeFrom, envelopeTo).then(
          () => callback(null),
          (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
        );
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(to, { timeoutMs = 5000, after = 0 } = {}) {
      const found = messages.slice(after).find((mail) => matches(mail, to));
      if (found) return Promise.resolve(found);
      return new Promise<CapturedMail>((resolve, reject) => {
        const waiter: Waiter = {
          to,
          after,
          resolve: (mail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          const seen = messages.map((m, i) => `#${i} to ${m.to.join(', ')}: ${JSON.stringify(m.subject)}`);
          reject(
            new Error(
              `No mail to ${to} (from index ${after}) within ${timeoutMs} ms. ` +
                `Received ${messages.length}: ${seen.length ? seen.join('; ') : 'none'}`,
            ),
          );
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Parses a raw RFC 5322 message, e.g. one of the .eml files the app writes. */
export async function parseMail(raw: string | Buffer): Promise<CapturedMail> {
  const text = typeof raw === 'string' ? raw : raw.toString('utf8');
  const email = await PostalMime.parse(raw);
  return {
    from: addresses(email.from ? [email.from] : [])[0] ?? '',
    to: addresses([...(email.to ?? []), ...(email.cc ?? []), ...(email.bcc ?? [])]),
    subject: email.subject ?? '',
    text: email.text ?? '',
    raw: text,
  };
}

function addresses(list: Address[]): string[] {
  return list.flatMap((a) => (a.group ? a.group.map((m) => m.address) : [a.address]));
}
