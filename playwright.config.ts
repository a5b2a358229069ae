import { defineConfig, devices } from '@playwright/test';
import { DEBIAN_CHROMIUM } from './e2e/support/chromium.js';

// The e2e server (e2e/harness/serve.ts): the built web app on the real server, with an SMTP
// peer and an OpenID peer. It refuses to start without apps/web/dist (run npm run build first).
const port = Number(process.env.E2E_PORT || 8181);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: './e2e',
  workers: 1,
  reporter: [['list']],
  webServer: {
    command: 'node --import tsx e2e/harness/serve.ts',
    url: `${baseURL}/`,
    env: { E2E_PORT: String(port) },
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
  },
  use: {
    baseURL,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'debian-chromium',
      // After every spec: no page broke the app's Content-Security-Policy (e2e/csp.teardown.ts, docs/security.md).
      teardown: 'csp',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: DEBIAN_CHROMIUM,
      },
    },
    { name: 'csp', testMatch: /csp\.teardown\.ts$/ },
  ],
});
