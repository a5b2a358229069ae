// Runs after every spec (playwright.config.ts, project 'csp'): the pages of the whole run must have broken no rule of
// the app's Content-Security-Policy. Chromium reported each violation to the e2e server (harness/csp-reports.ts).
import { expect, test } from '@playwright/test';
import { CSP_REPORTS_PATH, type CspViolation } from './harness/csp-reports.js';

test('no page of the run broke the Content-Security-Policy', async ({ request }) => {
  // Reports are posted a moment after the violation: give the last page's a little time to arrive.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const { reports } = (await (await request.get(CSP_REPORTS_PATH)).json()) as { reports: CspViolation[] };
  const lines = reports.map(
    (r) =>
      `${r['document-uri']}: ${r['effective-directive'] ?? r['violated-directive']} blocked ${r['blocked-uri']}` +
      `${r['source-file'] ? ` at ${r['source-file']}:${r['line-number']}` : ''}${r['script-sample'] ? ` (${r['script-sample']})` : ''}`,
  );
  expect(lines, 'Content-Security-Policy violations reported by the browser').toEqual([]);
});
