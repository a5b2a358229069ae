// A large sync_working_version body checked in a compute worker (docs/compute.md, "Large request bodies"): its bytes
// parsed, the envelope and parts validated, each part stringified and hashed there, so that the thread serving
// requests is not held for seconds by a model of tens of megabytes. On PostgreSQL the worker stores the parts too, over
// its own connection, and sends back only their hashes (docs/versions.md, "A large sync"); on PGlite, a database in the
// server's own thread, it sends back the parts' texts and the request thread stores them.
import { HttpError } from '../http/errors.js';
import { checkSyncBody, type CheckedSync } from '../versions/sync-body.js';
import { storeSyncParts } from '../versions/store-sync-parts.js';
import { TaskRefused } from './protocol.js';
import { bodyValue, type RequestBody } from './request-body.js';
import { receiveStreamedBody, type StreamedInput } from './streamed-body.js';
import { workerDatabase } from './worker-database.js';

export interface CheckSyncInput {
  /** The body as read, or (a large one with its length announced) the port its pieces come on. */
  body: RequestBody | StreamedInput;
  /** Where to store the parts (PostgreSQL only): the server's database URL and the project synced. */
  store?: { databaseUrl: string; projectId: string };
}

export async function checkSyncTask(input: CheckSyncInput): Promise<CheckedSync> {
  const checked = checked400('port' in input.body ? await receiveStreamedBody(input.body) : input.body);
  if (!input.store) return checked;
  return storeSyncParts(workerDatabase(input.store.databaseUrl), input.store.projectId, checked);
}

function checked400(body: RequestBody): ReturnType<typeof checkSyncBody> {
  try {
    return checkSyncBody(bodyValue(body));
  } catch (error) {
    // The same 400 and words as on the request thread.
    if (error instanceof HttpError && error.statusCode === 400) throw new TaskRefused(error.message);
    throw error;
  }
}
