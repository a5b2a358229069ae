import { describe, expect, it } from 'vitest';
import type { Model } from '@edrf/model';
import { loopFiguresOf } from '@edrf/fire';
import { BOQ_LABELS } from '../boq/labels.js';
import { routeLength } from '../boq/quantities.js';
import { pdfPageTexts, pdfPngs } from '../drawing/read-back.js';
import { LIST_LABELS as L } from './labels.js';
import { INPUT, renderOne, tableRecords, xlsxSheets } from '../test-support/read-back.js';
import { listsModel } from './test-model.js';

const BOQ = BOQ_LABELS.Sbf1108;
const squash = (s: string) => s.replace(/\s+/g, '');

/** The field units a route's nodes are locked to, in node order (the racks left out): the cable order. */
const cableOrder = (model: Model, routeId: string) =>
  model
    .fire!.connections.routes[routeId]!.slices.flatMap((s) => s.nodes.map((n) => n.unit_id))
    .filter((id) => id !== '' && !model.fire!.units.racks[id]);

/** The section name and address a unit has in the model, or ['', ''] without one. */
const addressOf = (model: Model, unitId: string): [string, unknown] => {
  const section = Object.values(model.fire!.sections).find((s) => unitId in s.addresses);
  return section ? [section.name, section.addresses[unitId]] : ['', ''];
};

/**
 * A list's PDF as its reader gets it: every page rendered (pdftoppm), and no text cut short with an ellipsis, every
 * column being as wide as its texts. Its file, its pages' texts and all its text without white space.
 */
async function readPdf(key: string, model: Model) {
  const file = await renderOne(key, 'pdf', model);
  const pages = pdfPageTexts(file.data);
  expect(pdfPngs(file.data, 30)).toHaveLength(pages.length);
  const text = squash(pages.join('\n'));
  expect(text).not.toContain('…');
  return { file, pages, text };
}

/** The bill of quantities' cable sheet: measured metres and metres to order per cable product. */
async function boqCables(model: Model) {
  const book = await xlsxSheets((await renderOne('SbfBillOfQuantities', 'xlsx', model)).data);
  return {
    cables: tableRecords(book.get(BOQ.cables.title)!, BOQ.cables.product),
    products: tableRecords(book.get(BOQ.products.title)!, BOQ.products.category),
    racks: tableRecords(book.get(BOQ.racks.title)!, BOQ.racks.rack),
  };
}

describe('SBF Fördelningslista of a hand-built building', () => {
  const model = listsModel();
  const d = L.distribution;

  it('xlsx: per central, each loop’s units in cable order with their sections, addresses, types, products, rooms, storeys', async () => {
    const book = await xlsxSheets((await renderOne('SbfFordelningslista', 'xlsx', model)).data);
    // Named as the rack documents name them (by hand from test-model.ts): r1 is '+D1' by its room record alone, r2
    // '+D3 Skåp 2' and r3 '+D2 Utr 3' with their own labels; each central is -K1 of its rack.
    expect([...book.keys()]).toEqual([d.loops.title, '+D1-K1 Huvudcentral', '+D3 Skåp 2 -K1 Central', '+D2 Utr 3', d.unlooped.title]);
    const first = book.get(d.loops.title)!;
    expect(first[0]).toEqual([L.titleBlock.project, 'Kv. Ugglan', L.titleBlock.title, d.title, L.titleBlock.date, INPUT.date]);

    // Worked by hand from test-model.ts: rooms by where each unit stands, types by product.
    const room: Record<string, string> = { d1: 'Teknikrum', s1: 'Kontor Ö', d2: 'Kontor Ö', d3: 'Kontor Ö', d4: 'Hall', b1: 'Teknikrum' };
    const type: Record<string, string> = {
      d1: 'Rökdetektor',
      s1: 'Larmdon (ljud)',
      d2: 'Rökdetektor',
      d3: 'Värmedetektor',
      d4: 'Rökdetektor',
      b1: 'Larmknapp',
    };
    const products = model.fire!.config.products;
    const productOf = (id: string) => {
      const f = model.fire!;
      const unit = f.units.detectors[id] ?? f.units.sirens[id] ?? f.units.buttons[id];
      return [...products.detectors, ...products.sirens, ...products.buttons].find((p) => p.id === unit?.product_id)?.name;
    };
    const storeyOf = (id: string) => (['d4'].includes(id) ? 'Plan 2' : 'Plan 1');
    const rows = tableRecords(book.get('+D1-K1 Huvudcentral')!, d.units.loop);
    const order = cableOrder(model, 'loop1');
    expect(order).toEqual(['d1', 's1', 'd2', 'd3', 'd4', 'b1']);
    expect(rows).toEqual(
      order.map((id, i) => ({
        [d.units.loop]: 'loop1',
        [d.units.order]: i + 1,
        [d.units.section]: addressOf(model, id)[0],
        [d.units.address]: addressOf(model, id)[1],
        [d.units.type]: type[id],
        [d.units.product]: productOf(id),
        [d.units.room]: room[id],
        [d.units.storey]: storeyOf(id),
      })),
    );
    // The second central's loop: a detector without an address keeps its place with no section or address.
    const second = tableRecords(book.get('+D3 Skåp 2 -K1 Central')!, d.units.loop);
    expect(second.map((r) => [r[d.units.section], r[d.units.address], r[d.units.room]])).toEqual([
      ['2', 2, 'Hall'],
      ['', '', 'Hall'],
    ]);
    // The loop from the rack without a central has a table of its own, named by the rack.
    expect(
      tableRecords(book.get('+D2 Utr 3')!, d.units.loop).map((r) => [
        r[d.units.loop],
        r[d.units.section],
        r[d.units.address],
        r[d.units.room],
      ]),
    ).toEqual([['loop3', '1', 6, 'Kontor Ö']]);
    // The call point addressed on no loop.
    expect(tableRecords(book.get(d.unlooped.title)!, d.units.section)).toEqual([
      {
        [d.units.section]: '2',
        [d.units.address]: 3,
        [d.units.type]: 'Larmknapp',
        [d.units.product]: L.noProduct,
        [d.units.room]: 'Hall',
        [d.units.storey]: 'Plan 2',
      },
    ]);
  });

  it('xlsx: one row per loop with its sections, unit count, the engine’s length and alarm current', async () => {
    const book = await xlsxSheets((await renderOne('SbfFordelningslista', 'xlsx', model)).data);
    const loops = tableRecords(book.get(d.loops.title)!, d.loops.rack);
    const figures = loopFiguresOf({ arch: model.arch, fire: model.fire! });
    expect(loops.map((r) => [r[d.loops.rack], r[d.loops.central], r[d.loops.loop], r[d.loops.sections], r[d.loops.units]])).toEqual([
      ['+D1', '-K1 Huvudcentral', 'loop1', '1, 2', cableOrder(model, 'loop1').length],
      ['+D3 Skåp 2', '-K1 Central', 'loop2', '2', cableOrder(model, 'loop2').length],
      ['+D2 Utr 3', d.loops.noCentral, 'loop3', '1', cableOrder(model, 'loop3').length],
    ]);
    for (const r of loops) {
      const id = r[d.loops.loop] as string;
      // The engine's length is the route measured node to node, as the bill measures it.
      expect(r[d.loops.length]).toBeCloseTo(routeLength(model.fire!.connections.routes[id]!), 9);
      expect(r[d.loops.length]).toBeCloseTo(figures(id)!.length, 9);
      expect(r[d.loops.load]).toBeCloseTo(figures(id)!.load * 1000, 1);
    }
  });

  it('pdf: the title block, every table, every unit’s room; rendered page by page', async () => {
    const { file, text } = await readPdf('SbfFordelningslista', model);
    expect(file.name).toBe('Fördelningslista.pdf');
    for (const s of [
      'Kv. Ugglan',
      'Fastighets AB Ω',
      d.title,
      INPUT.designer,
      INPUT.documentStatus,
      '+D1-K1 Huvudcentral',
      '+D3 Skåp 2 -K1 Central',
      d.unlooped.title,
      'Teknikrum',
      'Kontor Ö',
      'Hall',
      'Sida 1 av 1',
    ])
      expect(text, s).toContain(squash(s));
  });
});

describe('SBF Kabellista of a hand-built building', () => {
  const model = listsModel();
  const t = L.cables.table;

  it('xlsx: every route and every cable in a rack, with its ends, storeys, product, pairs, length and kind', async () => {
    const book = await xlsxSheets((await renderOne('SbfKabellista', 'xlsx', model)).data);
    const rows = tableRecords(book.get(t.title)!, t.id);
    const cables = rows.filter((r) => r[t.id] !== L.sum);
    const fire = model.fire!;
    expect(cables.map((r) => r[t.id]).sort()).toEqual(
      [...Object.keys(fire.connections.routes), ...Object.values(fire.connections.cables).map((c) => c.label || c.id)].sort(),
    );
    const row = (id: string) => cables.find((r) => r[t.id] === id)!;
    for (const route of Object.values(fire.connections.routes)) {
      const product = fire.config.products.cables.find((p) => p.id === route.product_id)!;
      expect(row(route.id)).toMatchObject({ [t.product]: product.name, [t.pairs]: product.num });
      expect(row(route.id)[t.length]).toBeCloseTo(routeLength(route), 9);
    }
    // Ends worked by hand: c1 and c2 list rr1 and direct1; the loops start and end at their centrals' racks; W1 is on
    // c1 and on k2, the left plinth of the shelf (-X1); cab-2 is on no unit. Named as on the rack documents.
    expect([row('loop1')[t.from], row('loop1')[t.to], row('loop1')[t.storeys], row('loop1')[t.kind]]).toEqual([
      '+D1-K1 Huvudcentral',
      '+D1-K1 Huvudcentral (retur)',
      'Plan 1, Plan 2',
      'Slinga',
    ]);
    expect([row('loop3')[t.from], row('loop3')[t.to]]).toEqual(['+D2 Utr 3', '+D2 Utr 3 (retur)']);
    expect([row('rr1')[t.from], row('rr1')[t.to], row('rr1')[t.kind]]).toEqual([
      '+D1-K1 Huvudcentral',
      '+D3 Skåp 2 -K1 Central',
      'Skåp–skåp',
    ]);
    expect([row('direct1')[t.from], row('direct1')[t.to], row('direct1')[t.storeys]]).toEqual([
      '+D3 Skåp 2 -K1 Central',
      'Brandförsvarstablå (ann1)',
      'Plan 2',
    ]);
    expect(row('W1')).toMatchObject({
      [t.from]: '+D1-K1 Huvudcentral',
      [t.to]: '+D1-X1 Plint',
      [t.storeys]: 'Plan 1',
      [t.length]: '',
      [t.kind]: L.cables.inRack,
    });
    expect(row('cab-2')).toMatchObject({ [t.from]: L.notConnected, [t.to]: L.notConnected, [t.length]: '' });
  });

  it('xlsx: the route metres add up, per cable product and in all, to the bill of quantities’ measured metres', async () => {
    const rows = tableRecords((await xlsxSheets((await renderOne('SbfKabellista', 'xlsx', model)).data)).get(t.title)!, t.id);
    const boq = await boqCables(model);
    const sums = rows.filter((r) => r[t.id] === L.sum);
    const boqLines = boq.cables.filter((r) => r[BOQ.cables.product] !== BOQ.products.sum);
    expect(boqLines).toHaveLength(2);
    for (const line of boqLines) {
      const name = line[BOQ.cables.product];
      const listed = rows.filter((r) => r[t.id] !== L.sum && r[t.product] === name).reduce((s, r) => s + (r[t.length] as number), 0);
      const sum = sums.find((r) => r[t.product] === name)![t.length] as number;
      expect(sum).toBeCloseTo(listed, 9);
      // The bill prints its metres to 0.1 m.
      expect(Math.abs(sum - (line[BOQ.cables.measured] as number))).toBeLessThanOrEqual(0.05 + 1e-9);
    }
    const all = sums.find((r) => r[t.product] === t.allProducts)![t.length] as number;
    const boqAll = boq.cables.find((r) => r[BOQ.cables.product] === BOQ.products.sum)![BOQ.cables.measured] as number;
    expect(Math.abs(all - boqAll)).toBeLessThanOrEqual(0.05 + 1e-9);
  });

  it('pdf: the title block, every cable and both ends; rendered', async () => {
    const { text } = await readPdf('SbfKabellista', model);
    for (const s of [
      'Kv. Ugglan',
      L.cables.title,
      'loop1',
      'loop2',
      'rr1',
      'direct1',
      'W1',
      'cab-2',
      '+D3 Skåp 2 -K1 Central',
      'Brandförsvarstablå (ann1)',
      t.allProducts,
    ])
      expect(text, s).toContain(squash(s));
  });
});

describe('SBF Stycklista of a hand-built building', () => {
  const model = listsModel();
  const p = L.parts;

  /** A rack's parts counted from the model: its cabinet (if physical), every rack unit, every fitted extension card. */
  const partsOf = (rackId: string) => {
    const c = model.fire!.connections;
    const units = [c.centrals, c.plinths, c.power_supplies, c.others].flatMap((g) => Object.values(g)).filter((u) => u.rack_id === rackId);
    const cards = Object.values(c.centrals)
      .filter((u) => u.rack_id === rackId)
      .flatMap((u) => u.extensions.filter((e) => e !== ''));
    return (model.fire!.units.racks[rackId]!.physical ? 1 : 0) + units.length + cards.length;
  };

  it('xlsx: each rack with its storey, room and parts; the parts top to bottom with designations', async () => {
    const book = await xlsxSheets((await renderOne('SbfStycklista', 'xlsx', model)).data);
    expect([...book.keys()]).toEqual([p.racks.title, p.perRack.title, p.job.title]);
    // In the equipment page's order (+D1, +D2, +D3), each in its room record's room.
    expect(tableRecords(book.get(p.racks.title)!, p.racks.rack)).toEqual([
      {
        [p.racks.rack]: '+D1',
        [p.racks.kind]: L.rack,
        [p.racks.storey]: 'Plan 1',
        [p.racks.room]: 'Teknikrum',
        [p.racks.parts]: partsOf('r1'),
      },
      {
        [p.racks.rack]: '+D2 Utr 3',
        [p.racks.kind]: L.equipment,
        [p.racks.storey]: 'Plan 1',
        [p.racks.room]: 'Kontor Ö',
        [p.racks.parts]: partsOf('r3'),
      },
      {
        [p.racks.rack]: '+D3 Skåp 2',
        [p.racks.kind]: L.rack,
        [p.racks.storey]: 'Plan 2',
        [p.racks.room]: 'Hall',
        [p.racks.parts]: partsOf('r2'),
      },
    ]);
    const rows = tableRecords(book.get(p.perRack.title)!, p.perRack.rack);
    const t = p.perRack;
    const d1 = rows.filter((r) => r[t.rack] === '+D1' && r[t.category] !== L.sum);
    // By hand: the cabinet, the central (y 23) with its two cards, the plinths (y 60; x 2 then x 10), the transmitter
    // (y 80); the SS-EN 81346-2 letters numbered within the rack, the cards under their central's designation.
    expect(d1.map((r) => [r[t.pos], r[t.designation], r[t.category], r[t.product]])).toEqual([
      [1, '+D1', t.kinds.rack, L.rack],
      [2, '-K1', 'Huvudcentral', 'Addressable control panel, 8 loops, networkable'],
      [3, '-K1', t.kinds.extension, 'Loop card, 2 loops'],
      [4, '-K1', t.kinds.extension, 'Network card (panel to panel)'],
      [5, '-X1', 'Plint', 'Terminal block, 4 connections'],
      [6, '-X2', 'Plint', 'Terminal block, 1 connection'],
      [7, '-T1', 'Larmsändare', 'Alarm transmitter, IP and 4G'],
    ]);
    expect(d1.map((r) => r[t.remark])).toEqual(['', '', 'port 1', 'port 7', '4 anslutningar', '1 anslutning', 'Till SOS Alarm']);
    expect(rows.filter((r) => r[t.rack] === '+D3 Skåp 2' && r[t.category] !== L.sum).map((r) => [r[t.designation], r[t.category]])).toEqual(
      [
        ['+D3 Skåp 2', t.kinds.rack],
        ['-K1', 'Central'],
        ['-G1', 'Kraftaggregat'],
      ],
    );
    expect(rows.filter((r) => r[t.rack] === '+D2 Utr 3' && r[t.category] !== L.sum).map((r) => [r[t.designation], r[t.category]])).toEqual([
      ['-A1', 'Övrig utrustning'],
    ]);
    for (const [label, id] of [
      ['+D1', 'r1'],
      ['+D3 Skåp 2', 'r2'],
      ['+D2 Utr 3', 'r3'],
    ] as const) {
      const sum = rows.find((r) => r[t.rack] === label && r[t.category] === L.sum)!;
      expect(sum[t.count]).toBe(partsOf(id));
    }
  });

  it('xlsx: the racks’ contents and the whole job agree with the bill of quantities', async () => {
    const book = await xlsxSheets((await renderOne('SbfStycklista', 'xlsx', model)).data);
    const boq = await boqCables(model);
    const t = p.perRack;
    const rows = tableRecords(book.get(t.title)!, t.rack);
    // The bill counts a rack's contents; the parts list adds the cabinet itself. Both name the rack alike.
    for (const [id, label] of [
      ['r1', '+D1'],
      ['r2', '+D3 Skåp 2'],
      ['r3', '+D2 Utr 3'],
    ] as const) {
      expect(
        boq.racks.some((r) => r[BOQ.racks.rack] === label),
        id,
      ).toBe(true);
      const inBill = boq.racks.filter((r) => r[BOQ.racks.rack] === label).reduce((s, r) => s + ((r[BOQ.racks.count] as number) || 0), 0);
      const listed = rows.filter((r) => r[t.rack] === label && r[t.category] !== L.sum && r[t.category] !== L.parts.perRack.kinds.rack);
      expect(listed.reduce((s, r) => s + (r[t.count] as number), 0)).toBe(inBill);
    }
    // …and lists the racks in the same order, the equipment page's.
    expect([...new Set(boq.racks.map((r) => r[BOQ.racks.rack]))]).toEqual(['+D1', '+D2 Utr 3', '+D3 Skåp 2']);
    const j = p.job;
    const job = tableRecords(book.get(j.title)!, j.pos);
    const billed = boq.products.filter((r) => r[BOQ.products.category] !== BOQ.products.sum);
    const pieces = job.filter((r) => r[j.unit] === j.pieces && r[j.category] !== j.sumPieces);
    expect(pieces.map((r) => [r[j.category], r[j.product], r[j.count]]).sort()).toEqual(
      billed.map((r) => [r[BOQ.products.category], r[BOQ.products.product], r[BOQ.products.total]]).sort(),
    );
    const metres = job.filter((r) => r[j.unit] === j.metres);
    const boqCable = boq.cables.filter((r) => r[BOQ.cables.product] !== BOQ.products.sum);
    expect(metres.map((r) => [r[j.product], r[j.count]]).sort()).toEqual(
      boqCable.map((r) => [r[BOQ.cables.product], r[BOQ.cables.total]]).sort(),
    );
    const sum = job.find((r) => r[j.category] === j.sumPieces)!;
    expect(sum[j.count]).toBe(boq.products.find((r) => r[BOQ.products.category] === BOQ.products.sum)![BOQ.products.total]);
  });

  it('pdf: the title block on every page, every designation; rendered page by page', async () => {
    const { pages, text } = await readPdf('SbfStycklista', model);
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, i) => {
      for (const s of ['Kv. Ugglan', p.title, INPUT.date, INPUT.designer, `Sida ${i + 1} av ${pages.length}`])
        expect(squash(page), s).toContain(squash(s));
    });
    for (const s of ['+D3 Skåp 2', '-X2', '-T1', '-G1', '-A1', 'Övrig utrustning', 'port 7', 'Kontor Ö', p.job.title])
      expect(text, s).toContain(squash(s));
  });
});
