// The fire sections page (F§2 '/fire/sections', F§3 Sections, F§4 Sections, F§5, F§8, F§9; issue 24): selma, admin
// of her organization and project, adds AC20-FZK-Haus.ifc and the SBF fire module, places a detector in the kitchen
// and runs the units design, then on /fire/sections sees the analysis' red boxes, runs the calculation with Sections,
// Section labels and Addresses, adds a section ('0'), renames and recolours it, moves two rooms into it (Edit, Apply:
// 'Non-contiguous rooms'), removes one (Delete), edits the kitchen part's shape (e, a corner, Enter) and is refused a
// crossing one ('Invalid section shape'), addresses her detector with a click and clears it, undoes and redoes, syncs
// and reloads. Points on the plan are named in metres (e2e/support/plan.ts).
import { expect, test, type Page } from '@playwright/test';
import { openFireProject, skipWithoutCorpus } from './support/fire.js';
import { clickAt, dragOn, plan, properties, toolbar, type PlanPoint } from './support/plan.js';
import { SECTIONS_PROJECT, SELMA } from './support/seed.js';

type P = PlanPoint;

/** Edits within 1500 ms join one undo step. */
const BATCH_MS = 1500;

// Erdgeschoss of FZK-Haus (the file's room outlines, metres): Küche x 0.3–4.695 y 0.3–4.01 (its corner
// (4.695, 4.01) is dragged below), Büro x 0.3–3.8 y 5.99–9.7, Flur between them. Rooms are pressed near a
// corner, away from the designed units in their middle (a press on a unit addresses it).
const KUECHE: P = [4.3, 0.7];
const MY_DETECTOR: P = [1, 1];
const KUECHE_CORNER: P = [4.695, 4.01];
const NEW_CORNER: P = [3.5, 3];
/** Below the kitchen's bottom edge: the corner dragged there makes the outline cross itself. */
const CROSSING: P = [2.5, -1];
const BUERO: P = [0.8, 9.2];

const versionState = (page: Page) => page.getByRole('status', { name: 'Version state' });
const runGroup = (page: Page) => page.getByRole('group', { name: 'Calculate sections' });
const sectionList = (page: Page) => page.getByRole('list', { name: 'Sections', exact: true });
const warnings = (page: Page) => page.getByRole('region', { name: 'Warnings', exact: true });
const partRooms = (page: Page) => properties(page).getByRole('list', { name: 'Rooms of the section' }).getByRole('button');
const heading = (page: Page, name: string) => properties(page).getByRole('heading', { name, exact: true });
/** The names of the sections in the left list, in its order. */
const listed = (page: Page) => sectionList(page).locator('.section-name');

test('fire sections: run, the Sections menu, Edit, parts and shapes, addresses, warnings, undo, sync', async ({ page }) => {
  skipWithoutCorpus();
  test.setTimeout(90_000);
  let projectPath = '';

  await test.step('a detector placed by hand and the units design; Sections shows the analysis as red boxes', async () => {
    ({ projectPath } = await openFireProject(page, SELMA, SECTIONS_PROJECT));
    // The Sections tab waits for fire units (F§2).
    await expect(page.locator('.fire-tab.disabled', { hasText: 'Sections' })).toHaveAttribute('title', 'Requires fire units');

    await toolbar(page).getByRole('button', { name: 'Detector', exact: true }).click();
    await clickAt(page, MY_DETECTOR);
    await page.keyboard.press('Escape');
    await toolbar(page).getByRole('button', { name: 'Run', exact: true }).click();
    await expect(
      page
        .locator('.toasts')
        .getByRole('status')
        .filter({ hasText: /^Added \d+ detectors?/ }),
    ).toBeVisible({ timeout: 30_000 });

    await page.getByRole('link', { name: 'Sections', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${projectPath}/fire/sections(\\?.*)?$`));
    await expect(page.getByRole('heading', { name: 'Sections', level: 1 })).toBeVisible();
    await expect(plan(page)).toBeVisible();
    await expect(sectionList(page)).toHaveCount(0);
    // Rooms with detectors and no section: one red box each, with the server's message.
    await expect(warnings(page).locator('.warning-box').filter({ hasText: 'Room Küche has detectors but is in no section' })).toBeVisible({
      timeout: 15_000,
    });
    await expect(warnings(page).locator('.warning-box').first()).toHaveCSS('border-top-color', 'rgb(214, 40, 40)');
  });

  await test.step('Run with Sections, Section labels and Addresses fills the plan with sections, listed numerically', async () => {
    for (const name of ['Sections', 'Section labels', 'Addresses'])
      await expect(runGroup(page).getByLabel(name, { exact: true })).toBeChecked();
    await runGroup(page).getByRole('button', { name: 'Run' }).click();
    await expect(
      page
        .locator('.toasts')
        .getByRole('status')
        .filter({ hasText: /^\d+ sections?, \d+ rooms?, \d+ address/ }),
    ).toBeVisible({
      timeout: 30_000,
    });
    await expect(listed(page)).toHaveText(['1', '2']);
    await expect(warnings(page).locator('.warning-box').filter({ hasText: 'is in no section' })).toHaveCount(0, { timeout: 15_000 });
  });

  await test.step('Sections ▾ Add new makes section 0; it is renamed, described and recoloured', async () => {
    await page.waitForTimeout(BATCH_MS);
    await toolbar(page).getByRole('button', { name: 'Sections ▾' }).click();
    const menu = page.getByRole('menu', { name: 'Sections' });
    await expect(menu.getByRole('menuitemradio')).toHaveCount(2);
    await menu.getByRole('menuitem', { name: 'Add new' }).click();
    await expect(heading(page, 'Section 0')).toBeVisible();
    await expect(listed(page)).toHaveText(['0', '1', '2']);
    await expect(properties(page).getByRole('button', { name: 'Colour 1' })).toHaveAttribute('aria-pressed', 'true');
    await properties(page).getByLabel('Name', { exact: true }).fill('3');
    await properties(page).getByLabel('Description', { exact: true }).fill('Kitchen wing');
    await expect(listed(page)).toHaveText(['1', '2', '3']);
    await properties(page).getByRole('button', { name: 'Colour 2' }).click();
    await expect(properties(page).getByRole('button', { name: 'Colour 2' })).toHaveAttribute('aria-pressed', 'true');
    await expect(heading(page, 'Section 3')).toBeVisible();
  });

  await test.step('Edit moves the kitchen and the office in; Apply; the section falls apart: Non-contiguous rooms', async () => {
    await page.waitForTimeout(BATCH_MS);
    await toolbar(page).getByRole('button', { name: 'Edit', exact: true }).click();
    await expect(toolbar(page).getByText('Editing Section 3: click rooms to move them in or out')).toBeVisible();
    await clickAt(page, KUECHE);
    await clickAt(page, BUERO);
    await toolbar(page).getByRole('button', { name: 'Apply', exact: true }).click();
    await expect(partRooms(page)).toHaveCount(2);
    await expect(partRooms(page).locator('.section-name')).toHaveText(['Küche', 'Buero']);
    const split = page.getByRole('region', { name: 'Non-contiguous rooms' });
    await expect(split.getByRole('list', { name: 'Rooms of Section 3' }).getByRole('listitem')).toHaveText(['Küche', 'Buero'], {
      timeout: 15_000,
    });
    await expect(
      warnings(page)
        .locator('.warning-box')
        .filter({ hasText: /^Section 3 is not contiguous/ }),
    ).toBeVisible();
  });

  await test.step('Delete on the office part removes it from the section; the split is gone', async () => {
    await page.waitForTimeout(BATCH_MS);
    await clickAt(page, BUERO);
    await expect(heading(page, 'Buero')).toBeVisible();
    await page.keyboard.press('Delete');
    await expect(partRooms(page).locator('.section-name')).toHaveText(['Küche']);
    await expect(page.getByRole('region', { name: 'Non-contiguous rooms' })).toHaveCount(0, { timeout: 15_000 });
  });

  await test.step('e edits the kitchen part’s shape: a corner dragged, Enter applies; a crossing shape is refused', async () => {
    await page.waitForTimeout(BATCH_MS);
    await clickAt(page, KUECHE);
    await expect(heading(page, 'Küche')).toBeVisible();
    await page.keyboard.press('e');
    await expect(toolbar(page).getByText('Drag corners; press an edge to add one')).toBeVisible();
    await dragOn(page, KUECHE_CORNER, NEW_CORNER);
    await page.keyboard.press('Enter');
    await expect(toolbar(page).getByRole('button', { name: 'Edit', exact: true })).toBeVisible();
    await expect(partRooms(page).first()).toContainText('own shape');

    await page.waitForTimeout(BATCH_MS);
    await properties(page).getByRole('button', { name: 'Edit shape' }).click();
    await dragOn(page, NEW_CORNER, CROSSING);
    await page.keyboard.press('Enter');
    await expect(page.locator('.toasts').getByText('Invalid section shape', { exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(toolbar(page).getByRole('button', { name: 'Edit', exact: true })).toBeVisible();
    await expect(partRooms(page).first()).toContainText('own shape');
  });

  await test.step('a click on the detector gives it address 1 in the section; clearing removes it; undo and redo', async () => {
    await page.waitForTimeout(BATCH_MS);
    await clickAt(page, MY_DETECTOR);
    await expect(heading(page, 'Detector')).toBeVisible();
    await expect(properties(page).getByText('Section 3', { exact: true })).toBeVisible();
    const address = properties(page).getByLabel('Address', { exact: true });
    await expect(address).toHaveValue('1');

    await page.waitForTimeout(BATCH_MS);
    await address.fill('');
    await address.press('Enter');
    await expect(address).toHaveValue('');
    await address.blur();
    await page.keyboard.press('Control+z');
    await expect(properties(page).getByLabel('Address', { exact: true })).toHaveValue('1');
    await page.keyboard.press('Control+y');
    await expect(properties(page).getByLabel('Address', { exact: true })).toHaveValue('');
  });

  await test.step('after a sync and a reload the sections are still there', async () => {
    await page.keyboard.press('Control+s');
    await expect(versionState(page)).toHaveText('Synced', { timeout: 30_000 });
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Sections', level: 1 })).toBeVisible();
    await expect(listed(page)).toHaveText(['1', '2', '3']);
    await sectionList(page).getByRole('button').nth(2).click();
    await expect(heading(page, 'Section 3')).toBeVisible();
    await expect(properties(page).getByLabel('Description', { exact: true })).toHaveValue('Kitchen wing');
    await expect(partRooms(page).locator('.section-name')).toHaveText(['Küche']);
    await expect(partRooms(page).first()).toContainText('own shape');
  });
});
