// The fire units page beyond e2e/fire-units.spec.ts (F§4 unit placement, F§8 messages; issue 22): ulrik, admin of
// his organization and project, adds AC20-FZK-Haus.ifc and the SBF fire module, then on /fire/units pairs a hidden
// detector with a visible one and unpairs and re-pairs it by dragging, sockets a siren onto a detector and drags the
// detector with the siren in its socket, places and deletes each kind of the More menu (typing the label's text; the
// Plinth: a rack holding a plinth, then a second plinth into that rack),
// undoes and redoes a placement and a delete, and then, after removing the socket siren and the annunciator from
// the model's hardware lists and widening the central beyond its rack on /fire/settings/hardware, meets 'No sirens
// with detector socket found', the logged 'No product found for annunciator' and 'Failed to create rack unit
// central'. Points on the plan are named in metres (e2e/support/plan.ts); values are read back from the panel.
import { expect, test, type ConsoleMessage, type Page } from '@playwright/test';
import { openFireProject, skipWithoutCorpus } from './support/fire.js';
import { clickAt, dragOn, plan, properties, storeyButton, tool, type PlanPoint } from './support/plan.js';
import { ULRIK, UNITS_MORE_PROJECT } from './support/seed.js';
import { detail, expectToast } from './support/ui.js';

type P = PlanPoint;

/** Edits within 1500 ms join one undo step. */
const BATCH_MS = 1500;

/** F§8. */
const NO_SOCKET_SIRENS = 'No sirens with detector socket found';
const NO_ANNUNCIATOR_PRODUCT = 'No product found for annunciator';
const CENTRAL_FAILED = 'Failed to create rack unit central';

/** The generic SBF hardware (packages/fire/src/catalogue/generic.ts): its one siren with a detector socket, … */
const SOCKET_SIREN = 'Addressable sounder base, 90 dB(A)';
/** … its one annunciator, … */
const ANNUNCIATOR_PRODUCT = 'Remote fire brigade panel (repeater)';
/** … its first central (rack size 40 × 20: 42 rack units fit in the physical rack's 46 with 2 of padding each side), … */
const FIRST_CENTRAL = 'Addressable control panel, 2 loops';
const TOO_WIDE = 50;
/** … and its first plinth, which still goes into the rack. */
const FIRST_PLINTH = 'Terminal block, 1 connection';

// Erdgeschoss of FZK-Haus (the reference file's room outlines, metres): Küche x 0.3–4.7 y 0.3–4.0, Wohnen
// x 4.7–11.7 y 0.3–4.0, Flur x 0.3–7.4 y 4.0–5.75, Büro x 0.3–3.8 y 6.0–9.7, Schlafzimmer x 7.65–11.7 y 4.25–9.7.
/** The visible detector of the pair, in Küche. */
const VISIBLE: P = [2, 2];
/** Where the hidden detector is pressed: 0.3 m east of the visible one (within F§4's 0.5 m). */
const HIDDEN_PRESS: P = [2.3, 2];
/** 1.2 m east of the visible one's spot: out of the pair's 0.5 m. */
const APART: P = [3.2, 2];
/** 0.5 m east of APART: off a hidden detector standing at APART (its ring is 0.28 m), on one 0.3 m further east. */
const BESIDE_APART: P = [3.7, 2];
/** The detector a siren is socketed onto, in Wohnen, the press for the siren 0.36 m from it, where it is dragged. */
const SOCKET_DETECTOR: P = [7, 2];
const SOCKET_PRESS: P = [7.3, 2.2];
const SOCKET_MOVED: P = [9, 2];
/** A height no unit gets by default on Erdgeschoss (F§9: detectors and sirens at its top − 0.05). */
const DETECTOR_Z = 2.2;
const BUERO: P = [2, 8];
/** Inside the footprint of a rack placed at BUERO (0.6 m square north of its point, angle 0). */
const ON_BUERO_RACK: P = [2, 8.3];
const SCHLAFZIMMER: P = [10, 7];
const SCHLAFZIMMER_SOUTH: P = [9, 8.7];

/** F§2's More menu after the rack part's Plinth (which is checked only when the menu has it), with F§4's id prefixes. */
const MORE_KINDS: [label: string, prefix: string][] = [
  ['Info panel', 'info'],
  ['Delay panel', 'delay'],
  ['End of line resistor', 'eol'],
  ['Sprinkler central', 'spr'],
  ['Fire damper', 'damper'],
  ['Entryway', 'entry'],
  ['Strobe light', 'strobe'],
  ['Label', 'label'],
];

const productPanel = (page: Page) => page.getByRole('complementary', { name: 'Product' });
const fireTab = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Fire', exact: true }).getByRole('link', { name, exact: true });
const countLine = (page: Page) => page.getByText(/units? on this storey, \d+ in the model\.$/);
/** The count line's text: '1 unit on this storey, 3 in the model.' */
const unitCount = (onStorey: number, inModel: number) =>
  `${onStorey} ${onStorey === 1 ? 'unit' : 'units'} on this storey, ${inModel} in the model.`;
const heading = (page: Page, name: string) => properties(page).getByRole('heading', { name, exact: true });
const unitId = async (page: Page) => (await detail(properties(page), 'Id').textContent())!.trim();
const heightField = (page: Page) => properties(page).getByLabel('Height (z, m)', { exact: true });
const socketOption = (page: Page) => properties(page).getByRole('checkbox', { name: 'Socket onto a detector', exact: true });
/** A product of a hardware list on the hardware page, by its name. */
const product = (page: Page, list: string, name: string) =>
  page.getByRole('list', { name: list, exact: true }).getByRole('button').filter({ hasText: name });

/** A box drawn round a point, `half` metres each way. */
const boxAround = (page: Page, [x, y]: P, half = 0.7) => dragOn(page, [x - half, y - half], [x + half, y + half]);

async function expectNothingSelected(page: Page) {
  await expect(properties(page).getByText('Select units on the plan', { exact: false })).toBeVisible();
}

async function pickFromMenu(page: Page, menu: 'More' | 'Rack', entry: string) {
  await tool(page, `${menu} ▾`).click();
  await page.getByRole('menu', { name: menu }).getByRole('menuitemradio', { name: entry, exact: true }).click();
  await expect(tool(page, `${menu} ▾`)).toHaveAttribute('aria-pressed', 'true');
  await expect(tool(page, `${menu} ▾`)).toHaveAttribute('title', `${menu}: ${entry}`);
  // The unit tools name what they place in the panel; the rack part's tools (racks, Plinth) have no panel of their own.
  if (menu === 'More' && entry !== 'Plinth') await expect(heading(page, `Placing: ${entry}`)).toBeVisible();
}

test('fire units: pairs, sockets, the More menu, undo and redo, and the F§8 messages of emptied hardware lists', async ({ page }) => {
  skipWithoutCorpus();
  test.setTimeout(75_000);
  const warnings: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  /** Units in the model (Erdgeschoss is the only storey anything is placed on: the same as on the storey). */
  let n = 0;
  const expectCount = async (inModel: number) => {
    n = inModel;
    await expect(countLine(page)).toHaveText(unitCount(n, n));
  };

  await test.step('after the IFC import and the SBF fire module, Units opens on Erdgeschoss with no unit', async () => {
    await openFireProject(page, ULRIK, UNITS_MORE_PROJECT);
    await expect(page.getByRole('heading', { name: 'Units', level: 1 })).toBeVisible();
    await expect(storeyButton(page, 'Erdgeschoss')).toHaveAttribute('aria-current', 'true');
    await expect(plan(page)).toBeVisible();
    await expectCount(0);
  });

  let visibleId = '';
  let hiddenId = '';

  await test.step('a hidden detector pressed 0.3 m from a visible one is put onto its spot and paired with it', async () => {
    await tool(page, 'Detector').click();
    await clickAt(page, VISIBLE);
    await expectCount(1);
    await expect(heading(page, 'Detector')).toBeVisible();
    visibleId = await unitId(page);
    await expect(detail(properties(page), 'Paired with')).toHaveCount(0);

    await tool(page, 'Hidden detector').click();
    await expect(tool(page, 'Hidden detector')).toHaveAttribute('aria-pressed', 'true');
    await expect(tool(page, 'Detector')).toHaveAttribute('aria-pressed', 'true');
    await expect(heading(page, 'Placing: Hidden detector')).toBeVisible();
    await clickAt(page, HIDDEN_PRESS);
    await expectCount(2);
    await expect(heading(page, 'Hidden detector')).toBeVisible();
    hiddenId = await unitId(page);
    expect(hiddenId).toMatch(/^det-\d+$/);
    expect(hiddenId).not.toBe(visibleId);
    await expect(detail(properties(page), 'Paired with')).toHaveText(visibleId);
    await tool(page, 'Hidden detector').click();
    await expect(tool(page, 'Hidden detector')).toHaveAttribute('aria-pressed', 'false');
    await expect(heading(page, 'Placing: Detector')).toBeVisible();
  });

  await test.step('dragged 1.2 m away the hidden detector is no longer paired; dragged back near, it pairs again', async () => {
    // Escape ends the tool; the hidden detector stays selected, and a press on it drags it.
    await page.keyboard.press('Escape');
    await expect(tool(page, 'Detector')).toHaveAttribute('aria-pressed', 'false');
    await expect(detail(properties(page), 'Id')).toHaveText(hiddenId);
    await dragOn(page, VISIBLE, APART);
    await expect(heading(page, 'Hidden detector')).toBeVisible();
    await expect(detail(properties(page), 'Id')).toHaveText(hiddenId);
    await expect(detail(properties(page), 'Paired with')).toHaveCount(0);
    // It moved by 1.2 m from the visible one's spot (not from where it was pressed, 0.3 m further east).
    await clickAt(page, BESIDE_APART);
    await expectNothingSelected(page);
    await clickAt(page, APART);
    await expect(detail(properties(page), 'Id')).toHaveText(hiddenId);
    await clickAt(page, VISIBLE);
    await expect(detail(properties(page), 'Id')).toHaveText(visibleId);
    await expect(detail(properties(page), 'Paired with')).toHaveCount(0);

    // Back within 0.5 m of the visible one: onto its spot, paired again.
    await clickAt(page, APART);
    await dragOn(page, APART, HIDDEN_PRESS);
    await expect(detail(properties(page), 'Paired with')).toHaveText(visibleId);
    // (A press on the selected hidden detector would start a drag of it: clear the selection first.)
    await page.keyboard.press('Escape');
    await clickAt(page, VISIBLE);
    await expect(detail(properties(page), 'Id')).toHaveText(visibleId);
    await expect(detail(properties(page), 'Paired with')).toHaveText(hiddenId);
    await expectCount(2);
  });

  await test.step('Socket onto a detector puts the siren at the detector’s place and height; the detector carries it', async () => {
    await page.keyboard.press('Escape');
    await tool(page, 'Detector').click();
    await clickAt(page, SOCKET_DETECTOR);
    await expectCount(3);
    const detectorId = await unitId(page);
    await page.keyboard.press('Escape');
    await heightField(page).fill(String(DETECTOR_Z));
    await heightField(page).press('Enter');
    await expect(heightField(page)).toHaveValue(String(DETECTOR_Z));

    await tool(page, 'Siren').click();
    await expect(heading(page, 'Placing: Siren')).toBeVisible();
    await expect(socketOption(page)).not.toBeChecked();
    await socketOption(page).click();
    await expect(socketOption(page)).toBeChecked();
    // Only sirens with a detector socket are offered.
    const choice = properties(page).getByRole('combobox', { name: "New unit's product", exact: true });
    await expect(choice.locator('option')).toHaveText([SOCKET_SIREN]);
    await clickAt(page, SOCKET_PRESS);
    await expectCount(4);
    await expect(heading(page, 'Siren')).toBeVisible();
    const sirenId = await unitId(page);
    expect(sirenId).toMatch(/^sir-\d+$/);
    await expect(detail(properties(page), 'Socketed onto')).toHaveText(detectorId);
    await expect(heightField(page)).toHaveValue(String(DETECTOR_Z));
    await expect(properties(page).getByRole('combobox', { name: 'Product', exact: true }).locator('option:checked')).toHaveText(
      SOCKET_SIREN,
    );

    // Escape ends the tool, a second one clears the selection (a press on the selected siren, round the
    // detector, would drag the siren).
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expectNothingSelected(page);
    await clickAt(page, SOCKET_DETECTOR);
    await expect(detail(properties(page), 'Id')).toHaveText(detectorId);
    await expect(detail(properties(page), 'Siren in socket')).toHaveText(sirenId);
    // The siren sits on the detector: a box round the detector takes both.
    await page.keyboard.press('Escape');
    await boxAround(page, SOCKET_DETECTOR);
    await expect(heading(page, '2 units selected')).toBeVisible();

    await page.keyboard.press('Escape');
    await clickAt(page, SOCKET_DETECTOR);
    await dragOn(page, SOCKET_DETECTOR, SOCKET_MOVED);
    await expect(detail(properties(page), 'Id')).toHaveText(detectorId);
    await expect(detail(properties(page), 'Siren in socket')).toHaveText(sirenId);
    await page.keyboard.press('Escape');
    await boxAround(page, SOCKET_DETECTOR);
    await expectNothingSelected(page);
    await boxAround(page, SOCKET_MOVED);
    await expect(heading(page, '2 units selected')).toBeVisible();
    await page.keyboard.press('Escape');
    await expectCount(4);
  });

  await test.step('each kind of the More menu is placed once and deleted; the label’s text is typed in the panel', async () => {
    await tool(page, 'More ▾').click();
    const entries = await page.getByRole('menu', { name: 'More' }).getByRole('menuitemradio').allTextContents();
    await page.keyboard.press('Escape');
    const kinds = entries.includes('Plinth') ? ([['Plinth', ''], ...MORE_KINDS] as [string, string][]) : MORE_KINDS;
    expect(entries).toEqual(kinds.map(([label]) => label));

    for (const [label, prefix] of kinds) {
      await pickFromMenu(page, 'More', label);
      await clickAt(page, BUERO);
      if (label === 'Plinth') {
        // docs/fire-racks.md: in a room, a rack holding a plinth; pressed on a rack, a plinth into that rack.
        await expectCount(n + 1);
        const rack = properties(page).getByRole('region', { name: 'Rack' });
        const contents = rack.getByRole('list', { name: 'In the rack' }).getByRole('listitem');
        await expect(contents).toHaveText([`Plinth: ${FIRST_PLINTH}`]);
        await clickAt(page, ON_BUERO_RACK);
        await expect(countLine(page)).toHaveText(unitCount(n, n));
        await expect(contents).toHaveText([`Plinth: ${FIRST_PLINTH}`, `Plinth: ${FIRST_PLINTH}`]);
      } else {
        await expectCount(n + 1);
        await expect(heading(page, label)).toBeVisible();
        expect(await unitId(page)).toMatch(new RegExp(`^${prefix}-\\d+$`));
      }
      if (label === 'Label') {
        const text = properties(page).getByLabel('Label text', { exact: true });
        await expect(text).toHaveValue('Label');
        await text.fill('Stair B, 2nd exit');
        await expect(text).toHaveValue('Stair B, 2nd exit');
        // Written to the model: the panel shows it again after the label is selected anew.
        await heading(page, 'Label').click();
        await page.keyboard.press('Escape');
        await page.keyboard.press('Escape');
        await clickAt(page, BUERO);
        await expect(heading(page, 'Label')).toBeVisible();
        await expect(text).toHaveValue('Stair B, 2nd exit');
      }
      await properties(page).getByRole('button', { name: 'Delete', exact: true }).click();
      await expectCount(n - 1);
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
      await expectNothingSelected(page);
    }
  });

  await test.step('ctrl+Z and ctrl+Y undo and redo a placement and a delete', async () => {
    // Keep the placement out of the undo batch of the edits before it.
    await page.waitForTimeout(BATCH_MS);
    const before = n;
    await tool(page, 'Button').click();
    await clickAt(page, SCHLAFZIMMER);
    await expectCount(before + 1);
    const buttonId = await unitId(page);
    await page.keyboard.press('Escape');

    await page.keyboard.press('Control+z');
    await expectCount(before);
    await clickAt(page, SCHLAFZIMMER);
    await expectNothingSelected(page);
    await page.keyboard.press('Control+y');
    await expectCount(before + 1);
    await clickAt(page, SCHLAFZIMMER);
    await expect(detail(properties(page), 'Id')).toHaveText(buttonId);

    await page.keyboard.press('Delete');
    await expectCount(before);
    await clickAt(page, SCHLAFZIMMER);
    await expectNothingSelected(page);
    await page.keyboard.press('Control+z');
    await expectCount(before + 1);
    await clickAt(page, SCHLAFZIMMER);
    await expect(detail(properties(page), 'Id')).toHaveText(buttonId);
    await page.keyboard.press('Control+y');
    await expectCount(before);
    await clickAt(page, SCHLAFZIMMER);
    await expectNothingSelected(page);
  });

  await test.step('on the hardware page the socket siren and the annunciator are removed and the central is widened', async () => {
    await fireTab(page, 'Fire settings').click();
    await page.getByRole('navigation', { name: 'Fire settings' }).getByRole('link', { name: 'Hardware', exact: true }).click();
    await expect(page).toHaveURL(/\/fire\/settings\/hardware$/);
    await expect(page.getByRole('heading', { name: 'Hardware', level: 1 })).toBeVisible();

    await product(page, 'Sirens', SOCKET_SIREN).click();
    await expect(productPanel(page).getByRole('checkbox', { name: 'Fits a detector socket' })).toBeChecked();
    // The socketed siren uses it.
    await expect(productPanel(page)).toContainText('Used 1 time in the design');
    await productPanel(page).getByRole('button', { name: 'Remove product', exact: true }).click();
    await expect(product(page, 'Sirens', SOCKET_SIREN)).toHaveCount(0);

    await product(page, 'Other units', ANNUNCIATOR_PRODUCT).click();
    await productPanel(page).getByRole('button', { name: 'Remove product', exact: true }).click();
    await expect(product(page, 'Other units', ANNUNCIATOR_PRODUCT)).toHaveCount(0);

    await product(page, 'Centrals', FIRST_CENTRAL).click();
    const width = productPanel(page).getByLabel('Rack width', { exact: true });
    await width.fill(String(TOO_WIDE));
    await width.press('Enter');
    await expect(width).toHaveValue(String(TOO_WIDE));

    await fireTab(page, 'Units').click();
    await expect(page.getByRole('heading', { name: 'Units', level: 1 })).toBeVisible();
    await expect(storeyButton(page, 'Erdgeschoss')).toHaveAttribute('aria-current', 'true');
    await expectCount(n);
  });

  await test.step('with no socket siren left, Socket onto a detector warns and stays off', async () => {
    await tool(page, 'Siren').click();
    await expect(socketOption(page)).not.toBeChecked();
    await socketOption(page).click();
    await expectToast(page, NO_SOCKET_SIRENS, 'warning');
    await expect(socketOption(page)).not.toBeChecked();
    await page.keyboard.press('Escape');
  });

  await test.step('an annunciator with no annunciator product logs the F§8 warning and is placed without a product', async () => {
    await tool(page, 'Annunciator').click();
    await expect(properties(page).getByRole('combobox', { name: "New unit's product", exact: true }).locator('option')).toHaveText([
      'No product',
    ]);
    expect(warnings).not.toContain(NO_ANNUNCIATOR_PRODUCT);
    await clickAt(page, BUERO);
    await expectCount(n + 1);
    await expect(heading(page, 'Annunciator')).toBeVisible();
    await expect.poll(() => warnings).toContain(NO_ANNUNCIATOR_PRODUCT);
    await expect(properties(page).getByRole('combobox', { name: 'Product', exact: true })).toHaveValue('');
    await page.keyboard.press('Escape');
  });

  await test.step('a central wider than the rack is not made: the rack comes with its plinth alone', async () => {
    await pickFromMenu(page, 'Rack', 'Rack with central and plinth');
    await clickAt(page, SCHLAFZIMMER_SOUTH);
    await expectToast(page, CENTRAL_FAILED, 'error');
    await expectCount(n + 1);
    const rack = properties(page).getByRole('region', { name: 'Rack' });
    await expect(rack.getByRole('heading', { name: 'Rack', exact: true })).toBeVisible();
    await expect(rack.getByRole('list', { name: 'In the rack' }).getByRole('listitem')).toHaveText([`Plinth: ${FIRST_PLINTH}`]);
    await page.keyboard.press('Escape');
  });
});
