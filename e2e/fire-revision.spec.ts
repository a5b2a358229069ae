// The architect's revision (issue 40): reva designs AC20-FZK-Haus (the units page's Run), then the building changes —
// on the model page she deletes the office 'Buero' of the ground floor — and the fire area says so: the notice counts
// the room removed and lists it, the Changed rooms layer outlines where it stood; 'Update the design' removes its
// units in one edit and records revision A in the Revisions list; undo brings the notice back.
import { expect, test, type Page } from '@playwright/test';
import { openFireProject, projectNavigation, skipWithoutCorpus } from './support/fire.js';
import { clickAt, plan, properties, type PlanPoint } from './support/plan.js';
import { REVA, REVISION_PROJECT } from './support/seed.js';
import { dialog } from './support/ui.js';

/** The office of FZK-Haus's ground floor (x 0.3–3.8, y 6.0–9.7 m). */
const BUERO: PlanPoint = [2, 8];
const toasts = (page: Page) => page.locator('.toasts');
const notice = (page: Page) => page.getByRole('region', { name: 'Architecture changed' });

test('a changed building: the notice, Update the design, the Revisions list, undo', async ({ page }) => {
  skipWithoutCorpus();
  test.setTimeout(240_000);
  const { projectPath } = await openFireProject(page, REVA, REVISION_PROJECT);

  await test.step('design the building: no notice while the architecture is the one designed on', async () => {
    await page.getByRole('group', { name: 'Automatic design' }).getByRole('button', { name: 'Run' }).click();
    await expect(toasts(page).getByText(/^Added \d+ detectors/)).toBeVisible({ timeout: 120_000 });
    await expect(notice(page)).toBeHidden();
  });

  await test.step("delete the ground floor's office on the model page", async () => {
    await projectNavigation(page).getByRole('link', { name: 'Model' }).click();
    await expect(page).toHaveURL(new RegExp(`${projectPath}/model`));
    await clickAt(page, BUERO);
    await expect(properties(page).getByRole('textbox', { name: 'Name' })).toHaveValue('Buero');
    await page.keyboard.press('Delete');
    await expect(properties(page).getByRole('textbox', { name: 'Name' })).toBeHidden();
  });

  await test.step('the fire area says what changed and lists the room', async () => {
    await projectNavigation(page).getByRole('link', { name: 'Fire', exact: true }).click();
    await expect(notice(page)).toContainText('The architecture has changed since the fire design was last run: 1 room removed.');
    await notice(page).getByRole('button', { name: 'Show rooms' }).click();
    await expect(notice(page).getByRole('region', { name: 'Removed' }).getByRole('link', { name: 'Buero' })).toBeVisible();
    await expect(plan(page)).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('notice.png') });
  });

  await test.step('Update the design: one edit, revision A recorded', async () => {
    await notice(page).getByRole('button', { name: 'Update the design' }).click();
    // The office's door now opens where the office stood, out of the house: an exit, its call point the one unit added.
    await expect(toasts(page).getByText(/^Revision A: 1 unit added, [1-9]\d* removed/)).toBeVisible({ timeout: 60_000 });
    await expect(notice(page)).toBeHidden();
    await page.getByRole('button', { name: 'Revisions (1)' }).click();
    const list = dialog(page, 'Revisions');
    await expect(list.getByRole('list', { name: 'Revisions' })).toContainText('1 room removed');
    await page.screenshot({ path: test.info().outputPath('revisions.png') });
    await list.getByRole('button', { name: 'Close' }).click();
  });

  await test.step('undo brings the notice back', async () => {
    await page.keyboard.press('Control+z');
    await expect(notice(page)).toContainText('1 room removed');
  });
});
