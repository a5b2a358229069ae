// SBF Kabellista: one row per cable (fire-next.md §3.2) — every cable route (loops, rack-to-rack and direct routes) with
// its length as the bill of quantities measures it, then every cable inside a rack (fire.connections.cables).
import type { Model, Route, RouteKind } from '@edrf/model';
import { loopFiguresOf, storeyOrder } from '@edrf/fire';
import { routeLength } from '../boq/quantities.js';
import { fitColumnWidths } from '../tables/fit.js';
import type { Row, Table } from '../tables/table.js';
import { LIST_LABELS } from './labels.js';
import { listNames } from './names.js';

const KIND_ORDER: readonly RouteKind[] = ['Loop', 'RackToRack', 'Direct'];
const natural = (a: string, b: string) => a.localeCompare(b, LIST_LABELS.locale, { numeric: true });

/** One cable of the list, as the table prints it; `length` null for a cable inside a rack (the model has none). */
export interface CableRow {
  id: string;
  productId: string;
  product: string;
  pairs: number | null;
  from: string;
  to: string;
  storeys: string;
  length: number | null;
  kind: string;
}

/** The storeys a route passes, lowest first: one or two by name, more as 'lowest – highest'. [our reading] */
function storeysText(model: Model, ids: readonly string[]): string {
  const order = storeyOrder(model.arch);
  const names = order.filter((s) => ids.includes(s.id)).map((s) => s.name || s.id);
  const unknown = ids.filter((id) => !order.some((s) => s.id === id));
  const all = [...names, ...new Set(unknown)];
  return all.length <= 2 ? all.join(', ') : `${all[0]} – ${all[all.length - 1]}`;
}

/** Every cable of the model in the list's order: loops, rack-to-rack, direct routes by id, then cables in racks. */
export function cableRows(model: Model): CableRow[] {
  const fire = model.fire;
  if (!fire) return [];
  const names = listNames(fire);
  const labels = LIST_LABELS;
  const cableProduct = (id: string) => fire.config.products.cables.find((p) => p.id === id);
  const figures = loopFiguresOf({ arch: model.arch, fire });

  /** A route's end: a rack with the unit in it that takes the route (for a loop, its central), a field unit, or none. */
  const endText = (route: Route, unitId: string, centralId: string | null): string => {
    if (unitId === '') return labels.freeEnd;
    if (fire.units.racks[unitId]) {
      const central = centralId ? names.piece(centralId) : undefined;
      const holder = names.holder(unitId, route.id) ?? (central?.rackId === unitId ? central : undefined);
      return holder ? holder.fullLabel : names.rack(unitId);
    }
    return names.fieldUnit(unitId) || unitId;
  };

  const routes = Object.values(fire.connections.routes)
    .slice()
    .sort((a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) || natural(a.id, b.id));
  const rows: CableRow[] = routes.map((route) => {
    const nodes = route.slices.flatMap((s) => s.nodes);
    const first = nodes[0]!.unit_id;
    const last = nodes[nodes.length - 1]!.unit_id;
    const centralId = route.kind === 'Loop' ? (figures(route.id)?.centralId ?? null) : null;
    const from = endText(route, first, centralId);
    const to = endText(route, last, centralId);
    const product = cableProduct(route.product_id);
    return {
      id: route.id,
      productId: product?.id ?? '',
      product: product?.name ?? labels.noProduct,
      pairs: product?.num ?? null,
      from,
      // A loop comes back to where it started.
      to: route.kind === 'Loop' && first !== '' && first === last ? labels.cables.table.back(to) : to,
      storeys: storeysText(
        model,
        route.slices.map((s) => s.storey_id),
      ),
      length: routeLength(route),
      kind: labels.cables.kinds[route.kind],
    };
  });

  // A cable inside a rack joins the (at most two) rack units that list it.
  const pieces = names.racks.flatMap((rack) => names.piecesOf(rack.id));
  const cables = Object.values(fire.connections.cables)
    .slice()
    .sort((a, b) => natural(a.label || a.id, b.label || b.id));
  for (const cable of cables) {
    const ends = pieces.filter((p) => p.unit.connections.includes(cable.id)).slice(0, 2);
    const end = (k: number) => ends[k]?.fullLabel ?? labels.notConnected;
    const product = cableProduct(cable.product_id);
    const storeyIds = [...new Set(ends.map((p) => fire.units.racks[p.rackId]?.storey_id ?? ''))].filter((id) => id !== '');
    rows.push({
      id: cable.label || cable.id,
      productId: product?.id ?? '',
      product: product?.name ?? labels.noProduct,
      pairs: product?.num ?? null,
      from: end(0),
      to: end(1),
      storeys: storeysText(model, storeyIds),
      length: null,
      kind: labels.cables.inRack,
    });
  }
  return rows;
}

/**
 * The Kabellista's table: the cables, then the route metres per cable product and in all. The cable's ends come
 * before its product, so that no count stands right against a text that starts with a number.
 */
export function cableListTable(model: Model): Table {
  const labels = LIST_LABELS;
  const t = labels.cables.table;
  const list = cableRows(model);
  const rows: Row[] = list.map((c) => ({
    cells: [c.id, c.kind, c.from, c.to, c.storeys, c.product, c.pairs ?? '', c.length ?? ''],
  }));
  const measured = list.filter((c) => c.length !== null);
  const products = [...new Map(measured.map((c) => [c.productId, c.product])).entries()].sort((a, b) => natural(a[1], b[1]));
  const sum = (rowsOf: CableRow[]) => rowsOf.reduce((s, c) => s + (c.length ?? 0), 0);
  for (const [id, name] of products)
    rows.push({ kind: 'total', cells: [labels.sum, '', '', '', '', name, '', sum(measured.filter((c) => c.productId === id))] });
  if (products.length !== 1) rows.push({ kind: 'total', cells: [labels.sum, '', '', '', '', t.allProducts, '', sum(measured)] });
  return fitColumnWidths({
    title: t.title,
    keyColumns: 1,
    columns: [
      { title: t.id, width: 1.2 },
      { title: t.kind, width: 1.4 },
      { title: t.from, width: 2 },
      { title: t.to, width: 2 },
      { title: t.storeys, width: 1.5 },
      { title: t.product, width: 3 },
      { title: t.pairs, width: 0.6, decimals: 0 },
      { title: t.length, width: 1.2, decimals: 1 },
    ],
    rows,
    note: t.note,
  });
}
