// Issue 3, 'Done when': edit billing information with view, edit and cancel; and the payment
// history. bianca is the admin of two seeded organizations, one with two payments (support/seed.ts).
import crypto from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInWithPasscode } from './support/login.js';
import { BIANCA, BILLING_ORG, BILLING_PROJECT, DELETED_PROJECT, QUIET_ORG } from './support/seed.js';
import { detail, expectToast, rowOf } from './support/ui.js';

const LABELS = ['Company name', 'E-mail', 'Address line 1', 'Address line 2', 'Postal code', 'City', 'State', 'Country'] as const;
type Label = (typeof LABELS)[number];

const FILLED: Partial<Record<Label, string>> = {
  'Company name': 'Bianca Bygg AB',
  'E-mail': 'billing@bianca-bygg.se',
  'Address line 1': 'Sveavägen 12',
  'Postal code': '111 57',
  City: 'Stockholm',
  Country: 'Sweden',
};

const billingCard = (page: Page) => page.locator('.card').filter({ has: page.getByRole('heading', { name: 'Billing information' }) });
const field = (card: Locator, label: Label) => card.getByRole(label === 'Country' ? 'combobox' : 'textbox', { name: label, exact: true });

/** View mode: every label with its value, '—' for the empty ones. */
async function expectShown(page: Page, values: Partial<Record<Label, string>>) {
  const card = billingCard(page);
  await expect(card.getByRole('button', { name: 'Edit' })).toBeVisible();
  await expect(card.getByRole('textbox')).toHaveCount(0);
  for (const label of LABELS) await expect(detail(card, label)).toHaveText(values[label] ?? '—');
}

async function fill(card: Locator, values: Partial<Record<Label, string>>) {
  for (const [label, value] of Object.entries(values) as [Label, string][]) {
    if (label === 'Country') await field(card, label).selectOption({ label: value });
    else await field(card, label).fill(value);
  }
}

/** Opens an organization's billing from /orgs (its overview, then Billing), as its admin does, and answers its id. */
async function openBilling(page: Page, org: string): Promise<string> {
  await page.goto('/orgs');
  await rowOf(page, org).getByRole('link', { name: org }).click();
  await expect(page).toHaveURL(/\/org\/[0-9a-f-]{36}$/);
  await page.getByRole('complementary').getByRole('link', { name: 'Billing', exact: true }).click();
  await expect(page).toHaveURL(/\/org\/[0-9a-f-]{36}\/billing$/);
  await expect(page.getByRole('heading', { name: 'Billing', exact: true })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveText(`Organizations>${org}`);
  return new URL(page.url()).pathname.split('/')[2] ?? '';
}

test('an organization admin edits billing information (view, edit, cancel) and sees the payment history', async ({ page }) => {
  test.setTimeout(60_000);
  await signInWithPasscode(page, BIANCA);

  await test.step('/orgs leads to the billing of an organization', async () => {
    await page.goto('/orgs');
    await expect(rowOf(page, BILLING_ORG).getByRole('cell', { name: 'Admin', exact: true })).toBeVisible();
    await expect(rowOf(page, QUIET_ORG).getByRole('cell', { name: 'Admin', exact: true })).toBeVisible();
    await openBilling(page, BILLING_ORG);
    await expect(page.getByRole('complementary').getByRole('link', { name: 'Billing' })).toBeVisible();
  });

  const card = billingCard(page);

  await test.step('view mode shows — for what was never saved; Cancel restores it', async () => {
    await expectShown(page, {});

    await card.getByRole('button', { name: 'Edit' }).click();
    for (const label of LABELS) await expect(field(card, label)).toHaveValue('');
    await expect(field(card, 'Country').locator('option:checked')).toHaveText('—');
    await expect(field(card, 'Country').getByRole('option', { name: 'Sweden' })).toHaveCount(1);
    await fill(card, FILLED);
    await expect(field(card, 'Country')).toHaveValue('SE');
    await card.getByRole('button', { name: 'Cancel' }).click();
    await expectShown(page, {});

    // The form opens again from what is stored, not from what was typed before Cancel.
    await card.getByRole('button', { name: 'Edit' }).click();
    for (const label of LABELS) await expect(field(card, label)).toHaveValue('');
  });

  await test.step('an invalid e-mail is refused on the page', async () => {
    let sent = false;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/billing_info')) sent = true;
    });
    await fill(card, { ...FILLED, 'E-mail': 'billing at bianca-bygg.se' });
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(card.getByRole('alert')).toHaveText('E-mail: Invalid e-mail address');
    await expect(field(card, 'E-mail')).toHaveValue('billing at bianca-bygg.se');
    await expect(card.getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(sent).toBe(false);
  });

  await test.step('Save stores the values; a reload shows them', async () => {
    const saved = page.waitForResponse((response) => response.request().method() === 'POST' && response.url().endsWith('/billing_info'));
    await field(card, 'E-mail').fill(FILLED['E-mail']!);
    await card.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(200);
    await expect(card.getByRole('alert')).toHaveCount(0);
    await expectShown(page, FILLED);

    await page.reload();
    await expectShown(page, FILLED);
  });

  await test.step('Cancel after a change keeps the stored values', async () => {
    await card.getByRole('button', { name: 'Edit' }).click();
    await expect(field(card, 'City')).toHaveValue('Stockholm');
    await expect(field(card, 'Country')).toHaveValue('SE');
    await field(card, 'City').fill('Göteborg');
    await field(card, 'Country').selectOption({ label: '—' });
    await card.getByRole('button', { name: 'Cancel' }).click();
    await expectShown(page, FILLED);
  });

  await test.step('the payment history lists the payments, newest first', async () => {
    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader')).toHaveText([
      'Project',
      'Module',
      'Rooms',
      'Area (m²)',
      'Amount',
      'Currency',
      'Date',
      'Type',
      'Receipt',
    ]);
    const rows = table.getByRole('row');
    await expect(rows).toHaveCount(3);
    // A payment keeps the name of a project deleted since.
    await expect(rows.nth(1).getByRole('cell')).toHaveText([
      DELETED_PROJECT,
      'fire',
      '4',
      '80',
      '99.00',
      'EUR',
      '14 May 2026',
      'invoice',
      '—',
    ]);
    await expect(rows.nth(2).getByRole('cell')).toHaveText([
      BILLING_PROJECT,
      'electrical',
      '12',
      '1,345.3',
      '12,345.50',
      'SEK',
      '2 Mar 2026',
      'card',
      'Receipt',
    ]);
    const receipt = rows.nth(2).getByRole('link', { name: 'Receipt' });
    await expect(receipt).toHaveAttribute('href', 'https://receipts.example.com/r/1001');
    await expect(receipt).toHaveAttribute('target', '_blank');
    await expect(rows.nth(1).getByRole('link')).toHaveCount(0);
  });

  await test.step('an organization without payments shows No payments', async () => {
    await openBilling(page, QUIET_ORG);
    await expect(page.getByText('No payments', { exact: true })).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    // Billing information belongs to each organization.
    await expectShown(page, {});
  });

  await test.step('an organization that does not exist sends the user on to /projects', async () => {
    await page.goto(`/org/${crypto.randomUUID()}/billing`);
    await expect(page).toHaveURL('/projects');
    await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
    await expectToast(page, 'Failed to load organization: Organization not found', 'error');
  });
});
