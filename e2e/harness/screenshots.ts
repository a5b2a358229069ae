// Screenshots of a few pages for review, from a server of their own (not part of the suite):
//   node --import tsx e2e/harness/screenshots.ts [out-dir]     (default /tmp/e2e-shots)
// Needs `npm run build` first, like the suite.
import fs from 'node:fs';
import path from 'node:path';
import { chromium, devices, expect } from '@playwright/test';
import config from '../../playwright.config.js';
import { signInWithPasscode } from '../support/login.js';
import { startStack } from './stack.js';

const outDir = path.resolve(process.argv[2] || '/tmp/e2e-shots');
const port = Number(process.env.E2E_SHOTS_PORT || 8182);
process.env.E2E_STATE_FILE ||= path.resolve('.tmp/e2e-shots-state.json');

const stack = await startStack({ port });
const browser = await chromium.launch(config.projects?.[0]?.use?.launchOptions);
try {
  fs.mkdirSync(outDir, { recursive: true });
  const context = await browser.newContext({ ...devices['Desktop Chrome'], baseURL: stack.baseUrl });
  const page = await context.newPage();
  const shot = async (name: string) => {
    const file = path.join(outDir, `${name}.png`);
    await page.screenshot({ path: file });
    console.log(file);
  };

  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Next' })).toBeVisible();
  await shot('login');

  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
  await shot('not-found');

  await signInWithPasscode(page, 'admin@example.com');
  await page.goto('/edradm/users');
  await expect(page.getByRole('cell', { name: 'user@example.com', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'New user' }).click();
  await expect(page.getByRole('dialog', { name: 'New user' })).toBeVisible();
  await shot('admin-users-new-user');
} finally {
  await browser.close();
  await stack.close();
}
