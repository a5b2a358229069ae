// Playwright's webServer: `node --import tsx e2e/harness/serve.ts`, on E2E_PORT (default 8181).
// Stops cleanly (peers, database, temp folder) on SIGTERM or SIGINT.
import { startStack, WebAppNotBuilt } from './stack.js';

const port = Number(process.env.E2E_PORT || 8181);

const stack = await startStack({ port }).catch((error: unknown) => {
  console.error(error instanceof WebAppNotBuilt ? `\n[e2e] ${error.message}\n` : error);
  return process.exit(1);
});
console.error(`[e2e] app on ${stack.baseUrl}, mail in ${stack.mailDir}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void stack.close().then(() => process.exit(0));
  });
}
