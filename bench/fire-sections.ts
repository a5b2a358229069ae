// How close automatic sections come to the least possible, and how long they take (issue 24): for every IFC model
// of the corpus with rooms (units placed first), then the 185,000 m² building tiled from real corpus storeys and the
// generated one, each at a quarter, a half and all (bench/support/buildings.ts). The bounds: see `bounds` below.
//   npm run bench:fire-sections                          # the corpus, then both buildings at 1/4, 1/2 and all
//   node --import tsx bench/fire-sections.ts duplex.ifc  # some files, then the buildings
//   node --import tsx bench/fire-sections.ts --full      # the corpus, then all of each building only
//   node --import tsx bench/fire-sections.ts --buildings-only  # the buildings (with --full: all of each only)
//   REGULATION=Bs5839 npm run bench:fire-sections
import fs from 'node:fs';
import path from 'node:path';
import { REGULATIONS, emptyFire, type Arch, type Regulation } from '@edrf/model';
import { extractIfc } from '@edrf/ifc';
import { calcFireSections, calcFireUnits, createFireConfig, sectionCap, REGULATION_RULES } from '@edrf/fire';
import { indexBuilding, components, sectionBuilding } from '@edrf/fire/testing';
import { buildingCases, SHARES, WHOLE_ONLY } from './support/buildings.js';

const corpus = process.env.IFC_CORPUS ?? '/work/shared/ifc';
const regulation = (process.env.REGULATION ?? 'Sbf1108') as Regulation;
if (!REGULATIONS.includes(regulation)) throw new Error(`REGULATION must be one of ${REGULATIONS.join(', ')}`);
const OWN = ['Stairwell', 'Shaft'];

interface Row {
  model: string;
  storeys: number;
  rooms: number;
  sections: number;
  bound: number;
  pieceBound: number;
  overCap: number;
  split: number;
  seconds: number;
}

/**
 * The least number of sections, two ways. By area (the bound): per storey ⌈detected area other than
 * stairwells and shafts / cap⌉, plus one per stairwell or shaft stack. By contiguity: the same per connected piece
 * of each storey's room graph (a section must hang together, so separate buildings on one storey need one each).
 */
function bounds(arch: Arch, sections: ReturnType<typeof calcFireSections>['sections'], cap: number): { area: number; pieces: number } {
  const detected = new Set(Object.values(sections).flatMap((s) => s.parts.map((p) => p.room_id)));
  const building = sectionBuilding(indexBuilding(arch), arch.doors);
  const stacks = Object.values(sections).filter((s) => s.parts.every((p) => OWN.includes(arch.rooms[p.room_id]!.type))).length;
  let area = stacks;
  let pieces = stacks;
  for (const graph of building.graphs) {
    const rooms = graph.rooms.map((r, i) => (detected.has(r.room.id) && !OWN.includes(r.room.type) ? i : -1)).filter((i) => i >= 0);
    const sum = (list: readonly number[]) => list.reduce((total, i) => total + graph.rooms[i]!.area, 0);
    area += Math.ceil(sum(rooms) / cap - 1e-9);
    for (const piece of components(graph.neighbours, rooms)) pieces += Math.ceil(sum(piece) / cap - 1e-9);
  }
  return { area, pieces };
}

function measure(model: string, arch: Arch): Row | null {
  const fire = emptyFire(createFireConfig(regulation));
  fire.units.detectors = calcFireUnits({ arch, fire }).units.detectors;
  if (Object.keys(fire.units.detectors).length === 0) return null;
  const cap = sectionCap(fire.config.section.section_areas, REGULATION_RULES[regulation].section.section_areas);
  const t0 = performance.now();
  const result = calcFireSections({ settings: { sections: true, labels: true, addresses: true }, model: { arch, fire } });
  const seconds = (performance.now() - t0) / 1000;
  const sections = Object.values(result.sections);
  return {
    model,
    storeys: Object.keys(arch.storeys).length,
    rooms: sections.reduce((s, x) => s + x.parts.length, 0),
    sections: sections.length,
    ...(({ area, pieces }) => ({ bound: area, pieceBound: pieces }))(bounds(arch, result.sections, cap)),
    overCap: result.validation.warnings.filter((w) => w.warning_id.startsWith('section_over_cap')).length,
    split:
      result.validation.split_sections.length > 0
        ? new Set(result.validation.warnings.filter((w) => w.warning_id.startsWith('section_not_contiguous')).map((w) => w.section_id)).size
        : 0,
    seconds,
  };
}

const print = (r: Row) =>
  console.log(
    `${r.model.padEnd(48)} ${String(r.storeys).padStart(7)} ${String(r.rooms).padStart(6)} ${String(r.sections).padStart(8)} ${String(r.bound).padStart(6)} ${(r.sections / r.bound).toFixed(3).padStart(6)} ${String(r.pieceBound).padStart(6)} ${(r.sections / r.pieceBound).toFixed(3).padStart(6)} ${String(r.overCap).padStart(5)} ${String(r.split).padStart(6)} ${r.seconds.toFixed(2).padStart(8)}`,
  );

console.log(
  `Regulation ${regulation}. Rooms in sections, sections made, the area bound and the ratio to it, the bound by connected pieces and the ratio to it, sections over the cap, not contiguous; seconds.`,
);
console.log(`${'model'.padEnd(48)} storeys  rooms sections  bound  ratio pieces  ratio  over  split  seconds`);
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
let made = 0;
let least = 0;
let leastPieces = 0;
for (const file of files) {
  const full = fs.existsSync(file) ? file : path.join(corpus, file);
  const arch = (await extractIfc(new Uint8Array(fs.readFileSync(full)))).arch;
  const row = measure(path.basename(file), arch);
  if (!row) continue;
  print(row);
  made += row.sections;
  least += row.bound;
  leastPieces += row.pieceBound;
}
if (least > 0)
  console.log(
    `IFC corpus: ${made} sections against an area bound of ${least} (ratio ${(made / least).toFixed(3)}) and a bound by pieces of ${leastPieces} (ratio ${(made / leastPieces).toFixed(3)})`,
  );
for (const c of buildingCases(process.argv.includes('--full') ? WHOLE_ONLY : SHARES, corpus).cases) {
  const b = await c.make();
  print(measure(`${c.building}, ${c.share} (${Math.round(b.area).toLocaleString('en')} m²)`, b.arch)!);
}
