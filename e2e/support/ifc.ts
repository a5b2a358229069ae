// Adding a real IFC file to the open project as a user does: the Add IFCs dialog, then a sync (ctrl+S).
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { dialog, rowOf } from './ui.js';

const versionState = (page: Page) => page.getByRole('status', { name: 'Version state' });

/**
 * Uploads `file` through Add IFCs on the project page, waits for 'Done', syncs the merged model and closes the dialog.
 * Resolves with the text of the file's row, which says what the import changed ('Rooms 1 added, 1 changed · …').
 */
export async function addIfc(page: Page, file: string): Promise<string> {
  await expect(versionState(page)).toHaveText('Synced');
  await page.getByRole('button', { name: 'Add IFCs' }).click();
  const add = dialog(page, 'Add IFCs');
  await add.getByLabel('IFC files').setInputFiles(file);
  await add.getByRole('button', { name: 'Upload' }).click();
  const row = rowOf(add, path.basename(file));
  await expect(row).toContainText('Done', { timeout: 120_000 });
  const rowText = await row.innerText();
  await page.keyboard.press('Control+s');
  await expect(versionState(page)).toHaveText('Synced', { timeout: 30_000 });
  await add.getByRole('button', { name: 'Close', exact: true }).first().click();
  await expect(add).toBeHidden();
  return rowText;
}
