/// <reference lib="dom" />
// What the plan benchmarks (plan-frames.ts, plan-frames-units.ts) share: the browser, a model imported through the
// Versions dialog, a storey switch and the frames of wheel zooming and panning, measured in the page.
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import type { Model } from '@edrf/model';
import { DEBIAN_CHROMIUM } from '../e2e/support/chromium.js';

export const SWITCHES = 10;
export const FRAMES = 240;

/** Debian's Chromium, headless, as the e2e tests run it. */
export const launchChromium = (): Promise<Browser> => chromium.launch(DEBIAN_CHROMIUM);

export const quantile = (values: readonly number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
};

/** Imports `model` into the open project as an .edrf through the Versions dialog (written to `dir` first). */
export async function importModel(page: Page, model: Model, dir: string, name = 'plan.edrf'): Promise<void> {
  const file = path.join(dir, name);
  fs.writeFileSync(file, JSON.stringify(model));
  await page.getByRole('button', { name: 'Versions', exact: true }).click();
  await page.getByLabel('.edrf file to import').setInputFiles(file);
  await page.getByRole('button', { name: 'Import .edrf' }).click();
  await page.getByRole('status').filter({ hasText: 'Imported .edrf' }).first().waitFor({ timeout: 300_000 });
  fs.rmSync(file, { force: true });
}

/**
 * SWITCHES storey switches to `storeyId` from `otherId` (a click on the storey picker until the second animation
 * frame after it), then FRAMES frames of wheel zooming and two-finger panning on it: each frame's draw time as the
 * plan engine reports it ('planframe' events), its rasterization inside (one pixel read back).
 */
export async function measureStorey(page: Page, storeyId: string, otherId: string): Promise<{ switchMs: number[]; frames: number[] }> {
  const switchMs: number[] = [];
  for (let i = 0; i < SWITCHES; i++) {
    for (const target of [otherId, storeyId]) {
      const ms = await page.evaluate(async (id) => {
        const button = [...document.querySelectorAll<HTMLButtonElement>('.storey-button')].find((b) => b.dataset.storeyId === id)!;
        const started = performance.now();
        button.click();
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        return performance.now() - started;
      }, target);
      if (target === storeyId) switchMs.push(ms);
    }
  }
  const frames = await page.evaluate(async (count) => {
    const canvas = document.querySelector<HTMLCanvasElement>('canvas.plan-canvas')!;
    const box = canvas.getBoundingClientRect();
    // The engine reports each frame's draw time as a 'planframe' event on the canvas; 'raster' puts the frame's
    // rasterization inside the measured time (the renderer reads a pixel).
    // (No named functions in here: tsx would wrap them in a helper the page does not have.)
    const times: number[] = [];
    const listening = new AbortController();
    canvas.addEventListener('planframe', (event) => times.push((event as CustomEvent<number>).detail), { signal: listening.signal });
    canvas.dataset.measure = 'raster';
    for (let i = 0; i < count; i++) {
      // Alternate: zoom in and out at moving points with the wheel, and two-finger pans.
      const phase = i % 40;
      const init: WheelEventInit =
        phase < 20
          ? { deltaY: phase < 10 ? -100 : 100, clientX: box.left + box.width * (0.3 + phase / 50), clientY: box.top + box.height / 2 }
          : { deltaX: phase < 30 ? 14.5 : -14.5, deltaY: 3.5, clientX: box.left + 10, clientY: box.top + 10 };
      canvas.dispatchEvent(new WheelEvent('wheel', { ...init, bubbles: true, cancelable: true }));
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    await new Promise((resolve) => requestAnimationFrame(resolve));
    delete canvas.dataset.measure;
    listening.abort();
    return times;
  }, FRAMES);
  return { switchMs, frames };
}

/** '1.2 0.9 0.8 on 2 cores': the load average now. */
export const loadLine = (loadavg: number[], cores: number) => `${loadavg.map((v) => v.toFixed(1)).join(' ')} on ${cores} cores`;
