// npm test: the whole suite — types, lint, unit and API tests (PGlite, and PostgreSQL when
// DATABASE_URL is set), then the end-to-end tests in headless Chromium against the built app.
import fs from 'node:fs';
import path from 'node:path';
import { ensureInstalled, root, run } from './install.mjs';

const CHROMIUM = '/usr/bin/chromium';
const reports = path.join(root, '.tmp', 'reports');

ensureInstalled();
fs.rmSync(reports, { recursive: true, force: true });
fs.mkdirSync(reports, { recursive: true });

const step = (title) => console.log(`\n=== ${title} ===`);
const counts = { passed: 0, failed: 0, skipped: 0 };
let failedStep = null;

function attempt(title, command, env = {}) {
  step(title);
  try {
    run(command, { env: { ...process.env, ...env } });
  } catch {
    failedStep ??= title;
  }
}

attempt('Types', 'npm run typecheck --silent');
attempt('Lint', 'npx eslint . --max-warnings=0');
attempt('Format', 'npx prettier --check . --log-level warn');
attempt('Unit and API tests', `npx vitest run --reporter=default --reporter=json --outputFile=${path.join(reports, 'vitest.json')}`);

if (fs.existsSync(CHROMIUM)) {
  attempt('Build', 'npm run build --silent');
  attempt('End-to-end tests', 'npx playwright test --reporter=list,json', {
    PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, 'playwright.json'),
  });
} else {
  console.error(`\nEnd-to-end tests need Debian's Chromium at ${CHROMIUM}: apt-get install chromium`);
  failedStep ??= 'End-to-end tests';
}

function tally(file, read) {
  if (!fs.existsSync(file)) return;
  const found = read(JSON.parse(fs.readFileSync(file, 'utf8')));
  for (const key of Object.keys(counts)) counts[key] += found[key] ?? 0;
}
tally(path.join(reports, 'vitest.json'), (r) => ({
  passed: r.numPassedTests,
  failed: r.numFailedTests,
  skipped: r.numPendingTests + r.numTodoTests,
}));
tally(path.join(reports, 'playwright.json'), (r) => ({
  passed: r.stats.expected,
  failed: r.stats.unexpected + r.stats.flaky,
  skipped: r.stats.skipped,
}));

console.log('');
if (failedStep) console.log(`Failed at: ${failedStep}`);
console.log(`edrf: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(failedStep || counts.failed > 0 || counts.passed === 0 ? 1 : 0);
