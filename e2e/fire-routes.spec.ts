// The fire routes page (F§2 '/fire/routes', F§3 Route, F§4 Route editing, F§8, F§9; issue 26): ruth, admin of her
// organization and project, adds AC20-FZK-Haus.ifc and the SBF fire module, places a rack with its central and plinth
// in the bedroom and runs the units design, then on /fire/routes optimizes (loops drawn, the loop's figures in the
// panel), steps through a loop on the plan route → slice → node, deletes an inner node and is refused an end node,
// draws a route (points, Enter) and aborts another (Escape), undoes and redoes, syncs and reloads. Points on the plan
// are named in metres (e2e/support/plan.ts).
import { expect, test, type Page } from '@playwright/test';
import { openFireProject, skipWithoutCorpus } from './support/fire.js';
import { clickAt, plan, properties, toolbar, type PlanPoint } from './support/plan.js';
import { ROUTES_PROJECT, RUTH } from './support/seed.js';
import { detail, expectToast } from './support/ui.js';

type P = PlanPoint;

/** Edits within 1500 ms join one undo step. */
const BATCH_MS = 1500;

// Erdgeschoss of FZK-Haus (the file's room outlines, metres): Küche x 0.3–4.7 y 0.3–4.0, Wohnen x 4.7–11.7
// y 0.3–4.0, Flur x 0.3–7.4 y 4.0–5.75, Schlafzimmer x 7.65–11.7 y 4.25–9.7.
const SCHLAFZIMMER: P = [10, 7];
/** A route drawn from the kitchen through the hall into the living room, and one aborted in the living room. */
const DRAWN: P[] = [
  [2.2, 3.2],
  [6.5, 4.6],
  [9.5, 3.3],
];
const ABORTED: P[] = [
  [6, 1],
  [8, 1],
];

const versionState = (page: Page) => page.getByRole('status', { name: 'Version state' });
const routeList = (page: Page) => page.getByRole('list', { name: 'Routes', exact: true });
const listed = (page: Page) => routeList(page).locator('.section-name');
const heading = (page: Page, name: string) => properties(page).getByRole('heading', { name, exact: true });
const slices = (page: Page) => properties(page).getByRole('list', { name: 'Slices of the route' }).getByRole('button');
const nodes = (page: Page) => properties(page).getByRole('list', { name: 'Nodes of the slice' }).getByRole('button');

test('fire routes: Optimize, the loop’s figures, route → slice → node, node deletes, drawing, undo, sync', async ({ page }) => {
  skipWithoutCorpus();
  test.setTimeout(90_000);
  let projectPath = '';
  let inner: P = [0, 0];

  await test.step('after the IFC import, the fire module, a rack in the bedroom and the units design, Routes opens', async () => {
    ({ projectPath } = await openFireProject(page, RUTH, ROUTES_PROJECT));

    await toolbar(page).getByRole('button', { name: 'Rack ▾', exact: true }).click();
    await page
      .getByRole('menu', { name: 'Rack' })
      .getByRole('menuitemradio', { name: 'Rack with central and plinth', exact: true })
      .click();
    await clickAt(page, SCHLAFZIMMER);
    await expect(detail(properties(page).getByRole('region', { name: 'Rack' }), 'Room')).toHaveText(/^\+D1 /);
    await page.keyboard.press('Escape');
    await toolbar(page).getByRole('button', { name: 'Run', exact: true }).click();
    await expect(
      page
        .locator('.toasts')
        .getByRole('status')
        .filter({ hasText: /^Added \d+ detectors?/ }),
    ).toBeVisible({ timeout: 30_000 });

    await page.getByRole('link', { name: 'Routes', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${projectPath}/fire/routes(\\?.*)?$`));
    await expect(page.getByRole('heading', { name: 'Routes', level: 1 })).toBeVisible();
    await expect(plan(page)).toBeVisible();
    await expect(page.getByText('No routes yet: Optimize, or draw one.')).toBeVisible();
  });

  await test.step('Optimize draws the loops; the loop’s panel shows its units, length, load, units and worst voltage', async () => {
    await toolbar(page).getByRole('button', { name: 'Optimize', exact: true }).click();
    await expect(
      page
        .locator('.toasts')
        .getByRole('status')
        .filter({ hasText: /^\d+ loops?, \d+ units?/ }),
    ).toBeVisible({ timeout: 30_000 });
    await expect(listed(page).first()).toHaveText('loop-1');
    await expect(
      page.getByRole('region', { name: 'Warnings', exact: true }).getByRole('heading', { name: /^Warnings \(\d+\)$/ }),
    ).toBeVisible();

    await routeList(page)
      .getByRole('button', { name: /loop-1/ })
      .click();
    await expect(heading(page, 'Loop loop-1')).toBeVisible();
    const loop = properties(page).getByRole('region', { name: 'Loop' });
    await expect(detail(loop, 'Length')).toHaveText(/^\d+\.\d m of \d+ m$/);
    await expect(detail(loop, 'Isolators')).toHaveText(/^\d+$/);
    await expect(detail(loop, 'Resistance')).toHaveText(/^\d+\.\d\d Ω of \d+ Ω$/);
    await expect(detail(loop, 'Alarm load')).toHaveText(/^\d+\.\d mA of \d+ mA$/);
    await expect(detail(loop, 'Units')).toHaveText(/^[1-9]\d* of \d+$/);
    await expect(detail(loop, 'Worst voltage')).toHaveText(/^\d+\.\d V at \S+ \(feed [AB]\)$/);
    await expect(loop.getByRole('meter', { name: 'Loop load' })).toBeVisible();
    await expect(loop.getByRole('list', { name: 'Units of the loop' }).getByRole('listitem').first()).toBeVisible();
    await page.screenshot({ path: '.tmp/fire-routes-loop.png' });
  });

  await test.step('on the plan a click selects the route, the next its slice, the next a node', async () => {
    // Find an inner free node of the loop's first slice on this storey from the panel.
    await slices(page).first().click();
    const count = await nodes(page).count();
    let index = -1;
    for (let j = 1; j < count - 1 && index < 0; j++) if ((await nodes(page).nth(j).textContent())!.endsWith('free')) index = j;
    expect(index).toBeGreaterThan(0);
    await nodes(page).nth(index).click();
    const [x, y] = (await detail(properties(page).getByRole('region', { name: 'Node' }), 'Position').textContent())!
      .replace(/ m$/, '')
      .split(', ')
      .map(Number);
    inner = [x!, y!];

    await page.keyboard.press('Escape');
    await expect(properties(page).getByText('Select a route on the plan', { exact: false })).toBeVisible();
    await clickAt(page, inner);
    await expect(heading(page, 'Loop loop-1')).toBeVisible();
    await expect(properties(page).getByRole('region', { name: 'Slice' })).toHaveCount(0);
    await clickAt(page, inner);
    await expect(properties(page).getByRole('region', { name: 'Slice' })).toBeVisible();
    await expect(properties(page).getByRole('region', { name: 'Node' })).toHaveCount(0);
    await clickAt(page, inner);
    await expect(properties(page).getByRole('region', { name: 'Node' })).toBeVisible();
    await expect(detail(properties(page).getByRole('region', { name: 'Node' }), 'Unit')).toHaveText('Free');
  });

  await test.step('Delete removes the inner node; the first node is refused', async () => {
    const before = await nodes(page).count();
    await page.waitForTimeout(BATCH_MS);
    await page.keyboard.press('Delete');
    await expect(nodes(page)).toHaveCount(before - 1);
    await nodes(page).first().click();
    await expect(detail(properties(page).getByRole('region', { name: 'Node' }), 'Unit')).toHaveText(/locked to it/);
    await page.keyboard.press('Delete');
    await expectToast(page, 'Only inner nodes may be deleted', 'warning');
    await expect(nodes(page)).toHaveCount(before - 1);
  });

  await test.step('Draw route: points, Enter makes route-1; Escape aborts another', async () => {
    await page.keyboard.press('Escape');
    await page.waitForTimeout(BATCH_MS);
    await toolbar(page).getByRole('button', { name: 'Draw route', exact: true }).click();
    for (const point of DRAWN) await clickAt(page, point);
    await page.keyboard.press('Enter');
    await expect(heading(page, 'Direct route route-1')).toBeVisible();
    await expect(listed(page)).toContainText(['route-1']);
    await expect(nodes(page)).toHaveCount(0);
    await slices(page).first().click();
    await expect(nodes(page)).toHaveCount(3);

    await page.waitForTimeout(BATCH_MS);
    await toolbar(page).getByRole('button', { name: 'Draw route', exact: true }).click();
    for (const point of ABORTED) await clickAt(page, point);
    await page.keyboard.press('Escape');
    await expect(toolbar(page).getByRole('button', { name: 'Draw route', exact: true })).toBeVisible();
    await expect(listed(page).filter({ hasText: 'route-2' })).toHaveCount(0);
  });

  await test.step('undo takes the drawn route away, redo brings it back', async () => {
    await page.keyboard.press('Control+z');
    await expect(listed(page).filter({ hasText: 'route-1' })).toHaveCount(0);
    await page.keyboard.press('Control+y');
    await expect(listed(page).filter({ hasText: 'route-1' })).toHaveCount(1);
  });

  await test.step('after a sync and a reload the routes are still there', async () => {
    await page.keyboard.press('Control+s');
    await expect(versionState(page)).toHaveText('Synced', { timeout: 30_000 });
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Routes', level: 1 })).toBeVisible();
    await expect(listed(page).filter({ hasText: 'route-1' })).toHaveCount(1);
    await routeList(page)
      .getByRole('button', { name: /loop-1/ })
      .click();
    await slices(page).first().click();
    await expect(nodes(page).first()).toContainText('locked');
  });
});
