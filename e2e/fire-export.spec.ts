// The Export page and paying for it (issue 37; F§2, F§4, F§6, F§7, F§8, F§9; P§2 payment history). Each user adds
// AC20-FZK-Haus.ifc and the SBF fire module to their project and runs Design all (detectors, sections, addresses; no
// rack), then opens Export. paula, admin of a directly billed organization, finds the table locked with the price,
// cancels at the Stripe stand-in's hosted page ('Payment cancelled'), then pays: back with stripe=ok she sees
// 'Confirming payment...' and the polling unlock the table, downloads a zip of the reports she picked, and finds the
// payment with its receipt in the billing page's history. per, a standard member of her organization, gets F§6's
// message. ingrid's organization is billed by invoice: Confirm adds the invoice item and unlocks at once. emil's
// (exempt) and priya's (prepaid) organizations owe nothing: the table is open and no Buy is offered.
import fs from 'node:fs';
import { unzipSync } from 'fflate';
import { expect, test, type Page } from '@playwright/test';
import { openFireProject, skipWithoutCorpus } from './support/fire.js';
import { tool } from './support/plan.js';
import {
  EMIL,
  EXPORT_DIRECT_ORG,
  EXPORT_DIRECT_PROJECT,
  EXPORT_EXEMPT_PROJECT,
  EXPORT_INVOICE_ORG,
  EXPORT_INVOICE_PROJECT,
  EXPORT_NOT_ADMIN_PROJECT,
  EXPORT_PREPAID_PROJECT,
  INGRID,
  PAULA,
  PER,
  PRIYA,
} from './support/seed.js';
import { dialog, expectToast, rowOf, toast } from './support/ui.js';

const SHOTS = '.tmp/h8';
// Tall enough for the whole table of SBF's twelve reports and the IFC model in one screenshot.
test.use({ viewport: { width: 1280, height: 1000 } });
const PAYMENT_NEEDED = 'Payment needed to unlock exports';
const CONFIRMING = 'Confirming payment...';
const CANCELLED = 'Payment cancelled';
const notAuthorized = (org: string) =>
  `You are not authorized to pay for this project. Please contact an administrator for the project organization ${org}.`;

const fireTab = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Fire', exact: true }).getByRole('link', { name, exact: true });
const reports = (page: Page) => page.getByRole('group', { name: 'Reports', exact: true });
const priceCard = (page: Page) => page.getByRole('region', { name: 'Price', exact: true });
/** The select-all box: disabled with the whole table while an amount is due (F§4). */
const selectAll = (page: Page) => reports(page).getByRole('checkbox', { name: 'Select all reports', exact: true });
const reportBox = (page: Page, name: string) => reports(page).getByRole('checkbox', { name, exact: true });
const buy = (page: Page) => page.getByRole('button', { name: 'Buy exports', exact: true });

/** The spec's opening for `user`: the house, the SBF module, Design all; resolves on the Export page, its path answered. */
async function designedExportPage(page: Page, user: string, project: string): Promise<string> {
  const { projectPath } = await openFireProject(page, user, project);
  await tool(page, 'Design all').click();
  await expect(page.locator('.toasts').getByText(/^Designed: /)).toBeVisible({ timeout: 60_000 });
  await fireTab(page, 'Export').click();
  await expect(page).toHaveURL(new RegExp(`${projectPath}/fire/export$`));
  await expect(reports(page)).toBeVisible();
  return projectPath;
}

/** The rows whose requirement the design (no rack, no routes) lacks, with F§5's texts, and those it meets. */
async function expectBlockingTexts(page: Page) {
  await expect(rowOf(reports(page), 'Kabellista')).toContainText('Requires fire routes');
  await expect(rowOf(reports(page), 'Plintkort')).toContainText('Requires fire connections');
  await expect(reportBox(page, 'Kabellista')).toBeDisabled();
  for (const name of ['Mängdförteckning', 'Serviceritning', 'Anläggarintyg'])
    await expect(rowOf(reports(page), name).locator('.report-status')).toHaveText('');
}

test('direct billing: a cancelled payment, then paying at the provider, the polling unlock, a zip of the reports and the receipt', async ({
  page,
}) => {
  skipWithoutCorpus();
  test.setTimeout(240_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  let projectPath = '';
  let price = '';

  await test.step('the Export page: price and size, the table locked, and the amount due said for 5 s', async () => {
    projectPath = await designedExportPage(page, PAULA, EXPORT_DIRECT_PROJECT);
    await expect(toast(page, PAYMENT_NEEDED, 'warning')).toBeVisible();
    await expect(priceCard(page).getByText(/^€\d[\d,]*$/)).toBeVisible();
    price = (await priceCard(page).locator('.price').textContent())!;
    await expect(priceCard(page)).toContainText(/\d+ rooms, [\d,.]+ m²/);
    await expect(selectAll(page)).toBeDisabled();
    await expectBlockingTexts(page);
    await page.screenshot({ path: `${SHOTS}/export-locked.png` });
    await expect(toast(page, PAYMENT_NEEDED, 'warning')).toBeHidden({ timeout: 7_000 });
  });

  await test.step("Buy: the dialog says the price and Pay leads to the provider's page; Cancel there comes back: 'Payment cancelled'", async () => {
    await buy(page).click();
    const pay = dialog(page, 'Buy exports');
    await expect(pay.getByText(price, { exact: true })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/dialog-direct.png` });
    await pay.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/pay\/cs_test_/);
    await expect(page.getByText(`EUR ${price.slice(1).replace(/,/g, '')}.00`)).toBeVisible();
    await expect(page.getByText(`Fire module: ${EXPORT_DIRECT_PROJECT}`, { exact: false })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/stripe-stand-in.png` });
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${projectPath}/fire/export$`));
    await expectToast(page, CANCELLED, 'warning');
    await expect(selectAll(page)).toBeDisabled();
    await expect(buy(page)).toBeVisible();
  });

  await test.step("paying: back with stripe=ok, 'Confirming payment...', and the polling unlocks the table", async () => {
    await buy(page).click();
    await dialog(page, 'Buy exports').getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page).toHaveURL(/\/pay\/cs_test_/);
    // The stand-in sends its webhook 4 s after the payer is back (e2e/harness/stack.ts): the page meets the amount due.
    const polled: number[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/module_export_status')) polled.push(Date.now());
    });
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${projectPath}/fire/export\\?stripe=ok$`));
    await expect(toast(page, CONFIRMING)).toBeVisible();
    await expect(priceCard(page)).toContainText('Waiting for the payment provider to confirm the payment…');
    await expect(selectAll(page)).toBeDisabled();
    await page.screenshot({ path: `${SHOTS}/confirming.png` });
    await expect(selectAll(page)).toBeEnabled({ timeout: 15_000 });
    // The second status came one poll interval (3 s) after the first.
    expect(polled.length).toBeGreaterThanOrEqual(2);
    expect(polled[1]! - polled[0]!).toBeGreaterThanOrEqual(2_900);
    await expect(page).toHaveURL(new RegExp(`${projectPath}/fire/export$`));
    await expect(priceCard(page)).toContainText('Paid: exports are unlocked.');
    await expect(priceCard(page).locator('.price')).toHaveText('€0');
    await expect(buy(page)).toHaveCount(0);
  });

  await test.step('select-all ticks only the reports without a blocking text; the zip of those picked is made as a job', async () => {
    await selectAll(page).check();
    const rows = reports(page).locator('tbody tr');
    const count = await rows.count();
    for (let i = 0; i < count; i++) {
      const row = rows.nth(i);
      const blocked = ((await row.locator('.report-status').textContent()) ?? '') !== '';
      await expect(row.locator('td.pick input')).toBeChecked({ checked: !blocked });
    }
    await page.screenshot({ path: `${SHOTS}/export-unlocked.png` });
    // Then just the bill of quantities (xlsx and pdf) and the service drawing as PDF.
    await selectAll(page).uncheck();
    await reportBox(page, 'Mängdförteckning').check();
    await reportBox(page, 'Serviceritning').check();
    await reportBox(page, 'Serviceritning DXF').uncheck();
    await page.getByLabel('Document status').selectOption('Bygghandling');
    // Several files: a job on the server (docs/reports.md, "Long jobs"), its bar and step words on the page.
    await page.getByRole('button', { name: 'Download 3 files', exact: true }).click();
    const documents = page.getByRole('region', { name: 'Documents', exact: true });
    await expect(documents.getByRole('progressbar', { name: 'Making the documents' })).toBeVisible({ timeout: 60_000 });
    await expect(documents.getByRole('status')).toHaveText(
      /^\d+ % · (Waiting to start|Reading the model|Making the documents|Storing the file)$/,
    );
    await page.screenshot({ path: `${SHOTS}/export-job-running.png` });
    // The job is the server's, not the page's: after a reload the page finds it again and offers its file.
    await page.reload();
    const file = documents.getByRole('button', { name: `Download ${EXPORT_DIRECT_PROJECT}-reports.zip`, exact: true });
    await expect(file).toBeVisible({ timeout: 90_000 });
    await expect(documents.getByRole('status')).toHaveText('The documents are ready.');
    await page.screenshot({ path: `${SHOTS}/export-job-done.png` });
    const [download] = await Promise.all([page.waitForEvent('download'), file.click()]);
    expect(download.suggestedFilename()).toBe(`${EXPORT_DIRECT_PROJECT}-reports.zip`);
    const bytes = fs.readFileSync(await download.path());
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    const files = unzipSync(new Uint8Array(bytes));
    expect(Object.keys(files).sort()).toEqual(['Mängdförteckning.pdf', 'Mängdförteckning.xlsx', 'Serviceritning.pdf']);
    expect(Buffer.from(files['Serviceritning.pdf']!.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    // Closed, the job is let go: a reload shows no job.
    await documents.getByRole('button', { name: 'Close', exact: true }).click();
    await page.reload();
    await expect(reports(page)).toBeVisible();
    await expect(documents).toHaveCount(0);
  });

  await test.step("the billing page's payment history shows the card payment with its receipt", async () => {
    await page.goto('/orgs');
    await rowOf(page, EXPORT_DIRECT_ORG).getByRole('link', { name: EXPORT_DIRECT_ORG }).click();
    await page.getByRole('complementary').getByRole('link', { name: 'Billing', exact: true }).click();
    const payment = rowOf(page, EXPORT_DIRECT_PROJECT);
    await expect(payment).toContainText('fire');
    await expect(payment).toContainText('card');
    await expect(payment).toContainText('EUR');
    await expect(payment).toContainText(`${price.slice(1)}.00`);
    await expect(payment.getByRole('link', { name: 'Receipt' })).toHaveAttribute('href', /^http:\/\/127\.0\.0\.1:\d+\/receipts\//);
    await page.screenshot({ path: `${SHOTS}/billing-history.png` });
  });
});

test("a standard member of the organization may not pay: F§6's message names the organization", async ({ page }) => {
  skipWithoutCorpus();
  test.setTimeout(120_000);
  await designedExportPage(page, PER, EXPORT_NOT_ADMIN_PROJECT);
  await buy(page).click();
  const pay = dialog(page, 'Buy exports');
  await expect(pay.getByText(notAuthorized(EXPORT_DIRECT_ORG), { exact: true })).toBeVisible();
  await expect(pay.getByRole('button', { name: 'Pay' })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/dialog-not-admin.png` });
  await pay.getByText('Close', { exact: true }).click();
  await expect(selectAll(page)).toBeDisabled();
});

test('invoice billing: Confirm adds the invoice item and the table unlocks at once', async ({ page }) => {
  skipWithoutCorpus();
  test.setTimeout(120_000);
  await designedExportPage(page, INGRID, EXPORT_INVOICE_PROJECT);
  await expect(selectAll(page)).toBeDisabled();
  await buy(page).click();
  const pay = dialog(page, 'Buy exports');
  await expect(
    pay.getByText(`It is added as an invoice item to the next invoice of ${EXPORT_INVOICE_ORG}. The exports unlock at once.`),
  ).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/dialog-invoice.png` });
  await pay.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(pay).toBeHidden();
  await expect(toast(page, 'Invoice item added: exports are unlocked')).toBeVisible();
  await expect(selectAll(page)).toBeEnabled();
  await expect(priceCard(page)).toContainText('Paid: exports are unlocked.');
  await expect(page).toHaveURL(/\/fire\/export$/);
});

for (const [label, user, project, text] of [
  ['exempt', EMIL, EXPORT_EXEMPT_PROJECT, 'Exports are included: the organization is exempt from payment.'],
  ['prepaid', PRIYA, EXPORT_PREPAID_PROJECT, 'Exports are included: the organization has prepaid.'],
] as const) {
  test(`${label} billing: nothing is due, the table is open and no Buy is offered`, async ({ page }) => {
    skipWithoutCorpus();
    test.setTimeout(120_000);
    await designedExportPage(page, user, project);
    await expect(priceCard(page)).toContainText(text);
    await expect(priceCard(page).locator('.price')).toHaveText('€0');
    await expect(selectAll(page)).toBeEnabled();
    await expect(buy(page)).toHaveCount(0);
    await expect(toast(page, PAYMENT_NEEDED, 'warning')).toHaveCount(0);
    await expectBlockingTexts(page);
    await reportBox(page, 'Mängdförteckning').check();
    await reportBox(page, 'Mängdförteckning PDF').uncheck();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download 1 file', exact: true }).click(),
    ]);
    // One file that is not a PDF: '{project}-{filename}' (F§7).
    expect(download.suggestedFilename()).toBe(`${project}-Mängdförteckning.xlsx`);
    await page.screenshot({ path: `${SHOTS}/export-${label}.png` });
  });
}
