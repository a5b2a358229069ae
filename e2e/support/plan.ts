// The 2D plan as the specs drive it: points are named in plan metres and turned into page positions from
// the view the canvas reports (data-scale, data-x, data-y, data-rotation), after the plan has painted.
import type { Page } from '@playwright/test';

export type PlanPoint = [number, number];

export const plan = (page: Page) => page.getByTestId('plan');

/** Where a plan point (metres) is on the page (it may lie off the canvas: a click on nothing). */
export async function pagePoint(page: Page, [x, y]: PlanPoint): Promise<{ x: number; y: number }> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const canvas = plan(page);
  const box = (await canvas.boundingBox())!;
  const view = await canvas.evaluate((el: HTMLElement) => ({
    scale: Number(el.dataset.scale),
    x: Number(el.dataset.x),
    y: Number(el.dataset.y),
    rotation: Number(el.dataset.rotation),
  }));
  const r = (view.rotation * Math.PI) / 180;
  const [c, s] = [Math.cos(r), Math.sin(r)];
  return { x: box.x + view.x + view.scale * (c * x - s * y), y: box.y + view.y - view.scale * (s * x + c * y) };
}

/** Two presses within 300 ms are a double click: the specs' presses on the plan leave this much between them. */
export const CLICK_GAP_MS = 320;

/** The plan pages' tool bar, one of its tools by its exact name, the side panel of the selection, a storey of the list. */
export const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Plan tools' });
export const tool = (page: Page, name: string) => toolbar(page).getByRole('button', { name, exact: true });
export const properties = (page: Page) => page.getByRole('complementary', { name: 'Properties' });
export const storeyButton = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Storeys' }).getByRole('button', { name: new RegExp(`${name}$`) });

/** A press on the plan at a point (metres). */
export async function clickAt(page: Page, point: PlanPoint): Promise<void> {
  const { x, y } = await pagePoint(page, point);
  await page.mouse.click(x, y);
  await page.waitForTimeout(CLICK_GAP_MS);
}

/** A drag on the plan from one point to another (metres), in 8 moves. */
export async function dragOn(page: Page, from: PlanPoint, to: PlanPoint): Promise<void> {
  const a = await pagePoint(page, from);
  const b = await pagePoint(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(b.x, b.y, { steps: 8 });
  await page.mouse.up();
  await page.waitForTimeout(CLICK_GAP_MS);
}
