// The fire module (F§2, F§3, F§5, F§8, F§9; P§2 project navigation 'Fire', P§5 gating, P§6 beta regulations, P§9 cost):
// freya, a standard member of an organization billed directly and admin of its project, finds Fire disabled on the
// empty model and the fire area sending her to the model page; she adds AC20-FZK-Haus.ifc, adds the SBF 110:8 module
// (the only regulation offered to her, with its cost and the note), meets the fire area's tabs and their gating,
// undoes and redoes the add, edits the hardware (a clamped and rounded number, ranks, import of a valid and an invalid
// file, export and re-import), the optimization settings and the SBF form, undoes and redoes an edit on each page,
// syncs, reloads and finds every change. felix, a platform admin, makes his organization prepaid, is offered the beta
// regulations without a cost, adds BS 5839 and finds no SBF page.
import fs from 'node:fs';
import { expect, test, type Download, type Locator, type Page } from '@playwright/test';
import { FZK_HAUS as HOUSE, openProject, projectNavigation as navigation, skipWithoutCorpus } from './support/fire.js';
import { addIfc } from './support/ifc.js';
import { signInWithPasscode } from './support/login.js';
import { FELIX, FIRE_BETA_ORG, FIRE_BETA_PROJECT, FIRE_PROJECT, FREYA } from './support/seed.js';
import { dialog, expectToast, rowOf } from './support/ui.js';

const NEEDS_ROOMS = 'Requires a model with rooms';
const NO_FIRE_MODULE = 'No fire module configured';
const NOTHING_CHARGED = 'Nothing is charged until exporting the results.';
const INVALID_HARDWARE = 'Invalid hardware .json';

/** The hardware exchange file (F§3): the model's schema and the product lists. */
interface HardwareFile {
  edrf_schema: number;
  hardware: Record<string, { id: string; name: string; [field: string]: unknown }[]>;
}

const versionState = (page: Page) => page.getByRole('status', { name: 'Version state' });
const fireTabs = (page: Page) => page.getByRole('navigation', { name: 'Fire', exact: true });
const settingsTabs = (page: Page) => page.getByRole('navigation', { name: 'Fire settings', exact: true });
const productPanel = (page: Page) => page.getByRole('complementary', { name: 'Product' });
const productList = (page: Page, label: string) => page.getByRole('list', { name: label, exact: true });
/** The names of a hardware list's products, in rank order. */
const namesIn = (page: Page, label: string) => productList(page, label).locator('.hardware-name');
const listToggle = (page: Page, label: string, count: number) => page.getByRole('button', { name: `${label} ${count}`, exact: true });
const detectorGroup = (page: Page, type: 'Smoke' | 'Heat') =>
  page.getByRole('region', { name: 'Detector Settings' }).getByRole('group', { name: type, exact: true });
const sbfGroup = (page: Page, name: string) => page.getByRole('group', { name, exact: true });
const values = (inputs: Locator) => inputs.evaluateAll((all) => all.map((input) => (input as HTMLInputElement).value));

/** Fire on an empty model: shown, disabled, and saying why (P§5). */
async function expectFireDisabled(page: Page) {
  const gated = navigation(page).getByText('Fire', { exact: true });
  await expect(gated).toHaveAttribute('aria-disabled', 'true');
  await expect(gated).toHaveAttribute('title', NEEDS_ROOMS);
  await expect(navigation(page).getByRole('button', { name: 'Fire', exact: true })).toHaveCount(0);
  await expect(navigation(page).getByRole('link', { name: 'Fire', exact: true })).toHaveCount(0);
}

async function sync(page: Page) {
  await page.keyboard.press('Control+s');
  await expect(versionState(page)).toHaveText('Synced', { timeout: 30_000 });
}

/** A number field of the model: typed, then Enter commits the value the field's rules make of it. */
async function typeNumber(field: Locator, value: string) {
  await field.fill(value);
  await field.press('Enter');
}

async function readDownload(download: Download): Promise<HardwareFile> {
  return JSON.parse(fs.readFileSync(await download.path(), 'utf8')) as HardwareFile;
}

/** Export on the hardware page: the file the browser downloads. */
async function exportHardware(page: Page): Promise<HardwareFile> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export', exact: true }).click()]);
  expect(download.suggestedFilename()).toMatch(/hardware-\d{4}-\d{2}-\d{2}-\d{4}\.json$/);
  return readDownload(download);
}

/** Import on the hardware page with a file of this content; the dialog is returned (open, or closed when it worked). */
async function importHardware(page: Page, file: string, content: unknown): Promise<Locator> {
  fs.writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const importDialog = dialog(page, 'Import hardware');
  await importDialog.getByLabel('Hardware .json').setInputFiles(file);
  await importDialog.getByRole('button', { name: 'Import', exact: true }).click();
  return importDialog;
}

test('a member adds the SBF fire module at a cost and edits its hardware, optimization and SBF form', async ({ page }, testInfo) => {
  skipWithoutCorpus();
  test.setTimeout(90_000);
  let projectPath = '';

  await test.step('an empty model: Fire is disabled and a fire page warns and goes to the model page', async () => {
    await signInWithPasscode(page, FREYA);
    projectPath = await openProject(page, FIRE_PROJECT);
    await expectFireDisabled(page);
    await page.goto(`${projectPath}/fire/settings`);
    await expectToast(page, NO_FIRE_MODULE, 'warning');
    await expect(page).toHaveURL(`${projectPath}/model`);
  });

  await test.step('after the IFC import Fire opens Add Fire Module: only SBF 110:8, the cost in euros and the note', async () => {
    await page.goto(projectPath);
    await addIfc(page, HOUSE);
    await navigation(page).getByRole('button', { name: 'Fire', exact: true }).click();
    const add = dialog(page, 'Add Fire Module');
    await expect(add.getByRole('radio')).toHaveCount(1);
    await expect(add.getByRole('radio', { name: 'SBF 110:8', exact: true })).toBeChecked();
    await expect(add.getByText('beta')).toHaveCount(0);
    const cost = add.getByLabel('Fire module cost');
    // Euros with no decimals (P§9): '€190', '€1,250'.
    const price = cost.getByText(/^Cost of the fire module for \d+ rooms: €\d{1,3}(,\d{3})*$/);
    await expect(price).toBeVisible();
    const rooms = Number(/for (\d+) rooms/.exec((await price.textContent())!)![1]);
    expect(rooms).toBeGreaterThan(0);
    await expect(cost.getByText(NOTHING_CHARGED, { exact: true })).toBeVisible();
    await page.screenshot({ path: '/tmp/fire-e2e-dialog.png' });

    await add.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(add).toBeHidden();
    await expect(page).toHaveURL(`${projectPath}/fire/units`);
    await expect(page.getByRole('heading', { name: 'Units', level: 1 })).toBeVisible();
    await expect(navigation(page).getByRole('link', { name: 'Fire', exact: true })).toBeVisible();
  });

  await test.step('the tabs: Fire settings and Units open; Sections, Routes, Equipment and Export say what they need', async () => {
    const tabs = fireTabs(page);
    await expect(tabs.getByRole('link')).toHaveText(['Fire settings', 'Units']);
    for (const [tab, reason] of [
      ['Sections', 'Requires fire units'],
      ['Routes', 'Requires fire units and a rack'],
      ['Equipment', 'Requires fire units and a rack'],
      ['Export', 'Requires fire units'],
    ]) {
      const gated = tabs.getByText(tab!, { exact: true });
      await expect(gated).toHaveAttribute('aria-disabled', 'true');
      await expect(gated).toHaveAttribute('title', reason!);
    }
  });

  await test.step('ctrl+Z takes the module away: the fire page warns and goes to the model page; ctrl+Y brings it back', async () => {
    await page.keyboard.press('Control+z');
    await expectToast(page, NO_FIRE_MODULE, 'warning');
    await expect(page).toHaveURL(`${projectPath}/model`);
    await expect(navigation(page).getByRole('button', { name: 'Fire', exact: true })).toBeVisible();
    await page.keyboard.press('Control+y');
    const fire = navigation(page).getByRole('link', { name: 'Fire', exact: true });
    await expect(fire).toBeVisible();
    await fire.click();
    await expect(page).toHaveURL(`${projectPath}/fire/units`);
  });

  await test.step('after a sync, /fire/routes opened directly goes to /fire/units', async () => {
    await sync(page);
    await page.goto(`${projectPath}/fire/routes`);
    await expect(page).toHaveURL(`${projectPath}/fire/units`);
    await expect(page.getByRole('heading', { name: 'Units', level: 1 })).toBeVisible();
  });

  let cables: string[] = [];
  let expectedAreas: string[] = [];
  let original!: HardwareFile;

  await test.step('hardware: a cable’s pairs round to a whole number, its cross section clamps to 0; undo and redo', async () => {
    await fireTabs(page).getByRole('link', { name: 'Fire settings' }).click();
    await expect(page).toHaveURL(`${projectPath}/fire/settings/hardware`);
    await expect(settingsTabs(page).getByRole('link')).toHaveText(['Hardware', 'Optimization', 'SBF']);
    await expect(listToggle(page, 'Cables', 3)).toBeVisible();
    cables = await namesIn(page, 'Cables').allTextContents();
    expect(cables).toHaveLength(3);

    await productList(page, 'Cables')
      .getByRole('button', { name: `1 ${cables[0]}`, exact: true })
      .click();
    const panel = productPanel(page);
    await expect(panel.getByRole('heading', { name: 'Cable' })).toBeVisible();
    await expect(panel.getByLabel('Name')).toHaveValue(cables[0]!);
    const pairs = panel.getByLabel('Pairs');
    await expect(pairs).toHaveValue('1');
    await typeNumber(pairs, '2.6');
    await expect(pairs).toHaveValue('3');
    await expect(versionState(page)).toHaveText('Unsynced changes');

    await page.keyboard.press('Control+z');
    await expect(pairs).toHaveValue('1');
    await page.keyboard.press('Control+y');
    await expect(pairs).toHaveValue('3');

    const crossSection = panel.getByLabel('Cross section (mm²)');
    await typeNumber(crossSection, '-1.5');
    await expect(crossSection).toHaveValue('0');
  });

  await test.step('hardware: rank up and down reorder the list and are disabled at its ends', async () => {
    const [first, second, third] = cables as [string, string, string];
    const list = productList(page, 'Cables');
    const up = (name: string) => list.getByRole('button', { name: `Rank up: ${name}`, exact: true });
    const down = (name: string) => list.getByRole('button', { name: `Rank down: ${name}`, exact: true });
    await expect(up(first)).toBeDisabled();
    await expect(down(third)).toBeDisabled();
    await expect(down(first)).toBeEnabled();

    await down(first).click();
    await expect(namesIn(page, 'Cables')).toHaveText([second, first, third]);
    await expect(up(second)).toBeDisabled();
    await expect(up(first)).toBeEnabled();
    await up(third).click();
    await expect(namesIn(page, 'Cables')).toHaveText([second, third, first]);
    await expect(down(first)).toBeDisabled();
    await expect(down(third)).toBeEnabled();
    await expect(productPanel(page).getByText('3 of 3')).toBeVisible();
    await page.screenshot({ path: '/tmp/fire-e2e-hardware.png' });
  });

  await test.step('hardware: Export writes the lists; an invalid file is refused inline and changes nothing', async () => {
    original = await exportHardware(page);
    expect(typeof original.edrf_schema).toBe('number');
    expect(original.hardware.cables!.map((cable) => cable.name)).toEqual([cables[1], cables[2], cables[0]]);
    expect(original.hardware.cables![2]).toMatchObject({ name: cables[0], num: 3, cross_section: 0 });
    expect(original.hardware.detectors).toHaveLength(4);

    // Hardware without a detectors list.
    const invalid = await importHardware(page, testInfo.outputPath('no-detectors.json'), {
      edrf_schema: original.edrf_schema,
      hardware: { cables: original.hardware.cables },
    });
    await expect(invalid.getByText(INVALID_HARDWARE, { exact: true })).toBeVisible();
    await invalid.getByRole('button', { name: 'Cancel' }).click();
    await expect(invalid).toBeHidden();
    await expect(listToggle(page, 'Detectors', 4)).toBeVisible();
    await expect(namesIn(page, 'Cables')).toHaveText([cables[1]!, cables[2]!, cables[0]!]);
    expect((await exportHardware(page)).hardware).toEqual(original.hardware);
  });

  await test.step('hardware: a valid file replaces the lists, exports back unchanged, and the first export re-imports to the same lists', async () => {
    const detector = { ...original.hardware.detectors![1]!, name: 'Imported multisensor' };
    const edited: HardwareFile = {
      edrf_schema: original.edrf_schema,
      hardware: { ...original.hardware, detectors: [detector], cables: [...original.hardware.cables!].reverse() },
    };
    const valid = await importHardware(page, testInfo.outputPath('hardware-edited.json'), edited);
    await expect(valid).toBeHidden();
    await expect(listToggle(page, 'Detectors', 1)).toBeVisible();
    await expect(namesIn(page, 'Detectors')).toHaveText(['Imported multisensor']);
    await expect(namesIn(page, 'Cables')).toHaveText([cables[0]!, cables[2]!, cables[1]!]);
    expect((await exportHardware(page)).hardware).toEqual(edited.hardware);

    const back = await importHardware(page, testInfo.outputPath('hardware-exported.json'), original);
    await expect(back).toBeHidden();
    await expect(listToggle(page, 'Detectors', 4)).toBeVisible();
    await expect(namesIn(page, 'Cables')).toHaveText([cables[1]!, cables[2]!, cables[0]!]);
    expect((await exportHardware(page)).hardware).toEqual(original.hardware);
  });

  await test.step('optimization: a detector distance (undo, redo), a section area added in order, a whole number of route units', async () => {
    await settingsTabs(page).getByRole('link', { name: 'Optimization' }).click();
    await expect(page).toHaveURL(`${projectPath}/fire/settings/optimization`);
    const distance = detectorGroup(page, 'Smoke').getByLabel('Max detector distance');
    const before = await distance.inputValue();
    await typeNumber(distance, '5.5');
    await expect(distance).toHaveValue('5.5');
    await page.keyboard.press('Control+z');
    await expect(distance).toHaveValue(before);
    await page.keyboard.press('Control+y');
    await expect(distance).toHaveValue('5.5');

    const areas = page.getByRole('list', { name: 'Section areas' }).getByRole('spinbutton');
    const areasBefore = (await values(areas)).map(Number);
    expect(areasBefore.length).toBeGreaterThan(0);
    await page.getByLabel('New section area').fill('1750');
    await page.getByRole('button', { name: 'Add area' }).click();
    expectedAreas = [...areasBefore, 1750].sort((a, b) => b - a).map(String);
    await expect.poll(() => values(areas)).toEqual(expectedAreas);

    const routeUnits = page.getByLabel('Route max units');
    await typeNumber(routeUnits, '37.6');
    await expect(routeUnits).toHaveValue('38');
    const wall = detectorGroup(page, 'Heat').getByLabel('Min wall distance');
    await typeNumber(wall, '-1');
    await expect(wall).toHaveValue('0');

    // Issue 33: the batteries' durations and factor, SBF 110:8's by default; 72 h standby for premises without a
    // maintenance contract.
    await expect(page.getByText(/^SBF 110:8: 24 h standby and 30 min alarm, × 1\.25/)).toBeVisible();
    const standby = page.getByLabel('Standby', { exact: true });
    await expect(standby).toHaveValue('24');
    await expect(page.getByLabel('Alarm', { exact: true })).toHaveValue('30');
    await expect(page.getByLabel('Battery factor', { exact: true })).toHaveValue('1.25');
    await typeNumber(standby, '72');
    await expect(standby).toHaveValue('72');
    await page.screenshot({ path: '/tmp/fire-e2e-optimization.png' });
  });

  await test.step('SBF: a text field (undo, redo) and a select; the delay fields follow Delay', async () => {
    await settingsTabs(page).getByRole('link', { name: 'SBF' }).click();
    await expect(page).toHaveURL(`${projectPath}/fire/settings/sbf`);
    const company = page.getByRole('textbox', { name: 'Installer company', exact: true });
    await expect(company).toHaveValue('');
    await company.fill('Brandlarm AB');
    await expect(versionState(page)).toHaveText('Unsynced changes');
    await page.keyboard.press('Control+z');
    await expect(company).toHaveValue('');
    await page.keyboard.press('Control+y');
    await expect(company).toHaveValue('Brandlarm AB');

    const cls = page.getByRole('combobox', { name: 'Class', exact: true });
    await expect(cls.getByRole('option')).toHaveText(['A', 'B', 'C', 'D', 'E']);
    await cls.selectOption('C');
    await expect(cls).toHaveValue('C');

    const delay = sbfGroup(page, 'Delay');
    const delayOn = delay.getByRole('checkbox', { name: 'Delay', exact: true });
    // By role: once typed into, a textarea's text is part of its label's text (getByLabel would no longer match it).
    const delayFields = [
      ...['Delay time (min)', 'Receipt time (min)', 'Investigation time (min)'].map((name) =>
        delay.getByRole('spinbutton', { name, exact: true }),
      ),
      delay.getByRole('textbox', { name: 'Delay description', exact: true }),
    ];
    await expect(delayOn).not.toBeChecked();
    for (const field of delayFields) await expect(field).toBeDisabled();
    await delayOn.check();
    for (const field of delayFields) await expect(field).toBeEnabled();
    await typeNumber(delayFields[0]!, '5');
    await expect(delayFields[0]!).toHaveValue('5');
    await delayFields[3]!.fill('Staffed reception');
    await delayOn.uncheck();
    for (const field of delayFields) await expect(field).toBeDisabled();
    await delayOn.check();
    for (const field of delayFields) await expect(field).toBeEnabled();
    await expect(delayFields[0]!).toHaveValue('5');
    await page.screenshot({ path: '/tmp/fire-e2e-sbf-delay.png' });
    await page.getByRole('heading', { name: 'SBF 110:8' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/fire-e2e-sbf.png' });
  });

  await test.step('ctrl+S syncs; after a reload every change is still there', async () => {
    await sync(page);
    await page.reload();
    await expect(versionState(page)).toHaveText('Synced');
    await expect(page.getByRole('textbox', { name: 'Installer company', exact: true })).toHaveValue('Brandlarm AB');
    await expect(page.getByRole('combobox', { name: 'Class', exact: true })).toHaveValue('C');
    await expect(sbfGroup(page, 'Delay').getByRole('checkbox', { name: 'Delay', exact: true })).toBeChecked();
    await expect(sbfGroup(page, 'Delay').getByRole('spinbutton', { name: 'Delay time (min)' })).toHaveValue('5');
    await expect(sbfGroup(page, 'Delay').getByRole('textbox', { name: 'Delay description' })).toHaveValue('Staffed reception');

    await settingsTabs(page).getByRole('link', { name: 'Optimization' }).click();
    await expect(detectorGroup(page, 'Smoke').getByLabel('Max detector distance')).toHaveValue('5.5');
    await expect(detectorGroup(page, 'Heat').getByLabel('Min wall distance')).toHaveValue('0');
    await expect(page.getByLabel('Route max units')).toHaveValue('38');
    await expect.poll(() => values(page.getByRole('list', { name: 'Section areas' }).getByRole('spinbutton'))).toEqual(expectedAreas);

    await settingsTabs(page).getByRole('link', { name: 'Hardware' }).click();
    await expect(namesIn(page, 'Cables')).toHaveText([cables[1]!, cables[2]!, cables[0]!]);
    await productList(page, 'Cables')
      .getByRole('button', { name: `3 ${cables[0]}`, exact: true })
      .click();
    await expect(productPanel(page).getByLabel('Pairs')).toHaveValue('3');
    await expect(productPanel(page).getByLabel('Cross section (mm²)')).toHaveValue('0');
    expect((await exportHardware(page)).hardware).toEqual(original.hardware);
  });
});

test('a platform admin in a prepaid organization is offered the beta regulations at no cost; BS 5839 has no SBF page', async ({ page }) => {
  skipWithoutCorpus();
  test.setTimeout(60_000);
  let projectPath = '';

  await test.step('felix makes his organization prepaid', async () => {
    await signInWithPasscode(page, FELIX);
    await page.goto('/edradm/orgs');
    const billing = rowOf(page, FIRE_BETA_ORG).getByRole('combobox', { name: `Billing type of ${FIRE_BETA_ORG}` });
    await billing.selectOption({ label: 'Prepaid' });
    await expectToast(page, 'Billing type updated');
    await expect(billing).toHaveValue('prepaid');
  });

  await test.step('Fire is disabled until the IFC import; then the dialog offers the beta regulations and no cost', async () => {
    projectPath = await openProject(page, FIRE_BETA_PROJECT);
    await expectFireDisabled(page);
    await addIfc(page, HOUSE);
    await navigation(page).getByRole('button', { name: 'Fire', exact: true }).click();
    const add = dialog(page, 'Add Fire Module');
    await expect(add.getByRole('radio')).toHaveCount(3);
    await expect(add.getByRole('radio', { name: 'SBF 110:8', exact: true })).toBeChecked();
    await expect(add.getByRole('radio', { name: /^BS 5839\s*beta$/ })).not.toBeChecked();
    await expect(add.getByRole('radio', { name: /^NFPA 72\s*beta$/ })).not.toBeChecked();
    await expect(add.getByText('beta', { exact: true })).toHaveCount(2);
    await expect(add.getByLabel('Fire module cost')).toHaveCount(0);
    await expect(add.getByText(/Cost of the fire module/)).toHaveCount(0);
    await expect(add.getByText(NOTHING_CHARGED)).toHaveCount(0);
    await page.screenshot({ path: '/tmp/fire-e2e-dialog-beta.png' });

    await add.getByRole('radio', { name: /^BS 5839/ }).check();
    await add.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page).toHaveURL(`${projectPath}/fire/units`);
  });

  await test.step('BS 5839: Fire settings has Hardware and Optimization only, and /fire/settings/sbf goes to the settings', async () => {
    await fireTabs(page).getByRole('link', { name: 'Fire settings' }).click();
    await expect(page).toHaveURL(`${projectPath}/fire/settings/hardware`);
    await expect(settingsTabs(page).getByRole('link')).toHaveText(['Hardware', 'Optimization']);
    // BS 5839-1's batteries: 24 h standby and 30 min alarm, × 1.25.
    await settingsTabs(page).getByRole('link', { name: 'Optimization' }).click();
    await expect(page.getByText(/^BS 5839-1: 24 h standby and 30 min alarm, × 1\.25; 72 h standby/)).toBeVisible();
    await expect(page.getByLabel('Standby', { exact: true })).toHaveValue('24');
    await expect(page.getByLabel('Alarm', { exact: true })).toHaveValue('30');
    await expect(page.getByLabel('Battery factor', { exact: true })).toHaveValue('1.25');
    await sync(page);
    await page.goto(`${projectPath}/fire/settings/sbf`);
    await expect(page).toHaveURL(`${projectPath}/fire/settings/hardware`);
    await expect(page.getByRole('heading', { name: 'Hardware', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'SBF 110:8' })).toHaveCount(0);
  });
});
