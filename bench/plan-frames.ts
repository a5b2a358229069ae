/// <reference lib="dom" />
// The plan in headless Chromium (issue 6, issue 22): how long a storey switch takes, and the median and 95th
// percentile frame time while panning and zooming — on the architecture editor's plan, a generated storey of
// 1,000 rooms and 4,000 walls (and, with IFC files named on the command line, their largest storey); then on the
// fire units page, the largest storey of the 185,000 m² real-geometry building with the engine's units on it, and
// there also the analysis refresh after a unit is dragged (plan-frames-units.ts).
//
//   npm run build -w @edrf/web && node --import tsx bench/plan-frames.ts [file.ifc ...] [--no-units | --units-only]
//
// It starts the e2e stack (the built app on the real server, fresh PGlite) on port 8184 (PLAN_BENCH_PORT),
// signs in through the mailed passcode, imports the model as an .edrf through the Versions dialog and
// opens /project/{id}/model (then /fire/units). Targets: storey switch under 150 ms; 95th percentile frame under
// 16 ms; the analysis shown under 200 ms after a unit is dropped.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { emptyModel, newRoom, type Arch, type Model, type Point2 } from '@edrf/model';
import { importModel, launchChromium, loadLine, measureStorey, quantile } from './plan-page.js';
import { measureUnitsPage, unitsLines, unitsTarget } from './plan-frames-units.js';

const port = Number(process.env.PLAN_BENCH_PORT || 8184);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'edrf-plan-bench-'));
process.env.E2E_STATE_FILE = path.join(tmp, 'state.json');

const { startStack } = await import('../e2e/harness/stack.js');
const { signInWithPasscode } = await import('../e2e/support/login.js');
const { MODEL_PROJECT, MORGAN } = await import('../e2e/support/seed.js');

/** A storey of `cols` × `rows` rooms (4 × 3 m, slightly jittered), each with four walls of its own, and a door per room. */
function gridStorey(arch: Arch, storeyId: string, number: number, cols: number, rows: number): void {
  const rooms: string[] = [];
  const walls: string[] = [];
  const doors: string[] = [];
  let seed = 7 + number;
  const jitter = () => {
    seed = (seed * 16807) % 2147483647;
    return (seed / 2147483647 - 0.5) * 0.2;
  };
  for (let c = 0; c < cols; c++)
    for (let r = 0; r < rows; r++) {
      const [x0, y0, x1, y1] = [c * 4 + jitter(), r * 3 + jitter(), c * 4 + 4 + jitter(), r * 3 + 3 + jitter()];
      const id = `${storeyId}-r${c}-${r}`;
      const exterior: Point2[] = [
        [x0, y0],
        [x1, y0],
        [x1, y1],
        [x0, y1],
      ];
      arch.rooms[id] = {
        ...newRoom(id, exterior),
        name: `Room ${c}.${r}`,
        type: (['Other', 'Kitchen', 'Bathroom', 'SleepingRoom'] as const)[(c + r) % 4]!,
      };
      rooms.push(id);
      const t = 0.1;
      const sides: [number, number, number, number][] = [
        [x0, y0 - t, x1, y0],
        [x1, y0, x1 + t, y1],
        [x0, y1, x1, y1 + t],
        [x0 - t, y0, x0, y1],
      ];
      sides.forEach(([a, b, cc, d], i) => {
        const wallId = `${id}-w${i}`;
        const ring = [
          [a, b, 0],
          [cc, b, 0],
          [cc, d, 0],
          [a, d, 0],
        ] as [number, number, number][];
        arch.walls[wallId] = {
          id: wallId,
          global_id: '',
          type: 'Standard',
          fire_rating: '',
          enclosing_id: '',
          shape: { exterior: ring, below: [], above: [] },
        };
        walls.push(wallId);
      });
      const doorId = `${id}-d`;
      arch.doors[doorId] = {
        id: doorId,
        global_id: '',
        name: '',
        exterior: false,
        op_type: 'SwingLeft',
        left: [x0 + 1, y0, 0],
        right: [x0 + 1.9, y0, 0],
        walls: [`${id}-w0`],
      };
      doors.push(doorId);
    }
  arch.storeys[storeyId] = {
    id: storeyId,
    global_id: '',
    number,
    name: `Generated ${cols * rows}`,
    height: { min_z: number * 3, max_z: number * 3 + 3 },
    rooms,
    walls,
    wall_openings: [],
    doors,
    stairs: [],
    ceilings: [],
    floors: [],
    other_objects: [],
  };
}

async function ifcStorey(model: Model, file: string): Promise<string | null> {
  const { extractIfc } = await import('@edrf/ifc');
  const extracted = (await extractIfc(new Uint8Array(fs.readFileSync(file)))) as { arch: Arch };
  const storeys = Object.values(extracted.arch.storeys);
  const largest = storeys.sort((a, b) => b.rooms.length + b.walls.length - (a.rooms.length + a.walls.length))[0];
  if (!largest) return null;
  const prefix = `${path.basename(file)}:`;
  // Ids get the file's name in front, so several files and the generated storey never collide; references
  // between items are dropped (the plan does not draw them).
  const copy = <T extends { id: string }>(item: T, extra: Partial<T> = {}): T => ({ ...item, ...extra, id: `${prefix}${item.id}` });
  const storey = copy(largest);
  for (const key of ['rooms', 'walls', 'wall_openings', 'doors', 'stairs', 'ceilings', 'floors', 'other_objects'] as const)
    storey[key] = largest[key].map((item) => `${prefix}${item}`);
  const a = extracted.arch;
  for (const id of largest.rooms) if (a.rooms[id]) model.arch.rooms[prefix + id] = copy(a.rooms[id]);
  for (const id of largest.walls) if (a.walls[id]) model.arch.walls[prefix + id] = copy(a.walls[id], { enclosing_id: '' });
  for (const id of largest.wall_openings)
    if (a.wall_openings[id]) model.arch.wall_openings[prefix + id] = copy(a.wall_openings[id], { wall_id: '' });
  for (const id of largest.doors) if (a.doors[id]) model.arch.doors[prefix + id] = copy(a.doors[id], { walls: [] });
  for (const id of largest.stairs) if (a.stairs[id]) model.arch.stairs[prefix + id] = copy(a.stairs[id]);
  for (const id of largest.ceilings) if (a.ceilings[id]) model.arch.ceilings[prefix + id] = copy(a.ceilings[id]);
  for (const id of largest.floors) if (a.slabs[id]) model.arch.slabs[prefix + id] = copy(a.slabs[id]);
  for (const id of largest.other_objects) if (a.other_objects[id]) model.arch.other_objects[prefix + id] = copy(a.other_objects[id]);
  const id = storey.id;
  storey.number = 10 + Object.keys(model.arch.storeys).length;
  storey.name = `${path.basename(file)} ${largest.name}`;
  model.arch.storeys[id] = storey;
  return id;
}

const args = process.argv.slice(2);
const withUnits = !args.includes('--no-units');
const planToo = !args.includes('--units-only');
const model = emptyModel();
gridStorey(model.arch, 'generated', 1, 40, 25);
gridStorey(model.arch, 'small', 0, 2, 2);
const targets: { label: string; id: string }[] = [{ label: 'generated 1,000 rooms / 4,000 walls', id: 'generated' }];
for (const file of args.filter((a) => !a.startsWith('--'))) {
  const id = await ifcStorey(model, file);
  if (id) targets.push({ label: `largest storey of ${path.basename(file)}`, id });
}
const units = withUnits ? await unitsTarget() : null;

const stack = await startStack({ port });
const browser = await launchChromium();
try {
  const page = await browser.newPage({ baseURL: stack.baseUrl, viewport: { width: 1400, height: 900 } });
  await signInWithPasscode(page, MORGAN);
  await page.goto('/projects');
  await page.getByRole('link', { name: MODEL_PROJECT }).click();
  await page.waitForURL(/\/project\/[0-9a-f-]{36}$/);
  console.log('| storey | rooms | walls | switch median ms | switch max ms | frame median ms | frame p95 ms | frames |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  if (planToo) {
    await importModel(page, model, tmp);
    await page.getByRole('complementary').getByRole('link', { name: 'Model', exact: true }).click();
    await page.waitForSelector('canvas.plan-canvas');
    for (const target of targets) {
      const storey = model.arch.storeys[target.id]!;
      const { switchMs, frames } = await measureStorey(page, target.id, 'small');
      console.log(
        `| ${target.label} | ${storey.rooms.length} | ${storey.walls.length} | ${quantile(switchMs, 0.5).toFixed(1)} | ${Math.max(...switchMs).toFixed(1)} | ` +
          `${quantile(frames, 0.5).toFixed(2)} | ${quantile(frames, 0.95).toFixed(2)} | ${frames.length} |`,
      );
      console.error(
        `  frames p75 ${quantile(frames, 0.75).toFixed(2)} p90 ${quantile(frames, 0.9).toFixed(2)} max ${Math.max(...frames).toFixed(2)}; switches ${switchMs.map((v) => v.toFixed(0)).join(' ')}`,
      );
    }
  }
  const load = [os.loadavg()];
  if (units) {
    await importModel(page, units.model, tmp, 'units.edrf');
    load.push(os.loadavg());
    const figures = await measureUnitsPage(page, units);
    load.push(os.loadavg());
    for (const line of unitsLines(units, figures)) console.log(line);
    const { frames, switchMs } = figures;
    console.error(
      `  frames p75 ${quantile(frames, 0.75).toFixed(2)} p90 ${quantile(frames, 0.9).toFixed(2)} max ${Math.max(...frames).toFixed(2)}; switches ${switchMs.map((v) => v.toFixed(0)).join(' ')}`,
    );
  }
  console.log(`\nLoad average while measuring: ${load.map((l) => loadLine(l, os.cpus().length)).join('; ')} (1, 5 and 15 minutes).`);
  console.log('Targets: storey switch < 150 ms; p95 frame < 16 ms; analysis refresh after a drop < 200 ms.');
  console.log('Frame = drawing the plan plus its rasterization (one pixel read).');
} finally {
  await browser.close();
  await stack.close();
  fs.rmSync(tmp, { recursive: true, force: true });
}
