// How short automatic loop cabling is against a lower bound, and how long it takes (issue 26): every corpus model with
// rooms, then the 185,000 m² building tiled from real corpus storeys and the generated one, each at a quarter, a half
// and all (bench/support/buildings.ts) — units placed, sections made, one rack with the central in the largest room of
// the lowest storey.
//   npm run bench:fire-cabling                          # the corpus, then both buildings at 1/4, 1/2 and all
//   node --import tsx bench/fire-cabling.ts duplex.ifc  # some files, then the buildings
//   node --import tsx bench/fire-cabling.ts --full      # the corpus, then all of each building only
//   node --import tsx bench/fire-cabling.ts --buildings-only  # the buildings (with --full: all of each only)
import fs from 'node:fs';
import path from 'node:path';
import { emptyFire, type Arch, type Fire, type Route } from '@edrf/model';
import { extractIfc } from '@edrf/ifc';
import { calcFireCabling, calcFireSections, calcFireUnits, createFireConfig } from '@edrf/fire';
import { indexBuilding } from '../packages/fire/src/building.js';
import { sectionBuilding } from '../packages/fire/src/sections/section-index.js';
import { loopUnits } from '../packages/fire/src/loops/loop-units.js';
import { buildingCases, SHARES, WHOLE_ONLY, withCentralRack } from './support/buildings.js';

const corpus = process.env.IFC_CORPUS ?? '/work/shared/ifc';

type P = readonly [number, number, number];
const d = (a: P, b: P) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

/** Minimum spanning tree of points (Prim, O(n²)): no loop through them can be shorter. */
function mst(points: readonly P[]): number {
  const n = points.length;
  if (n < 2) return 0;
  const best = new Float64Array(n).fill(Infinity);
  const inTree = new Uint8Array(n);
  best[0] = 0;
  let total = 0;
  for (let k = 0; k < n; k++) {
    let v = -1;
    for (let i = 0; i < n; i++) if (!inTree[i] && (v < 0 || best[i]! < best[v]!)) v = i;
    inTree[v] = 1;
    total += best[v]!;
    for (let i = 0; i < n; i++) if (!inTree[i]) best[i] = Math.min(best[i]!, d(points[v]!, points[i]!));
  }
  return total;
}

/** A route's metres: along each slice, and between consecutive slices (the climb). */
function routeLength(route: Route): number {
  let total = 0;
  let last: P | null = null;
  for (const slice of route.slices)
    for (const node of slice.nodes) {
      if (last) total += d(last, node.coord);
      last = node.coord;
    }
  return total;
}

function design(arch: Arch): Fire | null {
  const empty = emptyFire(createFireConfig('Sbf1108'));
  const placed = calcFireUnits({ arch, fire: empty });
  if (Object.keys(placed.units.detectors).length === 0) return null;
  const fire = withCentralRack(arch, { ...empty, units: { ...empty.units, ...placed.units } });
  fire.sections = calcFireSections({ settings: { sections: true, labels: false, addresses: false }, model: { arch, fire } }).sections;
  return fire;
}

function measure(model: string, arch: Arch): void {
  const fire = design(arch);
  if (!fire) return;
  const t0 = performance.now();
  const { connections, validation } = calcFireCabling({ arch, fire });
  const seconds = (performance.now() - t0) / 1000;
  const loops = Object.values(connections.routes).filter((r) => r.kind === 'Loop');
  const length = loops.reduce((s, r) => s + routeLength(r), 0);
  const units = loopUnits(fire, sectionBuilding(indexBuilding(arch), arch.doors));
  const rack = fire.units.racks.r1!.coord;
  const max = fire.config.cabling.route_max_units;
  const bound = Math.max(mst([rack, ...units.map((u) => u.coord)]), (2 * units.reduce((s, u) => s + d(rack, u.coord), 0)) / max);
  console.log(
    `${model.padEnd(48)} ${String(units.length).padStart(6)} ${String(loops.length).padStart(5)} ${String(Math.ceil(units.length / max)).padStart(5)} ${length.toFixed(0).padStart(9)} ${bound.toFixed(0).padStart(9)} ${(length / bound).toFixed(3).padStart(6)} ${String(validation.warnings.length).padStart(5)} ${seconds.toFixed(2).padStart(8)}`,
  );
}

console.log(
  'SBF 110:8, one central. Loop units, loops made and ⌈units / route_max_units⌉, cable metres, the lower bound max(MST, radial), their ratio, warnings; seconds.',
);
console.log(`${'model'.padEnd(48)}  units loops least    metres     bound  ratio  warn  seconds`);
const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const files = process.argv.includes('--buildings-only')
  ? []
  : args.length > 0
    ? args
    : fs.existsSync(corpus)
      ? fs
          .readdirSync(corpus)
          .filter((f) => f.endsWith('.ifc'))
          .sort()
      : [];
for (const file of files) {
  const full = fs.existsSync(file) ? file : path.join(corpus, file);
  measure(path.basename(file), (await extractIfc(new Uint8Array(fs.readFileSync(full)))).arch);
}
for (const c of buildingCases(process.argv.includes('--full') ? WHOLE_ONLY : SHARES, corpus).cases) {
  const b = await c.make();
  measure(`${c.building}, ${c.share} (${Math.round(b.area).toLocaleString('en')} m²)`, b.arch);
}
