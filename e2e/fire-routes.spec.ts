// The fire routes page (F§2 '/fire/routes', F§3 Route, F§4 Route editing, F§8, F§9; issue 26): ruth, admin of her
// organization and project, adds AC20-FZK-Haus.ifc and the SBF fire module, places a rack with its central and plinth
// in the bedroom and runs the units design, then on /fire/routes optimizes (loops drawn, the loop's figures in the
// panel), steps through a loop on the plan route → slice → node, deletes an inner node and is refused an end node,
// adds a storey slice up to Dachgeschoss and deletes its node there (the slice goes, the halves merge), drags a node
// onto its neighbour (they merge), is refused a drag of a node on a unit, drags a node onto the end of a vertical tray
// drawn on the Electrical page (it snaps and the route climbs the tray), draws a route from the rack (its first point
// attaches to it; points, Enter) and aborts another (Escape), undoes and redoes, drags a drawn route's end onto its
// other end (the route goes), syncs and reloads. Points on the plan are named in metres (e2e/support/plan.ts).
import { expect, test, type Page } from '@playwright/test';
import { openFireProject, projectNavigation, skipWithoutCorpus } from './support/fire.js';
import { clickAt, dragOn, plan, properties, storeyButton, tool, toolbar, type PlanPoint } from './support/plan.js';
import { ROUTES_PROJECT, RUTH } from './support/seed.js';
import { detail, expectToast } from './support/ui.js';

type P = PlanPoint;

/** Edits within 1500 ms join one undo step. */
const BATCH_MS = 1500;

// Erdgeschoss of FZK-Haus (the file's room outlines, metres): Küche x 0.3–4.7 y 0.3–4.0, Wohnen x 4.7–11.7
// y 0.3–4.0, Flur x 0.3–7.4 y 4.0–5.75, Schlafzimmer x 7.65–11.7 y 4.25–9.7.
const SCHLAFZIMMER: P = [10, 7];
/**
 * A route drawn from beside the rack (0.1 m from it: within F§9's 0.2 m, so it attaches) through the hall into the
 * living room, and one in the living room aborted, then drawn and emptied.
 */
const DRAWN: P[] = [
  [10.1, 7],
  [6.5, 4.6],
  [9.5, 3.3],
];
/** Where a vertical tray rises from Erdgeschoss to Dachgeschoss, in the hall (Flur). */
const RISER: P = [3, 5.2];
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
const nodePanel = (page: Page) => properties(page).getByRole('region', { name: 'Node' });

/** The selected route's slices as the panel lists them: storey and node count ('Slice 2 · Dachgeschoss', '2 nodes'). */
async function sliceRows(page: Page): Promise<string[]> {
  return (await slices(page).allTextContents()).map((text) => text.replace(/^Slice \d+ · /, ''));
}

/** The selected node's plan position, as its panel shows it. */
async function nodePosition(page: Page): Promise<P> {
  const [x, y] = (await detail(nodePanel(page), 'Position').textContent())!.replace(/ m$/, '').split(', ').map(Number);
  return [x!, y!];
}

/** The first inner free node of the selected slice with a node after it that is not the route's last (-1: none). */
async function innerFreeNode(page: Page): Promise<number> {
  const count = await nodes(page).count();
  for (let j = 1; j < count - 1; j++) if ((await nodes(page).nth(j).textContent())!.endsWith('free')) return j;
  return -1;
}

test('fire routes: Optimize, the loop’s figures, route → slice → node, node deletes, storey slices, merges, tray snap, drawing, undo, sync', async ({
  page,
}) => {
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
    const index = await innerFreeNode(page);
    expect(index).toBeGreaterThan(0);
    await nodes(page).nth(index).click();
    inner = await nodePosition(page);

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

  await test.step('Add storey slice goes up to Dachgeschoss and back; its node there deleted, the slice goes and the halves merge', async () => {
    await slices(page).first().click();
    const before = await sliceRows(page);
    const index = await innerFreeNode(page);
    expect(index).toBeGreaterThan(0);
    const count = await nodes(page).count();
    await page.waitForTimeout(BATCH_MS);
    await nodes(page).nth(index).click();
    await nodePanel(page).getByRole('button', { name: 'Add storey slice ▾', exact: true }).click();
    await nodePanel(page).getByRole('menu', { name: 'Storeys' }).getByRole('menuitem', { name: 'Dachgeschoss', exact: true }).click();
    // The first slice split at the node, a slice of two nodes on Dachgeschoss between its halves.
    const [first, ...rest] = before;
    const storey = first!.replace(/\d+ nodes$/, '');
    await expect(slices(page)).toHaveText(
      [`${storey}${index + 1} nodes`, 'Dachgeschoss2 nodes', `${storey}${count - index} nodes`, ...rest].map(
        (row, k) => `Slice ${k + 1} · ${row}`,
      ),
    );

    await page.waitForTimeout(BATCH_MS);
    await slices(page).nth(1).click();
    await nodes(page).nth(1).click();
    await page.keyboard.press('Delete');
    // One node left there: the slice goes, and the halves on one storey merge (the node and where it came back down).
    await expect(slices(page)).toHaveCount(before.length);
    expect((await sliceRows(page)).slice(1)).toEqual(rest);
  });

  await test.step('a free node dragged onto the next one merges with it (0.1 m); undo parts them again', async () => {
    await slices(page).first().click();
    const count = await nodes(page).count();
    const index = await innerFreeNode(page);
    expect(index).toBeGreaterThan(0);
    await nodes(page)
      .nth(index + 1)
      .click();
    const next = await nodePosition(page);
    await nodes(page).nth(index).click();
    const from = await nodePosition(page);
    await page.waitForTimeout(BATCH_MS);
    await dragOn(page, from, next);
    await slices(page).first().click();
    await expect(nodes(page)).toHaveCount(count - 1);
    await page.keyboard.press('Control+z');
    await slices(page).first().click();
    await expect(nodes(page)).toHaveCount(count);

    // A node on a unit is locked to it: a drag from it moves nothing.
    await nodes(page).nth(1).click();
    await expect(nodes(page).nth(1)).toContainText('locked');
    const unit = await nodePosition(page);
    await page.waitForTimeout(BATCH_MS);
    await dragOn(page, unit, [unit[0] + 1, unit[1] + 0.5]);
    await routeList(page)
      .getByRole('button', { name: /loop-1/ })
      .click();
    await slices(page).first().click();
    await nodes(page).nth(1).click();
    expect(await nodePosition(page)).toEqual(unit);
  });

  await test.step('a free node dropped on the end of a vertical tray snaps to it and the route climbs the tray', async () => {
    // The tray, drawn on the Electrical page.
    await projectNavigation(page).getByRole('link', { name: 'Electrical', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${projectPath}/electrical/conduits(\\?.*)?$`));
    await storeyButton(page, 'Erdgeschoss').click();
    await tool(page, 'Vertical tray').click();
    await clickAt(page, RISER);
    await expect(properties(page).getByRole('heading', { name: 'Vertical tray', exact: true })).toBeVisible();
    await page.keyboard.press('Escape');

    await projectNavigation(page).getByRole('link', { name: 'Fire', exact: true }).click();
    await page.getByRole('link', { name: 'Routes', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${projectPath}/fire/routes(\\?.*)?$`));
    await routeList(page)
      .getByRole('button', { name: /loop-1/ })
      .click();
    await slices(page).first().click();
    const before = await slices(page).count();
    const index = await innerFreeNode(page);
    expect(index).toBeGreaterThan(0);
    await nodes(page).nth(index).click();
    const from = await nodePosition(page);
    await page.waitForTimeout(BATCH_MS);
    await dragOn(page, from, RISER);
    await expect(slices(page)).toHaveCount(before + 2);
    await expect(slices(page).nth(1)).toContainText('Slice 2 · Dachgeschoss');
    // The node stands on the tray's end now.
    await slices(page).first().click();
    await nodes(page).nth(index).click();
    const snapped = await nodePosition(page);
    expect(snapped[0]).toBeCloseTo(RISER[0], 1);
    expect(snapped[1]).toBeCloseTo(RISER[1], 1);
    await page.screenshot({ path: '.tmp/fire-routes-tray-snap.png' });
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
    await expect(nodes(page)).toHaveText(['Node 1 · rack-1locked', 'Node 2free', 'Node 3free']);

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

  await test.step('a drawn route whose end is dragged onto its other end has no slice left and goes', async () => {
    await page.waitForTimeout(BATCH_MS);
    await toolbar(page).getByRole('button', { name: 'Draw route', exact: true }).click();
    for (const point of ABORTED) await clickAt(page, point);
    await page.keyboard.press('Enter');
    await expect(heading(page, 'Direct route route-2')).toBeVisible();
    await slices(page).first().click();
    await expect(nodes(page)).toHaveCount(2);
    await page.waitForTimeout(BATCH_MS);
    await dragOn(page, ABORTED[1]!, ABORTED[0]!);
    await expect(listed(page).filter({ hasText: 'route-2' })).toHaveCount(0);
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
