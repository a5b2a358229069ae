// The Monteringsritning's sheets: each rack's front view to scale as the equipment page lays it out (its units at
// rack_pos with their products' rack_size), with a ruler, its outer dimensions and the rack's parts table.
import type { Fire, RackUnit } from '@edrf/model';
import { fitText, type LegendEntry, type TitleFields } from '../drawing/furniture.js';
import type { Item, Rect } from '../drawing/items.js';
import type { SheetWords } from '../drawing/messages.js';
import { sheetLayout } from '../drawing/sheet.js';
import type { Sheet } from '../drawing/sheet-set.js';
import type { SymbolSet } from '../symbols/library.js';
import { BLACK, GREY, RED, line, rect, text, wrap } from './draw.js';
import { RACK_LAYERS as L } from './layers.js';
import { rackFurniture } from './panel.js';
import { rackSizeOf, type RackEquipment } from './rack-names.js';
import { WORDS, type RackText } from './words.js';
import type { SheetGroup } from './schema-sheets.js';

/** [our reading] A rack unit is a centimetre: the default cabinet [46, 220] is 460 × 2200 mm, a central [40, 20] 400 × 200 mm. */
export const MM_PER_RACK_UNIT = 10;
/** The front view's scales, finest first. */
const SCALES = [1, 2, 5, 10, 20, 25, 50, 100, 200] as const;
/** The ruler's steps (mm of the cabinet). */
const STEPS = [10, 20, 50, 100, 200, 250, 500, 1000, 2000] as const;
const ROW = 5;
const TEXT = 2;

const FILL: Record<string, string> = {
  central: '#f6c9c9',
  psu: '#fbe7a6',
  plinth: '#d9d9d9',
  transmitter: '#c9dcf6',
  other: '#d4ecd0',
};

const fillKey = (e: RackEquipment): keyof typeof FILL =>
  e.group === 'centrals'
    ? 'central'
    : e.group === 'power_supplies'
      ? 'psu'
      : e.group === 'plinths'
        ? 'plinth'
        : e.unit.unit_type === 'AlarmTransmitter'
          ? 'transmitter'
          : 'other';

const LEGEND_WORDS: Record<keyof typeof FILL, string> = {
  central: WORDS.legendCentral,
  psu: WORDS.legendPsu,
  plinth: WORDS.legendPlinth,
  transmitter: WORDS.legendTransmitter,
  other: WORDS.legendOther,
};

export interface MountingContext {
  fire: Fire;
  names: RackText;
  symbols: SymbolSet;
  words: SheetWords;
  fields: (title: string, number: string) => TitleFields;
  where: (rackId: string) => string;
}

/** A row of the rack's parts table. */
interface PartRow {
  code: string;
  unit: string;
  product: string;
  position: string;
  size: string;
}

const pad2 = (n: number) => String(n).padStart(2, '0');
const mm = (units: number) => String(units * MM_PER_RACK_UNIT);

/** The finest scale of the series at which w × h mm fits the room. */
export function frontScale(w: number, h: number, room: { w: number; h: number }): number {
  return SCALES.find((s) => w / s <= room.w && h / s <= room.h) ?? SCALES[SCALES.length - 1]!;
}

/** The rack's parts in position order: each unit, and after a central its fitted extension cards. */
function partRows(fire: Fire, names: RackText, units: RackEquipment[]): PartRow[] {
  const rows: PartRow[] = [];
  for (const e of units) {
    const [w, h] = rackSizeOf(fire, e.group, e.unit.product_id);
    rows.push({
      code: names.designation(e.unit.id),
      unit: names.kind(e.unit.id),
      product: names.productOf(e.unit.id),
      position: `${mm(e.unit.rack_pos[0])}, ${mm(e.unit.rack_pos[1])}`,
      size: `${mm(w)} × ${mm(h)}`,
    });
    if (e.group === 'centrals') {
      e.unit.extensions.forEach((id, k) => {
        if (id === '') return;
        const ext = fire.config.products.central_extensions.find((x) => x.id === id);
        rows.push({
          code: names.designation(e.unit.id),
          unit: WORDS.extension(k + 1),
          product: ext ? ext.name || ext.id : id,
          position: '',
          size: '',
        });
      });
    }
  }
  return rows;
}

/** The parts table at (x, top), `rows` of it, `width` wide. */
function partsTable(x: number, top: number, width: number, rows: PartRow[], heading: string): Item[] {
  const cols = [0.1, 0.19, 0.41, 0.15, 0.15];
  const heads = [WORDS.designation, WORDS.unit, WORDS.product, WORDS.position, WORDS.size];
  const xs = cols.reduce<number[]>((acc, c, i) => [...acc, acc[i]! + c * width], [x]);
  const items: Item[] = [text(L.table, [x, top - 4], heading, 2.6, { bold: true, width })];
  const head = top - 7;
  items.push(rect(L.table, { x, y: head - ROW, w: width, h: ROW }, 0.25, BLACK, '#e8e8e8'));
  heads.forEach((h, i) =>
    items.push(text(L.table, [xs[i]! + 1, head - ROW / 2 - 1], h, TEXT, { bold: true, width: cols[i]! * width - 2 })),
  );
  rows.forEach((row, r) => {
    const y = head - ROW * (r + 1);
    const cells = [row.code, row.unit, row.product, row.position, row.size];
    cells.forEach((c, i) =>
      items.push(text(L.table, [xs[i]! + 1, y - ROW / 2 - 1], c, TEXT, { bold: i === 0, width: cols[i]! * width - 2 })),
    );
    items.push(
      line(
        L.table,
        [
          [x, y - ROW],
          [x + width, y - ROW],
        ],
        0.13,
        GREY,
      ),
    );
  });
  const bottom = head - ROW * (rows.length + 1);
  for (const cx of xs)
    items.push(
      line(
        L.table,
        [
          [cx, head],
          [cx, bottom],
        ],
        0.2,
      ),
    );
  items.push(
    line(
      L.table,
      [
        [x, head],
        [x + width, head],
      ],
      0.25,
    ),
  );
  return items;
}

/** The front view of a rack at 1:scale with its top left corner at (x, top). */
function frontView(ctx: MountingContext, rack: RackUnit, units: RackEquipment[], x: number, top: number, scale: number): Item[] {
  const k = MM_PER_RACK_UNIT / scale;
  const [w, h] = rack.size;
  const items: Item[] = [];
  const outline: Rect = { x, y: top - h * k, w: w * k, h: h * k };
  items.push(rect(L.rack, outline, 0.5, BLACK, null, rack.physical ? undefined : [2, 1]));
  // The ruler: every step of the cabinet's height, from its top as rack_pos counts.
  const height = h * MM_PER_RACK_UNIT;
  const step = STEPS.find((s) => s / scale >= 8) ?? STEPS[STEPS.length - 1]!;
  for (let d = 0; d <= height + 1e-9; d += step) {
    const y = top - d / scale;
    if (d > 0 && d < height)
      items.push(
        line(
          L.grid,
          [
            [x, y],
            [x + w * k, y],
          ],
          0.1,
          '#bbbbbb',
          [1, 1],
        ),
      );
    items.push(
      line(
        L.dimensions,
        [
          [x - 2, y],
          [x, y],
        ],
        0.18,
      ),
    );
    if (height - d >= step / 2 || d === height) items.push(text(L.dimensions, [x - 2.8, y - 0.8], String(d), 1.8, { anchor: 'right' }));
  }
  if (height % step !== 0) {
    items.push(
      line(
        L.dimensions,
        [
          [x - 2, top - h * k],
          [x, top - h * k],
        ],
        0.18,
      ),
    );
    items.push(text(L.dimensions, [x - 2.8, top - h * k - 0.8], String(height), 1.8, { anchor: 'right' }));
  }
  // Outer dimensions: the width above, the height at the right.
  const dy = top + 5;
  items.push(
    line(
      L.dimensions,
      [
        [x, dy],
        [x + w * k, dy],
      ],
      0.18,
    ),
    line(
      L.dimensions,
      [
        [x, dy - 1.5],
        [x, dy + 1.5],
      ],
      0.18,
    ),
    line(
      L.dimensions,
      [
        [x + w * k, dy - 1.5],
        [x + w * k, dy + 1.5],
      ],
      0.18,
    ),
    text(L.dimensions, [x + (w * k) / 2, dy + 1], mm(w), 2.2, { anchor: 'centre' }),
  );
  const dx = x + w * k + 5;
  items.push(
    line(
      L.dimensions,
      [
        [dx, top],
        [dx, top - h * k],
      ],
      0.18,
    ),
    line(
      L.dimensions,
      [
        [dx - 1.5, top],
        [dx + 1.5, top],
      ],
      0.18,
    ),
    line(
      L.dimensions,
      [
        [dx - 1.5, top - h * k],
        [dx + 1.5, top - h * k],
      ],
      0.18,
    ),
    text(L.dimensions, [dx - 1, top - (h * k) / 2], mm(h), 2.2, { anchor: 'centre', rotation: 90 }),
  );
  // The units at their places, each named inside where it has the room, else beside the cabinet with a leader.
  let beside = 0;
  for (const e of units) {
    const [uw, uh] = rackSizeOf(ctx.fire, e.group, e.unit.product_id);
    const r: Rect = { x: x + e.unit.rack_pos[0] * k, y: top - (e.unit.rack_pos[1] + uh) * k, w: uw * k, h: uh * k };
    items.push(rect(L.units, r, 0.35, BLACK, FILL[fillKey(e)]));
    const code = ctx.names.designation(e.unit.id);
    if (r.w >= 8 && r.h >= 5) {
      // The designation always; the unit's kind and product only where they fit whole (the parts table has them all).
      const t = r.y + r.h;
      const lines = [
        { value: code, size: 2.2, bold: true },
        { value: ctx.names.kind(e.unit.id), size: 1.8, bold: false },
        { value: ctx.names.productOf(e.unit.id), size: 1.8, bold: false },
      ];
      let y = t - 3;
      for (const l of lines) {
        if (y - 0.6 < r.y) break;
        if (fitText(l.value, r.w - 2.4, l.size, l.bold).text !== l.value) break;
        items.push(text(L.unitTexts, [r.x + 1.2, y], l.value, l.size, { bold: l.bold, width: r.w - 2.4 }));
        y -= 3.2;
      }
    } else if (r.h >= code.length * 1.8 * 0.95 + 1 && r.w >= 2.4) {
      items.push(text(L.unitTexts, [r.x + r.w / 2 + 0.9, r.y + r.h / 2], code, 1.8, { anchor: 'centre', bold: true, rotation: 90 }));
    } else {
      const ly = top - h * k - 6 - beside * 4;
      beside++;
      items.push(
        line(
          L.unitTexts,
          [
            [r.x + r.w / 2, r.y],
            [r.x + r.w / 2, ly + 2.5],
          ],
          0.13,
        ),
      );
      items.push(text(L.unitTexts, [r.x + r.w / 2, ly], code, 1.8, { anchor: 'centre', bold: true }));
    }
  }
  return items;
}

const inside = (rack: RackUnit, fire: Fire, e: RackEquipment) => {
  const [w, h] = rackSizeOf(fire, e.group, e.unit.product_id);
  const [x, y] = e.unit.rack_pos;
  return x >= 0 && y >= 0 && x + w <= rack.size[0] && y + h <= rack.size[1];
};

/** One rack's sheets: the front view and the parts table, the table continued on further sheets where long. */
export function* mountingSheets(ctx: MountingContext, rack: RackUnit, index: number): Iterable<Sheet> {
  const layout = sheetLayout('A3');
  const v = layout.viewport;
  const units = ctx.names.equipmentOf(rack.id);
  const name = ctx.names.rack(rack.id);
  const drawTop = v.y + v.h - 27;
  const room = { w: 150, h: drawTop - (v.y + 10) };
  const scale = frontScale(rack.size[0] * MM_PER_RACK_UNIT, rack.size[1] * MM_PER_RACK_UNIT, room);
  const frontX = v.x + 22;
  const frontRight = frontX + (rack.size[0] * MM_PER_RACK_UNIT) / scale;
  const tableX = Math.max(frontRight + 16, v.x + 100);
  const tableW = v.x + v.w - 4 - tableX;
  const rows = partRows(ctx.fire, ctx.names, units);
  const outside = units.filter((e) => !inside(rack, ctx.fire, e));
  // The notes under the table, each broken over lines of the table's width.
  const noteLines = (width: number) =>
    [
      { text: WORDS.mountingNote, warn: false },
      ...outside.map((e) => ({ text: `${WORDS.outside}: ${ctx.names.designation(e.unit.id)} (${e.unit.id}).`, warn: true })),
    ].flatMap((n) => wrap(n.text, width, 1.9).map((t) => ({ text: t, warn: n.warn })));
  const notes = noteLines(tableW);
  const tableRows = (top: number) => Math.max(1, Math.floor((top - 7 - (v.y + 6 + notes.length * 4)) / ROW) - 1);
  const firstRows = tableRows(drawTop);
  const pages: PartRow[][] = [rows.slice(0, firstRows)];
  for (let i = firstRows; i < rows.length; i += tableRows(drawTop + 10)) pages.push(rows.slice(i, i + tableRows(drawTop + 10)));
  const kinds = [...new Set(units.map(fillKey))];
  const legendEntries: LegendEntry[] = kinds.map((key) => ({
    label: LEGEND_WORDS[key]!,
    area: { stroke: BLACK, width: 0.35, fill: FILL[key]! },
  }));
  for (const [p, page] of pages.entries()) {
    const sheetNo = pages.length > 1 ? ` (${WORDS.continued(p + 1, pages.length)})` : '';
    const title = `${WORDS.mountingTitle} – ${WORDS.rack(name)}${sheetNo}`;
    const number = `MR-${pad2(index + 1)}${pages.length > 1 ? `.${p + 1}` : ''}`;
    const items: Item[] = rackFurniture(layout, scale, ctx.fields(title, number), legendEntries, ctx.symbols, ctx.words);
    const size = `${mm(rack.size[0])} × ${mm(rack.size[1])} mm`;
    const kind = rack.physical ? `${WORDS.rack(name)} ${size}` : `${name}: ${WORDS.noCabinet}, ${size}`;
    items.push(
      text(L.texts, [v.x + 4, v.y + v.h - 8], `${WORDS.rack(name)} – ${WORDS.frontView.toLowerCase()}${sheetNo}`, 3.5, {
        bold: true,
        width: v.w - 8,
      }),
    );
    items.push(
      text(L.texts, [v.x + 4, v.y + v.h - 13.5], `${ctx.where(rack.id)} · ${kind} · ${ctx.words.scale.toLowerCase()} 1:${scale}`, 2.2, {
        width: v.w - 8,
      }),
    );
    if (p === 0) {
      items.push(...frontView(ctx, rack, units, frontX, drawTop, scale));
      items.push(...partsTable(tableX, drawTop + 8, tableW, page, WORDS.partsTable));
    } else items.push(...partsTable(v.x + 4, drawTop + 8, v.w - 8, page, `${WORDS.partsTable} (${WORDS.continued(p + 1, pages.length)})`));
    if (p === pages.length - 1) {
      const x = p === 0 ? tableX : v.x + 4;
      const lines = noteLines(p === 0 ? tableW : v.w - 8);
      const below = drawTop + 8 - 7 - ROW * (page.length + 1) - 5;
      lines.forEach((note, i) =>
        items.push(text(note.warn ? L.warnings : L.texts, [x, below - i * 4], note.text, 1.9, { colour: note.warn ? RED : BLACK })),
      );
    }
    // In the DXF the cabinet is at 1:1 in metres, its top left corner at the origin, as a plan's building is (issue
    // 35): a fitter measures it there; the sheet's frame and panel lie round it at the scale.
    yield { layout, scale, title, items, modelSpace: { paper: [frontX, drawTop], world: [0, 0] } };
  }
}

/** The Monteringsritning's groups of sheets: one per rack, in the equipment page's order. */
export function mountingGroups(ctx: MountingContext, racks: RackUnit[]): SheetGroup[] {
  return racks.map((rack, i) => ({ name: ctx.names.rack(rack.id), sheets: () => mountingSheets(ctx, rack, i) }));
}
