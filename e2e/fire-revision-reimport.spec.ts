// The architect's revision as a new file (issue 40): reva places a rack in the hall, designs FZK-Haus (the units page's
// Run) and optimizes its loop; then the architect sends the file again, revised — the bathroom 'Bad' removed, the
// bedroom 'Schlafzimmer' a fifth narrower, the office copied 15 m east as the annex 'Anbau', a wall added across the
// hall — and she uploads it under the same name, so it replaces the first import (docs/ifc-upload.md, Merge). The fire
// area's notice says what changed and lists the rooms; 'Update the design' records revision A and routes the loop
// again; undo brings the notice back.
// AC11-FZK-Haus-IFC.ifc, not AC20: its spaces are swept floor profiles that reviseIfc can reshape, where AC20's are
// faceted breps with a footprint curve (../shared/ifc/SOURCES.md).
import { expect, test, type Page } from '@playwright/test';
import { corpusFile } from './support/corpus.js';
import { openFireProject, projectNavigation, skipWithoutCorpus } from './support/fire.js';
import { addIfc } from './support/ifc.js';
import { clickAt, properties, toolbar, type PlanPoint } from './support/plan.js';
import { writeRevisedIfc, type RevisionEdit } from './support/revised-ifc.js';
import { REVA, REVISION_REIMPORT_PROJECT } from './support/seed.js';
import { dialog } from './support/ui.js';

const FZK_HAUS_AC11 = corpusFile('AC11-FZK-Haus-IFC.ifc');

/** The architect's revision, by the file's GlobalIds (the same in packages/fire/src/revision/ifc-revision.test.ts). */
const REVISION: RevisionEdit[] = [
  { remove: '0e_hbkIQ5DMQlIJ$2V3j_m' }, // Bad
  { reshape: '347jFE2yX7IhCEIALmupEH', move: (x, y) => [x * 0.8, y] }, // Schlafzimmer
  { copy: '2RSCzLOBz4FAK$_wE8VckM', dx: 15, dy: 0, globalId: '2RevisedCopyOfBuero001', longName: 'Anbau' }, // Buero
  // The wall between Buero and Bad, copied 1.1 m east and 2 m south: across the hall.
  { copy: '2ptk1k7qn8_Qk22vjh$0DE', dx: 1.1, dy: -2, globalId: '2RevisedCopyOfWall0001' },
];

/** The hall (Flur) of the ground floor, x 0.3–7.4, y 4.0–5.75 m: west of where the new wall crosses it (x ≈ 5). */
const FLUR: PlanPoint = [3, 4.9];

const toasts = (page: Page) => page.locator('.toasts');
const notice = (page: Page) => page.getByRole('region', { name: 'Architecture changed' });
const versionState = (page: Page) => page.getByRole('status', { name: 'Version state' });
const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(name) });

test('a revised IFC file re-imported: the notice, Update the design, the Revisions list, undo', async ({ page }) => {
  skipWithoutCorpus(FZK_HAUS_AC11);
  test.setTimeout(240_000);
  const revisedFile = await test.step("the architect's revised file, under the original's name", () =>
    writeRevisedIfc(FZK_HAUS_AC11, REVISION, test.info().outputPath('revised')));
  const { projectPath } = await openFireProject(page, REVA, REVISION_REIMPORT_PROJECT, { ifc: FZK_HAUS_AC11 });

  await test.step('a rack in the hall, the units designed, the loops optimized: no notice on the architecture designed on', async () => {
    await toolbar(page).getByRole('button', { name: 'Rack ▾', exact: true }).click();
    await page
      .getByRole('menu', { name: 'Rack' })
      .getByRole('menuitemradio', { name: 'Rack with central and plinth', exact: true })
      .click();
    await clickAt(page, FLUR);
    await expect(properties(page).getByRole('region', { name: 'Rack' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByRole('group', { name: 'Automatic design' }).getByRole('button', { name: 'Run' }).click();
    await expect(toasts(page).getByText(/^Added \d+ detectors/)).toBeVisible({ timeout: 120_000 });
    await expect(notice(page)).toBeHidden();
    await shot(page, 'units-before.png');
    await page.getByRole('link', { name: 'Routes', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${projectPath}/fire/routes(\\?.*)?$`));
    await toolbar(page).getByRole('button', { name: 'Optimize', exact: true }).click();
    await expect(
      toasts(page)
        .getByRole('status')
        .filter({ hasText: /^\d+ loops?, \d+ units?/ }),
    ).toBeVisible({ timeout: 60_000 });
    await shot(page, 'routes-before.png');
    await page.keyboard.press('Control+s');
    await expect(versionState(page)).toHaveText('Synced', { timeout: 30_000 });
  });

  await test.step('re-import the revised file on the project page: the upload says what it changed', async () => {
    await page.getByRole('link', { name: REVISION_REIMPORT_PROJECT, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${projectPath}$`));
    const row = await addIfc(page, revisedFile);
    expect(row).toContain('Rooms 1 added, 1 changed, 1 removed');
    expect(row).toContain('Walls 1 added');
  });

  await test.step('the fire area says what changed and lists the rooms by name', async () => {
    await projectNavigation(page).getByRole('link', { name: 'Fire', exact: true }).click();
    await page.getByRole('link', { name: 'Units', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${projectPath}/fire/units`));
    await expect(notice(page)).toContainText(
      'The architecture has changed since the fire design was last run: 1 room added, 1 removed, 1 reshaped; 1 wall added.',
    );
    await notice(page).getByRole('button', { name: 'Show rooms' }).click();
    const listed = (group: string) => notice(page).getByRole('region', { name: group }).getByRole('link');
    await expect(listed('Added')).toHaveText(['Anbau']);
    await expect(listed('Removed')).toHaveText(['Bad']);
    await expect(listed('Reshaped')).toHaveText(['Schlafzimmer']);
    await shot(page, 'notice.png');
  });

  await test.step('Update the design: revision A recorded, the notice gone', async () => {
    await notice(page).getByRole('button', { name: 'Update the design' }).click();
    // The bathroom's units go, the annex and the narrower bedroom are designed anew, and the loop that ran through the
    // changed rooms and across the new wall is routed again. The annex stands 15 m off with no door to the house: its
    // units are on no loop, and the toast says so.
    await expect(
      toasts(page).getByText(
        /^Revision A: [1-9]\d* units? added, [1-9]\d* removed; .*; [1-9]\d* loop routes to route again; [1-9]\d* units? on no loop \(see Warnings on the Routes page\)$/,
      ),
    ).toBeVisible({ timeout: 60_000 });
    await expect(notice(page)).toBeHidden();
    await page.getByRole('button', { name: 'Revisions (1)' }).click();
    const list = dialog(page, 'Revisions').getByRole('list', { name: 'Revisions' });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list).toContainText('1 room added, 1 removed, 1 reshaped; 1 wall added');
    await expect(list).toContainText(/Revision A: [1-9]\d* units? added, [1-9]\d* removed/);
    await shot(page, 'revisions.png');
    await dialog(page, 'Revisions').getByRole('button', { name: 'Close' }).click();
    // The bedroom's door from the hall opens onto the strip the narrower bedroom gave up: an exit, with its call point.
    await expect(page.getByText(/^Exit door .* has no manual call point/)).toHaveCount(0);
    await shot(page, 'units-after.png');
    await page.getByRole('link', { name: 'Routes', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Routes', level: 1 })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Routes', exact: true }).getByRole('button', { name: /loop-1/ })).toBeVisible();
    // Which units, and why: no door, stair or tray joins the annex to the rack.
    await expect(page.getByRole('region', { name: 'Warnings' })).toContainText('cannot be reached through the building from any central');
    await shot(page, 'routes-after.png');
  });

  await test.step('undo brings the notice back', async () => {
    await page.keyboard.press('Control+z');
    await expect(notice(page)).toContainText('1 room added, 1 removed, 1 reshaped; 1 wall added.');
    await expect(notice(page).getByRole('button', { name: 'Revisions (0)' })).toBeVisible();
  });
});
