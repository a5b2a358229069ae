import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

/** What the e2e server tells the tests: where the captured mail goes and where the app listens. */
export interface E2eState {
  mailDir: string;
  baseUrl: string;
}

/** .tmp/e2e-state.json (.tmp is gitignored); E2E_STATE_FILE names another, e.g. for a second server. */
export const stateFile = () => process.env.E2E_STATE_FILE || fileURLToPath(new URL('../../.tmp/e2e-state.json', import.meta.url));

export function readState(): E2eState {
  const file = stateFile();
  if (!fs.existsSync(file)) {
    throw new Error(`${file} is missing: the e2e server (e2e/harness/serve.ts) writes it when it starts`);
  }
  return JSON.parse(fs.readFileSync(file, 'utf8')) as E2eState;
}
