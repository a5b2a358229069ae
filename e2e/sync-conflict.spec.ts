// Issue 20, items 2 and 3: the undo history survives a reload with the unsynced working copy, and a
// sync that meets someone else's sync (the 409) gets their changes and keeps hers: her unsynced
// edits are re-applied on the latest working version, a value both changed is hers or theirs as
// she chooses, then it syncs. cora is the project's admin, colin an editor (support/seed.ts).
import { expect, test, type Page } from '@playwright/test';
import { signInWithPasscode } from './support/login.js';
import { COLIN, CONFLICT_PROJECT, CORA } from './support/seed.js';
import { dialog, expectToast, rowOf } from './support/ui.js';

const CONFLICT = 'The working version was changed by someone else: get their changes to keep yours on top of them';
const GET_THEIRS = 'Get their changes and keep mine';

const versionState = (page: Page) => page.getByRole('status', { name: 'Version state' });
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const undoButton = (page: Page) => page.getByRole('button', { name: 'Undo', exact: true });

/** From /projects to the project's Property details through the left navigation. */
async function openPropertyDetails(page: Page): Promise<void> {
  await rowOf(page, CONFLICT_PROJECT).getByRole('link', { name: CONFLICT_PROJECT }).click();
  await expect(page).toHaveURL(/\/project\/[0-9a-f-]{36}$/);
  await page.getByRole('complementary').getByRole('link', { name: 'Property details' }).click();
  await expect(page.getByRole('heading', { name: 'Property details' })).toBeVisible();
}

/** Fills a model field; the next edit starts a history step of its own (P§9: 1500 ms). */
async function fillStep(page: Page, label: string, value: string): Promise<void> {
  await field(page, label).fill(value);
  await expect(field(page, label)).toHaveValue(value);
  await page.waitForTimeout(1_600);
}

test('the undo history survives a reload, and a sync conflict gets their changes and keeps mine', async ({ page, browser }) => {
  test.setTimeout(90_000);

  await test.step('edits, a reload, and undo still takes them back one step at a time', async () => {
    await signInWithPasscode(page, CORA);
    await openPropertyDetails(page);
    await expect(versionState(page)).toHaveText('Synced');
    await fillStep(page, 'Property Name', 'Harbour House');
    await fillStep(page, 'Owner', 'Acme');
    await expect(versionState(page)).toHaveText('Unsynced changes');

    await page.reload();
    await expect(field(page, 'Property Name')).toHaveValue('Harbour House');
    await expect(field(page, 'Owner')).toHaveValue('Acme');
    await expect(versionState(page)).toHaveText('Unsynced changes');
    await expect(undoButton(page)).toBeEnabled();

    await page.keyboard.press('Control+z');
    await expect(field(page, 'Owner')).toHaveValue('');
    await expect(field(page, 'Property Name')).toHaveValue('Harbour House');
    await undoButton(page).click();
    await expect(field(page, 'Property Name')).toHaveValue('');
    await expect(undoButton(page)).toBeDisabled();
    await page.keyboard.press('Control+y');
    await page.keyboard.press('Control+y');
    await expect(field(page, 'Property Name')).toHaveValue('Harbour House');
    await expect(field(page, 'Owner')).toHaveValue('Acme');

    await page.keyboard.press('Control+s');
    await expect(versionState(page)).toHaveText('Synced');
  });

  const colinContext = await browser.newContext();
  const colin = await colinContext.newPage();
  try {
    await test.step('colin changes the name and the tenant and syncs first', async () => {
      await signInWithPasscode(colin, COLIN);
      await openPropertyDetails(colin);
      await expect(field(colin, 'Property Name')).toHaveValue('Harbour House');
      await field(colin, 'Property Name').fill('Harbour Hall');
      await field(colin, 'Tenant').fill('Café Nord');
      await colin.keyboard.press('Control+s');
      await expect(versionState(colin)).toHaveText('Synced');
    });

    await test.step('cora changes the name and the owner; her sync meets the 409, and a reload keeps her edits', async () => {
      await fillStep(page, 'Property Name', 'Harbour House B');
      await fillStep(page, 'Owner', 'Acme AB');
      await page.getByRole('button', { name: 'Sync', exact: true }).click();
      await expectToast(page, CONFLICT, 'error');
      await expect(versionState(page)).toHaveText('Unsynced changes');
      await expect(page.getByRole('button', { name: GET_THEIRS })).toBeVisible();

      // Reloading alone does not get colin's changes: her unsynced edits stay, and so does the way out.
      await page.reload();
      await expect(field(page, 'Property Name')).toHaveValue('Harbour House B');
      await expect(field(page, 'Tenant')).toHaveValue('');
      await expect(versionState(page)).toHaveText('Unsynced changes');
      await expect(page.getByRole('button', { name: GET_THEIRS })).toBeVisible();
    });

    await test.step('get their changes and keep mine: the name both changed is hers by choice, the rest merges', async () => {
      await page.getByRole('button', { name: GET_THEIRS }).click();
      const conflicts = dialog(page, 'Resolve conflicts');
      await expect(conflicts).toBeVisible();
      const name = conflicts.getByRole('group', { name: 'Property Name' });
      await expect(conflicts.getByRole('group')).toHaveCount(1);
      await expect(name.getByRole('radio', { name: 'Mine: Harbour House B' })).toBeVisible();
      await expect(name.getByRole('radio', { name: 'Theirs: Harbour Hall' })).toBeVisible();
      const apply = conflicts.getByRole('button', { name: 'Apply and sync' });
      await expect(apply).toBeDisabled();
      await name.getByRole('radio', { name: 'Mine: Harbour House B' }).check();
      await apply.click();
      await expect(conflicts).toBeHidden();
      await expectToast(page, 'Got their changes and synced yours');
      await expect(versionState(page)).toHaveText('Synced');
      await expect(field(page, 'Property Name')).toHaveValue('Harbour House B');
      await expect(field(page, 'Owner')).toHaveValue('Acme AB');
      await expect(field(page, 'Tenant')).toHaveValue('Café Nord');
      await expect(page.getByRole('button', { name: GET_THEIRS })).toBeHidden();
    });

    await test.step('colin reloads and has both: her name and owner, his tenant', async () => {
      await colin.reload();
      await expect(field(colin, 'Tenant')).toHaveValue('Café Nord');
      await expect(field(colin, 'Property Name')).toHaveValue('Harbour House B');
      await expect(field(colin, 'Owner')).toHaveValue('Acme AB');
      await expect(versionState(colin)).toHaveText('Synced');
    });
  } finally {
    await colinContext.close();
  }
});
