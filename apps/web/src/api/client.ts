import { EDRF_SCHEMA, EDRF_SCHEMA_HEADER } from '@edrf/model';
import { toast } from '../app/overlay/alerts';
import { upgradeRequiredStore } from '../app/overlay/status';

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
  if (response.ok) {
    const text = await response.text();
    return (text ? JSON.parse(text) : {}) as T;
  }
  const detail = await readDetail(response);
  failOnSessionOrSchema(response, detail, opts);
  const message = `Failed to ${action}${detail ? `: ${detail}` : ''}`;
  if (!opts.quiet && !opts.quietStatuses?.includes(response.status)) toast.error(message);
  throw new ApiError(response.status, message, detail);
}
