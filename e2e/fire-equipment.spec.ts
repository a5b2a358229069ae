// The equipment page (F§2 '/fire/equipment', F§4 'Rack view', F§8, F§9; issue 25): edda, admin of her organization
// and project, adds AC20-FZK-Haus.ifc and the SBF fire module, places two racks with a central and a plinth on
// /fire/units ('+D1' in the kitchen, '+D2' in the bedroom), then on Equipment adds a plinth, a power supply, an alarm
// transmitter, a central and a cable, drags a unit within its rack (one undo step) and onto the other rack, makes the
// cable join two units of one rack and then a route between the racks, is refused moving and removing a unit with
// connections, is refused a route's marker on the other rack and removes the route, removes a unit by dropping it
// outside, deletes with Delete and Backspace, cancels an Add with Escape, adds a power supply without a product
// ('No product found for power supply' logged), routes the racks with 'Route between racks', and deleting the last
// rack takes her to /fire/units. The schematic is in rack units, y down; e2e/support/plan.ts takes plan points, y up:
// at() flips.
import { expect, test, type Page } from '@playwright/test';
import { openFireProject, skipWithoutCorpus } from './support/fire.js';
import { pagePoint, plan, type PlanPoint } from './support/plan.js';
import { EDDA, EQUIPMENT_PROJECT } from './support/seed.js';
import { detail, expectToast } from './support/ui.js';

const SHOTS = process.env.EQUIPMENT_SHOTS;

/** Two presses within 300 ms are a double click; edits within 1500 ms join one undo step. */
const CLICK_GAP_MS = 320;
const BATCH_MS = 1500;

// Erdgeschoss of FZK-Haus (metres): the kitchen and the bedroom, for the two racks.
const KUECHE: PlanPoint = [2, 2];
const SCHLAFZIMMER: PlanPoint = [10, 7];

type S = [number, number];
/** A schematic point (rack units, y down) as a plan point. */
const at = ([x, y]: S): PlanPoint => [x, -y];

// F§9's layout with the generic catalogue: +D1 at x 0..46, +D2 at x 66..112 (a gap of 20); each rack's central at
// [2,23] (40 × 20), its plinth at [2,6] (3 × 12). Route markers sit 3 below the top of their unit.
const D1_CENTRAL: S = [22, 33];
const D1_PLINTH: S = [3.5, 12];
const D2_CENTRAL: S = [88, 33];
const D2_FREE: S = [89, 150];
const OUTSIDE: S = [56, 150];

const properties = (page: Page) => page.getByRole('complementary', { name: 'Properties' });
const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Equipment tools' });
const addButton = (page: Page, name: string) => toolbar(page).getByRole('button', { name, exact: true });
const heading = (page: Page, name: string) => properties(page).getByRole('heading', { name, exact: true });
const position = (page: Page, axis: 'x' | 'y') => properties(page).getByLabel(`Rack position ${axis}`, { exact: true });

async function pressAt(page: Page, point: S) {
  const { x, y } = await pagePoint(page, at(point));
  await page.mouse.click(x, y);
  await page.waitForTimeout(CLICK_GAP_MS);
}

async function dragOn(page: Page, from: S, to: S) {
  const a = await pagePoint(page, at(from));
  const b = await pagePoint(page, at(to));
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(b.x, b.y, { steps: 8 });
  await page.mouse.up();
  await page.waitForTimeout(CLICK_GAP_MS);
}

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

test('fire equipment: adds, drags within and across racks, cables to routes, route markers, Delete, Escape, undo, last rack', async ({
  page,
}) => {
  skipWithoutCorpus();
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  let projectPath = '';

  await test.step('two racks with a central and a plinth on /fire/units; Equipment shows them side by side', async () => {
    ({ projectPath } = await openFireProject(page, EDDA, EQUIPMENT_PROJECT));
    // Equipment waits for fire units and a rack (F§2).
    await expect(page.locator('.fire-tab.disabled', { hasText: 'Equipment' })).toHaveAttribute('title', 'Requires fire units and a rack');
    for (const room of [KUECHE, SCHLAFZIMMER]) {
      await page.getByRole('toolbar', { name: 'Plan tools' }).getByRole('button', { name: 'Rack ▾', exact: true }).click();
      await page
        .getByRole('menu', { name: 'Rack' })
        .getByRole('menuitemradio', { name: 'Rack with central and plinth', exact: true })
        .click();
      const { x, y } = await pagePoint(page, room);
      await page.mouse.click(x, y);
      await page.waitForTimeout(CLICK_GAP_MS);
    }
    await page.getByRole('navigation', { name: 'Fire' }).getByRole('link', { name: 'Equipment', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${projectPath}/fire/equipment$`));
    for (const name of ['Central', 'Plinth', 'Power supply', 'Alarm transmitter', 'Cable', 'Done adding'])
      await expect(addButton(page, name)).toBeVisible();
    await expect(addButton(page, 'Done adding')).toBeDisabled();
    await expect(plan(page)).toBeVisible();
    // A press on the +D1 central shows it: the first central is the main one.
    await pressAt(page, D1_CENTRAL);
    await expect(heading(page, 'Main central')).toBeVisible();
    await expect(properties(page).getByRole('checkbox', { name: 'Main central' })).toBeChecked();
    await expect(detail(properties(page), 'Rack')).toHaveText('+D1');
    await expect(position(page, 'x')).toHaveValue('2');
    await expect(position(page, 'y')).toHaveValue('23');
    await expect(properties(page).getByRole('combobox', { name: /^Port \d+:/ })).toHaveCount(3);
    await pressAt(page, D2_CENTRAL);
    await expect(heading(page, 'Central')).toBeVisible();
    await expect(detail(properties(page), 'Rack')).toHaveText('+D2');
    await shot(page, '1-racks');
  });

  await test.step('each Add puts its unit where the marker is pressed, with the first product; Done adding and Escape end it', async () => {
    const adds: [string, S, string, [number, number]][] = [
      ['Plinth', [23.2, 60.2], 'Plinth', [22, 54]],
      ['Power supply', [23.2, 80.2], 'Power supply', [18, 75]],
      ['Alarm transmitter', [23.2, 100.2], 'Alarm transmitter', [18, 95]],
      ['Central', [23.2, 130.2], 'Central', [3, 120]],
    ];
    for (const [button, point, title, [x, y]] of adds) {
      await addButton(page, button).click();
      await expect(addButton(page, button)).toHaveAttribute('aria-pressed', 'true');
      await expect(addButton(page, 'Done adding')).toBeEnabled();
      if (SHOTS && button === 'Central') {
        const hover = await pagePoint(page, at([90, 150]));
        await page.mouse.move(hover.x, hover.y);
        await shot(page, '2a-marker');
      }
      await pressAt(page, point);
      await expect(heading(page, title)).toBeVisible();
      await expect(position(page, 'x')).toHaveValue(String(x));
      await expect(position(page, 'y')).toHaveValue(String(y));
      await addButton(page, 'Done adding').click();
      await expect(addButton(page, button)).toHaveAttribute('aria-pressed', 'false');
    }
    // The power supply's battery is its product's; the new central is not the main one.
    await pressAt(page, [23, 80]);
    await expect(detail(properties(page), 'Voltage')).toHaveText('24 V');
    await expect(detail(properties(page), 'Ampere-hours')).toHaveText('17 Ah');
    await expect(detail(properties(page), 'Life')).toHaveText('4 years');
    await pressAt(page, [23, 130]);
    await expect(properties(page).getByRole('checkbox', { name: 'Main central' })).not.toBeChecked();
    // Escape cancels a pending Add: the press after it selects instead of adding.
    await addButton(page, 'Plinth').click();
    await page.keyboard.press('Escape');
    await expect(addButton(page, 'Plinth')).toHaveAttribute('aria-pressed', 'false');
    await pressAt(page, [40, 180]);
    await expect(heading(page, 'Rack')).toBeVisible();
    await shot(page, '2-added');
  });

  await test.step('a unit dragged within its rack moves to whole units (one undo step); onto the other rack it moves there', async () => {
    await page.waitForTimeout(BATCH_MS);
    // The new plinth, grabbed 1.5 right of its left side: dropped with the pointer at x 33.2 it lies at 32.
    await dragOn(page, [23.5, 60], [33.2, 60.2]);
    await expect(heading(page, 'Plinth')).toBeVisible();
    await expect(position(page, 'x')).toHaveValue('32');
    await expect(position(page, 'y')).toHaveValue('54');
    await page.keyboard.press('Control+z');
    await expect(position(page, 'x')).toHaveValue('22');
    await page.keyboard.press('Control+y');
    await expect(position(page, 'x')).toHaveValue('32');
    // The power supply (no connections) onto +D2.
    await page.waitForTimeout(BATCH_MS);
    await dragOn(page, [23, 80], [89, 80]);
    await pressAt(page, [89, 80]);
    await expect(heading(page, 'Power supply')).toBeVisible();
    await expect(detail(properties(page), 'Rack')).toHaveText('+D2');
  });

  await test.step('a cable: one end over one unit does nothing; both over units of one rack join them; of two racks, a route', async () => {
    await addButton(page, 'Cable').click();
    await pressAt(page, [150, -30]);
    await page.keyboard.press('Escape');
    await expect(heading(page, 'Cable')).toBeVisible();
    await expect(detail(properties(page), 'Pairs')).toHaveText('1');
    await dragOn(page, [150, -30], D1_PLINTH);
    await expect(heading(page, 'Cable')).toBeVisible();
    // Pressed below the cable's end, which now lies over the plinth.
    await pressAt(page, [3.5, 17]);
    await expect(properties(page).getByText('No connections.')).toBeVisible();
    // The other end onto the +D1 central: one rack, the cable joins the plinth and the central (no route).
    await dragOn(page, [166, -30], D1_CENTRAL);
    await pressAt(page, [3.5, 17]);
    await expect(properties(page).getByRole('list', { name: 'Connections' })).toHaveText('Cable cable-1');
    await shot(page, '3-cable');

    // A unit with connections can neither change racks nor go.
    await dragOn(page, [3.5, 17], D2_FREE);
    await expectToast(page, 'Unable to move unit to a different rack', 'warning');
    await dragOn(page, [3.5, 17], OUTSIDE);
    await expectToast(page, 'Unable to remove unit with connections', 'warning');
    await pressAt(page, [3.5, 17]);
    await expect(detail(properties(page), 'Rack')).toHaveText('+D1');

    // The cable's end on the central onto the +D2 central: a route between the racks.
    await dragOn(page, D1_CENTRAL, D2_CENTRAL);
    await expect(heading(page, 'Cable route')).toBeVisible();
    await expect(detail(properties(page), 'Racks')).toHaveText('+D1 – +D2');
    await shot(page, '4-route');
  });

  await test.step("a route's marker: refused on the other rack; dropped outside, the route is removed (undone, redone)", async () => {
    // The route's +D2 end is on the central there, its marker 3 below the central's top.
    await dragOn(page, [88, 26], [22, 100]);
    await expectToast(page, 'Cannot move cable route to a different rack', 'warning');
    await page.waitForTimeout(BATCH_MS);
    await dragOn(page, [88, 26], OUTSIDE);
    await expectToast(page, 'Removed route');
    await pressAt(page, D2_CENTRAL);
    await expect(properties(page).getByText('No connections.')).toBeVisible();
    await page.keyboard.press('Control+z');
    await expect(properties(page).getByRole('list', { name: 'Connections' })).toHaveText(/^Route route-1/);
    await page.keyboard.press('Control+y');
    await expect(properties(page).getByText('No connections.')).toBeVisible();
  });

  await test.step('a unit dropped outside every rack is removed; Delete and Backspace remove the selection', async () => {
    await dragOn(page, [23, 100], OUTSIDE);
    await expectToast(page, 'Removed unit');
    await pressAt(page, [23, 100]);
    await expect(heading(page, 'Rack')).toBeVisible();
    await pressAt(page, [23, 130]);
    await expect(heading(page, 'Central')).toBeVisible();
    await page.keyboard.press('Delete');
    await expect(properties(page).getByText(/^Select a rack/)).toBeVisible();
    await pressAt(page, [89, 80]);
    await expect(heading(page, 'Power supply')).toBeVisible();
    await page.keyboard.press('Backspace');
    await pressAt(page, [89, 80]);
    await expect(heading(page, 'Rack')).toBeVisible();
    await shot(page, '5-deleted');
  });

  await test.step("with no power supply product left, Add logs 'No product found for power supply' and adds one without", async () => {
    const logged: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') logged.push(message.text());
    });
    await page.getByRole('navigation', { name: 'Fire' }).getByRole('link', { name: 'Fire settings', exact: true }).click();
    await page.getByRole('navigation', { name: 'Fire settings' }).getByRole('link', { name: 'Hardware', exact: true }).click();
    const supplies = page
      .getByRole('list', { name: 'Power supplies', exact: true })
      .getByRole('button')
      .filter({ hasText: 'Monitored power supply' });
    for (const left of [1, 0]) {
      await supplies.first().click();
      await page.getByRole('complementary', { name: 'Product' }).getByRole('button', { name: 'Remove product', exact: true }).click();
      await expect(supplies).toHaveCount(left);
    }
    await page.getByRole('navigation', { name: 'Fire' }).getByRole('link', { name: 'Equipment', exact: true }).click();
    await addButton(page, 'Power supply').click();
    await pressAt(page, [89.2, 100.2]);
    await addButton(page, 'Done adding').click();
    await expect(heading(page, 'Power supply')).toBeVisible();
    await expect(properties(page).getByRole('combobox', { name: 'Product', exact: true })).toHaveValue('');
    // F§9's default size of power supplies.
    await expect(detail(properties(page), 'Size')).toHaveText('10 × 10');
    await expect(position(page, 'x')).toHaveValue('18');
    await expect(position(page, 'y')).toHaveValue('95');
    expect(logged).toContain('No product found for power supply');
  });

  await test.step("'Route between racks' (calc_fire_rack_to_rack_routes) draws a route between the two racks", async () => {
    await toolbar(page).getByRole('button', { name: 'Route between racks', exact: true }).click();
    // The route runs from the top middle of +D1 to that of +D2: pressed between the racks.
    await expect(async () => {
      await pressAt(page, [56, 4]);
      await expect(heading(page, 'Cable route')).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    await expect(detail(properties(page), 'Racks')).toHaveText('+D1 – +D2');
    await shot(page, '6-rack-routes');
  });

  await test.step('deleting the last rack takes the user to /fire/units; undo brings the rack back', async () => {
    await pressAt(page, [40, 200]);
    await expect(heading(page, 'Rack')).toBeVisible();
    await expect(detail(properties(page), 'Label')).toHaveText('+D1');
    await page.keyboard.press('Delete');
    // The route between the racks goes with +D1: asked first (issue 34).
    const ask = page.getByRole('dialog', { name: 'Delete rack +D1?', exact: true });
    await expect(ask.getByText(/^This also deletes 1 route between racks, \d+ m of cable/)).toBeVisible();
    await ask.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${projectPath}/fire/equipment$`));
    await pressAt(page, [40, 200]);
    await expect(detail(properties(page), 'Label')).toHaveText('+D2');
    await page.keyboard.press('Delete');
    await expect(page).toHaveURL(new RegExp(`${projectPath}/fire/units(\\?.*)?$`));
    await expect(page.getByRole('heading', { name: 'Units', level: 1 })).toBeVisible();
    await expect(page.locator('.fire-tab.disabled', { hasText: 'Equipment' })).toBeVisible();
    await page.keyboard.press('Control+z');
    await expect(page).toHaveURL(new RegExp(`${projectPath}/fire/equipment$`));
    await pressAt(page, [40, 200]);
    await expect(detail(properties(page), 'Label')).toHaveText('+D2');
  });
});
