// Playwright's webServer: `node --import tsx e2e/harness/serve.ts`, on E2E_PORT (default 8181).
import { startStack, WebAppNotBuilt } from './stack.js';

const port = Number(process.env.E2E_PORT || 8181);

let stack;
try {
  stack = await startStack({ port });
} catch (error) {
  console.error(error instanceof WebAppNotBuilt ? `\n[e2e] ${error.message}\n` : error);
  process.exit(1);
}
const running = stack;
console.error(`[e2e] app on ${running.baseUrl}, mail in ${running.mailDir}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void running.close().then(() => process.exit(0));
  });
}
