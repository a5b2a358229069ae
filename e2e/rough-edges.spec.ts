// Issue 20, items 4, 5 and 8: the rough edges a new user meets. rosalind (a long e-mail; a standard
// member of her organization and an editor of one of its two projects, support/seed.ts) sees a failed
// list load as an error with Retry, opens her organization from its name, adds many IFC files in a
// dialog that stays on screen, and reads storey names, room areas and the Sync button on the model
// page. Layout is checked by measuring boxes in Chromium. Screenshots go to /tmp/rough-*.png.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInWithPasscode } from './support/login.js';
import { ROSALIND, ROUGH_HIDDEN_PROJECT, ROUGH_ORG, ROUGH_PROJECT, RUPERT } from './support/seed.js';
import { detail, dialog, rowOf } from './support/ui.js';

// One sign-in for the whole file (5 passcodes per e-mail per 2 minutes): the tests share one page.
test.describe.configure({ mode: 'serial' });

let page: Page;

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  await signInWithPasscode(page, ROSALIND);
});

test.afterAll(async () => {
  await page.close();
});

const sidebar = () => page.getByRole('complementary').first();
const versionState = () => page.getByRole('status', { name: 'Version state' });

/** The box of an element, which must be on the page. */
async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, `a box for ${locator.toString()}`).not.toBeNull();
  return found!;
}

/**
 * The lines the text of an element takes on screen: the left edge of each line box and the distinct
 * tops of the lines. `textOnly`: only the element's own text nodes, not those of its child elements.
 */
async function textLines(locator: Locator, textOnly = false) {
  return locator.evaluate((element, ownText) => {
    const range = document.createRange();
    if (ownText) {
      const texts = [...element.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim());
      range.setStartBefore(texts[0]!);
      range.setEndAfter(texts[texts.length - 1]!);
    } else range.selectNodeContents(element);
    const rects = [...range.getClientRects()].filter((rect) => rect.width > 1);
    return { lefts: rects.map((rect) => rect.left), tops: [...new Set(rects.map((rect) => Math.round(rect.top)))] };
  }, textOnly);
}

test('a list that fails to load shows the error and Retry, not an empty account', async () => {
  await test.step('a 500 on list_projects: the error and Retry; Retry brings the list', async () => {
    await page.route('**/api/v1/list_projects', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ detail: 'Database unavailable' }) }),
    );
    await page.goto('/projects');
    const failed = page.locator('main').getByRole('alert');
    await expect(failed).toContainText('Failed to load projects: Database unavailable');
    await expect(page.getByText('No projects', { exact: true })).toHaveCount(0);
    await page.screenshot({ path: '/tmp/rough-projects-error.png' });
    await page.unroute('**/api/v1/list_projects');
    await failed.getByRole('button', { name: 'Retry' }).click();
    await expect(rowOf(page, ROUGH_PROJECT).getByRole('link', { name: ROUGH_PROJECT })).toBeVisible();
    await expect(failed).toHaveCount(0);
  });

  await test.step('a network failure on list_orgs: the error and Retry', async () => {
    await page.route('**/api/v1/list_orgs', (route) => route.abort('connectionrefused'));
    await page.goto('/orgs');
    const failed = page.locator('main').getByRole('alert');
    await expect(failed).toContainText('Failed to load organizations');
    await expect(page.getByText('No organizations', { exact: true })).toHaveCount(0);
    await page.screenshot({ path: '/tmp/rough-orgs-error.png' });
    await page.unroute('**/api/v1/list_orgs');
    await failed.getByRole('button', { name: 'Retry' }).click();
    await expect(rowOf(page, ROUGH_ORG)).toBeVisible();
  });

  await test.step('a 426 on list_orgs: the upgrade error, and a refresh brings the list back', async () => {
    await page.route('**/api/v1/list_orgs', (route) =>
      route.fulfill({ status: 426, contentType: 'application/json', body: JSON.stringify({ detail: 'Edrf schema upgrade required' }) }),
    );
    await page.goto('/orgs');
    const failed = page.locator('main').getByRole('alert');
    await expect(failed).toContainText('Edrf schema upgrade required');
    await expect(page.getByText('No organizations', { exact: true })).toHaveCount(0);
    await page.unroute('**/api/v1/list_orgs');
    await failed.getByRole('button', { name: 'Refresh the page' }).click();
    await expect(rowOf(page, ROUGH_ORG)).toBeVisible();
  });
});

test('a standard member opens her organization from its name and sees its name, her role and her projects', async () => {
  await page.goto('/orgs');
  await expect(rowOf(page, ROUGH_ORG).getByRole('cell', { name: 'Standard', exact: true })).toBeVisible();
  await rowOf(page, ROUGH_ORG).getByRole('link', { name: ROUGH_ORG }).click();
  await expect(page).toHaveURL(/\/org\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: ROUGH_ORG, level: 1 })).toBeVisible();
  await expect(detail(page, 'Your role')).toHaveText('Standard');
  await expect(detail(page, 'Admins')).toHaveText(RUPERT);
  await expect(page.locator('main').getByRole('link', { name: ROUGH_PROJECT })).toBeVisible();
  await expect(page.getByText(ROUGH_HIDDEN_PROJECT)).toHaveCount(0);
  await expect(page.getByText('Only organization admins can see billing')).toHaveCount(0);
  await expect(sidebar().getByRole('link', { name: 'Billing' })).toHaveCount(0);
  await page.screenshot({ path: '/tmp/rough-org-standard.png' });

  // The billing address takes her to the same page.
  await page.goto(`${new URL(page.url()).pathname}/billing`);
  await expect(page).toHaveURL(/\/org\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: ROUGH_ORG, level: 1 })).toBeVisible();
});

test('the sidebar shows the whole e-mail, within the sidebar', async () => {
  await page.goto('/projects');
  const email = sidebar().locator('.user-email');
  await expect(email).toHaveText(ROSALIND);
  const [side, shown] = [await box(sidebar()), await box(email)];
  expect(shown.x).toBeGreaterThanOrEqual(side.x);
  expect(shown.x + shown.width).toBeLessThanOrEqual(side.x + side.width + 0.5);
  // Nothing of it is cut off: every character is laid out inside its box.
  const cut = await email.evaluate((element) => element.scrollWidth > element.clientWidth + 0.5);
  expect(cut, 'the e-mail is cut').toBe(false);
  const lines = await textLines(email);
  expect(lines.lefts.every((left) => left >= shown.x - 0.5)).toBe(true);
});

/** A small STEP file whose header names something else, as Revit exports do. */
function ifcFile(index: number) {
  const project = index % 3 === 0 ? "'0001',$,$,'Project Name'" : `'0001',$,$,'Harbour Hall stage ${index}'`;
  const text = [
    'ISO-10303-21;',
    'HEADER;',
    `FILE_NAME('Project Number','2026-01-15T09:30:00',(''),(''),'','','');`,
    "FILE_SCHEMA(('IFC4'));",
    'ENDSEC;',
    'DATA;',
    `#1=IFCPROJECT('g${index}',$,${project},$,$,$);`,
    'ENDSEC;',
    'END-ISO-10303-21;',
    '',
  ].join('\n');
  return {
    name: `harbour-level-${String(index).padStart(2, '0')}-ARK.ifc`,
    mimeType: 'application/octet-stream',
    buffer: Buffer.from(text),
  };
}

test('Add IFCs: many files keep the dialog within the screen, Close and Upload on it, each file under its own name', async () => {
  await page.goto('/projects');
  await rowOf(page, ROUGH_PROJECT).getByRole('link', { name: ROUGH_PROJECT }).click();
  await expect(page).toHaveURL(/\/project\/[0-9a-f-]{36}$/);
  await page.getByRole('button', { name: 'Add IFCs' }).click();
  const add = dialog(page, 'Add IFCs');
  const files = Array.from({ length: 16 }, (_, i) => ifcFile(i + 1));
  await add.getByLabel('IFC files').setInputFiles(files);
  await expect(add.getByRole('row')).toHaveCount(files.length + 1);

  const viewport = page.viewportSize()!;
  const frame = await box(add);
  expect(frame.y).toBeGreaterThanOrEqual(0);
  expect(frame.y + frame.height).toBeLessThanOrEqual(viewport.height);
  for (const name of ['Upload', 'Close']) {
    const button = add.getByRole('button', { name, exact: true }).last();
    await expect(button).toBeInViewport({ ratio: 1 });
    const at = await box(button);
    expect(at.y + at.height).toBeLessThanOrEqual(frame.y + frame.height);
  }
  // The list scrolls inside the dialog: its last file can be brought into view, and stays within the dialog.
  const last = rowOf(add, 'harbour-level-16-ARK.ifc');
  await last.scrollIntoViewIfNeeded();
  const lastBox = await box(last);
  expect(lastBox.y + lastBox.height).toBeLessThanOrEqual(frame.y + frame.height + 0.5);
  await expect(add.getByRole('button', { name: 'Upload', exact: true })).toBeInViewport({ ratio: 1 });
  // Each row: the file's own name, and the IFC's project name beside it when it says something.
  await expect(rowOf(add, 'harbour-level-01-ARK.ifc')).toContainText('Harbour Hall stage 1');
  await expect(rowOf(add, 'harbour-level-03-ARK.ifc').getByRole('cell').nth(1)).toHaveText('—');
  await expect(add.getByText('Project Number')).toHaveCount(0);

  await add.getByRole('row').nth(1).scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/rough-add-ifcs.png' });
  await add.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(add).toBeHidden();
});

/** Three storeys whose names are longer than the storey list is wide, each with one 1,234.50 m² room (40 × 30.8625 m). */
function longNamesModel() {
  const room = (id: string) => ({
    id,
    name: 'Open-plan office',
    shape: {
      exterior: [
        [0, 0],
        [40, 0],
        [40, 30.8625],
        [0, 30.8625],
      ],
    },
  });
  const storey = (id: string, number: number, name: string, rooms: string[]) => ({
    id,
    number,
    name,
    height: { min_z: number * 3, max_z: number * 3 + 3 },
    rooms,
  });
  return {
    edrf_schema: 2,
    fire: null,
    config: {},
    elec: {},
    arch: {
      storeys: {
        g: storey('g', 0, 'Ground floor with the loading dock and the entrance hall', ['r0']),
        m: storey('m', 1, 'Mezzanine and technical floor above the dock', ['r1']),
        t: storey('t', 12, 'Roof terrace', ['r2']),
      },
      rooms: { r0: room('r0'), r1: room('r1'), r2: room('r2') },
    },
  };
}

/** The project's model page with the long-names model imported (an unsynced edit the first time). */
async function openModelWithLongNames() {
  await page.goto('/projects');
  await rowOf(page, ROUGH_PROJECT).getByRole('link', { name: ROUGH_PROJECT }).click();
  await page.getByRole('complementary').getByRole('link', { name: 'Model', exact: true }).click();
  await expect(page).toHaveURL(/\/model(\?.*)?$/);
  // An import over unsynced changes asks first: sync what an earlier test left.
  await expect(versionState()).toHaveText(/Synced|Unsynced changes/);
  if ((await versionState().textContent()) === 'Unsynced changes') {
    await page.keyboard.press('Control+s');
    await expect(versionState()).toHaveText('Synced');
  }
  await page.getByRole('button', { name: 'Versions', exact: true }).click();
  const versions = dialog(page, 'Versions');
  await versions.getByLabel('.edrf file to import').setInputFiles({
    name: 'long-names.edrf',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(longNamesModel())),
  });
  await versions.getByRole('button', { name: 'Import .edrf' }).click();
  await expect(versions).toBeHidden();
  await expect(page.getByRole('list', { name: 'Storeys' }).getByRole('button')).toHaveCount(3);
}

test('Sync: the red primary button while there is something to send, grey when disabled', async () => {
  const sync = page.getByRole('button', { name: 'Sync', exact: true });
  const background = async () =>
    ((await sync.evaluate((element) => getComputedStyle(element).backgroundColor)).match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
  await openModelWithLongNames();
  await expect(versionState()).toHaveText('Unsynced changes');
  await expect(sync).toBeEnabled();
  const enabled = await background();
  expect(enabled[0]! - enabled[2]!, `the enabled Sync is red: rgb ${enabled.join(' ')}`).toBeGreaterThan(60);
  await page.keyboard.press('Control+s');
  await expect(versionState()).toHaveText('Synced');
  await expect(sync).toBeDisabled();
  const disabled = await background();
  expect(Math.max(...disabled) - Math.min(...disabled), `the disabled Sync is grey: rgb ${disabled.join(' ')}`).toBeLessThan(16);
  expect(Number(await sync.evaluate((element) => getComputedStyle(element).opacity))).toBe(1);
});

test('a storey name that wraps stays beside its number', async () => {
  await openModelWithLongNames();
  const buttons = page.getByRole('list', { name: 'Storeys' }).getByRole('button');
  for (const button of await buttons.all()) {
    const number = await box(button.locator('.storey-number'));
    const lines = await textLines(button, true);
    for (const left of lines.lefts) {
      expect(left, `${await button.textContent()}: a line starts under the number`).toBeGreaterThanOrEqual(number.x + number.width);
    }
  }
  // The long names do wrap: the check above is about where their second lines start.
  expect((await textLines(buttons.filter({ hasText: 'Ground floor' }), true)).tops.length).toBeGreaterThan(1);
});

test("a room's area keeps 'm2' on the line of its number, in the properties and in the info popup", async () => {
  await openModelWithLongNames();
  const plan = await box(page.getByTestId('plan'));
  await page.mouse.click(plan.x + plan.width / 2, plan.y + plan.height / 2);
  const area = detail(page.getByRole('complementary', { name: 'Properties' }), 'Area');
  await expect(area).toHaveText('1234.50 m2');
  expect((await textLines(area)).tops, 'the area in the properties takes one line').toHaveLength(1);
  await page.waitForTimeout(350);
  await page.mouse.dblclick(plan.x + plan.width / 2, plan.y + plan.height / 2);
  const info = detail(page.getByRole('dialog', { name: 'Item info' }), 'Area');
  await expect(info).toHaveText('1234.50 m2');
  expect((await textLines(info)).tops, 'the area in the info popup takes one line').toHaveLength(1);
  await page.screenshot({ path: '/tmp/rough-model-page.png' });
});
