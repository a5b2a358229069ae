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

/**
 * The one way the web app calls the server (P§7-8): sends Edrf-Schema, JSON bodies (POST by default),
 * turns 426 into the upgrade banner, 401 into a return to /, and any other failure into
 * 'Failed to {action}' with ': {detail}' when the server gave one.
 */
export async function apiCall<T>(action: string, path: string, opts: CallOptions = {}): Promise<T> {
  const headers: Record<string, string> = { [EDRF_SCHEMA_HEADER]: String(EDRF_SCHEMA) };
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
  if (response.status === 426) {
    upgradeRequiredStore.set(true);
    throw new ApiError(426, 'Edrf schema upgrade required', detail);
  }
  if (response.status === 401 && !opts.allowUnauthenticated) {
    onUnauthenticated();
    throw new ApiError(401, 'Unauthenticated', detail);
  }
  const message = `Failed to ${action}${detail ? `: ${detail}` : ''}`;
  if (!opts.quiet) toast.error(message);
  throw new ApiError(response.status, message, detail);
}
