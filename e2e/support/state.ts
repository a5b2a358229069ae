import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

/** What the e2e server tells the tests: where the captured mail goes and where the app listens. */
export interface E2eState {
  mailDir: string;
  baseUrl: string;
}

export const E2E_STATE_FILE = fileURLToPath(new URL('../../.tmp/e2e-state.json', import.meta.url));

export function readState(): E2eState {
  if (!fs.existsSync(E2E_STATE_FILE)) {
    throw new Error(`${E2E_STATE_FILE} is missing: the e2e server (e2e/harness/serve.ts) writes it when it starts`);
  }
  return JSON.parse(fs.readFileSync(E2E_STATE_FILE, 'utf8')) as E2eState;
}
