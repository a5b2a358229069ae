/// <reference lib="dom" />
// The fire units page on the largest storey of the 185,000 m² real-geometry building (issue 22's speed figures), for
// plan-frames.ts: the storey switch, the frames of zooming and panning with the analysis drawn (coverage, warning
// circles, detectors per room), and the analysis refresh after a unit is dragged, from the drop to the Warnings panel
// showing the analysis of the moved unit (its aria-busy off, then a frame). The units are the engine's design of that
// storey (calc_fire_units on its part of the model); the rest of the building has none.
import { emptyFire, emptyModel, type Model } from '@edrf/model';
import { analysisInput, calcFireUnits, createFireConfig, storeyOrder } from '@edrf/fire';
import type { Page } from '@playwright/test';
import { IFC_CORPUS, realBuilding, realModelsPresent } from '@edrf/fire/testing';
import { measureStorey, quantile } from './plan-page.js';

/** Detectors and call points dragged, spread over the storey. */
const DETECTOR_DRAGS = 12;
const BUTTON_DRAGS = 6;
/** The plan's scale (pixels per metre) a unit is dragged at: its 0.4 m symbol 32 px across. */
const DRAG_SCALE = 80;
/** How far a unit is dragged (metres, along x). */
const DRAG_M = 0.4;
/** Two presses within 300 ms are a double click. */
const CLICK_GAP_MS = 350;
/** The whole building's first analysis (6,888 rooms, most of them without units) on a loaded 2-core machine. */
const FIRST_ANALYSIS_MS = 20 * 60_000;

type Unit = { id: string; storey_id: string; coord: [number, number, number] };

export interface UnitsTarget {
  label: string;
  model: Model;
  storeyId: string;
  otherId: string;
  rooms: number;
  walls: number;
  detectors: Unit[];
  buttons: Unit[];
  /** The model as an .edrf, MB. */
  mb: number;
}

/** The building with the engine's units on its largest storey, or null (said why) when the corpus is absent. */
export async function unitsTarget(): Promise<UnitsTarget | null> {
  if (!realModelsPresent()) {
    console.warn(`IFC corpus not found at ${IFC_CORPUS} (set IFC_CORPUS): the fire units page is not measured.`);
    return null;
  }
  const { arch } = await realBuilding({});
  const order = storeyOrder(arch);
  const size = (s: (typeof order)[number]) => s.rooms.length + s.walls.length;
  const largest = [...order].sort((a, b) => size(b) - size(a))[0]!;
  const at = order.indexOf(largest);
  const other = order[at + 1] ?? order[at - 1]!;
  const fire = emptyFire(createFireConfig('Sbf1108'));
  const designed = calcFireUnits(analysisInput(arch, fire, { storeyId: largest.id })).units;
  const units = { ...fire.units, detectors: designed.detectors, sirens: designed.sirens, buttons: designed.buttons };
  const model: Model = { ...emptyModel(), arch, fire: { ...fire, units } };
  const sorted = (group: Record<string, Unit>) => Object.values(group).sort((a, b) => a.id.localeCompare(b.id, 'en', { numeric: true }));
  return {
    label: `fire units page: largest storey of the real-geometry building (${Object.keys(arch.rooms).length} rooms)`,
    model,
    storeyId: largest.id,
    otherId: other.id,
    rooms: largest.rooms.length,
    walls: largest.walls.length,
    detectors: sorted(designed.detectors),
    buttons: sorted(designed.buttons),
    mb: JSON.stringify(model).length / 1e6,
  };
}

/** Waits until the analysis of the model as it is is shown (the Warnings panel not busy). */
const analysed = (page: Page, timeout: number) => page.locator('section.analysis-panel[aria-busy="false"]').waitFor({ timeout });

/** The view the plan reports (CSS pixels per metre, offset, rotation). */
const planView = (page: Page) =>
  page.locator('canvas.plan-canvas').evaluate((el: HTMLElement) => ({
    scale: Number(el.dataset.scale),
    x: Number(el.dataset.x),
    y: Number(el.dataset.y),
    rotation: Number(el.dataset.rotation),
  }));

/** Where a plan point (metres) is on the page. */
async function pagePoint(page: Page, [x, y]: readonly number[]): Promise<{ x: number; y: number }> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const box = (await page.locator('canvas.plan-canvas').boundingBox())!;
  const view = await planView(page);
  const r = (view.rotation * Math.PI) / 180;
  const [c, s] = [Math.cos(r), Math.sin(r)];
  return { x: box.x + view.x + view.scale * (c * x! - s * y!), y: box.y + view.y - view.scale * (s * x! + c * y!) };
}

/** Fits the storey, then zooms with the wheel at a plan point until it is drawn at DRAG_SCALE. */
async function zoomTo(page: Page, point: readonly number[]): Promise<void> {
  await page.getByRole('toolbar', { name: 'Plan tools' }).getByRole('button', { name: 'Fit', exact: true }).click();
  for (let i = 0; i < 80 && (await planView(page)).scale < DRAG_SCALE; i++) {
    const at = await pagePoint(page, point);
    await page.locator('canvas.plan-canvas').dispatchEvent('wheel', { deltaY: -100, clientX: at.x, clientY: at.y });
  }
}

/**
 * Drags `unit` DRAG_M along x and answers the time from the drop to the Warnings panel showing the analysis of the
 * model with the unit moved (busy off after the drop, then a frame), or null when the press did not select it.
 */
/** One refresh: its time, when its request left and how long that took, the page's long tasks meanwhile (ms). */
interface Refresh {
  ms: number;
  sent: number;
  trip: number;
  blocked: number;
}

async function dragRefresh(page: Page, unit: Unit, heading: string): Promise<Refresh | null> {
  await zoomTo(page, unit.coord);
  const at = await pagePoint(page, unit.coord);
  await page.mouse.click(at.x, at.y);
  const properties = page.getByRole('complementary', { name: 'Properties' });
  const id = properties.getByRole('term').filter({ hasText: /^Id$/ }).locator('xpath=following-sibling::dd[1]');
  // A loaded page may take a while to show the selection.
  const selected = await properties
    .getByRole('heading', { name: heading, exact: true })
    .waitFor({ timeout: 10_000 })
    .then(async () => (await id.textContent())?.trim() === unit.id)
    .catch(() => false);
  if (!selected) {
    console.error(`  ${unit.id}: the press did not select it; left out`);
    return null;
  }
  await page.waitForTimeout(CLICK_GAP_MS);
  await analysed(page, 60_000);
  // From the pointerup on, the first time the panel's busy mark goes off (a change of the attribute), then a frame;
  // with where the time went: until the last analysis request left, its round trip, and the page's long tasks.
  await page.evaluate(() => {
    const section = document.querySelector('section.analysis-panel')!;
    const long: PerformanceEntry[] = [];
    const tasks = new PerformanceObserver((list) => long.push(...list.getEntries()));
    tasks.observe({ type: 'longtask' });
    (window as unknown as { refreshed: Promise<Refresh> }).refreshed = new Promise<Refresh>((resolve) => {
      let dropped = 0;
      window.addEventListener('pointerup', () => (dropped = performance.now()), { capture: true, once: true });
      const watch = new MutationObserver(() => {
        if (dropped === 0 || section.getAttribute('aria-busy') !== 'false') return;
        watch.disconnect();
        requestAnimationFrame(() => {
          const shown = performance.now();
          tasks.disconnect();
          const asked = performance
            .getEntriesByType('resource')
            .filter((e) => e.name.endsWith('/api/v1/calc_fire_units') && e.startTime >= dropped)
            .at(-1) as PerformanceResourceTiming | undefined;
          const blocked = long
            .filter((e) => e.startTime + e.duration > dropped && e.startTime < shown)
            .reduce((sum, e) => sum + Math.min(e.startTime + e.duration, shown) - Math.max(e.startTime, dropped), 0);
          resolve({
            ms: shown - dropped,
            sent: asked ? asked.startTime - dropped : NaN,
            trip: asked ? asked.responseEnd - asked.startTime : NaN,
            blocked,
          });
        });
      });
      watch.observe(section, { attributes: true, attributeFilter: ['aria-busy'] });
    });
  });
  await page.mouse.move(at.x, at.y);
  await page.mouse.down();
  await page.mouse.move(at.x + DRAG_M * DRAG_SCALE, at.y, { steps: 8 });
  await page.mouse.up();
  return page.evaluate(() => (window as unknown as { refreshed: Promise<Refresh> }).refreshed);
}

export interface UnitsFigures {
  switchMs: number[];
  frames: number[];
  firstAnalysisS: number;
  detectorMs: number[];
  buttonMs: number[];
  /** Bodies of the analysis requests after drags (kB). */
  detectorKb: number[];
  buttonKb: number[];
  /** The first, whole-building request (MB). */
  firstMb: number;
}

/** Opens the units page on the target storey (the model imported already), then measures. */
export async function measureUnitsPage(page: Page, target: UnitsTarget): Promise<UnitsFigures> {
  const bodies: number[] = [];
  // What the page logs as errors (a working copy that could not be written, an exception) goes with the figures.
  page.on('console', (message) => {
    if (message.type() === 'error') console.error(`  page: ${message.text().slice(0, 300)}`);
  });
  page.on('pageerror', (error) => console.error(`  page error: ${error.message.slice(0, 300)}`));
  page.on('request', (request) => {
    if (request.url().endsWith('/api/v1/calc_fire_units')) bodies.push(request.postDataBuffer()?.length ?? 0);
  });
  const started = Date.now();
  await page.getByRole('complementary').getByRole('link', { name: 'Fire', exact: true }).click();
  await page.waitForURL(/\/fire\/units/);
  await page.waitForSelector('canvas.plan-canvas');
  await page.locator(`.storey-button[data-storey-id="${target.storeyId}"]`).click();
  await analysed(page, FIRST_ANALYSIS_MS);
  const firstAnalysisS = (Date.now() - started) / 1000;
  const firstMb = (bodies.at(-1) ?? 0) / 1e6;
  const { switchMs, frames } = await measureStorey(page, target.storeyId, target.otherId);
  const drags = async (units: Unit[], count: number, heading: string, from = 0) => {
    const ms: number[] = [];
    const kb: number[] = [];
    const step = Math.max(1, Math.floor(units.length / count));
    for (let i = from; i < units.length && ms.length < count; i += step) {
      const asked = bodies.length;
      const refresh = await dragRefresh(page, units[i]!, heading);
      if (refresh === null) continue;
      ms.push(refresh.ms);
      kb.push(...bodies.slice(asked).map((b) => b / 1e3));
      console.error(
        `  ${heading} ${units[i]!.id}: ${refresh.ms.toFixed(0)} ms (request sent at ${refresh.sent.toFixed(0)}, ` +
          `round trip ${refresh.trip.toFixed(0)}, long tasks ${refresh.blocked.toFixed(0)}), ${bodies.length - asked} request(s) in the drag`,
      );
    }
    return { ms, kb };
  };
  const detectors = await drags(target.detectors, DETECTOR_DRAGS, 'Detector');
  const buttons = await drags(target.buttons, BUTTON_DRAGS, 'Button');
  // Detectors again, others, after the call points' large requests: what the page's garbage then costs counts too.
  const later = await drags(target.detectors, DETECTOR_DRAGS, 'Detector', Math.floor(target.detectors.length / DETECTOR_DRAGS / 2));
  return {
    switchMs,
    frames,
    firstAnalysisS,
    detectorMs: [...detectors.ms, ...later.ms],
    buttonMs: buttons.ms,
    detectorKb: [...detectors.kb, ...later.kb],
    buttonKb: buttons.kb,
    firstMb,
  };
}

const f = (v: number, digits = 0) => (Number.isFinite(v) ? v.toFixed(digits) : '–');

/** The figures as the lines the bench prints. */
export function unitsLines(target: UnitsTarget, figures: UnitsFigures): string[] {
  const { switchMs, frames, detectorMs, buttonMs } = figures;
  const median = (v: number[]) => quantile(v, 0.5);
  const kb = (v: number[]) => (v.length ? `${f(Math.min(...v), 1)}–${f(Math.max(...v), 1)} kB` : '–');
  return [
    `| ${target.label} | ${target.rooms} | ${target.walls} | ${f(median(switchMs), 1)} | ${f(Math.max(...switchMs), 1)} | ` +
      `${f(median(frames), 2)} | ${f(quantile(frames, 0.95), 2)} | ${frames.length} |`,
    '',
    `Model ${f(target.mb, 1)} MB as .edrf; units on the storey: ${target.detectors.length} detectors, ${target.buttons.length} call points ` +
      `(and the engine's sirens). First analysis (the whole building, a ${f(figures.firstMb, 1)} MB request): ${f(figures.firstAnalysisS, 1)} s ` +
      `after opening the page.`,
    '',
    '| analysis refresh after a drag | drags | median ms | p95 ms | max ms | request |',
    '| --- | ---: | ---: | ---: | ---: | --- |',
    `| detector (the rooms it left and entered) | ${detectorMs.length} | ${f(median(detectorMs))} | ${f(quantile(detectorMs, 0.95))} | ` +
      `${f(Math.max(...detectorMs))} | ${kb(figures.detectorKb)} |`,
    `| call point (the storey's call point check) | ${buttonMs.length} | ${f(median(buttonMs))} | ${f(quantile(buttonMs, 0.95))} | ` +
      `${f(Math.max(...buttonMs))} | ${kb(figures.buttonKb)} |`,
  ];
}
