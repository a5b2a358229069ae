// How close automatic detector placement comes to the least possible, and how long it takes:
// for every IFC model of the corpus (extracted with @edrf/ifc) and a generated 185,000 m² building.
//   npm run bench:fire-units                          # every .ifc in IFC_CORPUS or /work/shared/ifc, then the generated building
//   node --import tsx bench/fire-units.ts duplex.ifc  # some files of the corpus (or paths), then the generated building
//   REGULATION=Bs5839 STOREYS=5 npm run bench:fire-units
//   node --import tsx bench/fire-units.ts --generated-only
// Each corpus model is measured as imported and after Clean with its default options (what POST /api/v1/clean_arch does):
// Clean merges rooms with no wall between them into large, often non-convex open areas.
import fs from 'node:fs';
import path from 'node:path';
import { REGULATIONS, emptyFire, emptyModel, type Arch, type Regulation } from '@edrf/model';
import { extractIfc } from '@edrf/ifc';
import { cleanArch } from '@edrf/geometry';
import { calcFireUnitsWithStats, createFireConfig, type RoomStats } from '@edrf/fire';
import { generatedBuilding } from '@edrf/fire/testing';

const corpus = process.env.IFC_CORPUS ?? '/work/shared/ifc';
const regulation = (process.env.REGULATION ?? 'Sbf1108') as Regulation;
if (!REGULATIONS.includes(regulation)) throw new Error(`REGULATION must be one of ${REGULATIONS.join(', ')}`);
const storeys = Number(process.env.STOREYS ?? 20);

interface Row {
  model: string;
  rooms: number;
  area: number;
  detectors: number;
  bound: number;
  worstRoom: string;
  /** Rooms over LARGE_ROOM m²: their detectors, their bounds and the worst ratio among them. */
  large: string;
  sirens: number;
  buttons: number;
  warnings: number;
  placeMs: number;
  boundMs: number;
}

const LARGE_ROOM = 200;

/** Places the units (timed alone, as calc_fire_units does), then again with the lower bounds for the figures. */
function measure(model: string, arch: Arch): Row {
  const fire = emptyFire(createFireConfig(regulation));
  const t0 = performance.now();
  const { result } = calcFireUnitsWithStats({ arch, fire });
  const placeMs = performance.now() - t0;
  const t1 = performance.now();
  const { stats } = calcFireUnitsWithStats({ arch, fire }, { withBounds: true });
  const boundMs = performance.now() - t1;
  const worst = stats.reduce<RoomStats | undefined>(
    (w, s) => (!w || s.detectors / s.lower_bound > w.detectors / w.lower_bound ? s : w),
    undefined,
  );
  const large = stats.filter((s) => s.area > LARGE_ROOM);
  const worstLarge = large.reduce((w, s) => Math.max(w, s.detectors / s.lower_bound), 0);
  return {
    model,
    large: large.length
      ? `${large.length}: ${large.reduce((n, s) => n + s.detectors, 0)}/${large.reduce((n, s) => n + s.lower_bound, 0)} worst ${worstLarge.toFixed(2)}`
      : '-',
    rooms: stats.length,
    area: stats.reduce((sum, s) => sum + s.area, 0),
    detectors: stats.reduce((sum, s) => sum + s.detectors, 0),
    bound: stats.reduce((sum, s) => sum + s.lower_bound, 0),
    worstRoom: worst
      ? `${(worst.detectors / worst.lower_bound).toFixed(2)} (${worst.detectors}/${worst.lower_bound}, ${worst.area.toFixed(0)} m²)`
      : '-',
    sirens: Object.keys(result.units.sirens).length,
    buttons: Object.keys(result.units.buttons).length,
    warnings: result.validation.warnings.length,
    placeMs,
    boundMs,
  };
}

const print = (r: Row) =>
  console.log(
    [
      r.model.padEnd(52),
      String(r.rooms).padStart(6),
      r.area.toFixed(0).padStart(9),
      String(r.detectors).padStart(6),
      String(r.bound).padStart(6),
      (r.bound ? r.detectors / r.bound : 1).toFixed(3).padStart(6),
      r.worstRoom.padEnd(26),
      r.large.padEnd(24),
      String(r.sirens).padStart(6),
      String(r.buttons).padStart(6),
      String(r.warnings).padStart(5),
      (r.placeMs / 1000).toFixed(2).padStart(8),
      (r.boundMs / 1000).toFixed(2).padStart(8),
    ].join(' '),
  );

const generatedOnly = process.argv.includes('--generated-only');
const args = process.argv.slice(2).filter((a) => a !== '--generated-only');
const files = generatedOnly
  ? []
  : args.length
    ? args.map((f) => (fs.existsSync(f) ? f : path.join(corpus, f)))
    : fs.existsSync(corpus)
      ? fs
          .readdirSync(corpus)
          .filter((f) => f.toLowerCase().endsWith('.ifc'))
          .sort()
          .map((f) => path.join(corpus, f))
      : [];
if (!files.length && !generatedOnly) console.warn(`No IFC models at ${corpus} (set IFC_CORPUS): only the generated building is measured.`);

console.log(
  `Regulation ${regulation}. Detected rooms, their m², detectors placed, lower bound, ratio, worst room, rooms over ${LARGE_ROOM} m² (count: placed/bound, worst ratio); sirens, call points, warnings; seconds. Each model as imported, then '+clean' after Clean.`,
);
console.log(
  [
    'model'.padEnd(52),
    'rooms'.padStart(6),
    'm²'.padStart(9),
    'placed'.padStart(6),
    'bound'.padStart(6),
    'ratio'.padStart(6),
    'worst room'.padEnd(26),
    `rooms > ${LARGE_ROOM} m²`.padEnd(24),
    'sirens'.padStart(6),
    'MCPs'.padStart(6),
    'warn'.padStart(5),
    'place s'.padStart(8),
    '+bound s'.padStart(8),
  ].join(' '),
);
const rows: Row[] = [];
const cleanedRows: Row[] = [];
for (const file of files) {
  let arch: Arch;
  try {
    arch = (await extractIfc(new Uint8Array(fs.readFileSync(file)))).arch;
  } catch (error) {
    console.log(`${path.basename(file).padEnd(52)} not read: ${error instanceof Error ? error.message : String(error)}`);
    continue;
  }
  const row = measure(path.basename(file), arch);
  rows.push(row);
  print(row);
  const cleaned = (await cleanArch({ ...emptyModel(), arch })).arch;
  const cleanedRow = measure(`${path.basename(file)} +clean`, cleaned);
  cleanedRows.push(cleanedRow);
  print(cleanedRow);
}
const total = (label: string, list: Row[]) => {
  if (!list.length) return;
  const detectors = list.reduce((s, r) => s + r.detectors, 0);
  const bound = list.reduce((s, r) => s + r.bound, 0);
  const seconds = list.reduce((s, r) => s + r.placeMs, 0) / 1000;
  console.log(
    `${label}: ${detectors} detectors against a lower bound of ${bound}: ratio ${(detectors / bound).toFixed(3)}; placed in ${seconds.toFixed(2)} s`,
  );
};
total('IFC corpus', rows);
total('IFC corpus after Clean', cleanedRows);
print(measure(`generated, ${storeys} storeys`, generatedBuilding(storeys)));
