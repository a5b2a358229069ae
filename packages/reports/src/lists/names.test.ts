// One vocabulary: the documents an installer reads side by side (Stycklista, Kabellista, Fördelningslista, Plintkort,
// Monteringsritning and the bill) name every rack and rack unit alike. Read back as their users read them, on the
// hand-built model (test-model.ts); the names expected are worked by hand from its room records and rack positions.
import { describe, expect, it } from 'vitest';
import { BOQ_LABELS } from '../boq/labels.js';
import { pdfPageTexts } from '../drawing/read-back.js';
import { LIST_LABELS as L } from './labels.js';
import { renderOne, tableRecords, xlsxSheets } from '../test-support/read-back.js';
import { listsModel } from './test-model.js';

const BOQ = BOQ_LABELS.Sbf1108;
const squash = (s: string) => s.replace(/\s+/g, '');
/** r1 by its room record alone; r3 and r2 by room record and label; in the room records' order (+D1, +D2, +D3). */
const RACKS = ['+D1', '+D2 Utr 3', '+D3 Skåp 2'];

describe('rack and rack unit names across the SBF documents', () => {
  const model = listsModel();
  const sheets = async (key: string) => xlsxSheets((await renderOne(key, 'xlsx', model)).data);

  it('every document lists the racks by the same names in the same order', async () => {
    const parts = await sheets('SbfStycklista');
    const cards = await sheets('SbfPlintkort');
    const bill = await sheets('SbfBillOfQuantities');
    const column = (rows: Record<string, unknown>[], title: string) => [...new Set(rows.map((r) => r[title]))];
    expect(column(tableRecords(parts.get(L.parts.racks.title)!, L.parts.racks.rack), L.parts.racks.rack)).toEqual(RACKS);
    expect(column(tableRecords(parts.get(L.parts.perRack.title)!, L.parts.perRack.rack), L.parts.perRack.rack)).toEqual(RACKS);
    expect(column(tableRecords(cards.get('Plintar')!, 'Skåp'), 'Skåp')).toEqual(RACKS);
    expect(column(tableRecords(bill.get(BOQ.racks.title)!, BOQ.racks.rack), BOQ.racks.rack)).toEqual(RACKS);
  });

  it('the Plintkort’s plinths are the Stycklista’s, by rack, designation and product', async () => {
    const t = L.parts.perRack;
    const parts = tableRecords((await sheets('SbfStycklista')).get(t.title)!, t.rack);
    const plinths = tableRecords((await sheets('SbfPlintkort')).get('Plintar')!, 'Skåp').filter((r) => r.Id !== '');
    expect(plinths).toHaveLength(Object.keys(model.fire!.connections.plinths).length);
    // k2 stands left of k1 on the same shelf: -X1.
    expect(plinths.map((r) => [r.Skåp, r.Beteckning, r.Id])).toEqual([
      ['+D1', '-X1', 'k2'],
      ['+D1', '-X2', 'k1'],
    ]);
    for (const plinth of plinths)
      expect(parts.filter((r) => r[t.rack] === plinth.Skåp && r[t.designation] === plinth.Beteckning)).toEqual([
        expect.objectContaining({ [t.category]: 'Plint', [t.product]: plinth.Produkt }),
      ]);
  });

  it('a cable inside a rack has the same two ends on the Kabellista and on its Plintkort', async () => {
    const t = L.cables.table;
    const cables = tableRecords((await sheets('SbfKabellista')).get(t.title)!, t.id);
    const cards = await sheets('SbfPlintkort');
    let checked = 0;
    for (const [title, rows] of cards) {
      if (!title.startsWith('Plintkort ')) continue;
      const plinth = title.slice('Plintkort '.length);
      for (const row of tableRecords(rows, 'Plint nr').filter((r) => r.Funktion === 'Intern förbindning')) {
        const cable = cables.find((c) => c[t.id] === row.Kabel)!;
        // The card's own plinth and the unit at the core's other end, as the Kabellista names them.
        expect([cable[t.from], cable[t.to]].sort()).toEqual([`${plinth} Plint`, row['Andra änden']].sort());
        checked++;
      }
    }
    // W1's two cores on +D1-X1.
    expect(checked).toBe(2);
    expect(cables.find((c) => c[t.id] === 'W1')).toMatchObject({ [t.from]: '+D1-K1 Huvudcentral', [t.to]: '+D1-X1 Plint' });
  });

  it('the Monteringsritning’s parts table of each rack holds the Stycklista’s rows: designation, kind and product', async () => {
    const t = L.parts.perRack;
    const parts = tableRecords((await sheets('SbfStycklista')).get(t.title)!, t.rack);
    const pages = pdfPageTexts((await renderOne('SbfMonteringsritning', 'pdf', model)).data);
    let checked = 0;
    for (const rack of RACKS) {
      const page = pages.find((p) => squash(p).includes(squash(`Monteringsritning – Skåp ${rack}`)));
      expect(page, rack).toBeDefined();
      for (const r of parts.filter((p) => p[t.rack] === rack && p[t.category] !== L.sum && p[t.category] !== t.kinds.rack)) {
        // An extension card: 'Utbyggnadskort, port 7' on the drawing, kind and port in two columns on the list.
        const kind = r[t.category] === t.kinds.extension ? `${String(r[t.category])}, ${String(r[t.remark])}` : String(r[t.category]);
        expect(squash(page!), `${rack} ${String(r[t.designation])}`).toContain(
          squash(`${String(r[t.designation])}${kind}${String(r[t.product])}`),
        );
        checked++;
      }
    }
    expect(checked).toBe(9);
  });

  it('the Fördelningslista names each loop’s central as the Kabellista names the loop’s end', async () => {
    const t = L.cables.table;
    const cables = tableRecords((await sheets('SbfKabellista')).get(t.title)!, t.id);
    const book = await sheets('SbfFordelningslista');
    for (const loop of Object.values(model.fire!.connections.routes).filter((r) => r.kind === 'Loop')) {
      const from = cables.find((c) => c[t.id] === loop.id)![t.from] as string;
      const rows = tableRecords(book.get(from)!, L.distribution.units.loop);
      expect(
        rows.some((r) => r[L.distribution.units.loop] === loop.id),
        loop.id,
      ).toBe(true);
    }
  });
});
