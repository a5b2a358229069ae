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
