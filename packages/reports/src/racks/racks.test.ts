// The three rack documents as the user gets them from gen_fire_reports (renderReport), opened as their readers open
// them: the Plintkort's xlsx through exceljs and its PDF through pdftotext, the Förbindningsschema's and the
// Monteringsritning's DXF through dxf-parser and their PDFs through pdftotext and pdftoppm. The model: a real building
// designed and equipped with two racks (test-model.ts); what each card must hold is counted from the model.
import type { Arch, Fire, Model } from '@edrf/model';
import { loopFiguresOf } from '@edrf/fire';
import { beforeAll, describe, expect, it } from 'vitest';
import { pdfPageTexts, pdfPngs, readDxf, type DxfEntity } from '../drawing/read-back.js';
import { sheetLayout } from '../drawing/sheet.js';
import { corpusArch, corpusHas, FZK_HAUS as FILE } from '../test-support/corpus.js';
import { renderFiles, xlsxSheets } from '../test-support/read-back.js';
import { RACK_LAYERS } from './layers.js';
import { MM_PER_RACK_UNIT } from './mounting-sheets.js';
import { SCHEMA_COLUMNS } from './schema-sheets.js';
import { expectedCores, rackModel } from './test-model.js';

const present = corpusHas(FILE, "the rack documents' tests");

const squash = (s: string) => s.replace(/\s+/g, '');
/** A3's sheets side by side in a DXF: 420 mm and a 20 mm gap. */
const SHEET_PITCH = 440;

const render = (model: Model, key: string, format: 'pdf' | 'dxf' | 'xlsx') => renderFiles(key, format, model);

/** One card row: what the Plintkort says of a terminal. */
interface CardRow {
  terminal: string;
  cable: string;
  pair: string;
  wire: string;
  colour: string;
  pol: string;
  destination: string;
}

/** The card's rows under its header row ('Plint nr'). */
function cardRows(rows: unknown[][]): CardRow[] {
  const h = rows.findIndex((r) => r[0] === 'Plint nr');
  expect(h).toBeGreaterThan(-1);
  const out: CardRow[] = [];
  for (const r of rows.slice(h + 1)) {
    if (r.length === 0) break;
    const s = (i: number) => {
      const v = r[i];
      return typeof v === 'string' || typeof v === 'number' ? String(v) : '';
    };
    out.push({ terminal: s(0), cable: s(1), pair: s(3), wire: s(4), colour: s(5), pol: s(6), destination: s(8) });
  }
  return out;
}

/** A DXF's texts in rows: grouped by sheet and baseline, each row's texts left to right with their x on the sheet. */
function dxfRows(entities: DxfEntity[]): { sheet: number; y: number; texts: { x: number; text: string }[] }[] {
  const rows = new Map<string, { sheet: number; y: number; texts: { x: number; text: string }[] }>();
  for (const e of entities) {
    if (e.type !== 'TEXT' || e.text === undefined) continue;
    const p = e.startPoint ?? e.position!;
    const sheet = Math.floor(p.x / SHEET_PITCH);
    const y = Math.round(p.y * 10) / 10;
    const k = `${sheet}|${y}`;
    const row = rows.get(k) ?? { sheet, y, texts: [] };
    row.texts.push({ x: p.x - sheet * SHEET_PITCH, text: e.text });
    rows.set(k, row);
  }
  return [...rows.values()].map((r) => ({ ...r, texts: r.texts.sort((a, b) => a.x - b.x) })).sort((a, b) => a.sheet - b.sheet || b.y - a.y);
}

/**
 * What the Förbindningsschema's DXF of a rack says of each terminal: '-X1:3|cable|1a vit +|destination', read column
 * by column (the plinth's code heads its terminals; a cable's name is on its first core's row, before ' · ').
 */
function schemaTerminals(dxf: string): string[] {
  const v = sheetLayout('A3').viewport;
  const col = (dx: number) => v.x + dx;
  const C = SCHEMA_COLUMNS;
  const near = (x: number, at: number) => Math.abs(x - at) < 0.6;
  let plinth = '';
  let cable = '';
  const out: string[] = [];
  for (const row of dxfRows(readDxf(dxf).entities)) {
    const at = (dx: number) => row.texts.find((t) => near(t.x, col(dx)))?.text;
    const code = at(C.terminal);
    if (code && /^-X\d+$/.test(code)) plinth = code;
    const terminal = at((C.terminal + C.terminalEnd) / 2);
    const core = at(C.core);
    if (terminal === undefined || core === undefined || !/^(\d+|–)$/.test(terminal)) continue;
    const c = at(C.cable);
    if (c && c.includes(' · ')) cable = c.split(' · ')[0]!;
    out.push(`${terminal === '–' ? '–' : `${plinth}:${terminal}`}|${cable}|${core}|${at(C.far) ?? ''}`);
  }
  return out;
}

describe.skipIf(!present)(`rack documents of ${FILE} with two racks`, () => {
  let arch: Arch;
  let model: Model;
  let fire: Fire;
  let small: Model;
  beforeAll(async () => {
    arch = await corpusArch(FILE);
    model = rackModel(arch, { maxUnitsPerLoop: 6 });
    fire = model.fire!;
    small = rackModel(arch, { plinths: ['sbf-plinth-4'] });
  }, 120_000);

  const printed = (f: Fire) => (id: string) => f.connections.cables[id]?.label || id;
  const rackLabel = (f: Fire, rackId: string) => Object.values(f.connections.rooms).find((r) => r.racks.includes(rackId))!.label;

  it('Plintkort: a card per plinth listing its every terminal, each core of the rack once with cable, core and the other end', async () => {
    const [xlsx] = await render(model, 'SbfPlintkort', 'xlsx');
    const book = await xlsxSheets(xlsx!.data);
    const plinths = Object.values(fire.connections.plinths);
    expect(book.size).toBe(1 + plinths.length);
    const figures = loopFiguresOf({ arch, fire });
    const expected = expectedCores(fire, arch, printed(fire));
    const cards = new Map<string, CardRow[]>();
    for (const [name, rows] of book) if (name !== 'Plintar') cards.set(name.replace(/^Plintkort /, ''), cardRows(rows));
    // Each plinth's card, named by its rack and its place (-X1 … top to bottom, left to right): terminals 1 … its
    // product's num_connections, each used one with its cable, core, polarity and other end.
    for (const rackId of Object.keys(fire.units.racks)) {
      const mine = plinths
        .filter((p) => p.rack_id === rackId)
        .sort((a, b) => a.rack_pos[1] - b.rack_pos[1] || a.rack_pos[0] - b.rack_pos[0] || a.id.localeCompare(b.id));
      mine.forEach((plinth, i) => {
        const rows = cards.get(`${rackLabel(fire, rackId)}-X${i + 1}`)!;
        expect(rows, plinth.id).toBeDefined();
        const capacity = fire.config.products.plinths.find((p) => p.id === plinth.product_id)!.num_connections;
        expect(rows.map((r) => r.terminal)).toEqual(Array.from({ length: capacity }, (_, n) => String(n + 1)));
      });
    }
    for (const rows of cards.values())
      for (const r of rows) {
        if (r.cable === 'Ledig') continue;
        expect(r.pair).toMatch(/^\d+$/);
        expect(['a', 'b']).toContain(r.wire);
        expect(r.pol).toBe(r.wire === 'a' ? '+' : '-');
        expect(r.colour).not.toBe('');
        expect(r.destination).not.toBe('');
      }
    // The cores on a rack's cards are the cores the model gives the rack.
    for (const rackId of Object.keys(fire.units.racks)) {
      const rows = [...cards.entries()].filter(([name]) => name.startsWith(`${rackLabel(fire, rackId)}-`)).flatMap(([, r]) => r);
      const got = new Map<string, number>();
      for (const r of rows)
        if (r.cable !== 'Ledig') got.set(`${r.cable}|${r.pair}|${r.wire}`, (got.get(`${r.cable}|${r.pair}|${r.wire}`) ?? 0) + 1);
      expect(got).toEqual(expected.get(rackId));
    }
    // A loop's out cores lead to its first unit in cable order, its return cores to its last.
    for (const route of Object.values(fire.connections.routes).filter((r) => r.kind === 'Loop')) {
      const members = figures(route.id)!.members;
      const rows = [...cards.values()].flat().filter((r) => r.cable === route.id);
      expect(rows).toHaveLength(4);
      // A unit is named by its section and address on every document ('första enhet Rökdetektor 1.3').
      const named = (unitId: string) => {
        const section = Object.values(fire.sections).find((s) => s.addresses[unitId] !== undefined)!;
        return ` ${section.name}.${section.addresses[unitId]}`;
      };
      expect(rows.filter((r) => r.destination.startsWith('första enhet ') && r.destination.endsWith(named(members[0]!.id)))).toHaveLength(
        2,
      );
      expect(
        rows.filter((r) => r.destination.startsWith('sista enhet ') && r.destination.endsWith(named(members.at(-1)!.id))),
      ).toHaveLength(2);
    }
    // A core between the racks names the other rack's terminal, whose card names this one back.
    const link = Object.values(fire.connections.routes).find((r) => r.kind === 'RackToRack')!;
    const linkRows = [...cards.entries()].flatMap(([name, rows]) => rows.filter((r) => r.cable === link.id).map((r) => ({ name, r })));
    expect(linkRows).toHaveLength(2 * 2 * fire.config.products.cables.find((c) => c.id === link.product_id)!.num);
    for (const { name, r } of linkRows) {
      const m = /^(\+D\d)(-X\d+):(\d+)$/.exec(r.destination)!;
      expect(m, r.destination).not.toBeNull();
      const there = cards.get(`${m[1]}${m[2]}`)![Number(m[3]) - 1]!;
      expect([there.cable, there.pair, there.wire]).toEqual([r.cable, r.pair, r.wire]);
      expect(there.destination).toBe(`${name}:${r.terminal}`);
    }
    // The same cards in the PDF: the index, then a page per card.
    const [pdf] = await render(model, 'SbfPlintkort', 'pdf');
    const pages = pdfPageTexts(pdf!.data);
    expect(pages).toHaveLength(1 + plinths.length);
    for (const [name, rows] of cards) {
      const page = pages.find((p) => p.includes(`Plintkort ${name}`))!;
      expect(page, name).toBeDefined();
      for (const r of rows) if (r.cable !== 'Ledig') expect(squash(page)).toContain(squash(r.destination));
    }
    expect(pdfPngs(pdf!.data, 30)).toHaveLength(pages.length);
  });

  it('Förbindningsschema: each rack’s DXF shows every terminal of its cards with the same cable, core and other end', async () => {
    const [xlsx] = await render(model, 'SbfPlintkort', 'xlsx');
    const book = await xlsxSheets(xlsx!.data);
    const dxfs = await render(model, 'SbfForbindningsschema', 'dxf');
    expect(dxfs.map((f) => f.name).sort()).toEqual(
      ['Förbindelser mellan skåp', ...Object.keys(fire.units.racks).map((id) => rackLabel(fire, id))]
        .map((n) => `Förbindningsschema – ${n}.dxf`)
        .sort(),
    );
    for (const rackId of Object.keys(fire.units.racks)) {
      const label = rackLabel(fire, rackId);
      const fromCards = [...book.entries()]
        .filter(([name]) => name.startsWith(`Plintkort ${label}-`))
        .flatMap(([name, rows]) =>
          cardRows(rows)
            .filter((r) => r.cable !== 'Ledig')
            .map(
              (r) =>
                `${name.replace(`Plintkort ${label}`, '')}:${r.terminal}|${r.cable}|${r.pair}${r.wire} ${r.colour} ${r.pol}|${r.destination}`,
            ),
        );
      const dxf = dxfs.find((f) => f.name === `Förbindningsschema – ${label}.dxf`)!;
      const fromSchema = schemaTerminals(new TextDecoder().decode(dxf.data));
      expect(fromSchema.sort()).toEqual(fromCards.sort());
      const layers = readDxf(new TextDecoder().decode(dxf.data)).layers;
      for (const layer of [RACK_LAYERS.terminals, RACK_LAYERS.cores, RACK_LAYERS.jumpers, RACK_LAYERS.texts, 'TITLE'])
        expect(layers).toContain(layer);
    }
    // The PDF: the cores between racks first, then a page per rack with each terminal's far end.
    const [pdf] = await render(model, 'SbfForbindningsschema', 'pdf');
    const pages = pdfPageTexts(pdf!.data);
    expect(pages).toHaveLength(1 + Object.keys(fire.units.racks).length);
    expect(pages[0]).toContain('Förbindelser mellan skåp');
    const link = Object.values(fire.connections.routes).find((r) => r.kind === 'RackToRack')!;
    expect(pages[0]).toContain(link.id);
    for (const [name, rows] of book)
      if (name !== 'Plintar')
        for (const r of cardRows(rows).filter((x) => /^\+D\d-X\d+:\d+$/.test(x.destination)))
          expect(squash(pages[0]!)).toContain(squash(r.destination));
    expect(pdfPngs(pdf!.data, 30)).toHaveLength(pages.length);
  });

  it('states the cores without a terminal on the schema and the cards when the plinths are too few', async () => {
    const expected = [...expectedCores(small.fire!, arch).get('r1')!.values()].reduce((a, b) => a + b, 0);
    const missing = `${expected - 4} ledare saknar plint`;
    const [pdf] = await render(small, 'SbfForbindningsschema', 'pdf');
    const page = pdfPageTexts(pdf!.data).find((p) => p.includes('Skåp +D1'))!;
    expect(page).toContain(missing);
    const [xlsx] = await render(small, 'SbfPlintkort', 'xlsx');
    const book = await xlsxSheets(xlsx!.data);
    const overflow = book.get('Ledare utan plint +D1')!;
    expect(cardRows(overflow)).toHaveLength(expected - 4);
    expect(cardRows(overflow).every((r) => r.terminal === '–')).toBe(true);
    expect(overflow.flat().join(' ')).toContain(missing);
  });

  it('Monteringsritning: each rack’s front view names every unit and draws it to scale at its place', async () => {
    const [pdf] = await render(model, 'SbfMonteringsritning', 'pdf');
    const pages = pdfPageTexts(pdf!.data);
    const racks = Object.keys(fire.units.racks);
    expect(pages).toHaveLength(racks.length);
    const dxfs = await render(model, 'SbfMonteringsritning', 'dxf');
    for (const rackId of racks) {
      const label = rackLabel(fire, rackId);
      const page = pages.find((p) => p.includes(`Skåp ${label} – frontvy`))!;
      expect(page).toBeDefined();
      const units = (['centrals', 'plinths', 'power_supplies', 'others'] as const).flatMap((g) =>
        Object.values(fire.connections[g])
          .filter((u) => u.rack_id === rackId)
          .map((u) => ({ group: g, unit: u })),
      );
      // Designations per class letter (SS-EN 81346-2), numbered from 1: as many as the rack has of the class.
      const letters = { centrals: 'K', plinths: 'X', power_supplies: 'G', others: 'T' } as const;
      const count = new Map<string, number>();
      for (const { group } of units) count.set(letters[group], (count.get(letters[group]) ?? 0) + 1);
      for (const [letter, n] of count) for (let i = 1; i <= n; i++) expect(page).toContain(`-${letter}${i}`);
      const products = fire.config.products;
      const productOf = ({ group, unit }: (typeof units)[number]) =>
        (group === 'centrals'
          ? products.centrals
          : group === 'plinths'
            ? products.plinths
            : group === 'power_supplies'
              ? products.power_supplies
              : products.other_rack_products
        ).find((p) => p.id === unit.product_id)!;
      for (const u of units) expect(squash(page)).toContain(squash(productOf(u).name));
      // The DXF: the cabinet at 1:1 in metres ($INSUNITS 6), its top left corner at the origin; each unit's rectangle at
      // its rack_pos with its product's rack_size, 1 rack unit being 10 mm.
      const dxf = readDxf(new TextDecoder().decode(dxfs.find((f) => f.name === `Monteringsritning – ${label}.dxf`)!.data));
      expect(dxf.header.$INSUNITS).toBe(6);
      expect(dxf.entities.some((e) => e.type === 'TEXT' && e.layer === 'TITLE' && /^1:\d+$/.test(e.text ?? ''))).toBe(true);
      const k = MM_PER_RACK_UNIT / 1000;
      const box = (e: DxfEntity) => {
        const xs = e.vertices!.map((p) => p.x);
        const ys = e.vertices!.map((p) => p.y);
        return { left: Math.min(...xs), top: Math.max(...ys), w: Math.max(...xs) - Math.min(...xs), h: Math.max(...ys) - Math.min(...ys) };
      };
      const outline = box(dxf.entities.find((e) => e.layer === RACK_LAYERS.rack && e.type === 'LWPOLYLINE')!);
      const rack = fire.units.racks[rackId]!;
      expect(outline.left).toBeCloseTo(0, 9);
      expect(outline.top).toBeCloseTo(0, 9);
      expect(outline.w).toBeCloseTo(rack.size[0] * k, 6);
      expect(outline.h).toBeCloseTo(rack.size[1] * k, 6);
      const drawn = dxf.entities.filter((e) => e.layer === RACK_LAYERS.units && e.type === 'LWPOLYLINE').map(box);
      expect(drawn).toHaveLength(units.length);
      for (const u of units) {
        const { unit } = u;
        const [w, h] = productOf(u).rack_size;
        const at = drawn.find(
          (b) =>
            Math.abs(b.left - (outline.left + unit.rack_pos[0] * k)) < 1e-6 &&
            Math.abs(b.top - (outline.top - unit.rack_pos[1] * k)) < 1e-6,
        );
        expect(at, unit.id).toBeDefined();
        expect(at!.w).toBeCloseTo(w * k, 6);
        expect(at!.h).toBeCloseTo(h * k, 6);
      }
    }
    expect(pdfPngs(pdf!.data, 30)).toHaveLength(pages.length);
  });
});
