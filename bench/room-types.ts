// How well room type identification (clean_arch's 'AI room type identification', packages/geometry) finds the type of
// the labelled rooms of the IFC corpus. See bench/README.md.
//
//   node --import tsx bench/room-types.ts     # every model in IFC_CORPUS or /work/shared/ifc with a reference answer
//
// The reference answers (reference/*.json) give each IfcSpace's name and long name, not a type; LABELS below is the
// type a person reads from that name (with the model's context: a 'Flur … Treppe' is the stair hall). A space whose
// text is not in LABELS is counted as unlabelled and left out.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { emptyModel, type Model, type RoomType } from '@edrf/model';
import { extractIfc } from '@edrf/ifc';
import { cleanArch, roomPolygon, roomTypeFromName, identifyRoomType, storeyRooms } from '@edrf/geometry';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const corpus = process.env.IFC_CORPUS ?? path.resolve(repoRoot, '../shared/ifc');

/** The type of each space text (long name, else name) of the corpus, by hand. */
const LABELS: Record<string, RoomType> = {
  // AC11/AC20 FZK-Haus (German)
  Flur: 'Other',
  Küche: 'Kitchen',
  Wohnen: 'Other',
  Schlafzimmer: 'SleepingRoom',
  Bad: 'Bathroom',
  Buero: 'Other',
  Galerie: 'Other',
  // AC11 Institute (German)
  'Besprechungsraum I': 'Other',
  'Besprechungsraum II': 'Other',
  'Technikraum I': 'Other',
  'Technikraum II': 'Other',
  'Technikraum III': 'Other',
  'Technikraum IV': 'Other',
  Seminarraum: 'Other',
  'WC Herren': 'Bathroom',
  'WC Damen': 'Bathroom',
  ...Object.fromEntries(['K1', 'K2', 'K3', 'K4', 'K5', 'I', 'II'].map((n) => [`Labor ${n}`, 'Other'])),
  ...Object.fromEntries(
    ['Keller West', 'Keller Ost', 'EG West', 'EG Ost', 'EG Eingang', '1.OG West', '1.OG Ost', '2.OG West', '2.OG Ost'].map((n) => [
      `Flur ${n}`,
      'Other',
    ]),
  ),
  ...Object.fromEntries(['Keller', '1.OG', '2.OG', '3.OG'].map((n) => [`Flur ${n} Treppe`, 'Stairwell'])),
  ...Object.fromEntries(
    [
      'Meier',
      'Obermeier',
      'Maier',
      'Studenten I',
      'Studenten II',
      'Studenten III',
      'Meyer',
      'Mayer',
      'Meyr',
      'Mayr',
      'Hausmeister',
      'Schmidt',
      'IL',
      'IL Sekr.',
      'Schmid',
      'Mueller I',
      'Mueller II',
      'MuellerIII',
      'Mueller IV',
      'Mueller V',
      'Oberschmitt',
      'Obermueller',
      'Schmied I',
      'Schmied II',
      'Mueller VI + VII',
      'Mueller VIII + IX',
      'Schmitt I',
      'Schmitt II',
    ].map((n) => [`Buero ${n}`, 'Other']),
  ),
  'Dachboden-1': 'Other',
  'Dachboden-2': 'Other',
  // AC90R1 Jasmin-Sun (German)
  'Keller 1': 'Other',
  'Keller 2': 'Other',
  'Diele-Keller': 'Other',
  'Diele-Erdgeschoss': 'Other',
  'Diele-Dachgeschoss': 'Other',
  'Wohnen/Essen/Kochen': 'Kitchen',
  Abstellraum: 'Other',
  WC: 'Bathroom',
  // House (Russian)
  'Студия-гостиная': 'Other',
  Прихожая: 'Other',
  Холл: 'Other',
  Коридор: 'Other',
  'С/У': 'Bathroom',
  Тамбур: 'Other',
  Гараж: 'Other',
  Комната: 'Other',
  'Большая комната': 'Other',
  // SampleHouse4, duplex, revit_quantities, testhouse, example (English)
  'Living room': 'Other',
  Bedroom: 'SleepingRoom',
  'Entrance hall': 'Other',
  Roof: 'Other',
  Foyer: 'Other',
  Hallway: 'Other',
  'Bathroom 1': 'Bathroom',
  'Bathroom 2': 'Bathroom',
  Utility: 'Other',
  Stair: 'Stairwell',
  Room: 'Other',
  'Living Room': 'Other',
  Kitchen: 'Kitchen',
  'Bedroom 1': 'SleepingRoom',
  'Bedroom 2': 'SleepingRoom',
  'small office': 'Other',
  'Inner Space': 'Other',
  'Annex Space': 'Other',
  'Sightseeing Space': 'Other',
  'Bar Space': 'Other',
  '823947': 'Other',
  // revit2012_janesville_restaurant (English)
  'Elevator (N.I.C.)': 'Shaft',
  'Existing Stairs (N.I.C.)': 'Stairwell',
  'El. Equip Room (N.I.C.)': 'Other',
  'Coat Room': 'Other',
  'R.R.': 'Bathroom',
  'W.S.': 'Other',
  'Banquet Hall A': 'Other',
  'Banquet Hall B': 'Other',
  'Banquet Hall C': 'Other',
  'Outdoor Patio': 'Balcony',
  'Drink Bar': 'Other',
  'Dining Room A': 'Other',
  'Dining Room B': 'Other',
  'Dining Room C': 'Other',
  'Pizza Bar': 'Other',
  Scullery: 'Kitchen',
  "Women's Restroom": 'Bathroom',
  "Men's Restroom": 'Bathroom',
};

interface Space {
  globalId: string;
  name?: string;
  longName?: string | null;
}

interface Row {
  file: string;
  labelled: number;
  unlabelled: number;
  byName: number;
  byBoth: number;
  cleanMs: number;
}

const tally = new Map<RoomType, { labelled: number; found: number; predicted: number }>();
const count = (type: RoomType) => tally.get(type) ?? tally.set(type, { labelled: 0, found: 0, predicted: 0 }).get(type)!;
const misses: string[] = [];

async function benchFile(file: string): Promise<Row | undefined> {
  const reference = JSON.parse(fs.readFileSync(path.join(corpus, 'reference', file.replace(/\.ifc$/i, '.json')), 'utf8')) as {
    spaces: Space[];
  };
  if (reference.spaces.length === 0) return undefined;
  const { arch } = await extractIfc(new Uint8Array(fs.readFileSync(path.join(corpus, file))));
  const model: Model = { ...emptyModel(), arch };
  const row: Row = { file, labelled: 0, unlabelled: 0, byName: 0, byBoth: 0, cleanMs: 0 };
  for (const storey of Object.values(arch.storeys)) {
    const stairs = storey.stairs.map((id) => arch.stairs[id]?.shape).filter((s) => s !== undefined);
    for (const room of storeyRooms(arch, storey)) {
      const space = reference.spaces.find((s) => s.globalId === room.global_id);
      if (!space) continue;
      const label = LABELS[space.longName || space.name || ''];
      if (!label) {
        row.unlabelled++;
        continue;
      }
      row.labelled++;
      const byName = roomTypeFromName(room.name);
      const byBoth = identifyRoomType(room.name, roomPolygon(room), { stairs });
      if (byName === label) row.byName++;
      if (byBoth === label) row.byBoth++;
      else misses.push(`${file}: '${room.name}' is ${label}, identified as ${byBoth}`);
      count(label).labelled++;
      count(byBoth).predicted++;
      if (byBoth === label) count(label).found++;
    }
  }
  // The whole clean_arch with every option on, for scale.
  const started = performance.now();
  await cleanArch(model, { identify_room_types: true });
  row.cleanMs = Math.round(performance.now() - started);
  return row;
}

const pct = (part: number, whole: number) => (whole === 0 ? '-' : `${((100 * part) / whole).toFixed(1)} %`);
const pad = (s: string | number, n: number) => String(s).padStart(n);

async function main() {
  if (!fs.existsSync(path.join(corpus, 'reference'))) {
    console.log(`No IFC corpus at ${corpus} (set IFC_CORPUS); nothing to measure.`);
    return;
  }
  const files = fs
    .readdirSync(corpus)
    .filter((f) => f.toLowerCase().endsWith('.ifc') && fs.existsSync(path.join(corpus, 'reference', f.replace(/\.ifc$/i, '.json'))))
    .sort();
  const rows: Row[] = [];
  for (const file of files) {
    const row = await benchFile(file);
    if (row) rows.push(row);
  }
  const width = Math.max(...rows.map((r) => r.file.length), 5);
  console.log(`${'model'.padEnd(width)}  labelled  unlabelled  name only  name+geometry  clean_arch ms`);
  for (const r of rows)
    console.log(
      `${r.file.padEnd(width)}  ${pad(r.labelled, 8)}  ${pad(r.unlabelled, 10)}  ${pad(pct(r.byName, r.labelled), 9)}  ${pad(pct(r.byBoth, r.labelled), 13)}  ${pad(r.cleanMs, 13)}`,
    );
  const sum = (key: 'labelled' | 'byName' | 'byBoth') => rows.reduce((s, r) => s + r[key], 0);
  console.log(
    `${'all'.padEnd(width)}  ${pad(sum('labelled'), 8)}  ${pad(
      rows.reduce((s, r) => s + r.unlabelled, 0),
      10,
    )}  ${pad(pct(sum('byName'), sum('labelled')), 9)}  ${pad(pct(sum('byBoth'), sum('labelled')), 13)}`,
  );
  console.log('\ntype                 labelled  recall    precision');
  for (const [type, t] of [...tally.entries()].sort((a, b) => b[1].labelled - a[1].labelled))
    console.log(`${type.padEnd(20)} ${pad(t.labelled, 8)}  ${pad(pct(t.found, t.labelled), 8)}  ${pad(pct(t.found, t.predicted), 9)}`);
  const typed = [...tally.entries()].filter(([type]) => type !== 'Other');
  const typedLabelled = typed.reduce((s, [, t]) => s + t.labelled, 0);
  console.log(
    `\nrooms of a type other than Other: ${typedLabelled}, found ${pct(
      typed.reduce((s, [, t]) => s + t.found, 0),
      typedLabelled,
    )}`,
  );
  if (misses.length > 0) console.log(`\nmisses:\n  ${misses.join('\n  ')}`);
}

await main();
