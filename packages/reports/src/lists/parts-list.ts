// SBF Stycklista: the parts per assembly (fire-next.md §3.2) — each rack's physical contents with position and
// designation (the rack documents' names), and every product of the whole job counted as the bill of quantities
// counts it (its own function).
import type { Model } from '@edrf/model';
import { quantities } from '../boq/quantities.js';
import { GROUP_ORDER } from '../boq/tables.js';
import { fitColumnWidths } from '../tables/fit.js';
import type { Row, Table } from '../tables/table.js';
import { LIST_LABELS } from './labels.js';
import { listNames } from './names.js';

const natural = (a: string, b: string) => a.localeCompare(b, LIST_LABELS.locale, { numeric: true });

/** The Stycklista's tables: the racks, the parts per rack, the whole job. */
export function partsTables(model: Model): Table[] {
  const fire = model.fire;
  if (!fire) return [];
  const labels = LIST_LABELS;
  const p = labels.parts;
  const names = listNames(fire);
  const products = fire.config.products;
  // The bill's own count: the racks' storey and room, and the whole job's products (no wall crossings needed).
  const q = quantities(model, { noProduct: labels.noProduct, rack: labels.rack }, { seals: false });
  const storeyName = (id: string) => q.storeys.find((s) => s.id === id)?.name ?? id;
  // In the equipment page's order, as the bill and the rack documents list them.
  const racks = q.racks;

  const perRack: Row[] = [];
  const partCount = new Map<string, number>();
  for (const rack of racks) {
    const name = names.rack(rack.rackId);
    const physical = fire.units.racks[rack.rackId]?.physical ?? true;
    const rows: (string | number)[][] = [];
    const add = (designation: string, kind: string, product: string, remark = '') =>
      rows.push([name, rows.length + 1, designation, kind, product, 1, remark]);
    if (physical) add(name, p.perRack.kinds.rack, labels.rack);
    for (const piece of names.piecesOf(rack.rackId)) {
      if (piece.group === 'centrals') {
        add(piece.designation, piece.kind, piece.product);
        // A card carries its central's designation, as on the Monteringsritning; the remark says which port.
        piece.unit.extensions.forEach((id, k) => {
          if (id !== '') add(piece.designation, p.perRack.kinds.extension, names.productName('central_extensions', id), labels.port(k + 1));
        });
      } else if (piece.group === 'plinths') {
        const terminals = products.plinths.find((x) => x.id === piece.unit.product_id)?.num_connections;
        add(piece.designation, piece.kind, piece.product, terminals ? p.perRack.connections(terminals) : '');
      } else add(piece.designation, piece.kind, piece.product, piece.group === 'others' ? piece.unit.comment : '');
    }
    partCount.set(rack.rackId, rows.length);
    if (rows.length === 0) perRack.push({ cells: [name, '', '', '', p.perRack.empty, 0, ''] });
    for (const cells of rows) perRack.push({ cells });
    perRack.push({ kind: 'total', cells: [name, '', '', labels.sum, '', rows.length, ''] });
  }

  const r = p.racks;
  const rackTable: Table = {
    title: r.title,
    keyColumns: 1,
    columns: [
      { title: r.rack, width: 1.4 },
      { title: r.kind, width: 2 },
      { title: r.storey, width: 1.5 },
      { title: r.room, width: 2 },
      { title: r.parts, width: 1, decimals: 0 },
    ],
    rows: racks.map((rack) => ({
      cells: [
        names.rack(rack.rackId),
        (fire.units.racks[rack.rackId]?.physical ?? true) ? labels.rack : labels.equipment,
        storeyName(rack.storeyId),
        rack.room,
        partCount.get(rack.rackId) ?? 0,
      ],
    })),
  };

  const t = p.perRack;
  const perRackTable: Table = {
    title: t.title,
    keyColumns: 1,
    columns: [
      { title: t.rack, width: 1.4 },
      { title: t.pos, width: 0.7, decimals: 0 },
      { title: t.designation, width: 1.6 },
      { title: t.category, width: 1.8 },
      { title: t.product, width: 3 },
      { title: t.count, width: 0.8, decimals: 0 },
      { title: t.remark, width: 2 },
    ],
    rows: perRack,
    note: t.note,
  };

  const j = p.job;
  const lines = q.products.slice().sort((a, b) => GROUP_ORDER.indexOf(a.group) - GROUP_ORDER.indexOf(b.group) || natural(a.name, b.name));
  const jobRows: Row[] = lines.map((line, i) => ({ cells: [i + 1, labels.groups[line.group], line.name, line.total, j.pieces] }));
  const cables = q.cables.slice().sort((a, b) => natural(a.name, b.name));
  cables.forEach((cable, i) => jobRows.push({ cells: [lines.length + i + 1, j.cable, cable.name, cable.total, j.metres] }));
  jobRows.push({ kind: 'total', cells: ['', j.sumPieces, '', lines.reduce((s, l) => s + l.total, 0), j.pieces] });
  const jobTable: Table = {
    title: j.title,
    keyColumns: 1,
    columns: [
      { title: j.pos, width: 0.7, decimals: 0 },
      { title: j.category, width: 2 },
      { title: j.product, width: 4 },
      { title: j.count, width: 1, decimals: 0 },
      { title: j.unit, width: 0.8 },
    ],
    rows: jobRows,
    note: j.note,
  };
  return [rackTable, perRackTable, jobTable].map(fitColumnWidths);
}
