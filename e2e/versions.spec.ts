// Issue 4, client part: Property details, the version state, undo and redo by keyboard, sync,
// the Versions dialog (save, status, export, import) and the 409 of two people syncing the same
// working version. vera is the project's admin, victor an editor (support/seed.ts).
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { signInWithPasscode } from './support/login.js';
import { VERA, VERSIONS_PROJECT, VICTOR } from './support/seed.js';
import { dialog, expectToast, rowOf } from './support/ui.js';

const CONFLICT = 'The working version was changed by someone else: get their changes to keep yours on top of them';

const versionState = (page: Page) => page.getByRole('status', { name: 'Version state' });
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** From /projects to the project's Property details through the left navigation. */
async function openPropertyDetails(page: Page): Promise<string> {
  await rowOf(page, VERSIONS_PROJECT).getByRole('link', { name: VERSIONS_PROJECT }).click();
  await expect(page).toHaveURL(/\/project\/[0-9a-f-]{36}$/);
  const projectPath = new URL(page.url()).pathname;
  await page.getByRole('complementary').getByRole('link', { name: 'Property details' }).click();
  await expect(page).toHaveURL(`${projectPath}/settings`);
  await expect(page.getByRole('heading', { name: 'Property details' })).toBeVisible();
  return projectPath;
}

test('property details are edited, undone, synced, saved as a version, exported, imported, and a conflict is refused', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(60_000);
  let projectPath = '';
  const name = () => field(page, 'Property Name');

  await test.step('an edit makes the working version unsynced; ctrl+Z and ctrl+Y undo and redo it', async () => {
    await signInWithPasscode(page, VERA);
    projectPath = await openPropertyDetails(page);
    await expect(versionState(page)).toHaveText('Synced');
    await expect(name()).toHaveValue('');

    // Typed letter by letter: one history step (P§9, 1500 ms).
    await name().pressSequentially('Harbour House');
    await expect(versionState(page)).toHaveText('Unsynced changes');
    await page.keyboard.press('Control+z');
    await expect(name()).toHaveValue('');
    await page.keyboard.press('Control+y');
    await expect(name()).toHaveValue('Harbour House');
  });

  await test.step('undo from another page goes back to the page of the edit', async () => {
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: VERSIONS_PROJECT }).click();
    await expect(page).toHaveURL(projectPath);
    await page.keyboard.press('Control+z');
    await expect(page).toHaveURL(`${projectPath}/settings`);
    await expect(name()).toHaveValue('');
    await page.keyboard.press('Control+Shift+z');
    await expect(name()).toHaveValue('Harbour House');
  });

  await test.step('ctrl+S syncs, and the value is there after a reload', async () => {
    await page.keyboard.press('Control+s');
    await expect(versionState(page)).toHaveText('Synced');
    await page.reload();
    await expect(name()).toHaveValue('Harbour House');
    await expect(versionState(page)).toHaveText('Synced');
  });

  const versions = dialog(page, 'Versions');
  await test.step('Versions: save with a comment, then set its status', async () => {
    await page.getByRole('button', { name: 'Versions', exact: true }).click();
    await expect(versions.getByText('No saved versions', { exact: true })).toBeVisible();
    await versions.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(versions.getByRole('alert')).toHaveText('A comment is required');
    await versions.getByLabel('Comment').fill('First issue');
    await versions.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Version First issue saved');
    const row = rowOf(versions, /^First issue/);
    await expect(row.getByRole('cell', { name: VERA, exact: true })).toBeVisible();
    await expect(row.getByText('Current', { exact: true })).toBeVisible();
    await expect(versionState(page)).toHaveText('Saved version: First issue');

    const status = versions.getByLabel('Status of First issue');
    await expect(status).toHaveValue('');
    await status.selectOption('Systemhandling');
    await expectToast(page, 'Version status updated');
    await expect(status).toHaveValue('Systemhandling');
  });

  await test.step('export the model as .edrf, change it, and import the file: the exported value is back', async () => {
    await versions.getByRole('button', { name: 'Close' }).first().click();
    await name().fill('Harbour House B');
    await expect(versionState(page)).toHaveText('Unsynced changes');

    await page.getByRole('button', { name: 'Versions', exact: true }).click();
    const downloading = page.waitForEvent('download');
    await versions.getByRole('button', { name: 'Export .edrf' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^vera-tower-\d{4}-\d{2}-\d{2}-\d{4}\.edrf$/);
    const file = testInfo.outputPath(download.suggestedFilename());
    await download.saveAs(file);
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toMatchObject({ config: { name: 'Harbour House B' }, edrf_schema: 2 });
    await versions.getByRole('button', { name: 'Close' }).first().click();

    await name().fill('Something else');
    await page.getByRole('button', { name: 'Versions', exact: true }).click();
    await versions.getByRole('button', { name: 'Import .edrf' }).click();
    await expectToast(page, 'No file selected', 'error');
    await versions.getByLabel('.edrf file to import').setInputFiles(file);
    await versions.getByRole('button', { name: 'Import .edrf' }).click();
    await expect(versions).toBeHidden();
    await expect(name()).toHaveValue('Harbour House B');
    // The import is one undoable edit.
    await page.keyboard.press('Control+z');
    await expect(name()).toHaveValue('Something else');
    await page.keyboard.press('Control+y');
    await expect(name()).toHaveValue('Harbour House B');
  });

  const victorContext = await browser.newContext();
  try {
    await test.step('victor syncs first; then vera syncing answers with the conflict and keeps her changes', async () => {
      const victor = await victorContext.newPage();
      await signInWithPasscode(victor, VICTOR);
      await openPropertyDetails(victor);
      await expect(field(victor, 'Property Name')).toHaveValue('Harbour House');
      await field(victor, 'Tenant').fill('Café Nord');
      await victor.keyboard.press('Control+s');
      await expect(versionState(victor)).toHaveText('Synced');

      await page.getByRole('button', { name: 'Sync', exact: true }).click();
      await expectToast(page, CONFLICT, 'error');
      await expect(versionState(page)).toHaveText('Unsynced changes');
      await expect(name()).toHaveValue('Harbour House B');
    });
  } finally {
    await victorContext.close();
  }

  await test.step("loading the working version brings victor's changes, after a confirmation", async () => {
    await page.getByRole('button', { name: 'Versions', exact: true }).click();
    await versions.getByRole('button', { name: 'Load working version' }).click();
    const confirm = dialog(page, 'Load version');
    await expect(confirm).toContainText('Your unsynced changes will be lost.');
    await confirm.getByRole('button', { name: 'Load', exact: true }).click();
    await expectToast(page, 'Loaded the working version');
    await expect(field(page, 'Tenant')).toHaveValue('Café Nord');
    await expect(name()).toHaveValue('Harbour House');
    await expect(versionState(page)).toHaveText('Synced');
    // Loading cleared the history.
    await expect(page.getByRole('button', { name: 'Undo' })).toBeDisabled();
  });
});
