// The plan drawings of a small hand-built building (test-model.ts), opened as their readers open them: the PDF
// rendered by pdftoppm and read by pdftotext, the DXF read by dxf-parser. Expected figures come from the model's own
// data and hand arithmetic, never from the drawing code.
import type { Model, Regulation } from '@edrf/model';

/** What the tests read of a unit of any group. */
type Unit = { id: string; storey_id: string; coord: [number, number, number] };
import { beforeAll, describe, expect, it } from 'vitest';
import { findReport } from '../catalogue.js';
import { pdfPageTexts, pdfPngs, readDxf, type DxfEntity, type DxfRead } from '../drawing/read-back.js';
import { sheetLayout } from '../drawing/sheet.js';
import { renderReport } from '../render.js';
import type { ReportFile } from '../report-builder.js';
import { symbolBlockName } from '../drawing/dxf.js';
import { ROOM_NAMES, planModel } from './test-model.js';

const INPUT = { date: '2026-11-28', documentStatus: 'Bygghandling', designer: 'Anna Andersson', revision: 'B' };

async function files(
  key: string,
  regulation: Regulation,
  format: 'pdf' | 'dxf',
  model: Model = planModel(regulation),
): Promise<ReportFile[]> {
  const out: ReportFile[] = [];
  for await (const file of renderReport(key, format, { model, regulation, ...INPUT })) out.push(file);
  return out;
}

/** pdftotext may drop the narrow spaces of small texts: texts compared without spaces. */
const squash = (s: string) => s.replace(/\s+/g, '');

/** The text each unit of a storey should carry (its address, or its mounting height), from the model's own data. */
function unitTextsByStorey(model: Model, c: Case): Map<string, string[]> {
  const fire = model.fire!;
  const addressOf = new Map<string, [string, number]>();
  for (const section of Object.values(fire.sections))
    for (const [unit, address] of Object.entries(section.addresses)) addressOf.set(unit, [section.name, address]);
  const out = new Map<string, string[]>();
  for (const unit of (['racks', 'detectors', 'sirens', 'buttons', 'ios', 'others'] as const).flatMap((g) =>
    Object.values<Unit>(fire.units[g]),
  )) {
    const found = addressOf.get(unit.id);
    const floor = model.arch.storeys[unit.storey_id]!.height.min_z;
    const text = c.address ? (found ? c.address(found[0], found[1]) : null) : `h=${(unit.coord[2] - floor).toFixed(2)}`;
    if (text) out.set(unit.storey_id, [...(out.get(unit.storey_id) ?? []), text]);
  }
  return out;
}

const unitsOn = (model: Model, storey: string) =>
  (['racks', 'detectors', 'sirens', 'buttons', 'ios', 'others'] as const).flatMap((g) =>
    Object.values<Unit>(model.fire!.units[g]).filter((u) => u.storey_id === storey),
  );

const texts = (dxf: DxfRead, layer?: string) =>
  dxf.entities.filter((e) => e.type === 'TEXT' && (!layer || e.layer === layer)).map((e) => e.text!);
const xsOf = (e: DxfEntity) => [
  ...(e.vertices ?? []).map((v) => v.x),
  ...(e.position ? [e.position.x] : []),
  ...(e.startPoint ? [e.startPoint.x] : []),
  ...(e.center ? [e.center.x] : []),
];
const PLAN_LAYER = /^(A|F|E)-/;

/** A single-sheet DXF's scale and sheet size, as its title block prints them. */
function printed(dxf: DxfRead) {
  const title = texts(dxf, 'TITLE');
  const scale = Number(title.find((t) => /^1:\d+$/.test(t))!.slice(2));
  const size = title.find((t) => /^A[0-4]$/.test(t)) as 'A4';
  return { scale, layout: sheetLayout(size) };
}

interface Case {
  key: string;
  regulation: Regulation;
  number: string;
  address?: (section: string, address: number) => string;
  layers: string[];
  also?: string[];
}

const CASES: Case[] = [
  {
    key: 'UkbsDevicePlacement',
    regulation: 'Bs5839',
    number: 'DP-101',
    address: (s, a) => `Z${s}/${a}`,
    layers: ['A-WALL', 'A-DOOR', 'A-ROOM-NAME', 'F-UNIT', 'F-UNIT-TEXT', 'F-SECTION', 'F-COVERAGE'],
    also: ['Zone 1', 'Zone boundary', 'Smoke detector', 'Manual call point'],
  },
  {
    key: 'NfpaLayoutDrawings',
    regulation: 'Nfpa72',
    number: 'FA-101',
    address: (s, a) => `${s}.${a}`,
    layers: ['A-WALL', 'A-DOOR', 'A-ROOM-NAME', 'F-UNIT', 'F-UNIT-TEXT'],
    also: ['CLG 3.00 m', 'Smoke detector', 'Manual pull station', 'Legend', 'Scale 1:'],
  },
  {
    key: 'SbfInstallationsritning',
    regulation: 'Sbf1108',
    number: 'IR-101',
    layers: ['A-WALL', 'A-DOOR', 'F-UNIT', 'F-UNIT-TEXT', 'F-CABLE', 'F-CABLE-TEXT', 'E-TRAY'],
    also: ['h=2.95', 'h=1.00', 'h=0.10', 'loop1', 'Kabelstege', 'Rökdetektor'],
  },
  {
    key: 'SbfServiceritning',
    regulation: 'Sbf1108',
    number: 'SR-101',
    address: (s, a) => `${s}.${a}`,
    layers: ['A-WALL', 'A-DOOR', 'A-ROOM-NAME', 'F-UNIT', 'F-UNIT-TEXT', 'F-SECTION'],
    also: ['Sektion 1', 'Sektion 2', 'Centralutrustning'],
  },
];

describe.each(CASES)('$key on a hand-built building', (c) => {
  const model = planModel(c.regulation);
  const name = findReport(c.key)!.name;
  let pdf: ReportFile;
  let pages: string[];
  let dxfs: ReportFile[];

  beforeAll(async () => {
    [pdf] = (await files(c.key, c.regulation, 'pdf', model)) as [ReportFile];
    pages = pdfPageTexts(pdf.data);
    dxfs = await files(c.key, c.regulation, 'dxf', model);
  });

  it('prints one page per report tile of each storey, the whole storey where it has none', () => {
    expect(pdf.name).toBe(`${name}.pdf`);
    // Plan 1 has no tiles: one sheet; Plan 2 has two.
    expect(pages).toHaveLength(3);
    expect(pdfPngs(pdf.data, 20)).toHaveLength(3);
  });

  it('fills every title block from the config and the request', () => {
    const number = [c.number, c.number.replace('101', '201'), c.number.replace('101', '202')];
    pages.forEach((page, i) => {
      for (const field of [
        'Kv. Ugglan',
        'Storgatan 1, Växjö',
        'Fastighets AB Ω',
        INPUT.date,
        INPUT.documentStatus,
        INPUT.designer,
        number[i]!,
      ])
        expect(squash(page), `page ${i + 1}: ${field}`).toContain(squash(field));
    });
    expect(squash(pages[1]!)).toContain(squash(`${name} – Plan 2`));
  });

  it('names the rooms and shows what this drawing holds', () => {
    const all = squash(pages.join('\n'));
    for (const room of ROOM_NAMES) expect(all, room).toContain(squash(room));
    for (const text of c.also ?? []) expect(all, text).toContain(squash(text));
  });

  it(`writes every unit's ${c.address ? 'address' : 'mounting height'} beside it, on its storey`, () => {
    const byStorey = unitTextsByStorey(model, c);
    const p1 = squash(pages[0]!);
    for (const address of byStorey.get('P1')!) expect(p1, address).toContain(address);
    const p2 = squash(pages.slice(1).join('\n'));
    for (const address of byStorey.get('P2')!) expect(p2, address).toContain(address);
  });

  it('writes a DXF per storey with its layers, a symbol insert per unit and the texts', () => {
    expect(dxfs.map((f) => f.name)).toEqual([`${name} – Plan 1.dxf`, `${name} – Plan 2.dxf`]);
    const dxf = readDxf(dxfs[0]!.data);
    expect(dxf.layers).toEqual(expect.arrayContaining([...c.layers, 'FRAME', 'TITLE', 'LEGEND']));
    const inserts = dxf.entities.filter((e) => e.type === 'INSERT' && e.layer === 'F-UNIT');
    expect(inserts).toHaveLength(unitsOn(model, 'P1').length);
    expect(dxf.blocks).toEqual(expect.arrayContaining([symbolBlockName('smoke'), symbolBlockName('call_point'), symbolBlockName('panel')]));
    expect(texts(dxf)).toEqual(expect.arrayContaining(['Entré', 'Förråd Å', 'Kv. Ugglan', c.number]));
    if (c.address) expect(texts(dxf, 'F-UNIT-TEXT')).toEqual(expect.arrayContaining([c.address('1', 1), c.address('2', 4)]));
  });

  it('draws the plan at 1:1 in metres: the 10 m wall where the model has it, measuring 10; detectors 20 m apart, 20', () => {
    const dxf = readDxf(dxfs[0]!.data);
    expect(dxf.header.$INSUNITS).toBe(6);
    // The wall along y = 0 from x = 0 to 10, 0.2 m thick (test-model.ts): its outline at the model's own coordinates.
    const walls = dxf.entities.filter((e) => e.layer === 'A-WALL' && e.vertices);
    const ten = walls.find((w) => {
      const xs = w.vertices!.map((v) => v.x);
      const ys = w.vertices!.map((v) => v.y);
      return (
        Math.abs(Math.min(...xs)) < 1e-6 &&
        Math.abs(Math.max(...xs) - 10) < 1e-6 &&
        Math.abs(Math.max(...ys) - Math.min(...ys) - 0.2) < 1e-6
      );
    });
    expect(ten, 'the 10 m wall at x 0–10').toBeDefined();
    expect(Math.min(...ten!.vertices!.map((v) => v.y))).toBeCloseTo(-0.1, 6);
    // d1 (3, 4) and d6 (23, 4): the leftmost smoke detector and the heat detector, at their coordinates.
    const heat = dxf.entities.find((e) => e.name === symbolBlockName('heat') && e.layer === 'F-UNIT')!;
    const onRow = dxf.entities.filter(
      (e) => e.type === 'INSERT' && e.layer === 'F-UNIT' && Math.abs(e.position!.y - heat.position!.y) < 1e-6,
    );
    const leftmost = Math.min(...onRow.filter((e) => e !== heat).map((e) => e.position!.x));
    expect(heat.position!.x - leftmost).toBeCloseTo(20, 6);
    expect([heat.position!.x, heat.position!.y]).toEqual([expect.closeTo(23, 6), expect.closeTo(4, 6)]);
  });

  it('draws the frame and title block round the plan at the printed scale, the plan off the panel', () => {
    const dxf = readDxf(dxfs[0]!.data);
    const { scale, layout } = printed(dxf);
    const k = scale / 1000;
    // The frame's outline: the largest closed outline on FRAME, the sheet's frame at the scale (m per paper mm).
    const outlines = dxf.entities.filter((e) => e.layer === 'FRAME' && e.vertices?.length === 4);
    const width = (e: DxfEntity) => Math.max(...xsOf(e)) - Math.min(...xsOf(e));
    const frame = outlines.reduce((a, b) => (width(b) > width(a) ? b : a));
    expect(width(frame)).toBeCloseTo(layout.frame.w * k, 6);
    // A symbol's block is drawn in paper mm: inserted at the scale.
    const insert = dxf.entities.find((e) => e.type === 'INSERT' && e.layer === 'F-UNIT')!;
    expect(insert.xScale).toBeCloseTo(k, 9);
    const panelX = Math.min(...xsOf(frame)) + (layout.panel.x - layout.frame.x) * k;
    for (const e of dxf.entities.filter((e) => PLAN_LAYER.test(e.layer)))
      for (const x of xsOf(e)) expect(x, `${e.type} on ${e.layer}`).toBeLessThanOrEqual(panelX + 1e-6);
  });
});

describe('SbfOrienteringsritning on a hand-built building', () => {
  const model = planModel('Sbf1108');
  let pages: string[];
  let dxfs: ReportFile[];

  beforeAll(async () => {
    const [pdf] = await files('SbfOrienteringsritning', 'Sbf1108', 'pdf', model);
    pages = pdfPageTexts(pdf!.data);
    dxfs = await files('SbfOrienteringsritning', 'Sbf1108', 'dxf', model);
  });

  it('draws one sheet per section, the section coloured, with the entrance and the way to the central where they are', () => {
    expect(pages).toHaveLength(Object.keys(model.fire!.sections).length);
    pages.forEach((page, i) => {
      expect(squash(page)).toContain(squash(`Sektion ${i + 1}`));
      expect(squash(page)).toContain(`OR-0${i + 1}`);
    });
    // Sections 1 and 2 are on Plan 1 with the central and the exterior door; section 3 is on Plan 2.
    for (const page of pages.slice(0, 2)) expect(squash(page)).toContain(squash('Entré – Du står här'));
    expect(squash(pages[2]!)).toContain(squash('Entré och centralutrustning: Plan 1'));
    expect(squash(pages[0]!)).toContain('Centralutrustning');
  });

  it('writes a DXF per section: the section filled, the way drawn, the central the one unit', () => {
    expect(dxfs.map((f) => f.name)).toEqual([
      'Orienteringsritning – Sektion 1.dxf',
      'Orienteringsritning – Sektion 2.dxf',
      'Orienteringsritning – Sektion 3.dxf',
    ]);
    const dxf = readDxf(dxfs[0]!.data);
    expect(dxf.layers).toEqual(expect.arrayContaining(['F-SECTION', 'F-WAY', 'A-ROOM', 'A-ROOM-NAME']));
    expect(dxf.entities.filter((e) => e.type === 'INSERT' && e.layer === 'F-UNIT').map((e) => e.name)).toEqual([symbolBlockName('panel')]);
    // Section 1 has two parts (the hall and the corridor): two outlines.
    expect(dxf.entities.filter((e) => e.layer === 'F-SECTION' && e.type === 'LWPOLYLINE')).toHaveLength(2);
    // The way: from the exterior door at (0, 3.5) through the hall to the rack at (1, 6.5), both in the hall.
    const way = dxf.entities.find((e) => e.layer === 'F-WAY' && e.type === 'LWPOLYLINE')!;
    expect(way.vertices).toHaveLength(2);
  });
});
