import type { Row, Table, TableDocument, TitleBlock } from '../tables/table.js';
import type { BoqLabels } from './labels.js';
import type { ProductGroup, Quantities, StoreyColumn } from './quantities.js';

/** The order categories are listed in: field units first, then what goes in the racks. */
export const GROUP_ORDER: ProductGroup[] = [
  'detectors',
  'sirens',
  'buttons',
  'ios',
  'others',
  'racks',
  'centrals',
  'central_extensions',
  'plinths',
  'power_supplies',
  'other_rack_products',
];

const round1 = (value: number) => Math.round(value * 10) / 10;

/** The bill as tables: products per storey, cable, racks and their contents, seals. */
export function boqDocument(q: Quantities, labels: BoqLabels, titleBlock: TitleBlock): TableDocument {
  return {
    locale: labels.locale,
    titleBlock,
    labels: labels.titleBlock,
    tables: [productTable(q, labels), cableTable(q, labels), rackTable(q, labels), sealTable(q, labels)],
  };
}

/** The storeys that have something counted on them, lowest first; ids no storey has go last, as they are. */
function usedStoreys(q: Quantities): StoreyColumn[] {
  const used = new Set(q.products.flatMap((line) => [...line.perStorey.keys()]));
  const known = q.storeys.filter((s) => used.has(s.id));
  const unknown = [...used].filter((id) => !q.storeys.some((s) => s.id === id)).map((id) => ({ id, name: id || '–' }));
  return [...known, ...unknown];
}

function productTable(q: Quantities, labels: BoqLabels): Table {
  const t = labels.products;
  const storeys = usedStoreys(q);
  const lines = q.products
    .slice()
    .sort((a, b) => GROUP_ORDER.indexOf(a.group) - GROUP_ORDER.indexOf(b.group) || a.name.localeCompare(b.name, labels.locale));
  const rows: Row[] = lines.map((line) => ({
    cells: [labels.groups[line.group], line.name, ...storeys.map((s) => line.perStorey.get(s.id) ?? 0), line.total],
  }));
  rows.push({
    kind: 'total',
    cells: [
      t.sum,
      '',
      ...storeys.map((s) => lines.reduce((sum, l) => sum + (l.perStorey.get(s.id) ?? 0), 0)),
      lines.reduce((sum, l) => sum + l.total, 0),
    ],
  });
  return {
    title: t.title,
    keyColumns: 2,
    columns: [
      { title: t.category, width: 2.4 },
      { title: t.product, width: 5 },
      ...storeys.map((s) => ({ title: s.name, width: 1, decimals: 0 })),
      { title: t.total, width: 1.2, decimals: 0 },
    ],
    rows,
  };
}

function cableTable(q: Quantities, labels: BoqLabels): Table {
  const t = labels.cables;
  const lines = q.cables.slice().sort((a, b) => a.name.localeCompare(b.name, labels.locale));
  const rows: Row[] = lines.map((l) => ({
    cells: [l.name, l.type, l.pairs ?? '', l.routes, round1(l.measured), l.units, round1(l.allowance), l.total],
  }));
  const sum = (pick: (l: (typeof lines)[number]) => number) => lines.reduce((s, l) => s + pick(l), 0);
  rows.push({
    kind: 'total',
    cells: [
      labels.products.sum,
      '',
      '',
      sum((l) => l.routes),
      round1(sum((l) => l.measured)),
      sum((l) => l.units),
      round1(sum((l) => l.allowance)),
      sum((l) => l.total),
    ],
  });
  return {
    title: t.title,
    keyColumns: 1,
    columns: [
      { title: t.product, width: 3.2 },
      { title: t.type, width: 1.2 },
      { title: t.pairs, width: 0.8, decimals: 0 },
      { title: t.routes, width: 1, decimals: 0 },
      { title: t.measured, width: 1.4, decimals: 1 },
      { title: t.units, width: 1, decimals: 0 },
      { title: t.allowance, width: 1.4, decimals: 1 },
      { title: t.total, width: 1.6, decimals: 0 },
    ],
    rows,
    note: t.note,
  };
}

function rackTable(q: Quantities, labels: BoqLabels): Table {
  const t = labels.racks;
  const storeyName = (id: string) => q.storeys.find((s) => s.id === id)?.name ?? id;
  const rows: Row[] = [];
  // The racks as quantities gives them: in the equipment page's order, as every document lists them.
  for (const rack of q.racks) {
    const head = [rack.label, storeyName(rack.storeyId), rack.room];
    if (rack.items.length === 0) rows.push({ cells: [...head, t.empty, ''] });
    const items = rack.items
      .slice()
      .sort((a, b) => GROUP_ORDER.indexOf(a.group) - GROUP_ORDER.indexOf(b.group) || a.name.localeCompare(b.name, labels.locale));
    for (const item of items) rows.push({ cells: [...head, `${labels.groups[item.group]}: ${item.name}`, item.count] });
  }
  return {
    title: t.title,
    keyColumns: 1,
    columns: [
      { title: t.rack, width: 1.6 },
      { title: t.storey, width: 1.8 },
      { title: t.room, width: 2.4 },
      { title: t.product, width: 4.5 },
      { title: t.count, width: 1, decimals: 0 },
    ],
    rows,
  };
}

function sealTable(q: Quantities, labels: BoqLabels): Table {
  const t = labels.seals;
  const order = new Map(q.storeys.map((s, i) => [s.id, i]));
  const storeyName = (id: string) => q.storeys.find((s) => s.id === id)?.name ?? id;
  const lines = q.seals
    .slice()
    .sort((a, b) => (order.get(a.storeyId) ?? 1e9) - (order.get(b.storeyId) ?? 1e9) || a.rating.localeCompare(b.rating, labels.locale));
  const rows: Row[] = lines.map((l) => ({ cells: [storeyName(l.storeyId), l.rating || t.noRating, l.count] }));
  if (rows.length === 0) rows.push({ cells: [t.none, '', 0] });
  rows.push({ kind: 'total', cells: [labels.products.sum, '', lines.reduce((s, l) => s + l.count, 0)] });
  return {
    title: t.title,
    keyColumns: 1,
    columns: [
      { title: t.storey, width: 2.5 },
      { title: t.rating, width: 2.5 },
      { title: t.count, width: 1.8, decimals: 0 },
    ],
    rows,
    note: t.note,
  };
}
