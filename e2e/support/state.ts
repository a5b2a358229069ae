import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

/** What the e2e server tells the tests: where the captured mail goes and where the app listens. */
export interface E2eState {
  mailDir: string;
  baseUrl: string;
}

/**
 * .tmp/e2e-state.json (.tmp is gitignored), or .tmp/e2e-state-{port}.json for a server on another E2E_PORT, so that
 * suites on two ports do not read each other's mail; E2E_STATE_FILE names another.
 */
export const stateFile = () => {
  if (process.env.E2E_STATE_FILE) return process.env.E2E_STATE_FILE;
  const port = process.env.E2E_PORT && process.env.E2E_PORT !== '8181' ? `-${process.env.E2E_PORT}` : '';
  return fileURLToPath(new URL(`../../.tmp/e2e-state${port}.json`, import.meta.url));
};

export function readState(): E2eState {
  const file = stateFile();
  if (!fs.existsSync(file)) {
    throw new Error(`${file} is missing: the e2e server (e2e/harness/serve.ts) writes it when it starts`);
  }
  return JSON.parse(fs.readFileSync(file, 'utf8')) as E2eState;
}
