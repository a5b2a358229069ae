// IFC upload (P§2 Add IFCs, P§4 upload protocol, P§8 upload messages): uma adds a real IFC file and
// a file that only pretends to be one to her project; the good one is merged into the model as an
// unsynced edit that ctrl+S syncs, and the project list shows it under Uploaded files.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signInWithPasscode } from './support/login.js';
import { UMA, UPLOAD_PROJECT } from './support/seed.js';
import { dialog, expectToast, rowOf } from './support/ui.js';

/** The IFC corpus: IFC_CORPUS, else ../shared/ifc beside the repository. */
const corpus = process.env.IFC_CORPUS ?? path.resolve('../shared/ifc');
const IFC_FILE = path.join(corpus, 'revit_quantities.ifc');

const versionState = (page: Page) => page.getByRole('status', { name: 'Version state' });

test('IFC files are uploaded into the project, merged as an unsynced edit, synced and listed', async ({ page }) => {
  test.skip(!fs.existsSync(IFC_FILE), `the IFC corpus is absent (${IFC_FILE}); set IFC_CORPUS to the folder holding revit_quantities.ifc`);
  test.setTimeout(120_000);
  const add = dialog(page, 'Add IFCs');

  await test.step('the project overview opens the Add IFCs dialog', async () => {
    await signInWithPasscode(page, UMA);
    await page.goto('/projects');
    await rowOf(page, UPLOAD_PROJECT).getByRole('link', { name: UPLOAD_PROJECT }).click();
    await expect(page).toHaveURL(/\/project\/[0-9a-f-]{36}$/);
    await expect(versionState(page)).toHaveText('Synced');
    await page.getByRole('button', { name: 'Add IFCs' }).click();
    await expect(add).toBeVisible();
  });

  await test.step('a file not named .ifc is refused at once', async () => {
    await add.getByLabel('IFC files').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('notes') });
    await expect(add.getByRole('alert')).toHaveText('Only .ifc files can be uploaded: notes.txt was not added');
    await expect(add.getByText('No files chosen')).toBeVisible();
  });

  await test.step('a junk file and a real one are listed with their names and sizes', async () => {
    await add.getByLabel('IFC files').setInputFiles([
      { name: 'junk.ifc', mimeType: 'application/octet-stream', buffer: Buffer.from('this is not a STEP file at all\n') },
      { name: 'revit_quantities.ifc', mimeType: 'application/octet-stream', buffer: fs.readFileSync(IFC_FILE) },
    ]);
    await expect(rowOf(add, 'junk.ifc')).toContainText('0.00 MB');
    // The name is read from the STEP header (FILE_NAME 'D:\temp\revit_quantities.ifc').
    const size = `${(fs.statSync(IFC_FILE).size / (1024 * 1024)).toFixed(2)} MB`;
    await expect(rowOf(add, 'revit_quantities.ifc')).toContainText(size);
    await expect(rowOf(add, 'revit_quantities.ifc')).toContainText('Idle');
  });

  await test.step('Upload: the junk file fails on its row, the real one reaches done', async () => {
    await add.getByRole('button', { name: 'Upload' }).click();
    await expect(rowOf(add, 'junk.ifc')).toContainText('Failed: Not an IFC file: the ISO-10303-21 header is missing');
    const good = rowOf(add, 'revit_quantities.ifc');
    await expect(good).toContainText('Done', { timeout: 90_000 });
    await expect(good.getByRole('progressbar')).toHaveAttribute('value', '1');
    await expect(good).toContainText(/added/);
    await expectToast(page, 'Failed to upload IFCs', 'error');
  });

  await test.step('the import is an unsynced edit; ctrl+S syncs it', async () => {
    await expect(versionState(page)).toHaveText('Unsynced changes');
    await page.keyboard.press('Control+s');
    await expect(versionState(page)).toHaveText('Synced');
    await add.getByRole('button', { name: 'Close', exact: true }).first().click();
    await expect(add).toBeHidden();
  });

  await test.step('the project list shows the file under Uploaded files', async () => {
    await page.goto('/projects');
    await expect(rowOf(page, UPLOAD_PROJECT).getByText('revit_quantities.ifc', { exact: true })).toBeVisible();
    await expect(rowOf(page, UPLOAD_PROJECT).getByText('junk.ifc')).toHaveCount(0);
  });
});
