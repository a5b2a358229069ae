// SBF Fördelningslista: which loop serves what (fire-next.md §3.2, §5.4) — per central and loop, the sections and the
// units in cable order with their addresses. The order, the members and the figures are the engine's (loopFiguresOf).
import type { Model } from '@edrf/model';
import { loopFiguresOf, unitRooms, type LoopFigures, type PlacedUnit } from '@edrf/fire';
import { fitColumnWidths } from '../tables/fit.js';
import type { Row, Table } from '../tables/table.js';
import { LIST_LABELS } from './labels.js';
import { listNames, type ListNames } from './names.js';

const natural = (a: string, b: string) => a.localeCompare(b, LIST_LABELS.locale, { numeric: true });

/** A central's (or a central-less rack's) loops with the engine's figures. */
export interface CentralLoops {
  /** The central's id, '' for loops from a rack that holds none. */
  centralId: string;
  /** '-K1 Huvudcentral', '' for none. */
  central: string;
  /** '+D1' */
  rack: string;
  /** Its table's title: '+D1-K1 Huvudcentral', else the rack's name. */
  title: string;
  mainCentral: boolean;
  /** Where the central (else the rack) stands among the racks' units in the equipment page's order. */
  place: number;
  loops: LoopFigures[];
}

/** The loops by central, main central first, then the centrals in the racks' order, then racks without one. */
export function loopsByCentral(model: Model, names: ListNames): CentralLoops[] {
  const fire = model.fire;
  if (!fire) return [];
  const figuresOf = loopFiguresOf({ arch: model.arch, fire });
  // The racks and their units in order: a central's place, and a central-less rack's place after its rack's units.
  const order = new Map<string, number>();
  for (const rack of names.racks) {
    for (const piece of names.piecesOf(rack.id)) order.set(piece.unit.id, order.size);
    order.set(`rack:${rack.id}`, order.size);
  }
  const groups = new Map<string, CentralLoops>();
  for (const rack of names.racks)
    for (const piece of names.piecesOf(rack.id))
      if (piece.group === 'centrals')
        groups.set(piece.unit.id, {
          centralId: piece.unit.id,
          central: piece.label,
          rack: names.rack(rack.id),
          title: piece.fullLabel,
          mainCentral: piece.unit.main_central,
          place: order.get(piece.unit.id)!,
          loops: [],
        });
  const loops = Object.values(fire.connections.routes)
    .filter((r) => r.kind === 'Loop')
    .sort((a, b) => natural(a.id, b.id));
  for (const route of loops) {
    const figures = figuresOf(route.id)!;
    let key = figures.centralId ?? '';
    if (key === '' || !groups.has(key)) {
      // No central: grouped by the rack at the loop's first node (else its last).
      const nodes = route.slices.flatMap((s) => s.nodes);
      const rackId = [nodes[0]!.unit_id, nodes[nodes.length - 1]!.unit_id].find((id) => fire.units.racks[id]) ?? '';
      key = `rack:${rackId}`;
      const rack = rackId ? names.rack(rackId) : '';
      if (!groups.has(key))
        groups.set(key, {
          centralId: '',
          central: '',
          rack,
          title: rack,
          mainCentral: false,
          place: order.get(key) ?? order.size,
          loops: [],
        });
    }
    groups.get(key)!.loops.push(figures);
  }
  return [...groups.values()].sort(
    (a, b) => Number(b.mainCentral) - Number(a.mainCentral) || Number(a.centralId === '') - Number(b.centralId === '') || a.place - b.place,
  );
}

/** The Fördelningslista's tables: the loops, each central's units in cable order, the addressed units on no loop. */
export function distributionTables(model: Model): Table[] {
  const fire = model.fire;
  if (!fire) return [];
  const labels = LIST_LABELS.distribution;
  const names = listNames(fire);
  const groups = loopsByCentral(model, names);
  const storeyName = (id: string) => {
    const s = model.arch.storeys[id];
    return s ? s.name || s.id : id;
  };
  // A call point's door is passed on: it serves the room of its door when it stands in the wall (unitRooms).
  const fieldUnits = (['detectors', 'sirens', 'buttons', 'ios', 'others'] as const).flatMap((g) =>
    Object.values<PlacedUnit>(fire.units[g]),
  );
  const unitById = new Map(fieldUnits.map((u) => [u.id, u]));
  const rooms = unitRooms(model.arch, fieldUnits);
  const place = (unitId: string) => {
    const unit = unitById.get(unitId);
    const room = rooms.get(unitId);
    return [room ? room.name || room.id : '', unit ? storeyName(unit.storey_id) : ''];
  };
  const unitCells = (unitId: string) => {
    const a = names.addressOf(unitId);
    return [a?.section ?? '', a?.address ?? '', names.unitType(unitId), names.unitProduct(unitId), ...place(unitId)];
  };

  const t = labels.loops;
  const overview: Row[] = [];
  for (const g of groups) {
    if (g.loops.length === 0) overview.push({ cells: [g.rack, g.central, '–', '', 0, '', ''] });
    for (const loop of g.loops) {
      const sections = [...new Set(loop.members.map((m) => names.addressOf(m.id)?.section).filter((s) => s !== undefined))].sort(natural);
      overview.push({
        cells: [
          g.rack,
          g.central || t.noCentral,
          loop.routeId,
          sections.join(', '),
          loop.members.length,
          loop.length,
          Math.round(loop.load * 10_000) / 10,
        ],
      });
    }
  }
  const tables: Table[] = [
    {
      title: t.title,
      keyColumns: 2,
      columns: [
        { title: t.rack, width: 1.4 },
        { title: t.central, width: 1.6 },
        { title: t.loop, width: 1.4 },
        { title: t.sections, width: 2 },
        { title: t.units, width: 1, decimals: 0 },
        { title: t.length, width: 1.2, decimals: 1 },
        { title: t.load, width: 1.6, decimals: 1 },
      ],
      rows: overview,
      note: t.note,
    },
  ];

  const u = labels.units;
  // A unit's columns, as unitCells gives them.
  const unitColumns: Table['columns'] = [
    // Right-aligned as the numbers round it: section names are mostly numbers ('1', '02').
    { title: u.section, width: 1.2, decimals: 0 },
    { title: u.address, width: 1, decimals: 0 },
    { title: u.type, width: 2 },
    { title: u.product, width: 3 },
    { title: u.room, width: 2 },
    { title: u.storey, width: 1.5 },
  ];
  for (const g of groups) {
    if (g.loops.length === 0) continue;
    const rows: Row[] = [];
    for (const loop of g.loops) {
      if (loop.members.length === 0) rows.push({ cells: [loop.routeId, '', '', '', u.empty, '', '', ''] });
      loop.members.forEach((m, i) => rows.push({ cells: [loop.routeId, i + 1, ...unitCells(m.id)] }));
    }
    tables.push({
      title: g.title || t.noCentral,
      keyColumns: 2,
      columns: [{ title: u.loop, width: 1.4 }, { title: u.order, width: 0.7, decimals: 0 }, ...unitColumns],
      rows,
      note: u.note,
    });
  }

  const looped = new Set(groups.flatMap((g) => g.loops.flatMap((l) => l.members.map((m) => m.id))));
  const unlooped = Object.values(fire.sections)
    .flatMap((s) => Object.keys(s.addresses))
    .filter((id) => !looped.has(id))
    .map((id) => ({ id, a: names.addressOf(id)! }))
    .sort((x, y) => natural(x.a.section, y.a.section) || x.a.address - y.a.address);
  if (unlooped.length > 0)
    tables.push({
      title: labels.unlooped.title,
      keyColumns: 2,
      columns: unitColumns,
      rows: unlooped.map(({ id }) => ({ cells: unitCells(id) })),
      note: labels.unlooped.note,
    });
  return tables.map(fitColumnWidths);
}
