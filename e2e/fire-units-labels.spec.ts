// Issue 34, the plan's texts off the unit symbols: leo adds AC20-FZK-Haus.ifc and the SBF fire module, runs Design
// all, and on the units page the rooms' names, their detector counts and the units' addresses (section.address) are
// written where no unit symbol is, at the storey's fit and zoomed in and out; on the Sections page the addresses too.
// The texts' boxes come from the plan (its canvas' data-labels, asked for with data-probe="labels"); the symbols are
// worked out here from the model as the server holds it after a sync and the view the canvas reports: each unit's
// symbol is at least 0.4 m across (units/layers/symbols.ts), a disc of 0.2 m about its coord.
import { expect, test, type Page } from '@playwright/test';
import { EDRF_SCHEMA, EDRF_SCHEMA_HEADER } from '@edrf/model';
import { openFireProject, skipWithoutCorpus } from './support/fire.js';
import { plan, tool } from './support/plan.js';
import { LABELS_PROJECT, LEO } from './support/seed.js';

type Box = { x0: number; y0: number; x1: number; y1: number };
interface DrawnLabels {
  texts: { text: string; box: Box }[];
  hidden: number;
}
interface View {
  scale: number;
  x: number;
  y: number;
  rotation: number;
}
type Unit = { id: string; storey_id: string; coord: [number, number, number] };
interface ServerModel {
  arch: { storeys: Record<string, { rooms: string[] }>; rooms: Record<string, { name: string }> };
  fire: { units: Record<string, Record<string, Unit>> };
}

/** Every unit symbol covers at least a disc this wide about its coord (metres). */
const SYMBOL_RADIUS = 0.2;
const UNIT_GROUPS = ['detectors', 'sirens', 'buttons', 'ios', 'others'] as const;

const versionState = (page: Page) => page.getByRole('status', { name: 'Version state' });
const analysed = (page: Page) => expect(page.locator('section.analysis-panel')).toHaveAttribute('aria-busy', 'false', { timeout: 60_000 });
const shot = (page: Page, name: string) => page.screenshot({ path: `.tmp/h5/${name}.png` });

/** The view the plan reports (CSS pixels per metre, offset, rotation in degrees). */
const viewOf = (page: Page): Promise<View> =>
  plan(page).evaluate((el: HTMLElement) => ({
    scale: Number(el.dataset.scale),
    x: Number(el.dataset.x),
    y: Number(el.dataset.y),
    rotation: Number(el.dataset.rotation),
  }));

/** A plan point on the canvas (CSS pixels from its top left corner). */
function onCanvas(view: View, [x, y]: readonly number[]): [number, number] {
  const r = (view.rotation * Math.PI) / 180;
  const [c, s] = [Math.cos(r), Math.sin(r)];
  return [view.x + view.scale * (c * x! - s * y!), view.y - view.scale * (s * x! + c * y!)];
}

/** The texts of the plan's next frame: the probe is set, and a frame drawn after it is read. */
async function drawnLabels(page: Page): Promise<DrawnLabels> {
  await plan(page).evaluate((el: HTMLElement) => {
    el.dataset.probe = 'labels';
    delete el.dataset.labels;
  });
  // A small wheel step draws a frame (and keeps the view about where it was).
  const box = (await plan(page).boundingBox())!;
  await plan(page).dispatchEvent('wheel', { deltaY: -1, clientX: box.x + box.width / 2, clientY: box.y + box.height / 2 });
  await expect.poll(() => plan(page).evaluate((el: HTMLElement) => el.dataset.labels ?? '')).not.toBe('');
  return JSON.parse(await plan(page).evaluate((el: HTMLElement) => el.dataset.labels!)) as DrawnLabels;
}

/** Zooms by wheel steps about the plan's centre (negative: in). */
async function wheel(page: Page, steps: number): Promise<void> {
  const box = (await plan(page).boundingBox())!;
  for (let i = 0; i < Math.abs(steps); i++)
    await plan(page).dispatchEvent('wheel', {
      deltaY: Math.sign(steps) * 100,
      clientX: box.x + box.width / 2,
      clientY: box.y + box.height / 2,
    });
}

/** Whether a box and a disc share more than a hair (half a pixel). */
function boxCoversDisc(box: Box, [cx, cy]: [number, number], r: number): boolean {
  const dx = Math.max(box.x0 - cx, 0, cx - box.x1);
  const dy = Math.max(box.y0 - cy, 0, cy - box.y1);
  return Math.hypot(dx, dy) < r - 0.5;
}

const boxesOverlap = (a: Box, b: Box) => a.x0 < b.x1 - 0.5 && b.x0 < a.x1 - 0.5 && a.y0 < b.y1 - 0.5 && b.y0 < a.y1 - 0.5;

/** No text covers a unit's symbol or another text; answers the texts for further checks. */
async function expectTextsOffSymbols(page: Page, model: ServerModel, storeyId: string, where: string): Promise<DrawnLabels> {
  const labels = await drawnLabels(page);
  const view = await viewOf(page);
  const units = UNIT_GROUPS.flatMap((group) => Object.values(model.fire.units[group] ?? {})).filter((u) => u.storey_id === storeyId);
  expect(units.length, 'units on the storey').toBeGreaterThan(0);
  for (const { text, box } of labels.texts)
    for (const unit of units)
      expect(boxCoversDisc(box, onCanvas(view, unit.coord), SYMBOL_RADIUS * view.scale), `${where}: '${text}' covers ${unit.id}`).toBe(
        false,
      );
  labels.texts.forEach((a, i) =>
    labels.texts.slice(i + 1).forEach((b) => expect(boxesOverlap(a.box, b.box), `${where}: '${a.text}' covers '${b.text}'`).toBe(false)),
  );
  return labels;
}

test('after Design all, the rooms’ names, counts and the addresses are written off the unit symbols, and hidden where they would collide', async ({
  page,
}) => {
  skipWithoutCorpus();
  test.setTimeout(180_000);
  let projectPath = '';
  let model!: ServerModel;
  let storeyId = '';
  let roomNames = new Set<string | undefined>();

  await test.step('Design all, then sync: the designed model as the server holds it', async () => {
    ({ projectPath } = await openFireProject(page, LEO, LABELS_PROJECT));
    await tool(page, 'Design all').click();
    await expect(
      page
        .locator('.toasts')
        .getByRole('status')
        .getByText(/^Designed: /),
    ).toBeVisible({ timeout: 60_000 });
    await analysed(page);
    await page.keyboard.press('Control+s');
    await expect(versionState(page)).toHaveText('Synced', { timeout: 30_000 });
    const answer = await page.request.get(`/api/v1${projectPath}/latest_version`, {
      headers: { [EDRF_SCHEMA_HEADER]: String(EDRF_SCHEMA) },
    });
    expect(answer.ok(), `latest_version: ${answer.status()} ${await answer.text()}`).toBe(true);
    model = ((await answer.json()) as { model: ServerModel }).model;
    storeyId = (await page.locator('.storey-button[aria-current="true"]').getAttribute('data-storey-id'))!;
    roomNames = new Set(model.arch.storeys[storeyId]!.rooms.map((id) => model.arch.rooms[id]?.name).filter(Boolean));
  });

  await test.step('at the storey’s fit: names and counts, none over a symbol or another text', async () => {
    await tool(page, 'Fit').click();
    const labels = await expectTextsOffSymbols(page, model, storeyId, 'fit');
    expect(labels.texts.some((t) => roomNames.has(t.text))).toBe(true);
    expect(labels.texts.some((t) => /^\d+ \/ \d+$/.test(t.text))).toBe(true);
    await shot(page, 'e2e-units-fit');
  });

  await test.step('zoomed in: the addresses as section.address beside their symbols', async () => {
    await wheel(page, -3);
    const labels = await expectTextsOffSymbols(page, model, storeyId, 'zoomed in');
    const view = await viewOf(page);
    const addresses = labels.texts.filter((t) => /^\d+\.\d+(, \d+\.\d+)*$/.test(t.text));
    expect(addresses.length).toBeGreaterThan(0);
    // Beside a symbol: each address's box within a few pixels of some unit's disc.
    const units = UNIT_GROUPS.flatMap((group) => Object.values(model.fire.units[group] ?? {})).filter((u) => u.storey_id === storeyId);
    for (const { text, box } of addresses) {
      const near = units.some((u) => boxCoversDisc(box, onCanvas(view, u.coord), SYMBOL_RADIUS * view.scale + 6));
      expect(near, `'${text}' beside a unit`).toBe(true);
    }
    await shot(page, 'e2e-units-zoomed-in');
  });

  await test.step('zoomed out: what would collide is hidden, nothing overlaps', async () => {
    await tool(page, 'Fit').click();
    await wheel(page, 3);
    await expectTextsOffSymbols(page, model, storeyId, 'zoomed out');
    await shot(page, 'e2e-units-zoomed-out');
  });

  await test.step('the Sections page writes its addresses off the symbols too', async () => {
    await page.getByRole('navigation', { name: 'Fire', exact: true }).getByRole('link', { name: 'Sections', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${projectPath}/fire/sections(\\?.*)?$`));
    await tool(page, 'Fit').click();
    await wheel(page, -2);
    const shown = (await page.locator('.storey-button[aria-current="true"]').getAttribute('data-storey-id'))!;
    const labels = await expectTextsOffSymbols(page, model, shown, 'sections');
    expect(labels.texts.some((t) => /^\d+(, \d+)*$/.test(t.text))).toBe(true);
    await shot(page, 'e2e-sections-zoomed-in');
  });
});
