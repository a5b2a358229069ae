// The architecture editor (issue 6, P§2 Architecture editor, P§4 Selection and Room editing): morgan
// imports a small hand-made model, then picks storeys, toggles layers, selects with click, shift and a
// drag box, measures, draws a room and an invalid one, edits a shape, undoes and redoes, merges
// storeys and runs the clean options. Points on the plan are named in metres and turned into screen
// positions from the view the canvas reports (data-scale, data-x, data-y, data-rotation).
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { signInWithPasscode } from './support/login.js';
import { corpusFile } from './support/corpus.js';
import { pagePoint, plan } from './support/plan.js';
import { MODEL_IFC_PROJECT, MODEL_PROJECT, MORGAN } from './support/seed.js';
import { dialog, expectToast, rowOf } from './support/ui.js';

type P = [number, number];
const rect = (x0: number, y0: number, x1: number, y1: number): P[] => [
  [x0, y0],
  [x1, y0],
  [x1, y1],
  [x0, y1],
];
const wall = (ring: P[], z: number) => ({ exterior: ring.map(([x, y]) => [x, y, z]) });

/**
 * Ground (0): Kitchen 0..6 × 0..4, Living 6..12 × 0..4, Hall 0..12 × 4..6, a wall along y = 0, a beam
 * (a wall starting at 2.5 m) across the kitchen and living room, a low wall (top 1 m) in the hall, a
 * door at x = 6 swinging into the living room, an air inlet in the kitchen, a chair in the living
 * room, a floor slab and a ceiling. First (1): Upstairs 0..12 × 0..6. Attic (2): Attic 2..10 × 1..5.
 */
function houseModel() {
  return {
    edrf_schema: 2,
    fire: null,
    config: {},
    elec: {},
    arch: {
      storeys: {
        g: {
          id: 'g',
          number: 0,
          name: 'Ground',
          height: { min_z: 0, max_z: 3 },
          rooms: ['kitchen', 'living', 'hall'],
          walls: ['south', 'beam', 'low'],
          doors: ['door'],
          other_objects: ['inlet', 'chair'],
          floors: ['slab'],
          ceilings: ['ceiling'],
        },
        f: { id: 'f', number: 1, name: 'First', height: { min_z: 3, max_z: 6 }, rooms: ['upstairs'] },
        a: { id: 'a', number: 2, name: 'Attic', height: { min_z: 6, max_z: 8 }, rooms: ['attic'] },
      },
      rooms: {
        kitchen: { id: 'kitchen', name: 'Kitchen', type: 'Kitchen', shape: { exterior: rect(0, 0, 6, 4) } },
        living: { id: 'living', name: 'Living', shape: { exterior: rect(6, 0, 12, 4) } },
        hall: { id: 'hall', name: 'Hall', shape: { exterior: rect(0, 4, 12, 6) } },
        upstairs: { id: 'upstairs', name: 'Upstairs', shape: { exterior: rect(0, 0, 12, 6) } },
        attic: { id: 'attic', name: 'Attic room', shape: { exterior: rect(2, 1, 10, 5) } },
      },
      walls: {
        south: { id: 'south', shape: { ...wall(rect(0, -0.2, 12, 0), 0), above: [[0, -0.2, 3]] } },
        beam: { id: 'beam', shape: wall(rect(0, 2, 12, 2.2), 2.5) },
        low: { id: 'low', shape: { ...wall(rect(8, 5, 11, 5.1), 0), above: [[8, 5, 1]] } },
      },
      doors: { door: { id: 'door', op_type: 'SwingLeft', left: [6, 1, 0], right: [6, 2, 0] } },
      other_objects: {
        inlet: { id: 'inlet', vent_type: 'AirInlet', shape: { exterior: rect(1, 1, 1.3, 1.3) }, min_z: 2.8, max_z: 3 },
        chair: { id: 'chair', type: 'IfcFurnishingElement', shape: { exterior: rect(9, 2.6, 9.6, 3.2) }, min_z: 0, max_z: 1 },
      },
      slabs: { slab: { id: 'slab', shape: { exterior: rect(-0.5, -0.5, 12.5, 6.5) }, min_z: -0.2, max_z: 0 } },
      ceilings: {
        ceiling: {
          id: 'ceiling',
          shape: { exterior: rect(0, 0, 6, 4) },
          z: 2.7,
          grid_lines: [
            [
              [0, 2],
              [6, 2],
            ],
          ],
        },
      },
    },
  };
}

const properties = (page: Page) => page.getByRole('complementary', { name: 'Properties' });
const storeyButton = (page: Page, label: RegExp) => page.getByRole('list', { name: 'Storeys' }).getByRole('button', { name: label });

async function clickAt(page: Page, point: P, opts: { shift?: boolean } = {}) {
  const { x, y } = await pagePoint(page, point);
  if (opts.shift) await page.keyboard.down('Shift');
  await page.mouse.click(x, y);
  if (opts.shift) await page.keyboard.up('Shift');
  // Two clicks within 300 ms are a double click (the info popup): keep separate clicks apart.
  await page.waitForTimeout(320);
}

async function dragOn(page: Page, from: P, to: P) {
  const a = await pagePoint(page, from);
  const b = await pagePoint(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(b.x, b.y, { steps: 8 });
  await page.mouse.up();
}

async function expectSelectedRoom(page: Page, name: string) {
  await expect(properties(page).getByRole('heading', { name: 'Room', exact: true })).toBeVisible();
  await expect(properties(page).getByLabel('Name', { exact: true })).toHaveValue(name);
}

const statistic = (scope: ReturnType<typeof dialog>, label: string) =>
  scope
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');

test('the architecture editor: storeys, layers, selection, ruler, rooms, undo, merge and clean', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const file = testInfo.outputPath('house.edrf');
  fs.writeFileSync(file, JSON.stringify(houseModel()));
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));

  await test.step('a model imported into the project opens in the editor on the ground floor', async () => {
    await signInWithPasscode(page, MORGAN);
    await page.goto('/projects');
    await rowOf(page, MODEL_PROJECT).getByRole('link', { name: MODEL_PROJECT }).click();
    await expect(page).toHaveURL(/\/project\/[0-9a-f-]{36}$/);
    await page.getByRole('complementary').getByRole('link', { name: 'Model', exact: true }).click();
    await expect(page).toHaveURL(/\/model$/);
    await expect(page.getByText(/^No storeys/)).toBeVisible();

    await page.getByRole('button', { name: 'Versions', exact: true }).click();
    const versions = dialog(page, 'Versions');
    await versions.getByLabel('.edrf file to import').setInputFiles(file);
    await versions.getByRole('button', { name: 'Import .edrf' }).click();
    await expect(versions).toBeHidden();
    await expect(page.getByRole('list', { name: 'Storeys' }).getByRole('button')).toHaveText(['2 Attic', '1 First', '0 Ground']);
    await expect(storeyButton(page, /Ground/)).toHaveAttribute('aria-current', 'true');
  });

  await test.step('at 1280 px the toolbar keeps one line while drawing, so the plan stays put; the plan says how to pan, and Space-drag pans', async () => {
    const toolbar = page.getByRole('toolbar', { name: 'Plan tools' });
    const planTop = (await plan(page).boundingBox())!.y;
    const oneLine = (await toolbar.boundingBox())!.height;
    await page.getByRole('button', { name: 'Draw room' }).click();
    await expect(page.getByRole('button', { name: 'Apply' })).toBeVisible();
    expect((await toolbar.boundingBox())!.height).toBe(oneLine);
    expect((await plan(page).boundingBox())!.y).toBe(planTop);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Apply' })).toBeHidden();
    await expect(page.getByLabel('Plan controls')).toContainText('hold Space and drag');
    const x0 = Number(await plan(page).getAttribute('data-x'));
    const from = await pagePoint(page, [3, 3]);
    await plan(page).focus();
    await page.keyboard.down(' ');
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + 60, from.y, { steps: 6 });
    await page.mouse.up();
    await page.keyboard.up(' ');
    await expect.poll(async () => Number(await plan(page).getAttribute('data-x'))).toBeCloseTo(x0 + 60, 0);
    await expect(properties(page)).toContainText('Select items on the plan');
    await page.keyboard.press('f');
    await expect.poll(async () => Number(await plan(page).getAttribute('data-x'))).toBeCloseTo(x0, 0);
  });

  await test.step('the coordinate readout follows the pointer', async () => {
    const p = await pagePoint(page, [3, 2]);
    await page.mouse.move(p.x, p.y);
    await expect(page.getByLabel('Coordinates')).toHaveText(
      /^x 3\.0\d\s+y [12]\.9\d|^x 3\.0\d\s+y 2\.0\d|^x 2\.9\d\s+y [12]\.9\d|^x 2\.9\d\s+y 2\.0\d/,
    );
  });

  await test.step('click selects one room; shift adds another and toggles it off again', async () => {
    await clickAt(page, [3, 3]);
    await expectSelectedRoom(page, 'Kitchen');
    await clickAt(page, [8, 1], { shift: true });
    await expect(properties(page).getByRole('heading', { name: '2 items selected' })).toBeVisible();
    await clickAt(page, [3, 3], { shift: true });
    await expectSelectedRoom(page, 'Living');
    await clickAt(page, [6, 8]);
    await expect(properties(page)).toContainText('Select items on the plan');
  });

  await test.step('a drag box past 5 px selects what lies inside it', async () => {
    await dragOn(page, [-0.3, -0.1], [6.2, 4.2]);
    await expect(properties(page).getByRole('heading', { name: '2 items selected' })).toBeVisible();
    await expect(properties(page)).toContainText('1 × Room');
    await expect(properties(page)).toContainText('1 × Object');
    // Moving less than 5 px is a click, on the hall here.
    const p = await pagePoint(page, [3, 5]);
    await page.mouse.move(p.x, p.y);
    await page.mouse.down();
    await page.mouse.move(p.x + 3, p.y + 2);
    await page.mouse.up();
    await expectSelectedRoom(page, 'Hall');
    await page.waitForTimeout(320);
  });

  await test.step('layers: beams show and select, other objects hide, inlets and slabs toggle', async () => {
    const layers = page.getByRole('group', { name: 'Layers' });
    await clickAt(page, [4, 2.1]);
    await expectSelectedRoom(page, 'Kitchen');
    await layers.getByLabel('Beams').check();
    await clickAt(page, [4, 2.1]);
    await expect(properties(page).getByRole('heading', { name: 'Wall', exact: true })).toBeVisible();
    await properties(page).getByLabel('Fire rating').fill('EI 60');
    await expect(properties(page).getByLabel('Fire rating')).toHaveValue('EI 60');

    await clickAt(page, [9.3, 2.9]);
    await expect(properties(page).getByRole('heading', { name: 'Object', exact: true })).toBeVisible();
    await expect(properties(page)).toContainText('IfcFurnishingElement');
    await layers.getByLabel('Other objects').uncheck();
    await clickAt(page, [9.3, 2.9]);
    await expectSelectedRoom(page, 'Living');

    await clickAt(page, [1.15, 1.15]);
    await expect(properties(page).getByRole('heading', { name: 'Object', exact: true })).toBeVisible();
    await expect(properties(page)).toContainText('AirInlet');
    await layers.getByLabel('Inlets').uncheck();
    await clickAt(page, [1.15, 1.15]);
    await expectSelectedRoom(page, 'Kitchen');

    await layers.getByLabel('Ceilings').check();
    await clickAt(page, [3, 3.98]);
    await expect(properties(page).getByRole('heading', { name: 'Ceiling', exact: true })).toBeVisible();
    await layers.getByLabel('Ceilings').uncheck();
    await clickAt(page, [3, 3.98]);
    await expectSelectedRoom(page, 'Kitchen');

    await layers.getByLabel('Floor slabs').check();
    await clickAt(page, [12.3, 6.3]);
    await expect(properties(page).getByRole('heading', { name: 'Floor slab', exact: true })).toBeVisible();
    await layers.getByLabel('Floor slabs').uncheck();
    await layers.getByLabel('Beams').uncheck();
  });

  await test.step('a double click opens the info popup of the item', async () => {
    const p = await pagePoint(page, [8, 1]);
    await page.mouse.dblclick(p.x, p.y);
    const info = page.getByRole('dialog', { name: 'Item info' });
    await expect(info).toContainText('Living');
    await expect(info).toContainText('24.00 m2');
    await page.keyboard.press('Escape');
    await expect(info).toBeHidden();
    await page.waitForTimeout(320);
  });

  await test.step('the ruler (m) measures between two clicks; Escape ends it', async () => {
    await page.keyboard.press('m');
    await expect(page.getByRole('button', { name: 'Ruler' })).toHaveAttribute('aria-pressed', 'true');
    await clickAt(page, [0, 0]);
    await clickAt(page, [6, 0]);
    await expect(page.getByLabel('Ruler length')).toHaveText(/^(5\.9\d|6\.0\d) m$/);
    await page.keyboard.press('Escape');
    await expect(page.getByLabel('Ruler length')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Ruler' })).toHaveAttribute('aria-pressed', 'false');
  });

  await test.step('storey switch: the first floor shows its own room and properties', async () => {
    await storeyButton(page, /First/).click();
    await expect(properties(page).getByLabel('Storey name')).toHaveValue('First');
    await clickAt(page, [6, 3]);
    await expectSelectedRoom(page, 'Upstairs');
    await storeyButton(page, /Ground/).click();
    await expect(properties(page).getByLabel('Storey name')).toHaveValue('Ground');
  });

  await test.step('an invalid room is refused with the message; a valid one becomes New Room of type Other', async () => {
    await page.getByRole('button', { name: 'Draw room' }).click();
    await clickAt(page, [1, 4.5]);
    await clickAt(page, [4, 5.5]);
    await page.keyboard.press('Enter');
    await expectToast(page, 'Invalid room shape', 'error');
    // A crossing outline (a bow tie) is not a valid polygon either.
    await clickAt(page, [4, 4.5]);
    await clickAt(page, [1, 5.5]);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expectToast(page, 'Invalid room shape', 'error');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Apply' })).toBeHidden();

    await page.getByRole('button', { name: 'Draw room' }).click();
    for (const point of rect(1, 4.5, 4, 5.5)) await clickAt(page, point);
    // A click on the first corner closes the outline, as Enter does.
    await clickAt(page, [1, 4.5]);
    await expect(page.getByRole('button', { name: 'Apply' })).toBeHidden();
    await expectSelectedRoom(page, 'New Room');
    await expect(properties(page).getByLabel('Room type')).toHaveValue('Other');
    await expect(properties(page)).toContainText('3.00 m2');
    // Drawn inside the hall: kept, with a word (Clean's overlap option would cut it).
    await expectToast(page, 'The new room overlaps Hall', 'warning');
  });

  await test.step('e edits the selected room’s shape; Enter applies; undo and redo restore it', async () => {
    // Edits within 1500 ms join one undo step (P§9): let the new room's step close first.
    await page.waitForTimeout(1600);
    await clickAt(page, [3, 1]);
    await expectSelectedRoom(page, 'Kitchen');
    await expect(properties(page)).toContainText('24.00 m2');
    await page.keyboard.press('e');
    await expect(page.getByRole('button', { name: 'Apply' })).toBeVisible();
    await dragOn(page, [6, 4], [6, 5]);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Apply' })).toBeHidden();
    await expect(properties(page)).toContainText('27.00 m2');

    await page.keyboard.press('Control+z');
    await expect(properties(page)).toContainText('24.00 m2');
    await page.keyboard.press('Control+y');
    await expect(properties(page)).toContainText('27.00 m2');

    // Escape aborts an edit without a change.
    await page.keyboard.press('e');
    await dragOn(page, [0, 0], [-2, -2]);
    await page.keyboard.press('Escape');
    await expect(properties(page)).toContainText('27.00 m2');
  });

  await test.step('Delete removes the selection; undo brings it back', async () => {
    await page.waitForTimeout(1600);
    await clickAt(page, [2, 5]);
    await expectSelectedRoom(page, 'New Room');
    await page.keyboard.press('Delete');
    await expect(properties(page)).toContainText('Select items on the plan');
    await clickAt(page, [2, 5]);
    await expectSelectedRoom(page, 'Hall');
    await page.keyboard.press('Control+z');
    await clickAt(page, [2, 5]);
    await expectSelectedRoom(page, 'New Room');
  });

  await test.step('statistics count storeys, rooms, walls, doors and the total area', async () => {
    await page.getByRole('button', { name: 'Statistics' }).click();
    const stats = dialog(page, 'Model statistics');
    await expect(statistic(stats, 'Storeys')).toHaveText('3');
    await expect(statistic(stats, 'Rooms')).toHaveText('6');
    await expect(statistic(stats, 'Walls')).toHaveText('3');
    await expect(statistic(stats, 'Doors')).toHaveText('1');
    // 27 + 24 + 24 + 3 + 72 + 32
    await expect(statistic(stats, 'Total area')).toHaveText('182.00 m2');
    await stats.getByRole('button', { name: 'Close' }).click();
  });

  await test.step('merge storeys needs another storey chosen, then moves its items into the kept one', async () => {
    await page.getByRole('button', { name: 'Merge storeys' }).click();
    const merge = dialog(page, 'Merge storeys');
    await merge.getByLabel('Keep storey').selectOption({ label: '1 First' });
    await expect(merge.getByRole('button', { name: 'Merge', exact: true })).toBeDisabled();
    await merge.getByRole('checkbox', { name: '2 Attic' }).check();
    await merge.getByRole('button', { name: 'Merge', exact: true }).click();
    await expect(merge).toBeHidden();
    await expect(page.getByRole('list', { name: 'Storeys' }).getByRole('button')).toHaveText(['1 First', '0 Ground']);
    await expect(storeyButton(page, /First/)).toHaveAttribute('aria-current', 'true');
    await clickAt(page, [6, 3]);
    await expectSelectedRoom(page, 'Attic room');
    await page.keyboard.press('Control+z');
    await expect(page.getByRole('list', { name: 'Storeys' }).getByRole('button')).toHaveText(['2 Attic', '1 First', '0 Ground']);
    await page.keyboard.press('Control+y');
    await expect(page.getByRole('list', { name: 'Storeys' }).getByRole('button')).toHaveText(['1 First', '0 Ground']);
  });

  await test.step('clean with options: the low wall goes, as one undoable edit', async () => {
    await storeyButton(page, /Ground/).click();
    await page.getByRole('button', { name: 'Clean', exact: true }).click();
    const clean = dialog(page, 'Clean model');
    await expect(clean.getByLabel('Remove low walls')).toBeChecked();
    await expect(clean.getByLabel(/room type identification/i)).not.toBeChecked();
    for (const option of ['Clean room overlap', 'Synthesize rooms', 'Remove roomless storeys', 'Merge adjacent rooms'])
      await clean.getByLabel(option).uncheck();
    await clean.getByRole('button', { name: 'Preview' }).click();
    await clean.getByRole('button', { name: 'Apply' }).click({ timeout: 30_000 });
    await expect(clean).toBeHidden();
    await page.getByRole('button', { name: 'Statistics' }).click();
    const stats = dialog(page, 'Model statistics');
    await expect(statistic(stats, 'Walls')).toHaveText('2');
    await expect(statistic(stats, 'Rooms')).toHaveText('6');
    await stats.getByRole('button', { name: 'Close' }).click();
    await page.keyboard.press('Control+z');
    await page.getByRole('button', { name: 'Statistics' }).click();
    await expect(statistic(stats, 'Walls')).toHaveText('3');
    await stats.getByRole('button', { name: 'Close' }).click();
  });

  await test.step('leaving the editor throws nothing in the page', async () => {
    await page.getByRole('complementary').getByRole('link', { name: 'Property details' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await page.waitForTimeout(300);
    expect(pageErrors).toEqual([]);
  });
});

const FZK_HAUS = corpusFile('AC20-FZK-Haus.ifc');
const FZK_REFERENCE = corpusFile('reference/AC20-FZK-Haus.json');

interface Reference {
  storeys: { globalId: string; name: string; elevation_m: number }[];
  counts: { storeys: number; spaces_with_geometry: number };
  spaces: { storeyGlobalId: string; footprint_area_m2: number | null }[];
}

test('a real IFC model opens on the plan: its storeys, its rooms, and a box over the whole storey', async ({ page }) => {
  test.skip(!fs.existsSync(FZK_HAUS), `the IFC corpus is absent (${FZK_HAUS}); set IFC_CORPUS to the folder holding AC20-FZK-Haus.ifc`);
  test.setTimeout(120_000);
  const reference = JSON.parse(fs.readFileSync(FZK_REFERENCE, 'utf8')) as Reference;

  await test.step('the IFC file is added to the project', async () => {
    await signInWithPasscode(page, MORGAN);
    await page.goto('/projects');
    await rowOf(page, MODEL_IFC_PROJECT).getByRole('link', { name: MODEL_IFC_PROJECT }).click();
    await expect(page).toHaveURL(/\/project\/[0-9a-f-]{36}$/);
    await page.getByRole('button', { name: 'Add IFCs' }).click();
    const add = dialog(page, 'Add IFCs');
    await add.getByLabel('IFC files').setInputFiles(FZK_HAUS);
    await add.getByRole('button', { name: 'Upload' }).click();
    await expect(rowOf(add, 'AC20-FZK-Haus.ifc')).toContainText('Done', { timeout: 90_000 });
    await add.getByRole('button', { name: 'Close', exact: true }).first().click();
  });

  await test.step('the editor lists the storeys of the file, top-down, and counts its rooms', async () => {
    await page.getByRole('complementary').getByRole('link', { name: 'Model', exact: true }).click();
    const names = [...reference.storeys].sort((a, b) => b.elevation_m - a.elevation_m).map((storey) => storey.name);
    await expect(page.getByRole('list', { name: 'Storeys' }).getByRole('button')).toHaveText(names.map((name) => new RegExp(`${name}$`)));
    await page.getByRole('button', { name: 'Statistics' }).click();
    const stats = dialog(page, 'Model statistics');
    await expect(statistic(stats, 'Storeys')).toHaveText(String(reference.counts.storeys));
    await expect(statistic(stats, 'Rooms')).toHaveText(String(reference.counts.spaces_with_geometry));
    await stats.getByRole('button', { name: 'Close' }).click();
  });

  await test.step('a box over the whole ground floor selects every room on it', async () => {
    const ground = [...reference.storeys].sort((a, b) => a.elevation_m - b.elevation_m)[0]!;
    await storeyButton(page, new RegExp(`${ground.name}$`)).click();
    const rooms = reference.spaces.filter((space) => space.storeyGlobalId === ground.globalId && space.footprint_area_m2 !== null).length;
    const box = (await plan(page).boundingBox())!;
    await page.mouse.move(box.x + 2, box.y + 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width - 2, box.y + box.height - 2, { steps: 8 });
    await page.mouse.up();
    await expect(properties(page).getByRole('heading', { name: /items selected$/ })).toBeVisible();
    await expect(properties(page).getByText(`${rooms} × Room`, { exact: true })).toBeVisible();
  });
});
