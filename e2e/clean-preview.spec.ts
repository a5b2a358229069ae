// Clean shows what it will do before it does it (issue 20, item 1; docs/clean-arch.md): cleo imports a
// small restaurant, opens Clean, previews it (two open dining rooms merged with both names, the kitchen
// beside them kept apart, a walled back room synthesized, the parapet and the roof storey removed, the
// room area before and after), sees that nothing changed yet, applies it, and takes it back with one undo.
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { signInWithPasscode } from './support/login.js';
import { pagePoint } from './support/plan.js';
import { CLEAN_PROJECT, CLEO } from './support/seed.js';
import { dialog, rowOf } from './support/ui.js';

type P = [number, number];
const rect = (x0: number, y0: number, x1: number, y1: number): P[] => [
  [x0, y0],
  [x1, y0],
  [x1, y1],
  [x0, y1],
];
const wall = (id: string, ring: P[], bottom: number, top: number) => ({
  id,
  shape: { exterior: ring.map(([x, y]) => [x, y, bottom]), above: ring.map(([x, y]) => [x, y, top]) },
});

/**
 * Ground (0–3 m) on a floor slab under a roof slab, walls around 0..18 × 0..9: Dining Room A 0..8 × 0..6 and Banquet
 * Hall A 8..14 × 0..6 open to each other, the Kitchen 14..18 × 0..6 open to the hall, a wall along y = 6 and an empty
 * back room behind it. Roof (3–6 m): a 1 m parapet on the roof slab, no room.
 */
function restaurant() {
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
          rooms: ['dining', 'banquet', 'kitchen'],
          walls: ['south', 'north', 'west', 'east', 'back'],
          floors: ['floor'],
        },
        r: { id: 'r', number: 1, name: 'Roof', height: { min_z: 3, max_z: 6 }, walls: ['parapet'], floors: ['roof'] },
      },
      rooms: {
        dining: { id: 'dining', global_id: 'GID-DINING', name: 'Dining Room A', shape: { exterior: rect(0, 0, 8, 6) } },
        banquet: { id: 'banquet', global_id: 'GID-BANQUET', name: 'Banquet Hall A', shape: { exterior: rect(8, 0, 14, 6) } },
        kitchen: { id: 'kitchen', name: 'Kitchen', type: 'Kitchen', shape: { exterior: rect(14, 0, 18, 6) } },
      },
      walls: {
        south: wall('south', rect(-0.2, -0.2, 18.2, 0), 0, 3),
        north: wall('north', rect(-0.2, 9, 18.2, 9.2), 0, 3),
        west: wall('west', rect(-0.2, 0, 0, 9), 0, 3),
        east: wall('east', rect(18, 0, 18.2, 9), 0, 3),
        back: wall('back', rect(0, 6, 18, 6.2), 0, 3),
        parapet: wall('parapet', rect(-0.2, -0.2, 18.2, 0), 3, 4),
      },
      slabs: {
        floor: { id: 'floor', shape: { exterior: rect(-0.2, -0.2, 18.2, 9.2) }, min_z: -0.3, max_z: 0 },
        roof: { id: 'roof', shape: { exterior: rect(-0.2, -0.2, 18.2, 9.2) }, min_z: 2.7, max_z: 3 },
      },
    },
  };
}

const storeys = (page: Page) => page.getByRole('list', { name: 'Storeys' }).getByRole('button');
const properties = (page: Page) => page.getByRole('complementary', { name: 'Properties' });

/** Clicks the plan at a point and expects the room selected there to carry this name. */
async function expectRoomAt(page: Page, point: P, name: string): Promise<void> {
  const { x, y } = await pagePoint(page, point);
  await page.mouse.click(x, y);
  // Two clicks within 300 ms are a double click (the info popup): keep separate clicks apart.
  await page.waitForTimeout(320);
  await expect(properties(page).getByRole('heading', { name: 'Room', exact: true })).toBeVisible();
  await expect(properties(page).getByLabel('Name', { exact: true })).toHaveValue(name);
}

test('Clean previews what it will do, applies only on Apply, and one undo takes it back', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const file = testInfo.outputPath('restaurant.edrf');
  fs.writeFileSync(file, JSON.stringify(restaurant()));
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));

  await test.step('the restaurant imported into the project opens on the ground floor', async () => {
    await signInWithPasscode(page, CLEO);
    await page.goto('/projects');
    await rowOf(page, CLEAN_PROJECT).getByRole('link', { name: CLEAN_PROJECT }).click();
    await page.getByRole('complementary').getByRole('link', { name: 'Model', exact: true }).click();
    await expect(page).toHaveURL(/\/model$/);
    await page.getByRole('button', { name: 'Versions', exact: true }).click();
    const versions = dialog(page, 'Versions');
    await versions.getByLabel('.edrf file to import').setInputFiles(file);
    await versions.getByRole('button', { name: 'Import .edrf' }).click();
    await expect(versions).toBeHidden();
    await expect(storeys(page)).toHaveText(['1 Roof', '0 Ground']);
    await storeys(page).filter({ hasText: 'Ground' }).click();
    await expectRoomAt(page, [4, 3], 'Dining Room A');
  });

  const clean = dialog(page, 'Clean model');
  await test.step('Preview shows the merges with their names, what is synthesized and removed, and the areas', async () => {
    await page.getByRole('button', { name: 'Clean', exact: true }).click();
    await expect(clean.getByLabel('Merge adjacent rooms')).toBeChecked();
    await clean.getByRole('button', { name: 'Preview' }).click();
    // The server's compute pool may start its worker for this first task: on a busy machine that passes 5 s.
    await expect(clean.getByRole('region', { name: 'Rooms merged (1)' }).getByRole('listitem')).toHaveText(
      ['Dining Room A + Banquet Hall A (Other, 84.0\u00a0m², Ground) from Dining Room A (48.0\u00a0m²), Banquet Hall A (36.0\u00a0m²)'],
      { timeout: 30_000 },
    );
    await expect(clean.getByRole('region', { name: 'Rooms synthesized (1, 50.4\u00a0m²)' }).getByRole('listitem')).toHaveText([
      'Ground: 1 room of 50.4\u00a0m²',
    ]);
    await expect(clean.getByRole('region', { name: 'Walls removed (1)' }).getByRole('listitem')).toHaveText(['Roof: 1 wall']);
    await expect(clean.getByRole('region', { name: 'Storeys removed (1)' }).getByRole('listitem')).toHaveText(['Roof']);
    await expect(clean.getByLabel('Room totals')).toHaveText('Room area108.0\u00a0m² → 158.4\u00a0m²Rooms3 → 3');
    await expect(clean).not.toContainText('Kitchen');
    // Nothing is applied yet.
    await expect(storeys(page)).toHaveText(['1 Roof', '0 Ground']);
  });

  await test.step('Apply cleans the model as the preview said', async () => {
    await clean.getByRole('button', { name: 'Apply' }).click();
    await expect(clean).toBeHidden();
    await expect(storeys(page)).toHaveText(['0 Ground']);
    await expectRoomAt(page, [4, 3], 'Dining Room A + Banquet Hall A');
    await expectRoomAt(page, [16, 3], 'Kitchen');
    await expectRoomAt(page, [9, 8], 'New Room');
  });

  await test.step('one undo takes the whole Clean back', async () => {
    await page.keyboard.press('Control+z');
    await expect(storeys(page)).toHaveText(['1 Roof', '0 Ground']);
    await storeys(page).filter({ hasText: 'Ground' }).click();
    await expectRoomAt(page, [4, 3], 'Dining Room A');
    await expectRoomAt(page, [11, 3], 'Banquet Hall A');
    expect(pageErrors).toEqual([]);
  });
});
