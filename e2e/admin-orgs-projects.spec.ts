// The admin lists of organizations, projects (with their IFC files) and users' organizations.
// root is a second platform admin, so that admin@example.com keeps to the sign-ins of other specs;
// the organizations, projects and files are seeded (support/seed.ts, harness/stack.ts).
import fs from 'node:fs';
import { expect, test, type Download, type Page } from '@playwright/test';
import { signInWithPasscode } from './support/login.js';
import {
  BILLING_ORG,
  BILLING_PROJECT,
  IRENE,
  IVAN,
  NORA,
  QUIET_ORG,
  RAIL_IFC_FILES,
  RAIL_ORG,
  RAIL_PROJECT,
  ROOT,
} from './support/seed.js';
import { detail, expectToast, rowOf } from './support/ui.js';

const sidebar = (page: Page) => page.getByRole('complementary');

async function expectContent(download: Download, name: string) {
  const file = RAIL_IFC_FILES.find((one) => one.name === name);
  expect(file, `${name} is seeded`).toBeDefined();
  expect(download.suggestedFilename()).toBe(name);
  const saved = await download.path();
  expect(fs.readFileSync(saved).equals(file!.content)).toBe(true);
}

test('a platform admin lists organizations, projects and users, sets a billing type and downloads IFC files', async ({ page }) => {
  test.setTimeout(60_000);
  await signInWithPasscode(page, ROOT);

  await test.step('Organizations lists every organization with its members and projects', async () => {
    await page.goto('/edradm');
    await sidebar(page).getByRole('link', { name: 'Organizations' }).click();
    await expect(page).toHaveURL('/edradm/orgs');
    await expect(page.getByRole('heading', { name: 'Organizations' })).toBeVisible();
    await expect(page.getByRole('columnheader')).toHaveText(['Name', 'Members', 'Projects', 'Created', 'Billing type', '']);

    const counts = [
      { org: BILLING_ORG, members: '2', projects: '1' },
      { org: QUIET_ORG, members: '1', projects: '0' },
      { org: RAIL_ORG, members: '2', projects: '1' },
    ];
    for (const { org, members, projects } of counts) {
      const row = rowOf(page, org);
      // Created: seeded when the server started, so seconds or minutes ago ('now' at first). The
      // billing type cell holds a select, checked below.
      await expect(row.getByRole('cell')).toHaveText([org, members, projects, /^(now|\d+ (seconds?|minutes?) ago)$/, /.*/, '']);
      await expect(row.getByRole('link', { name: org })).toHaveAttribute('href', /^\/org\/[0-9a-f-]{36}\/billing$/);
      await expect(row.getByRole('combobox', { name: `Billing type of ${org}` })).toHaveValue('direct');
      await expect(row.getByRole('button', { name: `Settings of ${org}` })).toBeVisible();
    }
  });

  await test.step('a billing type is saved at once', async () => {
    const select = rowOf(page, RAIL_ORG).getByRole('combobox', { name: `Billing type of ${RAIL_ORG}` });
    await expect(select).toHaveValue('direct');
    await expect(select.getByRole('option')).toHaveText(['Direct', 'Invoice', 'Exempt', 'Prepaid']);
    await select.selectOption({ label: 'Invoice' });
    await expectToast(page, 'Billing type updated');
    await expect(select).toHaveValue('invoice');

    await page.reload();
    const reloaded = rowOf(page, RAIL_ORG).getByRole('combobox', { name: `Billing type of ${RAIL_ORG}` });
    await expect(reloaded).toHaveValue('invoice');
    await expect(reloaded.locator('option:checked')).toHaveText('Invoice');
    // Only that organization changed.
    await expect(rowOf(page, BILLING_ORG).getByRole('combobox')).toHaveValue('direct');
  });

  await test.step('Projects lists every project with its IFC files; a file downloads', async () => {
    await sidebar(page).getByRole('link', { name: 'Projects' }).click();
    await expect(page).toHaveURL('/edradm/projects');
    await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();

    await expect(rowOf(page, BILLING_PROJECT).getByRole('cell', { name: BILLING_ORG, exact: true })).toBeVisible();
    await expect(rowOf(page, BILLING_PROJECT).getByRole('button', { name: /^Download all/ })).toHaveCount(0);

    const row = rowOf(page, RAIL_PROJECT);
    await expect(row.getByRole('cell', { name: RAIL_ORG, exact: true })).toBeVisible();
    await expect(row.getByRole('listitem')).toHaveText(RAIL_IFC_FILES.map((file) => file.name));
    const first = RAIL_IFC_FILES[0]!;
    const button = row.getByRole('button', { name: first.name, exact: true });
    await expect(button).toHaveAttribute('title', `Download ${first.name} (0.00 MB)`);

    const downloaded = page.waitForEvent('download');
    await button.click();
    await expectContent(await downloaded, first.name);
  });

  await test.step('a file missing from the store fails with its status', async () => {
    const missing = RAIL_IFC_FILES.find((file) => !file.stored)!;
    await rowOf(page, RAIL_PROJECT).getByRole('button', { name: missing.name, exact: true }).click();
    await expectToast(page, `Failed to download ${missing.name}: 404`, 'error');
  });

  await test.step('Download all downloads the stored files and says what failed', async () => {
    const downloads: Download[] = [];
    page.on('download', (download) => downloads.push(download));
    const stored = RAIL_IFC_FILES.filter((file) => file.stored);
    const missing = RAIL_IFC_FILES.filter((file) => !file.stored);

    await rowOf(page, RAIL_PROJECT)
      .getByRole('button', { name: `Download all IFC files of ${RAIL_PROJECT}` })
      .click();
    await expectToast(page, `Downloaded ${stored.length} IFC files, ${missing.length} failed`, 'warning');
    for (const file of missing) await expectToast(page, `Failed to download ${file.name}: 404`, 'error');
    await expect.poll(() => downloads.length).toBe(stored.length);
    for (const [index, file] of stored.entries()) await expectContent(downloads[index]!, file.name);
    await expect(rowOf(page, RAIL_PROJECT).getByRole('button', { name: `Download all IFC files of ${RAIL_PROJECT}` })).toHaveText(
      'Download all',
    );
  });

  await test.step('a project opens for a platform admin without a role in it', async () => {
    await rowOf(page, RAIL_PROJECT).getByRole('link', { name: RAIL_PROJECT }).click();
    await expect(page).toHaveURL(/\/project\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: RAIL_PROJECT })).toBeVisible();
    await expect(detail(page, 'Organization')).toHaveText(RAIL_ORG);
    await expect(detail(page, 'Your role')).toHaveText('None (platform admin)');
    await expect(page.getByRole('button', { name: 'Project settings' })).toBeVisible();
    await page.goto('/edradm');
  });

  await test.step('Users shows the organizations of each user', async () => {
    await expect(page).toHaveURL('/edradm/users');
    await expect(page.getByRole('columnheader', { name: 'Organizations' })).toBeVisible();
    const organizations = async (email: string) => {
      const cells = rowOf(page, email).getByRole('cell');
      await expect(cells.first()).toHaveText(email);
      return cells.nth(3);
    };
    await expect(await organizations(IRENE)).toHaveText(`${BILLING_ORG}, ${RAIL_ORG}`);
    await expect(await organizations(IVAN)).toHaveText(RAIL_ORG);
    await expect(await organizations(NORA)).toHaveText('');
    await expect(await organizations(ROOT)).toHaveText('');
  });
});
