// 'Design all' on the fire units page (issue 26; F§2, F§4, F§7): ada, admin of her organization and project, adds
// AC20-FZK-Haus.ifc and the SBF fire module. Without a rack, Design all places detectors, makes sections and addresses
// and says that the cabling was left out; one Undo takes it all away. With a rack (with its central and plinth) in
// the bedroom and a detector of hers in the outer wall, Design all shows one progress bar while it runs, then reports
// detectors, sections, loops, addresses and the warnings left; the Sections page shows the sections and their
// addressed units, the Routes page the loops; one Undo returns the model to before Design all, Redo brings it back.
// The toasts' texts are designAllMessage's (apps/web/src/pages/project/fire/units/design/design-all.ts). Points on
// the plan are named in metres (e2e/support/plan.ts).
import { expect, test, type Locator, type Page } from '@playwright/test';
import { openFireProject, skipWithoutCorpus } from './support/fire.js';
import { clickAt, plan, properties, tool, type PlanPoint } from './support/plan.js';
import { ADA, DESIGN_ALL_PROJECT } from './support/seed.js';
import { detail } from './support/ui.js';

type P = PlanPoint;

// Erdgeschoss of FZK-Haus (the reference file's room outlines, metres): Schlafzimmer x 7.65–11.7 y 4.25–9.7.
const SCHLAFZIMMER: P = [10, 7];
/** In the west outer wall (0–0.3 m), outside every room: a detector there is warned about. */
const OUTSIDE: P = [0.12, 5];
/** Wohnen (x 4.7–11.7, y 0.3–4.0): a strobe light there is a loop unit that draws its alarm current (issue 33). */
const WOHNEN: P = [8, 2];
const NOT_IN_ROOM = 'Detector is not inside any room';

/** What designAllMessage says without a rack, after the figures (issue 34: what could not be done, and why). */
const NO_RACK =
  ' No loops were made: the model has no fire rack. Place a rack (Rack ▾), then Optimize on the Routes page or Design all again.';

const designAll = (page: Page) => tool(page, 'Design all');
const progressBars = (page: Page) => page.getByRole('progressbar');
const fireTabs = (page: Page) => page.getByRole('navigation', { name: 'Fire', exact: true });
const fireTab = (page: Page, name: string) => fireTabs(page).getByRole('link', { name, exact: true });
const countLine = (page: Page) => page.getByText(/units? on this storey, \d+ in the model\.$/);
const warningsPanel = (page: Page) => page.getByRole('region', { name: 'Warnings', exact: true });
/** The analysis' warnings about rooms without enough detectors ("Room 'Bad' is not fully covered by detectors"). */
const notCovered = (page: Page) => warningsPanel(page).getByText(/^Room '.+' is not fully covered by detectors$/);
const sectionList = (page: Page) => page.getByRole('list', { name: 'Sections', exact: true });
const routeList = (page: Page) => page.getByRole('list', { name: 'Routes', exact: true });
/** The message of the Design all toast. */
const designedToast = (page: Page) =>
  page
    .locator('.toasts')
    .getByRole('status')
    .getByText(/^Designed: /);
const undoButton = (page: Page) => page.getByRole('button', { name: 'Undo', exact: true });
const redoButton = (page: Page) => page.getByRole('button', { name: 'Redo', exact: true });

/** The figures of a Design all toast, read back from its text. */
interface Designed {
  text: string;
  detectors: number;
  sections: number;
  loops: number;
  addresses: number;
  warnings: number;
}

const DESIGNED =
  /^Designed: (\d+) detectors?, (\d+) sections?, (?:(\d+) loops?, )?(\d+) address(?:es)?(?:; (\d+) warnings? to look at)?\.(?: No loops were made: .*)?$/;

/** designAllMessage's text for these figures ('1 detector', '2 addresses', the warnings only when there are some). */
function designedText({ detectors, sections, loops, addresses, warnings }: Omit<Designed, 'text'>, skipped = ''): string {
  const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
  const parts = [
    plural(detectors, 'detector'),
    plural(sections, 'section'),
    // Without a rack no loop is made, and none is counted.
    ...(skipped ? [] : [plural(loops, 'loop')]),
    plural(addresses, 'address', 'addresses'),
  ];
  return `Designed: ${parts.join(', ')}${warnings > 0 ? `; ${plural(warnings, 'warning')} to look at` : ''}.${skipped}`;
}

/** Waits for the Design all toast and reads its figures (info toasts leave after 3 s: read at once). */
async function readDesigned(page: Page): Promise<Designed> {
  const shown = designedToast(page);
  await expect(shown).toBeVisible({ timeout: 60_000 });
  const text = (await shown.textContent())!.trim();
  const match = DESIGNED.exec(text);
  expect(match, `the Design all toast: ${text}`).not.toBeNull();
  const [detectors, sections, loops, addresses, warnings] = match!.slice(1).map((n) => Number(n ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
  ];
  return { text, detectors, sections, loops, addresses, warnings };
}

/** The count line as numbers: [on this storey, in the model]. */
async function counts(page: Page): Promise<[number, number]> {
  const text = (await countLine(page).textContent())!;
  const [, storey, model] = /^(\d+) units? on this storey, (\d+) in the model\.$/.exec(text)!;
  return [Number(storey), Number(model)];
}

/** On the Sections page: each listed section picked in turn, its addressed units as its panel counts them, summed. */
async function addressedUnits(page: Page, sections: Locator): Promise<number> {
  let sum = 0;
  for (let i = 0; i < (await sections.count()); i += 1) {
    await sections.nth(i).click();
    const line = properties(page).getByText(/^\d+ addressed units?$/);
    await expect(line).toBeVisible();
    sum += Number(/^\d+/.exec((await line.textContent())!)![0]);
  }
  return sum;
}

test('Design all: without a rack no cabling; with one, one progress bar, loops, addresses, warnings, one undo and redo', async ({
  page,
}) => {
  skipWithoutCorpus();
  test.setTimeout(120_000);
  let projectPath = '';

  await test.step('the fire module is added: no units, Sections and Routes wait for them', async () => {
    ({ projectPath } = await openFireProject(page, ADA, DESIGN_ALL_PROJECT));
    await expect(plan(page)).toBeVisible();
    await expect(countLine(page)).toHaveText('0 units on this storey, 0 in the model.');
    await expect(designAll(page)).toBeEnabled();
    await expect(fireTabs(page).getByText('Sections', { exact: true })).toHaveAttribute('title', 'Requires fire units');
    await expect(fireTabs(page).getByText('Routes', { exact: true })).toHaveAttribute('title', 'Requires fire units and a rack');
  });

  await test.step('without a rack Design all places detectors, makes sections and addresses, and leaves the cabling out', async () => {
    await designAll(page).click();
    const designed = await readDesigned(page);
    expect(designed.detectors).toBeGreaterThan(0);
    expect(designed.sections).toBeGreaterThan(0);
    expect(designed.loops).toBe(0);
    expect(designed.addresses).toBeGreaterThan(0);
    expect(designed.text).toBe(designedText(designed, NO_RACK));
    const [, inModel] = await counts(page);
    expect(inModel).toBeGreaterThanOrEqual(designed.detectors);
    // Units but no rack: Sections opens, Routes still waits.
    await expect(fireTabs(page).getByText('Routes', { exact: true })).toHaveAttribute('title', 'Requires fire units and a rack');
    await fireTab(page, 'Sections').click();
    await expect(page).toHaveURL(new RegExp(`${projectPath}/fire/sections(\\?.*)?$`));
    const listed = sectionList(page).getByRole('button');
    await expect(listed).toHaveCount(designed.sections);
    expect(await addressedUnits(page, listed)).toBe(designed.addresses);
  });

  await test.step('one Undo takes the whole design away', async () => {
    await undoButton(page).click();
    await expect(page).toHaveURL(new RegExp(`${projectPath}/fire/units(\\?.*)?$`));
    await expect(countLine(page)).toHaveText('0 units on this storey, 0 in the model.');
    await expect(fireTabs(page).getByText('Sections', { exact: true })).toHaveAttribute('title', 'Requires fire units');
  });

  let before = '';
  let after = '';
  let designed!: Designed;

  await test.step('a rack with its central in the bedroom, a strobe light in the living room and a detector in the outer wall', async () => {
    await tool(page, 'Rack ▾').click();
    await page
      .getByRole('menu', { name: 'Rack' })
      .getByRole('menuitemradio', { name: 'Rack with central and plinth', exact: true })
      .click();
    await clickAt(page, SCHLAFZIMMER);
    await expect(detail(properties(page).getByRole('region', { name: 'Rack' }), 'Room')).toHaveText(/^\+D1 /);
    await page.keyboard.press('Escape');
    await tool(page, 'More ▾').click();
    await page.getByRole('menu', { name: 'More' }).getByRole('menuitemradio', { name: 'Strobe light', exact: true }).click();
    await clickAt(page, WOHNEN);
    await page.keyboard.press('Escape');
    await tool(page, 'Detector').click();
    await clickAt(page, OUTSIDE);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(warningsPanel(page).getByRole('button', { name: NOT_IN_ROOM, exact: true })).toHaveCount(1);
    await expect(notCovered(page).first()).toBeVisible();
    before = (await countLine(page).textContent())!;
    expect(before).toMatch(/^[1-9]\d* units? on this storey/);
  });

  await test.step('Design all shows one progress bar while it runs, then the detectors, sections, loops, addresses and warnings', async () => {
    // A run can be over in a fraction of a second: its sections call (the second of its five steps) is held until
    // the bar has been seen, as a slow server would.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      '**/api/v1/calc_fire_sections',
      async (route) => {
        await held;
        await route.continue();
      },
      { times: 1 },
    );
    // The first run's toast must be gone, or it would be read as this run's: dismissed, as a user would.
    for (const close of await page
      .locator('.toasts')
      .getByRole('status')
      .filter({ hasText: /^Designed: / })
      .getByRole('button', { name: 'Dismiss' })
      .all())
      await close.click();
    await expect(designedToast(page)).toHaveCount(0);
    await designAll(page).click();
    const bar = page.getByRole('progressbar', { name: 'Designing all' });
    await expect(bar).toBeVisible();
    await expect(progressBars(page)).toHaveCount(1);
    await expect(designAll(page)).toBeDisabled();
    // One engine run at a time in a project: Run waits for Design all.
    await expect(page.getByRole('group', { name: 'Automatic design' }).getByRole('button', { name: 'Run', exact: true })).toBeDisabled();
    await page.screenshot({ path: '.tmp/fire-design-all-running.png' });
    release();

    designed = await readDesigned(page);
    await expect(bar).toBeHidden();
    await expect(designAll(page)).toBeEnabled();
    expect(designed.detectors).toBeGreaterThan(1);
    expect(designed.sections).toBeGreaterThan(0);
    expect(designed.loops).toBeGreaterThanOrEqual(1);
    expect(designed.addresses).toBeGreaterThan(0);
    // Her detector outside every room is among the warnings left.
    expect(designed.warnings).toBeGreaterThanOrEqual(1);
    expect(designed.text).toBe(designedText(designed));
    after = (await countLine(page).textContent())!;
    expect(after).not.toBe(before);
    // The warnings panel follows once the analysis of the designed model is in: the rooms are covered, her detector is left.
    await expect(notCovered(page)).toHaveCount(0);
    await expect(warningsPanel(page).getByRole('button', { name: NOT_IN_ROOM, exact: true })).toHaveCount(1);
    await page.screenshot({ path: '.tmp/fire-design-all-units.png' });
  });

  await test.step('the Sections page shows the sections and their addresses; the Routes page the loops', async () => {
    await fireTab(page, 'Sections').click();
    await expect(page).toHaveURL(new RegExp(`${projectPath}/fire/sections(\\?.*)?$`));
    const sections = sectionList(page).getByRole('button');
    await expect(sections).toHaveCount(designed.sections);
    expect(await addressedUnits(page, sections)).toBe(designed.addresses);
    await page.keyboard.press('Escape');
    await page.screenshot({ path: '.tmp/fire-design-all-sections.png' });

    await fireTab(page, 'Routes').click();
    await expect(page).toHaveURL(new RegExp(`${projectPath}/fire/routes(\\?.*)?$`));
    const loops = Array.from({ length: designed.loops }, (_, i) => `loop-${i + 1}`);
    await expect(routeList(page).locator('.section-name')).toHaveText(loops);
    // The cabling's warnings of Design all are listed here, as Optimize's are.
    await expect(page.getByText('Optimize lists the cabling’s warnings here.')).toHaveCount(0);
    await page.screenshot({ path: '.tmp/fire-design-all-routes.png' });

    // The loop's panel (issue 33): the strobe light is on the loop at its alarm current, and the alarm load is the sum
    // of the currents the panel lists for its units; the central's battery and the loop's wall crossings are shown.
    await routeList(page)
      .getByRole('button', { name: /loop-1/ })
      .click();
    const loop = page.getByRole('complementary', { name: 'Properties' }).getByRole('region', { name: 'Loop' });
    const units = loop.getByRole('list', { name: 'Units of the loop' }).getByRole('listitem');
    // Each unit as section.address in cable order (issue 34), then its id and current.
    await expect(units.filter({ hasText: /strobe-\d+/ })).toHaveText([/^\d+\.\d+strobe-\d+ · 15\.0 mA$/]);
    const listed = (await units.allTextContents()).map((text) => Number(/· ([\d.]+) mA$/.exec(text)![1]));
    const load = Number(/^([\d.]+) mA/.exec((await detail(loop, 'Alarm load').textContent())!)![1]);
    // Each listed current is rounded to 0.1 mA.
    expect(Math.abs(load - listed.reduce((sum, mA) => sum + mA, 0))).toBeLessThanOrEqual(0.05 * (listed.length + 1));
    await expect(detail(loop, 'Battery')).toHaveText(
      /^\S+ needs \d+\.\d\d Ah \(24 h standby \+ 30 min alarm × 1\.25\), (has \d+\.\d\d Ah|none set)$/,
    );
    await expect(detail(loop, 'Wall crossings')).toHaveText(/^\d+$/);
    // Each crossing is listed by the rooms either side of the wall ('Flur → Küche').
    const crossings = loop.getByRole('list', { name: 'Wall crossings of the loop' }).getByRole('listitem');
    await expect(crossings).toHaveCount(Number(await detail(loop, 'Wall crossings').textContent()));
    for (const text of await crossings.allTextContents()) expect(text).toMatch(/^\S.* → \S.*(Erdgeschoss|Dachgeschoss) · /);
    await page.screenshot({ path: '.tmp/fire-design-all-loop.png' });
  });

  await test.step('one Undo returns to the units page as before Design all: no loops; Redo brings the design back', async () => {
    await undoButton(page).click();
    await expect(page).toHaveURL(new RegExp(`${projectPath}/fire/units(\\?.*)?$`));
    await expect(countLine(page)).toHaveText(before);
    await expect(warningsPanel(page).getByRole('button', { name: NOT_IN_ROOM, exact: true })).toHaveCount(1);
    await expect(notCovered(page).first()).toBeVisible();
    await fireTab(page, 'Routes').click();
    await expect(page.getByText('No routes yet: Optimize, or draw one.')).toBeVisible();
    await expect(routeList(page)).toHaveCount(0);
    await fireTab(page, 'Sections').click();
    await expect(page.getByText('No sections yet.')).toBeVisible();
    await expect(sectionList(page)).toHaveCount(0);

    await redoButton(page).click();
    await expect(page).toHaveURL(new RegExp(`${projectPath}/fire/units(\\?.*)?$`));
    await expect(countLine(page)).toHaveText(after);
    await fireTab(page, 'Routes').click();
    await expect(routeList(page).locator('.section-name')).toHaveText(Array.from({ length: designed.loops }, (_, i) => `loop-${i + 1}`));
    await fireTab(page, 'Sections').click();
    await expect(sectionList(page).getByRole('button')).toHaveCount(designed.sections);
  });
});
