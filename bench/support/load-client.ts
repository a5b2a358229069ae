// bench/load's client side: HTTP calls as the web app makes them (JSON, the Edrf-Schema header, the session cookie),
// spread over the server processes in turn as a load balancer without sticky sessions does, each call's time and
// status recorded under its name; and the simulated user, who signs in and then works on their project.
import { EDRF_SCHEMA, emptyFire, type Arch, type Fire } from '@edrf/model';
import { createFireConfig } from '@edrf/fire';
import type { SmtpPeer } from '../../apps/server/test/peers/smtp.js';

/** The server processes, taken in turn, one call each. */
export class Balancer {
  private turn = 0;
  constructor(readonly bases: readonly string[]) {}
  next(): string {
    return this.bases[this.turn++ % this.bases.length]!;
  }
}

interface CallStats {
  ms: number[];
  errors: number;
  /** The first few errors, to say what went wrong. */
  samples: string[];
}

/** Each call's times (ms) and errors, by name; `start` opens a new window (a phase of the bench). */
export class Recorder {
  private calls = new Map<string, CallStats>();
  private since = performance.now();

  start(): void {
    this.calls = new Map();
    this.since = performance.now();
  }

  seconds(): number {
    return (performance.now() - this.since) / 1000;
  }

  record(name: string, ms: number, error?: string): void {
    let stats = this.calls.get(name);
    if (!stats) this.calls.set(name, (stats = { ms: [], errors: 0, samples: [] }));
    if (error === undefined) stats.ms.push(ms);
    else {
      stats.errors += 1;
      if (stats.samples.length < 3) stats.samples.push(error);
    }
  }

  /** Per call: count, requests/s over the window, p50/p95/p99 and the longest (ms), errors. */
  summary(): CallSummary[] {
    const seconds = this.seconds();
    return [...this.calls].map(([name, stats]) => {
      const sorted = [...stats.ms].sort((a, b) => a - b);
      return {
        name,
        count: sorted.length + stats.errors,
        perSecond: (sorted.length + stats.errors) / seconds,
        p50: percentile(sorted, 0.5),
        p95: percentile(sorted, 0.95),
        p99: percentile(sorted, 0.99),
        max: sorted.at(-1) ?? NaN,
        errors: stats.errors,
        samples: stats.samples,
      };
    });
  }

  /** Every successful call's times together (ms), sorted: the p95 of "the other users". */
  all(): number[] {
    return [...this.calls.values()].flatMap((stats) => stats.ms).sort((a, b) => a - b);
  }
}

export interface CallSummary {
  name: string;
  count: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  errors: number;
  samples: string[];
}

/** The nearest-rank percentile of sorted values. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
}

export interface Answer {
  status: number;
  /** The answer's bytes; callers decode what they need (a 5 MB model is not parsed by the client). */
  bytes: Buffer;
}

/** One call to the next server, timed from sending to the whole answer read, recorded under `name`. */
export async function timedCall(
  recorder: Recorder,
  balancer: Balancer,
  name: string,
  method: 'GET' | 'POST',
  url: string,
  opts: { cookie?: string; body?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { 'edrf-schema': String(EDRF_SCHEMA) };
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const start = performance.now();
  let answer: Answer;
  try {
    const res = await fetch(`${balancer.next()}${url}`, { method, headers, body: opts.body, redirect: 'manual' });
    answer = { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
  } catch (error) {
    recorder.record(name, 0, `${name}: ${(error as Error).message}`);
    throw error;
  }
  const ms = performance.now() - start;
  recorder.record(
    name,
    ms,
    answer.status === 200 ? undefined : `${name}: ${answer.status} ${answer.bytes.subarray(0, 200).toString('utf8')}`,
  );
  return answer;
}

export const json = <T>(answer: Answer): T => JSON.parse(answer.bytes.toString('utf8')) as T;

/** Signs in as the web app does: a passcode asked for, read from the mail the SMTP peer got, and answered. */
export async function signIn(recorder: Recorder, balancer: Balancer, smtp: SmtpPeer, email: string): Promise<string> {
  const after = smtp.messages.length;
  const asked = await timedCall(recorder, balancer, 'login_email', 'POST', '/front/login_email', { body: JSON.stringify({ email }) });
  if (asked.status !== 200) throw new Error(`login_email for ${email}: ${asked.status}`);
  const mail = await smtp.waitFor(email, { after, timeoutMs: 60_000 });
  const passcode = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!passcode) throw new Error(`no passcode in the mail to ${email}`);
  const start = performance.now();
  const headers = { 'edrf-schema': String(EDRF_SCHEMA), 'content-type': 'application/json' };
  const res = await fetch(`${balancer.next()}/front/login_passcode`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, passcode }),
  });
  await res.arrayBuffer();
  const cookie = /edrf_session=[^;]+/.exec(res.headers.get('set-cookie') ?? '')?.[0];
  recorder.record('login_passcode', performance.now() - start, res.status === 200 && cookie ? undefined : `login_passcode: ${res.status}`);
  if (!cookie) throw new Error(`login_passcode for ${email}: ${res.status}`);
  return cookie;
}

/** The working revision at the head of a version's answer, read without parsing the model behind it. */
export function revisionOf(answer: Answer): string {
  const head = answer.bytes.subarray(0, 1000).toString('utf8');
  const revision = /"working_revision":"([0-9a-f-]{36})"/.exec(head)?.[1];
  if (!revision) throw new Error(`no working_revision in ${head.slice(0, 200)}`);
  return revision;
}

export interface UserPlan {
  email: string;
  projectId: string;
  /** The small model calc_fire_units runs on, as its body (JSON). */
  unitsBody: string;
  /** The mean pause between two actions (ms), as a person reads and clicks: each is 0.5–1.5 × it. */
  thinkMs: number;
  /** When to stop (performance.now() scale); the bench may move it while the users run. */
  until: { at: number };
}

const FIRE: Fire = emptyFire(createFireConfig('Sbf1108'));

/** Small edits a user makes, each synced, for each time they open the model. */
export const EDITS_PER_OPEN = 10;

/**
 * One simulated user: signs in, then until `until`: lists their projects, opens the model (latest_version), makes
 * EDITS_PER_OPEN small edits each synced (the fire part alone, with the revision last seen, as the editor does), runs
 * calc_fire_units on a small model, pausing between actions as a person does.
 */
export async function simulatedUser(recorder: Recorder, balancer: Balancer, smtp: SmtpPeer, plan: UserPlan): Promise<void> {
  const cookie = await signIn(recorder, balancer, smtp, plan.email);
  const think = () => new Promise((resolve) => setTimeout(resolve, plan.thinkMs * (0.5 + Math.random())));
  const going = () => performance.now() < plan.until.at;
  const project = `/api/v1/project/${plan.projectId}`;
  let edit = 0;
  await think();
  while (going()) {
    await timedCall(recorder, balancer, 'list_projects', 'GET', '/api/v1/list_projects', { cookie });
    await think();
    if (!going()) break;
    let revision = revisionOf(await timedCall(recorder, balancer, 'latest_version (5 MB)', 'GET', `${project}/latest_version`, { cookie }));
    for (let i = 0; i < EDITS_PER_OPEN; i++) {
      await think();
      if (!going()) return;
      // A small edit: the fire part with one setting changed.
      const fire = { ...FIRE, config: { ...FIRE.config, cabling: { ...FIRE.config.cabling, start_voltage_margin: 5 + (edit++ % 10) } } };
      const body = JSON.stringify({ parent: 'working-version', working_revision: revision, fire });
      const synced = await timedCall(recorder, balancer, 'sync_working_version', 'POST', `${project}/sync_working_version`, {
        cookie,
        body,
      });
      if (synced.status === 200) revision = json<{ working_revision: string }>(synced).working_revision;
    }
    await think();
    if (!going()) break;
    await timedCall(recorder, balancer, 'calc_fire_units (small)', 'POST', '/api/v1/calc_fire_units', { cookie, body: plan.unitsBody });
    await think();
  }
}

/** The small model calc_fire_units runs on: `arch` with SBF 110:8's empty fire model. */
export const unitsBody = (arch: Arch): string => JSON.stringify({ arch, fire: FIRE });
