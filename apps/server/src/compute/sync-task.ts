// A large sync_working_version body checked in a compute worker (docs/compute.md, "Large request bodies"): its bytes
// parsed, the envelope and parts validated, each part stringified and hashed there, so that the thread serving
// requests is not held for seconds by a model of tens of megabytes. The request thread stores what it answers.
import { HttpError } from '../http/errors.js';
import { checkSyncBody, type CheckedSync } from '../versions/sync-body.js';
import { TaskRefused } from './protocol.js';
import { bodyValue, type RequestBody } from './request-body.js';

export function checkSyncTask(input: { body: RequestBody }): CheckedSync {
  try {
    return checkSyncBody(bodyValue(input.body));
  } catch (error) {
    // The same 400 and words as on the request thread.
    if (error instanceof HttpError && error.statusCode === 400) throw new TaskRefused(error.message);
    throw error;
  }
}
