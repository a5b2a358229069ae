// The fire design following the architect's revision (issue 40): the generated 185,000 m² building designed once
// (units, then sections with labels and addresses; racks by placeCentrals, loops by Cabling and the cables between the
// racks, so that an update re-routes what the revision touched; the design basis taken), then the engine's share of
// 'Update the design' timed — archChanges (the notice's change list) and updateFireDesign — after changing one room, 1 %, 10 % and
// 50 % of the rooms, each from the same design; then archChanges alone on a building of about 10,000 rooms.
//   npm run bench:revision                        # the generated building, 20 storeys
//   STOREYS=5 npm run bench:revision              # a smaller generated building
//   npm run bench:revision -- --real               # the real-geometry building too (IFC corpus needed)
//   npm run bench:revision -- --real-only          # the real-geometry building alone
// The changes, by seeded random rooms, in turn: a room split in two (it keeps the west half, a new room the east), one
// scaled by 0.9 about its centroid, one re-typed (Other ↔ Kitchen), one removed. Target: one room under 2 s.
import os from 'node:os';
import { polygonArea, type Arch, type Fire } from '@edrf/model';
import { archChanges, calcFireCabling, designBasis, rackToRackRoutes, updateFireDesign } from '@edrf/fire';
import {
  designed,
  placeCentrals,
  edited,
  generatedBuilding,
  realBuilding,
  realModelsPresent,
  removeRoom,
  scaleRoom,
  seededRandom,
  splitRoom,
} from '@edrf/fire/testing';

const STOREYS = Number(process.env.STOREYS ?? 20);
const TARGET_MS = 2000;
const KINDS = ['split', 'scale', 'retype', 'remove'] as const;
const SHARES: readonly [label: string, share: number][] = [
  ['one room', 0],
  ['1 %', 0.01],
  ['10 %', 0.1],
  ['50 %', 0.5],
];

/**
 * The architecture with `count` rooms changed, picked by a seeded shuffle, the kinds in turn. One room alone is the
 * first of the shuffle that needs detection (type Other, 10 m² or more): a change the design must answer.
 */
function revised(arch: Arch, count: number, seed = 40): Arch {
  const random = seededRandom(seed);
  const ids = Object.keys(arch.rooms).sort();
  for (let i = ids.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [ids[i], ids[j]] = [ids[j]!, ids[i]!];
  }
  if (count === 1) {
    const k = ids.findIndex((id) => arch.rooms[id]!.type === 'Other' && polygonArea(arch.rooms[id]!.shape) >= 10);
    [ids[0], ids[k]] = [ids[k]!, ids[0]!];
  }
  return edited(arch, (draft) =>
    ids.slice(0, count).forEach((id, k) => {
      const kind = KINDS[k % KINDS.length]!;
      if (kind === 'split') splitRoom(draft, id, `${id}-east`);
      else if (kind === 'scale') scaleRoom(draft, id, 0.9);
      else if (kind === 'retype') draft.rooms[id]!.type = draft.rooms[id]!.type === 'Other' ? 'Kitchen' : 'Other';
      else removeRoom(draft, id);
    }),
  );
}

const count = (record: Record<string, readonly string[] | undefined>) =>
  Object.values(record).reduce((n, ids) => n + (ids?.length ?? 0), 0);
const ms = (t0: number) => performance.now() - t0;
const pad = (value: string | number, width: number) => String(value).padStart(width);
const metres = (m: number | null) => (m === null ? '–' : Math.round(m).toLocaleString('en'));

/** Garbage of the copies made before a timing is collected first, where node is run with --expose-gc. */
const collect = () => (globalThis as { gc?: () => void }).gc?.();

/** The design cabled as a designer of a large building does: racks with centrals, the loops, the cables between racks. */
function cable(arch: Arch, fire: Fire): void {
  placeCentrals(arch, fire);
  fire.connections = calcFireCabling({ arch, fire }).connections;
  fire.connections = rackToRackRoutes({ arch, fire }).connections;
  // The basis records the racks too, as a Units run after racks are placed takes it.
  fire.design_basis = designBasis(arch, fire.design_basis!.at, fire.units);
}

function measure(label: string, arch: Arch): void {
  const rooms = Object.keys(arch.rooms).length;
  let t0 = performance.now();
  const fire: Fire = designed(arch);
  const design = ms(t0);
  t0 = performance.now();
  cable(arch, fire);
  const cabling = ms(t0);
  const units = ['detectors', 'sirens', 'buttons'] as const;
  const routes = Object.values(fire.connections.routes);
  console.log(
    `\n${label}: ${rooms.toLocaleString('en')} rooms, ${Object.keys(arch.storeys).length} storeys; designed in ${(design / 1000).toFixed(1)} s ` +
      `(${units.map((g) => `${Object.keys(fire.units[g]).length.toLocaleString('en')} ${g}`).join(', ')}, ${Object.keys(fire.sections).length} sections), ` +
      `cabled in ${(cabling / 1000).toFixed(1)} s (${Object.keys(fire.units.racks).length} racks, ${routes.filter((r) => r.kind === 'Loop').length} loops, ` +
      `${routes.filter((r) => r.kind !== 'Loop').length} cables between racks)`,
  );
  // The first update in the process (its code not yet compiled), on another room than the rows'.
  const first = revised(arch, 1, 41);
  collect();
  t0 = performance.now();
  updateFireDesign({ arch: first, fire }, archChanges(fire.design_basis!, first));
  console.log(`The first update in the process, one other room: ${ms(t0).toFixed(0)} ms`);
  console.log(
    `${'change'.padEnd(9)} ${pad('rooms', 5)} ${pad('added', 5)} ${pad('removed', 7)} ${pad('reshaped', 8)} ${pad('retyped', 7)} ${pad('units +', 7)} ${pad('units -', 7)} ${pad('sect ~', 6)} ${pad('sect +', 6)} ${pad('rerouted', 8)} ${pad('gone', 4)} ${pad('cable m before → after', 22)} ${pad('changes ms', 10)} ${pad('update ms', 9)} ${pad('total ms', 8)} ${pad('cpu ms', 7)}`,
  );
  for (const [name, share] of SHARES) {
    const changed = Math.max(1, Math.round(share * rooms));
    const next = revised(arch, changed);
    collect();
    const cpu0 = process.cpuUsage();
    t0 = performance.now();
    const changes = archChanges(fire.design_basis!, next);
    const listed = ms(t0);
    t0 = performance.now();
    const { summary } = updateFireDesign({ arch: next, fire }, changes);
    const updated = ms(t0);
    const total = listed + updated;
    const cpu = process.cpuUsage(cpu0);
    const verdict = share === 0 ? (total < TARGET_MS ? '  (target < 2,000 ms: met)' : '  (target < 2,000 ms: MISS)') : '';
    console.log(
      `${name.padEnd(9)} ${pad(changed, 5)} ${pad(changes.added.length, 5)} ${pad(changes.removed.length, 7)} ${pad(changes.reshaped.length, 8)} ${pad(changes.retyped.length, 7)} ${pad(count(summary.units.added), 7)} ${pad(count(summary.units.removed), 7)} ${pad(summary.sections.changed.length, 6)} ${pad(summary.sections.added.length, 6)} ${pad(summary.reroute.length, 8)} ${pad(summary.routesRemoved.length, 4)} ${pad(`${metres(summary.revision.cable_m_before)} → ${metres(summary.revision.cable_m_after)}`, 22)} ${pad(listed.toFixed(1), 10)} ${pad(updated.toFixed(0), 9)} ${pad(total.toFixed(0), 8)} ${pad(((cpu.user + cpu.system) / 1000).toFixed(0), 7)}${verdict}`,
    );
  }
}

console.log(`bench:revision, ${new Date().toISOString()}, load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`);
const realOnly = process.argv.includes('--real-only');
if (!realOnly) measure(`Generated building (${STOREYS} storeys)`, generatedBuilding(STOREYS));
if (realOnly || process.argv.includes('--real')) {
  if (realModelsPresent()) measure('Real-geometry building', (await realBuilding({ targetArea: 185_000 })).arch);
  else console.warn('The corpus models are not there (set IFC_CORPUS): the real-geometry building is skipped.');
}

// The notice's change list on its own, at the scale of 10,000 rooms (about 70 a storey of the generated building).
const big = generatedBuilding(143);
let t0 = performance.now();
const basis = designBasis(big, new Date());
const basisMs = ms(t0);
const next = revised(big, 1);
const times: number[] = [];
for (let k = 0; k < 21; k++) {
  t0 = performance.now();
  archChanges(basis, next);
  times.push(ms(t0));
}
times.sort((a, b) => a - b);
console.log(
  `\narchChanges on ${Object.keys(big.rooms).length.toLocaleString('en')} rooms: ${times[10]!.toFixed(1)} ms (median of 21; fastest ${times[0]!.toFixed(1)} ms); designBasis ${basisMs.toFixed(1)} ms`,
);
console.log(`load average ${os.loadavg()[0]!.toFixed(1)} at the end`);
