import { EDRF_SCHEMA, EDRF_SCHEMA_HEADER } from '@edrf/model';
import { toast } from '../ui/alerts';
import { upgradeRequiredStore } from '../ui/app-status';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly detail?: string,
  ) {
    super(message);
  }
}

export interface CallOptions {
  method?: 'GET' | 'POST' | 'DELETE';
  body?: unknown;
  /** The caller shows its own message (login, forms); no toast. */
  quiet?: boolean;
  /** Answers the caller shows as its own message (a page's 403); other failures still toast. */
  quietStatuses?: number[];
  /** 401 is an answer the caller expects (is_authed), not a lost session. */
  allowUnauthenticated?: boolean;
  /** Asks a long computation to report its progress (0..1) while it runs (a progress stream, see readProgressStream). */
  onProgress?: (fraction: number) => void;
}

/** The media type of a progress stream: `{"progress"}` lines, then one `{"result"}` or `{"error"}` line. */
export const PROGRESS_STREAM_TYPE = 'application/x-ndjson';

/** Reads a progress stream to its result; a failure told in the stream is thrown as the answer it stands for. */
type StreamAnswer<T> = { ok: true; result: T } | { ok: false; status: number; detail: string };

async function readProgressStream<T>(response: Response, onProgress: (fraction: number) => void): Promise<StreamAnswer<T>> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  for (;;) {
    const { done, value } = await reader.read();
    buffered += decoder.decode(value, { stream: !done });
    let end: number;
    while ((end = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, end);
      buffered = buffered.slice(end + 1);
      if (!line.trim()) continue;
      const message = JSON.parse(line) as { progress?: number; result?: T; error?: { status: number; detail: string } };
      if (message.error) return { ok: false, status: message.error.status, detail: message.error.detail };
      if ('result' in message) return { ok: true, result: message.result as T };
      if (typeof message.progress === 'number') onProgress(message.progress);
    }
    if (done) return { ok: false, status: 0, detail: 'The answer ended before its result' };
  }
}

let onUnauthenticated: () => void = () => window.location.assign('/');
/** The router registers how to go to / so that a lost session does not reload the page. */
export const setUnauthenticatedHandler = (handler: () => void) => {
  onUnauthenticated = handler;
};

async function readDetail(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.json()) as { detail?: unknown };
    return typeof body.detail === 'string' ? body.detail : undefined;
  } catch {
    return undefined;
  }
}

/** What every call sends: the schema header (P§7). */
const schemaHeaders = (): Record<string, string> => ({ [EDRF_SCHEMA_HEADER]: String(EDRF_SCHEMA) });

/** 426 raises the upgrade banner and 401 returns to / for every call, JSON or file. */
function failOnSessionOrSchema(response: Response, detail: string | undefined, opts: CallOptions): void {
  if (response.status === 426) {
    upgradeRequiredStore.set(true);
    throw new ApiError(426, 'Edrf schema upgrade required', detail);
  }
  if (response.status === 401 && !opts.allowUnauthenticated) {
    onUnauthenticated();
    throw new ApiError(401, 'Unauthenticated', detail);
  }
}

/**
 * A file download through the same header and the same 426 / 401 handling as apiCall, but quiet:
 * the caller names the file in its own message. Throws ApiError with status 0 when unreachable.
 */
export async function apiDownload(path: string): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(path, { headers: schemaHeaders(), credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, 'Network error');
  }
  if (response.ok) return response.blob();
  const detail = await readDetail(response);
  failOnSessionOrSchema(response, detail, {});
  throw new ApiError(response.status, detail ?? `HTTP ${response.status}`, detail);
}

/**
 * The one way the web app calls the server (P§7-8): sends Edrf-Schema, JSON bodies (POST by default),
 * turns 426 into the upgrade banner, 401 into a return to /, and any other failure into
 * 'Failed to {action}' with ': {detail}' when the server gave one.
 */
export async function apiCall<T>(action: string, path: string, opts: CallOptions = {}): Promise<T> {
  const headers = schemaHeaders();
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  if (opts.onProgress) headers.Accept = `${PROGRESS_STREAM_TYPE}, application/json`;
  let response: Response;
  try {
    response = await fetch(path, {
      method: opts.method ?? (opts.body !== undefined ? 'POST' : 'GET'),
      headers,
      body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
      credentials: 'same-origin',
    });
  } catch {
    const message = `Failed to ${action}`;
    if (!opts.quiet) toast.error(message);
    throw new ApiError(0, message);
  }
  let status = response.status;
  let detail: string | undefined;
  if (response.ok && opts.onProgress && (response.headers.get('content-type') ?? '').includes(PROGRESS_STREAM_TYPE)) {
    const answer = await readProgressStream<T>(response, opts.onProgress);
    if (answer.ok) return answer.result;
    [status, detail] = [answer.status, answer.detail];
  } else if (response.ok) {
    const text = await response.text();
    return (text ? JSON.parse(text) : {}) as T;
  } else {
    detail = await readDetail(response);
    failOnSessionOrSchema(response, detail, opts);
  }
  const message = `Failed to ${action}${detail ? `: ${detail}` : ''}`;
  if (!opts.quiet && !opts.quietStatuses?.includes(status)) toast.error(message);
  throw new ApiError(status, message, detail);
}
