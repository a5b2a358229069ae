// npm test: the whole suite — types, lint, unit and API tests (PGlite, and PostgreSQL when
// DATABASE_URL is set), then the end-to-end tests in headless Chromium against the built app.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureInstalled, root, run } from './install.mjs';
import { withoutCorpus } from './without-corpus.mjs';

const CHROMIUM = '/usr/bin/chromium';
const reports = path.join(root, '.tmp', 'reports');

ensureInstalled();
fs.rmSync(reports, { recursive: true, force: true });
fs.mkdirSync(reports, { recursive: true });

const step = (title) => console.log(`\n=== ${title} ===`);
const counts = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];

function attempt(title, command, env = {}) {
  step(title);
  try {
    run(command, { env: { ...process.env, ...env } });
  } catch {
    failedSteps.push(title);
  }
}

/**
 * Checks that need nothing of each other and write nothing, run at once (each single-threaded: on CI's two cores
 * together they take about half as long); each one's output printed whole under its title when it ends.
 */
async function attemptAtOnce(steps) {
  const outcomes = await Promise.all(
    steps.map(
      ([title, command]) =>
        new Promise((resolve) => {
          const child = spawn(command, { cwd: root, shell: true, env: process.env });
          const output = [];
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          child.on('close', (code) => resolve({ title, code, output: Buffer.concat(output) }));
        }),
    ),
  );
  for (const { title, code, output } of outcomes) {
    step(title);
    process.stdout.write(output);
    if (code !== 0) failedSteps.push(title);
  }
}

// The build stays out of this: vite writes its bundled config beside vite.config.ts while it builds, and a linter
// walking the tree at that moment reads a file that then vanishes.
await attemptAtOnce([
  ['Types', 'npm run typecheck --silent'],
  ['Lint', 'npx eslint . --max-warnings=0'],
  ['Format', 'npx prettier --check . --log-level warn'],
]);
attempt('Unit and API tests', `npx vitest run --reporter=default --reporter=json --outputFile=${path.join(reports, 'vitest.json')}`);
step('Without the IFC corpus');
if (!withoutCorpus(reports)) failedSteps.push('Without the IFC corpus');

if (fs.existsSync(CHROMIUM)) {
  attempt('Build', 'npm run build --silent');
  attempt('End-to-end tests', 'npx playwright test --reporter=list,json', {
    PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, 'playwright.json'),
  });
} else {
  console.error(`\nEnd-to-end tests need Debian's Chromium at ${CHROMIUM}: apt-get install chromium`);
  failedSteps.push('End-to-end tests');
}

const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

/** Adds a runner's report to the counts; answers the failures it counted. */
function tally(file, read) {
  if (!fs.existsSync(file)) return 0;
  const found = read(readJson(file));
  for (const key of Object.keys(counts)) counts[key] += found[key];
  return found.failed;
}
const failuresCounted = {
  'Unit and API tests': tally(path.join(reports, 'vitest.json'), (r) => ({
    passed: r.numPassedTests,
    // A file that fails to load has no failing test of its own: it counts as one.
    failed:
      r.numFailedTests +
      r.testResults.filter((f) => f.status === 'failed' && !f.assertionResults.some((a) => a.status === 'failed')).length,
    skipped: r.numPendingTests + r.numTodoTests,
  })),
  'End-to-end tests': tally(path.join(reports, 'playwright.json'), (r) => ({
    passed: r.stats.expected,
    failed: r.stats.unexpected + r.stats.flaky + (r.errors?.length ?? 0),
    skipped: r.stats.skipped,
  })),
};
// A step that failed with no failure in its report (a type or lint error, a crash) counts as one, so that the
// closing line never says 0 failed when the run failed.
for (const title of failedSteps) if (!failuresCounted[title]) counts.failed += 1;

console.log('');
if (failedSteps.length > 0) console.log(`Failed at: ${failedSteps.join(', ')}`);
console.log(`edrf: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(failedSteps.length > 0 || counts.failed > 0 || counts.passed === 0 ? 1 : 0);
