// The electrical trays screen (P§2 Electrical trays screen and project navigation, P§4 Tray placement, P§5
// to_storey_id and navigation gating, P§9 tray width and z): elliot, a platform admin, adds AC20-FZK-Haus.ifc
// to his empty project, which opens the Electrical entry; on /electrical/conduits he draws a chain of trays,
// snaps a tray to an existing end, draws on the upper storey, rises a vertical tray, drags an end, widens a
// tray, deletes one, undoes and redoes, syncs, reloads, and sees his trays as boxes in the 3D view.
// Points on the plan are named in metres and turned into page positions from the view the canvas reports
// (data-scale, data-x, data-y, data-rotation); coordinates are read back from the Properties panel.
import fs from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInWithPasscode } from './support/login.js';
import { corpusFile } from './support/corpus.js';
import { addIfc } from './support/ifc.js';
import { pagePoint, plan, type PlanPoint } from './support/plan.js';
import { ELLIOT, TRAYS_PROJECT } from './support/seed.js';
import { WEBGL_BROWSER } from './support/webgl.js';
import { detail, rowOf } from './support/ui.js';

const HOUSE = corpusFile('AC20-FZK-Haus.ifc');

test.use(WEBGL_BROWSER);

type P = PlanPoint;
type P3 = [number, number, number];
interface TrayValues {
  id: string;
  width: number;
  start: P3;
  end: P3;
}

/** P§9: the width of a new tray, and how far below its storey's top it hangs. */
const TRAY_WIDTH = 0.3;
const TRAY_Z_OFFSET = 0.05;
/** P§9: two clicks within 300 ms are a double click; keep separate clicks further apart. */
const CLICK_GAP_MS = 320;
/** P§9: edits within 1500 ms join one undo step. */
const BATCH_MS = 1500;

const properties = (page: Page) => page.getByRole('complementary', { name: 'Properties' });
const navigation = (page: Page) => page.getByRole('complementary').filter({ has: page.getByRole('link', { name: 'Property details' }) });
const storeyButton = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Storeys' }).getByRole('button', { name: new RegExp(`${name}$`) });
const countLine = (page: Page) => page.getByText(/trays in the model/);
const tool = (page: Page, name: string) => page.getByRole('toolbar', { name: 'Plan tools' }).getByRole('button', { name, exact: true });
const versionState = (page: Page) => page.getByRole('status', { name: 'Version state' });
const chosen = (select: Locator) => select.getByRole('option', { selected: true });
const view3d = (page: Page) => page.getByTestId('view3d');
const triangles = async (page: Page) => Number(await view3d(page).getAttribute('data-triangles'));

/** A click on the plan, `nudge` pixels off the point. */
async function clickAt(page: Page, point: P, nudge: [number, number] = [0, 0]) {
  const { x, y } = await pagePoint(page, point);
  await page.mouse.click(x + nudge[0], y + nudge[1]);
  await page.waitForTimeout(CLICK_GAP_MS);
}

async function dragOn(page: Page, from: P, to: P, opts: { escapeBeforeRelease?: boolean } = {}) {
  const a = await pagePoint(page, from);
  const b = await pagePoint(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(b.x, b.y, { steps: 8 });
  if (opts.escapeBeforeRelease) await page.keyboard.press('Escape');
  await page.mouse.up();
  await page.waitForTimeout(CLICK_GAP_MS);
}

/** The one selected tray as the Properties panel shows it; `id` (when given) is waited for first. */
async function selectedTray(page: Page, heading: 'Tray' | 'Vertical tray' = 'Tray', id?: string): Promise<TrayValues> {
  const panel = properties(page);
  await expect(panel.getByRole('heading', { name: heading, exact: true })).toBeVisible();
  if (id) await expect(detail(panel, 'Id')).toHaveText(id);
  const value = async (label: string) => Number(await panel.getByLabel(label, { exact: true }).inputValue());
  const point = async (which: 'Start' | 'End'): Promise<P3> => [
    await value(`${which} x`),
    await value(`${which} y`),
    await value(`${which} z`),
  ];
  return {
    id: (await detail(panel, 'Id').textContent())!.trim(),
    width: await value('Width'),
    start: await point('Start'),
    end: await point('End'),
  };
}

/** The newly drawn tray the tool selected: a different Id than `previous`. */
async function newTray(page: Page, previous: string | null, heading: 'Tray' | 'Vertical tray' = 'Tray'): Promise<TrayValues> {
  if (previous) await expect(detail(properties(page), 'Id')).not.toHaveText(previous);
  return selectedTray(page, heading);
}

/** A storey's top as the model page shows it for the selected storey ('Top 2.70 m'). */
async function storeyTop(page: Page, name: string): Promise<number> {
  await storeyButton(page, name).click();
  await expect(properties(page).getByLabel('Storey name')).toHaveValue(name);
  const text = (await detail(properties(page), 'Top').textContent())!;
  return Number(text.replace(/\s*m$/, ''));
}

const mid = (a: P3, b: P3): P => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
const plan2 = (p: P3): P => [p[0], p[1]];

test('electrical trays: gated navigation, chains, snapping, storeys, vertical trays, editing, undo, sync and 3D', async ({ page }) => {
  test.skip(!fs.existsSync(HOUSE), `the IFC corpus is absent (${HOUSE}); set IFC_CORPUS to the folder holding AC20-FZK-Haus.ifc`);
  test.setTimeout(150_000);

  let projectPath = '';
  let groundTop = 0;
  let upperTop = 0;

  await test.step('Electrical needs an architecture model; after the IFC import it opens the Conduits tab', async () => {
    await signInWithPasscode(page, ELLIOT);
    await page.goto('/projects');
    await rowOf(page, TRAYS_PROJECT).getByRole('link', { name: TRAYS_PROJECT }).click();
    await expect(page).toHaveURL(/\/project\/[0-9a-f-]{36}$/);
    projectPath = new URL(page.url()).pathname;

    const gated = navigation(page).getByText('Electrical', { exact: true });
    await expect(gated).toHaveAttribute('aria-disabled', 'true');
    await expect(gated).toHaveAttribute('title', 'Requires architecture model');
    await expect(navigation(page).getByRole('link', { name: 'Electrical' })).toHaveCount(0);

    await addIfc(page, HOUSE);

    const electrical = navigation(page).getByRole('link', { name: 'Electrical', exact: true });
    await expect(electrical).toBeVisible();
    await expect(electrical).not.toHaveAttribute('aria-disabled', 'true');
    await expect(electrical).not.toHaveAttribute('title', 'Requires architecture model');

    // The storeys' tops, from the model page: trays hang 0.05 below them (P§9).
    await navigation(page).getByRole('link', { name: 'Model', exact: true }).click();
    await expect(page).toHaveURL(/\/model(\?.*)?$/);
    upperTop = await storeyTop(page, 'Dachgeschoss');
    groundTop = await storeyTop(page, 'Erdgeschoss');
    expect(upperTop).toBeGreaterThan(groundTop);

    await navigation(page).getByRole('link', { name: 'Electrical', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${projectPath}/electrical/conduits(\\?.*)?$`));
    await expect(page.getByRole('tablist', { name: 'Electrical' }).getByRole('tab')).toHaveText(['Conduits']);
    await expect(page.getByRole('tab', { name: 'Conduits' })).toHaveAttribute('aria-selected', 'true');

    await page.goto(`${projectPath}/electrical`);
    await expect(page).toHaveURL(new RegExp(`${projectPath}/electrical/conduits(\\?.*)?$`));
    await expect(page.getByRole('tab', { name: 'Conduits' })).toBeVisible();
    await expect(storeyButton(page, 'Erdgeschoss')).toHaveAttribute('aria-current', 'true');
    await expect(countLine(page)).toHaveText('0 trays in the model, 0 on this storey.');
  });

  // The ground floor of FZK-Haus lies within x 0..12, y 0..10 m.
  const A: P = [2, 2];
  const B: P = [8, 2];
  const C: P = [8, 7];
  const D: P = [2, 7];
  let t1!: TrayValues;
  let t2!: TrayValues;
  let t3!: TrayValues;

  await test.step('three clicks draw a chain of two trays under the top of Erdgeschoss, 0.3 wide', async () => {
    await storeyButton(page, 'Erdgeschoss').click();
    await tool(page, 'Tray').click();
    await expect(tool(page, 'Tray')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('Click where the tray starts')).toBeVisible();
    await clickAt(page, A);
    await clickAt(page, B);
    const first = await newTray(page, null);
    await clickAt(page, C);
    await newTray(page, first.id);
    await page.keyboard.press('Escape');
    await expect(page.getByText('Click where the tray starts')).toBeVisible();
    await expect(tool(page, 'Tray')).toHaveAttribute('aria-pressed', 'true');
    // Escape with no chain leaves the tool.
    await page.keyboard.press('Escape');
    await expect(tool(page, 'Tray')).toHaveAttribute('aria-pressed', 'false');
    await expect(countLine(page)).toHaveText('2 trays in the model, 2 on this storey.');

    // Each tray selected on the plan, as the user reads it.
    await clickAt(page, [5, 2]);
    t1 = await selectedTray(page, 'Tray', first.id);
    await clickAt(page, [8, 4.5]);
    t2 = await selectedTray(page);
    expect(t2.id).not.toBe(t1.id);
    expect(t1.start[0]).toBeCloseTo(A[0], 1);
    expect(t1.start[1]).toBeCloseTo(A[1], 1);
    expect(t1.end[0]).toBeCloseTo(B[0], 1);
    expect(t1.end[1]).toBeCloseTo(B[1], 1);
    expect(t2.start).toEqual(t1.end);
    expect(t2.end[0]).toBeCloseTo(C[0], 1);
    expect(t2.end[1]).toBeCloseTo(C[1], 1);
    for (const tray of [t1, t2]) {
      expect(tray.width).toBe(TRAY_WIDTH);
      // The top is shown to 2 decimals: the z agrees to 0.005.
      expect(tray.start[2]).toBeCloseTo(groundTop - TRAY_Z_OFFSET, 2);
      expect(tray.end[2]).toBe(tray.start[2]);
    }
    await expect(chosen(properties(page).getByRole('combobox', { name: 'Storey', exact: true }))).toHaveText('0 Erdgeschoss');
    await expect(chosen(properties(page).getByRole('combobox', { name: 'To storey' }))).toHaveText('None');
    await expect(detail(properties(page), 'Length')).toHaveText(/^(4\.9\d|5\.0\d) m$/);
  });

  await test.step('a click a few pixels from a tray end snaps to that end', async () => {
    await tool(page, 'Tray').click();
    // 5 px right and 4 px up of the first tray's start: within the 8 px of a handle.
    await clickAt(page, plan2(t1.start), [5, -4]);
    await clickAt(page, D);
    t3 = await newTray(page, t2.id);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(tool(page, 'Tray')).toHaveAttribute('aria-pressed', 'false');
    expect(t3.start).toEqual(t1.start);
    await expect(countLine(page)).toHaveText('3 trays in the model, 3 on this storey.');
  });

  let upper!: TrayValues;
  await test.step('a tray on Dachgeschoss is counted there, and the Erdgeschoss trays are not', async () => {
    await storeyButton(page, 'Dachgeschoss').click();
    await expect(storeyButton(page, 'Dachgeschoss')).toHaveAttribute('aria-current', 'true');
    await expect(countLine(page)).toHaveText('3 trays in the model, 0 on this storey.');
    await tool(page, 'Tray').click();
    await clickAt(page, [3, 8]);
    await clickAt(page, [9, 8]);
    upper = await newTray(page, null);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(countLine(page)).toHaveText('4 trays in the model, 1 on this storey.');
    expect(upper.start[2]).toBeCloseTo(upperTop - TRAY_Z_OFFSET, 2);
    await expect(chosen(properties(page).getByRole('combobox', { name: 'Storey', exact: true }))).toHaveText('1 Dachgeschoss');
  });

  const V: P = [5, 5];
  let vertical!: TrayValues;
  await test.step('a vertical tray rises from Erdgeschoss to Dachgeschoss and shows on both', async () => {
    await storeyButton(page, 'Erdgeschoss').click();
    await expect(countLine(page)).toHaveText('4 trays in the model, 3 on this storey.');
    await tool(page, 'Vertical tray').click();
    await expect(tool(page, 'Vertical tray')).toHaveAttribute('aria-pressed', 'true');
    await expect(chosen(page.getByRole('combobox', { name: 'Rise to' }))).toHaveText('1 Dachgeschoss');
    await clickAt(page, V);
    vertical = await newTray(page, null, 'Vertical tray');
    await page.keyboard.press('Escape');
    await expect(tool(page, 'Vertical tray')).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByRole('combobox', { name: 'Rise to' })).toHaveCount(0);

    expect(vertical.start[0]).toBeCloseTo(V[0], 1);
    expect(vertical.start[1]).toBeCloseTo(V[1], 1);
    expect(vertical.end[0]).toBe(vertical.start[0]);
    expect(vertical.end[1]).toBe(vertical.start[1]);
    expect(vertical.end[2]).toBeGreaterThan(vertical.start[2]);
    expect(vertical.start[2]).toBeCloseTo(groundTop - TRAY_Z_OFFSET, 2);
    expect(vertical.end[2]).toBeCloseTo(upperTop - TRAY_Z_OFFSET, 2);
    expect(vertical.width).toBe(TRAY_WIDTH);
    await expect(chosen(properties(page).getByRole('combobox', { name: 'Storey', exact: true }))).toHaveText('0 Erdgeschoss');
    await expect(chosen(properties(page).getByRole('combobox', { name: 'To storey' }))).toHaveText('1 Dachgeschoss');
    await expect(countLine(page)).toHaveText('5 trays in the model, 4 on this storey.');

    await storeyButton(page, 'Dachgeschoss').click();
    await expect(countLine(page)).toHaveText('5 trays in the model, 2 on this storey.');
    await clickAt(page, V);
    await selectedTray(page, 'Vertical tray', vertical.id);
    await storeyButton(page, 'Erdgeschoss').click();
    await expect(countLine(page)).toHaveText('5 trays in the model, 4 on this storey.');
  });

  let moved!: TrayValues;
  await test.step('dragging a selected tray’s end handle moves that end only, as one undo step', async () => {
    // Let the vertical tray's undo step close first.
    await page.waitForTimeout(BATCH_MS + 100);
    await clickAt(page, [5, 2]);
    await selectedTray(page, 'Tray', t1.id);
    await dragOn(page, plan2(t1.end), [10, 4]);
    moved = await selectedTray(page, 'Tray', t1.id);
    expect(moved.end[0]).toBeCloseTo(10, 1);
    expect(moved.end[1]).toBeCloseTo(4, 1);
    expect(moved.end[2]).toBe(t1.end[2]);
    expect(moved.start).toEqual(t1.start);

    // Escape during a drag puts the end back where the drag began.
    await dragOn(page, plan2(moved.end), [11, 6], { escapeBeforeRelease: true });
    expect(await selectedTray(page, 'Tray', t1.id)).toEqual(moved);

    await page.keyboard.press('Control+z');
    await expect(properties(page).getByLabel('End x', { exact: true })).toHaveValue(String(t1.end[0]));
    expect(await selectedTray(page, 'Tray', t1.id)).toEqual(t1);
    await page.keyboard.press('Control+y');
    await expect(properties(page).getByLabel('End x', { exact: true })).toHaveValue(String(moved.end[0]));
    expect(await selectedTray(page, 'Tray', t1.id)).toEqual(moved);
  });

  await test.step('a width typed in the panel widens the tray on the plan; undo restores 0.3', async () => {
    const panel = properties(page);
    const nothingSelected = panel.getByText('Select a tray on the plan, or draw one with the Tray tool.');
    // Zoom in on the tray along x = 2 so that 0.05 m is several pixels.
    const centre = await pagePoint(page, mid(t3.start, t3.end));
    await page.mouse.move(centre.x, centre.y);
    await page.mouse.wheel(0, -320);
    await expect.poll(() => plan(page).evaluate((el: HTMLElement) => Number(el.dataset.scale))).toBeGreaterThan(100);
    const [y0, y1] = [t3.start[1] - 0.3, t3.end[1] + 0.3];
    // A box 0.4 m across holds a 0.3 m tray wholly, and not a 0.5 m one; 0.6 m holds both.
    const narrowBox = async () => dragOn(page, [t3.start[0] - 0.2, y0], [t3.start[0] + 0.2, y1]);
    const wideBox = async () => dragOn(page, [t3.start[0] - 0.3, y0], [t3.start[0] + 0.3, y1]);
    await page.keyboard.press('Escape');
    await expect(nothingSelected).toBeVisible();
    await narrowBox();
    await selectedTray(page, 'Tray', t3.id);
    await expect(panel.getByLabel('Width')).toHaveValue(String(TRAY_WIDTH));

    await panel.getByLabel('Width').fill('0.5');
    await panel.getByLabel('Width').press('Enter');
    await expect(panel.getByLabel('Width')).toHaveValue('0.5');
    await page.keyboard.press('Escape');
    await clickAt(page, [t3.start[0] + 1, (y0 + y1) / 2]);
    await expect(nothingSelected).toBeVisible();
    await narrowBox();
    await expect(nothingSelected).toBeVisible();
    await wideBox();
    const wide = await selectedTray(page, 'Tray', t3.id);
    expect(wide).toEqual({ ...t3, width: 0.5 });

    await page.keyboard.press('Control+z');
    await expect(panel.getByLabel('Width')).toHaveValue(String(TRAY_WIDTH));
    await page.keyboard.press('Escape');
    await expect(nothingSelected).toBeVisible();
    await narrowBox();
    expect(await selectedTray(page, 'Tray', t3.id)).toEqual(t3);
    await tool(page, 'Fit').click();
  });

  await test.step('Delete removes the selected tray; undo brings it back', async () => {
    await clickAt(page, mid(t2.start, t2.end));
    await selectedTray(page, 'Tray', t2.id);
    await page.keyboard.press('Delete');
    await expect(countLine(page)).toHaveText('4 trays in the model, 3 on this storey.');
    await expect(properties(page).getByText('Select a tray on the plan, or draw one with the Tray tool.')).toBeVisible();
    await clickAt(page, mid(t2.start, t2.end));
    await expect(properties(page).getByRole('heading', { name: 'Tray', exact: true })).toHaveCount(0);
    await page.keyboard.press('Control+z');
    await expect(countLine(page)).toHaveText('5 trays in the model, 4 on this storey.');
    await clickAt(page, mid(t2.start, t2.end));
    expect(await selectedTray(page, 'Tray', t2.id)).toEqual(t2);
  });

  await test.step('ctrl+S syncs; after a reload the trays are all there with the same coordinates', async () => {
    await page.keyboard.press('Control+s');
    await expect(versionState(page)).toHaveText('Synced', { timeout: 30_000 });
    await page.reload();
    await expect(storeyButton(page, 'Erdgeschoss')).toHaveAttribute('aria-current', 'true');
    await expect(countLine(page)).toHaveText('5 trays in the model, 4 on this storey.');
    await clickAt(page, mid(moved.start, moved.end));
    expect(await selectedTray(page, 'Tray', t1.id)).toEqual(moved);
    await clickAt(page, mid(t3.start, t3.end));
    expect(await selectedTray(page, 'Tray', t3.id)).toEqual(t3);
    await clickAt(page, V);
    expect(await selectedTray(page, 'Vertical tray', vertical.id)).toEqual(vertical);
    await storeyButton(page, 'Dachgeschoss').click();
    await expect(countLine(page)).toHaveText('5 trays in the model, 2 on this storey.');
    await clickAt(page, mid(upper.start, upper.end));
    expect(await selectedTray(page, 'Tray', upper.id)).toEqual(upper);
  });

  await test.step('the 3D view draws the trays as boxes, 12 triangles each, on the Trays layer', async () => {
    await navigation(page).getByRole('link', { name: 'Model', exact: true }).click();
    await expect(page).toHaveURL(/\/model(\?.*)?$/);
    await page.getByRole('link', { name: '3D view (beta)' }).click();
    await expect(page).toHaveURL(/\/model\/3d(\?.*)?$/);
    await expect.poll(async () => Number(await view3d(page).getAttribute('data-draw-calls')), { timeout: 30_000 }).toBeGreaterThan(0);
    const trays = page.getByRole('group', { name: '3D layers' }).getByLabel('Trays');
    await expect(trays).toBeChecked();
    const before = await triangles(page);
    await trays.uncheck();
    await expect.poll(() => triangles(page)).toBe(before - 12 * 5);
    await trays.check();
    await expect.poll(() => triangles(page)).toBe(before);
    // The trays hang inside the closed house: with walls, slabs and rooms off they are what is left to see.
    for (const layer of ['Walls', 'Slabs', 'Rooms']) await page.getByRole('group', { name: '3D layers' }).getByLabel(layer).uncheck();
    await expect.poll(() => triangles(page)).toBeLessThan(before);
  });
});
