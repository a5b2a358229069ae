// What a bill of quantities counts, from the model alone (docs/reports.md, "Bills of quantities"): products per
// storey, cable metres per cable product with the stated allowance, racks and their contents, fire-stopping seals.
import type { Arch, Fire, Model, Products, Route } from '@edrf/model';
import { RACK_PRODUCT_LIST, UNIT_PRODUCT_LIST, type RackUnitGroup } from '@edrf/model';
import { routeWallCrossings } from '@edrf/fire';
import { rackName, racksInOrder, roomRecordOf } from '../racks/rack-names.js';

/** Cable allowance for drops and terminations: this share of the measured route length… */
export const CABLE_ALLOWANCE_SHARE = 0.1;
/** …plus this many metres per unit a route ends or stops at (a drop down to it and its terminations). */
export const CABLE_ALLOWANCE_PER_UNIT = 2;

export type ProductGroup =
  | 'detectors'
  | 'sirens'
  | 'buttons'
  | 'ios'
  | 'others'
  | 'racks'
  | 'centrals'
  | 'central_extensions'
  | 'plinths'
  | 'power_supplies'
  | 'other_rack_products';

export interface StoreyColumn {
  id: string;
  name: string;
}

export interface ProductLine {
  group: ProductGroup;
  /** The product's id, '' for units with none (and for racks, which have no product). */
  productId: string;
  name: string;
  /** Count per storey id. */
  perStorey: Map<string, number>;
  total: number;
}

export interface CableLine {
  productId: string;
  name: string;
  type: string;
  pairs: number | null;
  routes: number;
  /** Route length measured along the nodes in 3D, with the vertical runs between slices (m). */
  measured: number;
  /** Units the routes end at or stop at. */
  units: number;
  allowance: number;
  /** measured + allowance, rounded up to whole metres: what to order. */
  total: number;
}

export interface RackContent {
  rackId: string;
  /** '+D1', '+D1 A': the rack's name on every document (racks/rack-names.ts). */
  label: string;
  storeyId: string;
  room: string;
  items: { group: ProductGroup; name: string; count: number }[];
}

export interface SealLine {
  storeyId: string;
  /** The crossed wall's fire rating ('' unknown or none). */
  rating: string;
  count: number;
}

export interface Quantities {
  storeys: StoreyColumn[];
  products: ProductLine[];
  cables: CableLine[];
  racks: RackContent[];
  seals: SealLine[];
}

/** The model's storeys, lowest first (by number, then name). */
export function storeyColumns(arch: Arch): StoreyColumn[] {
  return Object.values(arch.storeys)
    .slice()
    .sort((a, b) => a.number - b.number || a.name.localeCompare(b.name))
    .map((s) => ({ id: s.id, name: s.name || s.id }));
}

const UNIT_GROUPS = Object.entries(UNIT_PRODUCT_LIST) as [keyof typeof UNIT_PRODUCT_LIST, ProductUnitList][];
const RACK_GROUPS = Object.entries(RACK_PRODUCT_LIST) as [RackUnitGroup, (typeof RACK_PRODUCT_LIST)[RackUnitGroup]][];
type ProductUnitList = (typeof UNIT_PRODUCT_LIST)[keyof typeof UNIT_PRODUCT_LIST];

type FieldUnit = { storey_id: string; product_id: string };
const unitsOf = (fire: Fire, group: (typeof UNIT_GROUPS)[number][0]): FieldUnit[] => {
  const { detectors, sirens, buttons, ios, others } = fire.units;
  const lists: Record<typeof group, Record<string, FieldUnit>> = { detectors, sirens, buttons, ios, others };
  return Object.values(lists[group]);
};

/**
 * Everything the bill counts. `noProduct` names units without a product; `rackName` names a physical rack. `seals:
 * false` leaves the wall crossings out (seconds on a large building) for a document that needs only the counts.
 */
export function quantities(model: Model, names: { noProduct: string; rack: string }, options: { seals?: boolean } = {}): Quantities {
  const fire = model.fire;
  const storeys = storeyColumns(model.arch);
  if (!fire) return { storeys, products: [], cables: [], racks: [], seals: [] };
  const products = fire.config.products;
  const lines = new Map<string, ProductLine>();
  const add = (group: ProductGroup, productId: string, name: string, storeyId: string, n = 1) => {
    const key = `${group}\u0000${productId}`;
    let line = lines.get(key);
    if (!line) lines.set(key, (line = { group, productId, name, perStorey: new Map(), total: 0 }));
    line.perStorey.set(storeyId, (line.perStorey.get(storeyId) ?? 0) + n);
    line.total += n;
  };
  const productName = (list: keyof Products, id: string) =>
    id === '' ? undefined : (products[list] as { id: string; name: string }[]).find((p) => p.id === id)?.name;

  for (const [group, list] of UNIT_GROUPS) {
    const units = unitsOf(fire, group);
    for (const unit of units) {
      const name = productName(list, unit.product_id);
      add(group, name === undefined ? '' : unit.product_id, name ?? names.noProduct, unit.storey_id);
    }
  }
  const racks = fire.units.racks;
  for (const rack of Object.values(racks)) if (rack.physical) add('racks', '', names.rack, rack.storey_id);
  for (const [group, list] of RACK_GROUPS) {
    for (const unit of Object.values(fire.connections[group])) {
      const storeyId = racks[unit.rack_id]?.storey_id ?? '';
      const name = productName(list, unit.product_id);
      const lineGroup: ProductGroup = group === 'others' ? 'other_rack_products' : group;
      add(lineGroup, name === undefined ? '' : unit.product_id, name ?? names.noProduct, storeyId);
    }
  }
  for (const central of Object.values(fire.connections.centrals)) {
    const storeyId = racks[central.rack_id]?.storey_id ?? '';
    for (const id of central.extensions) {
      const name = productName('central_extensions', id);
      if (name !== undefined) add('central_extensions', id, name, storeyId);
    }
  }

  return {
    storeys,
    products: [...lines.values()],
    cables: cableLines(fire, names.noProduct),
    racks: rackContents(fire, names.noProduct),
    seals: options.seals === false ? [] : sealLines(model.arch, fire),
  };
}

/** A route's length along its nodes in 3D, the rise or fall between one slice's end and the next slice's start included. */
export function routeLength(route: Route): number {
  let length = 0;
  let last: readonly number[] | undefined;
  for (const slice of route.slices)
    for (const node of slice.nodes) {
      if (last) length += Math.hypot(node.coord[0] - last[0]!, node.coord[1] - last[1]!, (node.coord[2] ?? 0) - (last[2] ?? 0));
      last = node.coord;
    }
  return length;
}

/** The distinct units a route's nodes are locked to. */
export const routeUnits = (route: Route): number =>
  new Set(route.slices.flatMap((s) => s.nodes.map((n) => n.unit_id)).filter((id) => id !== '')).size;

function cableLines(fire: Fire, noProduct: string): CableLine[] {
  const byProduct = new Map<string, CableLine>();
  for (const route of Object.values(fire.connections.routes)) {
    const product = fire.config.products.cables.find((p) => p.id === route.product_id);
    const key = product?.id ?? '';
    let line = byProduct.get(key);
    if (!line) {
      line = {
        productId: key,
        name: product?.name ?? noProduct,
        type: product?.type ?? '',
        pairs: product?.num ?? null,
        routes: 0,
        measured: 0,
        units: 0,
        allowance: 0,
        total: 0,
      };
      byProduct.set(key, line);
    }
    line.routes += 1;
    line.measured += routeLength(route);
    line.units += routeUnits(route);
  }
  for (const line of byProduct.values()) {
    line.allowance = line.measured * CABLE_ALLOWANCE_SHARE + line.units * CABLE_ALLOWANCE_PER_UNIT;
    line.total = Math.ceil(line.measured + line.allowance - 1e-9);
  }
  return [...byProduct.values()];
}

function rackContents(fire: Fire, noProduct: string): RackContent[] {
  const products = fire.config.products;
  // Racks in the equipment page's order and named as every SBF document names them ('+D1'; racks/rack-names.ts).
  const out = new Map<string, RackContent>();
  for (const rack of racksInOrder(fire))
    out.set(rack.id, {
      rackId: rack.id,
      label: rackName(fire, rack),
      storeyId: rack.storey_id,
      room: roomRecordOf(fire, rack.id)?.name ?? '',
      items: [],
    });
  const put = (rackId: string, group: ProductGroup, name: string) => {
    const rack = out.get(rackId);
    if (!rack) return;
    const item = rack.items.find((i) => i.group === group && i.name === name);
    if (item) item.count += 1;
    else rack.items.push({ group, name, count: 1 });
  };
  const name = (list: keyof Products, id: string) =>
    (products[list] as { id: string; name: string }[]).find((p) => p.id === id)?.name ?? noProduct;
  for (const c of Object.values(fire.connections.centrals)) {
    put(c.rack_id, 'centrals', name('centrals', c.product_id));
    for (const id of c.extensions) if (id !== '') put(c.rack_id, 'central_extensions', name('central_extensions', id));
  }
  for (const u of Object.values(fire.connections.plinths)) put(u.rack_id, 'plinths', name('plinths', u.product_id));
  for (const u of Object.values(fire.connections.power_supplies)) put(u.rack_id, 'power_supplies', name('power_supplies', u.product_id));
  for (const u of Object.values(fire.connections.others)) put(u.rack_id, 'other_rack_products', name('other_rack_products', u.product_id));
  return [...out.values()];
}

/** One seal per place a cable route crosses a wall away from doors and openings (packages/fire's routeWallCrossings). */
function sealLines(arch: Arch, fire: Fire): SealLine[] {
  const lines = new Map<string, SealLine>();
  for (const route of Object.values(fire.connections.routes)) {
    for (const crossing of routeWallCrossings(arch, route)) {
      const rating = arch.walls[crossing.wallId]?.fire_rating ?? '';
      const key = `${crossing.storeyId}\u0000${rating}`;
      const line = lines.get(key);
      if (line) line.count += 1;
      else lines.set(key, { storeyId: crossing.storeyId, rating, count: 1 });
    }
  }
  return [...lines.values()];
}
