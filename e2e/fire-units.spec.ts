// The fire units page (F§2 tools, F§4 unit placement, F§8 messages, F§9 default heights; issue 22): una, admin of
// her organization and project, adds AC20-FZK-Haus.ifc and the SBF fire module, then on /fire/units places a
// detector, a siren, a button, an IO unit and an annunciator on the ground floor 'Erdgeschoss' at F§9's heights,
// turns the annunciator with r and R, drags the siren (one undo step), box-selects and deletes two units (undone),
// is refused a rack outside every room and places one in a room ('+D1'), runs the automatic design for the whole
// building, moves a detector out of its warning, fills an IO unit's inputs up to its product's count, syncs and
// reloads. Points on the plan are named in metres (e2e/support/plan.ts); values are read back from the panel.
import { expect, test, type Page } from '@playwright/test';
import { openFireProject, projectNavigation as navigation, skipWithoutCorpus } from './support/fire.js';
import { CLICK_GAP_MS, clickAt, dragOn, plan, properties, storeyButton, tool, toolbar, type PlanPoint } from './support/plan.js';
import { UNA, UNITS_PROJECT } from './support/seed.js';
import { detail, expectToast } from './support/ui.js';

type P = PlanPoint;

/** F§9: detectors and sirens hang this far below their storey's top; buttons and IO units stand this high. */
const CEILING_OFFSET = 0.05;
const BUTTON_HEIGHT = 1;
const IO_HEIGHT = 0.1;
/** Edits within 1500 ms join one undo step. */
const BATCH_MS = 1500;
const NOT_IN_ROOM = 'Racks must be placed in a room';

// Erdgeschoss of FZK-Haus (the reference file's room outlines, metres): Küche x 0.3–4.7 y 0.3–4.0, Wohnen
// x 4.7–11.7 y 0.3–4.0, Flur x 0.3–7.4 y 4.0–5.75, Büro x 0.3–3.8 y 6.0–9.7, Schlafzimmer x 7.65–11.7 y 4.25–9.7.
const KUECHE: P = [2, 2];
const WOHNEN: P = [8, 2];
const FLUR_WEST: P = [1.5, 4.9];
const FLUR_EAST: P = [6, 4.9];
const BUERO: P = [2, 8];
const SCHLAFZIMMER: P = [10, 7];
const WOHNEN_EAST: P = [10.5, 3];
/** In the west outer wall (0–0.3 m), outside every room: on the plan even when it fits a narrow window. */
const OUTSIDE: P = [0.12, 5];

const versionState = (page: Page) => page.getByRole('status', { name: 'Version state' });
const countLine = (page: Page) => page.getByText(/units? on this storey, \d+ in the model\.$/);
/** The count line's text: '1 unit on this storey, 3 in the model.' */
const unitCount = (onStorey: number, inModel: number) =>
  `${onStorey} ${onStorey === 1 ? 'unit' : 'units'} on this storey, ${inModel} in the model.`;
const warningsPanel = (page: Page) => page.getByRole('region', { name: 'Warnings', exact: true });
const heading = (page: Page, name: string) => properties(page).getByRole('heading', { name, exact: true });
const unitId = async (page: Page) => (await detail(properties(page), 'Id').textContent())!.trim();

/** The count line as numbers: [on this storey, in the model]. */
async function counts(page: Page): Promise<[number, number]> {
  const text = (await countLine(page).textContent())!;
  const [, storey, model] = /^(\d+) units? on this storey, (\d+) in the model\.$/.exec(text)!;
  return [Number(storey), Number(model)];
}

/** The selected unit's height (z) as the panel shows it. */
const height = async (page: Page) => Number(await properties(page).getByLabel('Height (z, m)', { exact: true }).inputValue());

/** A storey's floor and top as the model page shows them for the selected storey ('Top 2.70 m'). */
async function storeyHeights(page: Page, name: string): Promise<{ floor: number; top: number }> {
  await storeyButton(page, name).click();
  await expect(properties(page).getByLabel('Storey name')).toHaveValue(name);
  const metres = async (label: string) => Number((await detail(properties(page), label).textContent())!.replace(/\s*m$/, ''));
  return { floor: await metres('Floor'), top: await metres('Top') };
}

/** Nothing selected: the panel's hint. */
async function expectNothingSelected(page: Page) {
  await expect(properties(page).getByText('Select units on the plan', { exact: false })).toBeVisible();
}

test('fire units: tools, F§9 heights, r / R, drag, box delete, racks, automatic design and warnings, IO caps, sync', async ({ page }) => {
  skipWithoutCorpus();
  test.setTimeout(90_000);
  let ground = { floor: 0, top: 0 };

  await test.step('after the IFC import the fire module is added and Units shows its tools', async () => {
    const { projectPath } = await openFireProject(page, UNA, UNITS_PROJECT);

    // The ground floor's heights, from the model page (F§9's defaults are measured from them).
    await navigation(page).getByRole('link', { name: 'Model', exact: true }).click();
    await expect(page).toHaveURL(/\/model(\?.*)?$/);
    ground = await storeyHeights(page, 'Erdgeschoss');
    expect(ground.top).toBeGreaterThan(ground.floor);

    await navigation(page).getByRole('link', { name: 'Fire', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${projectPath}/fire/units(\\?.*)?$`));
    await expect(page.getByRole('heading', { name: 'Units', level: 1 })).toBeVisible();

    for (const name of ['Detector', 'Hidden detector', 'Siren', 'Button', 'IO', 'Annunciator', 'Rack ▾', 'More ▾', 'Run'])
      await expect(tool(page, name)).toBeVisible();
    await expect(storeyButton(page, 'Erdgeschoss')).toHaveAttribute('aria-current', 'true');
    await expect(countLine(page)).toHaveText(unitCount(0, 0));
    await expect(plan(page)).toBeVisible();
  });

  const placed: Record<string, string> = {};

  await test.step('a press in a room places each kind at its F§9 height; the count line counts them', async () => {
    const cases: [string, P, number][] = [
      ['Detector', KUECHE, ground.top - CEILING_OFFSET],
      ['Siren', WOHNEN, ground.top - CEILING_OFFSET],
      ['Button', FLUR_WEST, ground.floor + BUTTON_HEIGHT],
      ['IO', FLUR_EAST, ground.floor + IO_HEIGHT],
      ['Annunciator', BUERO, (ground.floor + ground.top) / 2],
    ];
    let n = 0;
    for (const [kind, point, z] of cases) {
      await tool(page, kind).click();
      await expect(tool(page, kind)).toHaveAttribute('aria-pressed', 'true');
      await expect(properties(page).getByRole('heading', { name: `Placing: ${kind}`, exact: true })).toBeVisible();
      await clickAt(page, point);
      n += 1;
      await expect(countLine(page)).toHaveText(unitCount(n, n));
      await expect(heading(page, kind)).toBeVisible();
      placed[kind] = await unitId(page);
      expect(await height(page)).toBeCloseTo(z, 2);
      await page.keyboard.press('Escape');
      await expect(tool(page, kind)).toHaveAttribute('aria-pressed', 'false');
    }
    expect(placed.Detector).toMatch(/^det-\d+$/);
    expect(placed.Siren).toMatch(/^sir-\d+$/);
    expect(placed.Button).toMatch(/^btn-\d+$/);
    expect(placed.IO).toMatch(/^io-\d+$/);
    expect(placed.Annunciator).toMatch(/^ann-\d+$/);
  });

  await test.step('r turns the selected annunciator by +10°, R by −1°', async () => {
    await clickAt(page, BUERO);
    await expect(detail(properties(page), 'Id')).toHaveText(placed.Annunciator!);
    const angle = properties(page).getByLabel('Angle (°)', { exact: true });
    await expect(angle).toHaveValue('0');
    await page.keyboard.press('r');
    await expect(angle).toHaveValue('10');
    await page.keyboard.press('r');
    await expect(angle).toHaveValue('20');
    await page.keyboard.press('Shift+R');
    await expect(angle).toHaveValue('19');
  });

  await test.step('dragging the selected siren moves it, one ctrl+Z puts it back, ctrl+Y moves it again', async () => {
    // Keep the drag out of the rotation's undo batch.
    await page.waitForTimeout(BATCH_MS);
    const moved: P = [WOHNEN[0] + 1, WOHNEN[1] + 1];
    await clickAt(page, WOHNEN);
    await expect(detail(properties(page), 'Id')).toHaveText(placed.Siren!);
    await dragOn(page, WOHNEN, moved);
    // The siren is where it was dropped, and no longer where it stood.
    await clickAt(page, WOHNEN);
    await expectNothingSelected(page);
    await clickAt(page, moved);
    await expect(detail(properties(page), 'Id')).toHaveText(placed.Siren!);

    await page.keyboard.press('Control+z');
    await page.waitForTimeout(CLICK_GAP_MS);
    await clickAt(page, moved);
    await expectNothingSelected(page);
    await clickAt(page, WOHNEN);
    await expect(detail(properties(page), 'Id')).toHaveText(placed.Siren!);

    await page.keyboard.press('Control+y');
    await page.waitForTimeout(CLICK_GAP_MS);
    await clickAt(page, WOHNEN);
    await expectNothingSelected(page);
    await clickAt(page, moved);
    await expect(detail(properties(page), 'Id')).toHaveText(placed.Siren!);
    // The rotation before the drag is still there: the undo took the drag alone.
    await clickAt(page, BUERO);
    await expect(properties(page).getByLabel('Angle (°)', { exact: true })).toHaveValue('19');
  });

  await test.step('a box round the detector and the button selects both; Delete removes them; ctrl+Z brings them back', async () => {
    await page.keyboard.press('Escape');
    await dragOn(page, [0.8, 1.2], [3.2, 5.4]);
    await expect(properties(page).getByRole('heading', { name: '2 units selected' })).toBeVisible();
    await page.keyboard.press('Delete');
    await expect(countLine(page)).toHaveText(unitCount(3, 3));
    await clickAt(page, KUECHE);
    await expectNothingSelected(page);
    await page.keyboard.press('Control+z');
    await expect(countLine(page)).toHaveText(unitCount(5, 5));
    await clickAt(page, KUECHE);
    await expect(detail(properties(page), 'Id')).toHaveText(placed.Detector!);
    await clickAt(page, FLUR_WEST);
    await expect(detail(properties(page), 'Id')).toHaveText(placed.Button!);
  });

  await test.step('a rack outside every room is refused; in a room it is placed with its +D1 room', async () => {
    await tool(page, 'Rack ▾').click();
    await page
      .getByRole('menu', { name: 'Rack' })
      .getByRole('menuitemradio', { name: 'Rack with central and plinth', exact: true })
      .click();
    await expect(tool(page, 'Rack ▾')).toHaveAttribute('aria-pressed', 'true');
    await clickAt(page, OUTSIDE);
    await expectToast(page, NOT_IN_ROOM, 'error');
    await expect(countLine(page)).toHaveText(unitCount(5, 5));
    await clickAt(page, SCHLAFZIMMER);
    // The rack comes with its central and plinth: more than one unit is added.
    await expect(countLine(page)).not.toHaveText(unitCount(5, 5));
    const [onStorey, inModel] = await counts(page);
    expect(onStorey).toBeGreaterThan(5);
    expect(inModel).toBe(onStorey);
    const rack = properties(page).getByRole('region', { name: 'Rack' });
    await expect(rack.getByRole('heading', { name: 'Rack', exact: true })).toBeVisible();
    await expect(detail(rack, 'Room')).toHaveText(/^\+D1 /);
    await page.keyboard.press('Escape');
    await expect(tool(page, 'Rack ▾')).toHaveAttribute('aria-pressed', 'false');
  });

  await test.step('Run for the whole building adds detectors; coverage and warnings are shown', async () => {
    await page.waitForTimeout(BATCH_MS);
    const [, before] = await counts(page);
    await expect(toolbar(page).getByLabel('Design scope')).toHaveValue('building');
    await tool(page, 'Run').click();
    const added = page
      .locator('.toasts')
      .getByRole('status')
      .filter({ hasText: /^Added \d+ detectors?/ });
    await expect(added).toBeVisible({ timeout: 30_000 });
    const [, inModel] = await counts(page);
    expect(inModel).toBeGreaterThan(before);
    await expect(page.getByRole('group', { name: 'Layers' }).getByLabel('Coverage')).toBeChecked();
    await expect(warningsPanel(page).getByRole('heading', { name: /^Warnings \(\d+\)$/ })).toBeVisible();
  });

  await test.step('a detector outside the rooms has a warning; its click selects it; moved into a room, the warning goes', async () => {
    const outsideWarning = warningsPanel(page).getByRole('button', { name: 'Detector is not inside any room', exact: true });
    await expect(outsideWarning).toHaveCount(0);
    await tool(page, 'Detector').click();
    await clickAt(page, OUTSIDE);
    const id = await unitId(page);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expectNothingSelected(page);

    await expect(outsideWarning).toHaveCount(1);
    await outsideWarning.click();
    await expect(detail(properties(page), 'Id')).toHaveText(id);
    await expect(properties(page).getByRole('region', { name: 'Unit warnings' })).toContainText('Detector is not inside any room');

    await dragOn(page, OUTSIDE, WOHNEN_EAST);
    await expect(outsideWarning).toHaveCount(0);
    await expect(detail(properties(page), 'Id')).toHaveText(id);
    await expect(properties(page)).not.toContainText('Detector is not inside any room');
  });

  await test.step('the IO unit takes inputs up to its product’s count, then Add is disabled', async () => {
    await page.keyboard.press('Escape');
    await clickAt(page, FLUR_EAST);
    await expect(detail(properties(page), 'Id')).toHaveText(placed.IO!);
    const inputs = properties(page).getByRole('region', { name: 'Inputs' });
    const addInput = inputs.getByRole('button', { name: 'Add input', exact: true });
    const countText = inputs.getByLabel('Inputs count');
    await expect(countText).toHaveText(/^0 of \d+$/);
    const cap = Number(/of (\d+)$/.exec((await countText.textContent())!)![1]);
    expect(cap).toBeGreaterThan(0);
    for (let n = 1; n <= cap; n += 1) {
      await expect(addInput).toBeEnabled();
      await addInput.click();
      await expect(countText).toHaveText(`${n} of ${cap}`);
    }
    await expect(addInput).toBeDisabled();
    await expect(inputs.getByRole('group', { name: `Input ${cap}`, exact: true })).toBeVisible();
  });

  await test.step('after a sync and a reload the units are still there', async () => {
    const before = await countLine(page).textContent();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+s');
    await expect(versionState(page)).toHaveText('Synced', { timeout: 30_000 });
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Units', level: 1 })).toBeVisible();
    await expect(countLine(page)).toHaveText(before!);
    await clickAt(page, FLUR_EAST);
    await expect(detail(properties(page), 'Id')).toHaveText(placed.IO!);
    await expect(properties(page).getByRole('region', { name: 'Inputs' }).getByRole('button', { name: 'Add input' })).toBeDisabled();
  });
});
