import { newRack, type Arch, type CentralExtensionProduct, type CentralProduct, type Fire } from '@edrf/model';
import { indexBuilding, type RoomInfo } from '../building.js';
import { graphComponents } from '../cabling/graph-search.js';
import { attachPoint, buildRoutingGraph } from '../cabling/routing-graph.js';
import { batteryCapacity } from '../electrical/battery.js';
import { loopUnits, type LoopUnit } from '../loops/loop-units.js';
import { sectionBuilding } from '../sections/section-index.js';

/** A central serves about this much floor in the benchmarks: loops then stay within a central product's 2 km and 75 Ω. */
export const BENCH_AREA_PER_CENTRAL = 20_000;
/** The share of a central's loops its units fill at most when the racks are placed: room to spare, as a designer leaves. */
export const BENCH_HEADROOM = 0.8;
/**
 * calc_fire_cabling's loops against the least its units need by count, current and area (loops cut by the voltage in
 * alarm and the loop limits, sections kept whole): up to 1.3 on the 185,000 m² buildings (generated: 86 for 66, then
 * 86 for 76; bench/results/fire-cabling-2026-11-27.md). A designer sizes loops by what they carry, not the count alone.
 */
export const BENCH_LOOP_PACKING = 1.3;
/** The share of a central's loops' count limits (and battery) its cluster's units may fill: BENCH_HEADROOM / BENCH_LOOP_PACKING. */
export const BENCH_FILL = BENCH_HEADROOM / BENCH_LOOP_PACKING;

type P = readonly [number, number, number];

/** A central of `product` in rack `rackId`, at the rack's first place, its extension ports empty but for `fitted` (port -> extension id). */
export const centralIn = (
  id: string,
  rackId: string,
  product: CentralProduct,
  main = true,
  fitted: readonly string[] = [],
): Fire['connections']['centrals'][string] => ({
  id,
  product_id: product.id,
  rack_id: rackId,
  rack_pos: [2, 23],
  connections: [],
  main_central: main,
  extensions: product.extension_ports.map((_, k) => fitted[k] ?? ''),
});
const dist = (a: P, b: P) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
const planDist = (a: readonly number[], b: readonly number[]) => Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!);
/**
 * A metre of height counts this many of plan in the units' clusters: a cable between storeys goes out to a riser and
 * back, so a central's units lie on few storeys over each other rather than on a column of many.
 */
export const BENCH_STOREY_WEIGHT = 8;

/**
 * k middles of the points, and each point's middle: k-means (the points' heights weighted by BENCH_STOREY_WEIGHT),
 * seeded farthest first, ten rounds, each point to its nearest middle, or (`balanced`) the nearest pairs first with at
 * most ⌈n / k⌉ points a middle (balanced k-means with a greedy assignment step), so that the middles share the points
 * evenly.
 */
function middles(points: readonly P[], k: number, balanced = false): { centres: P[]; of: number[] } {
  const centres: P[] = [points[0]!];
  while (centres.length < k) {
    let far = points[0]!;
    let farD = -1;
    for (const p of points) {
      const d = Math.min(...centres.map((c) => dist(p, c)));
      if (d > farD) [far, farD] = [p, d];
    }
    centres.push(far);
  }
  const of = points.map(() => 0);
  const nearest = (p: P) => centres.reduce((best, c, i) => (dist(p, c) < dist(p, centres[best]!) ? i : best), 0);
  const assign = () => {
    if (!balanced || k === 1) {
      points.forEach((p, i) => (of[i] = nearest(p)));
      return;
    }
    const cap = Math.ceil(points.length / k);
    const pairs = points.flatMap((p, i) => centres.map((c, j) => [dist(p, c), i, j] as const)).sort((x, y) => x[0] - y[0]);
    const count = centres.map(() => 0);
    of.fill(-1);
    for (const [, i, j] of pairs)
      if (of[i] === -1 && count[j]! < cap) {
        of[i] = j;
        count[j]!++;
      }
  };
  for (let round = 0; round < 10; round++) {
    const sums = centres.map(() => ({ x: 0, y: 0, z: 0, n: 0 }));
    assign();
    points.forEach((p, i) => {
      const best = of[i]!;
      sums[best]!.x += p[0];
      sums[best]!.y += p[1];
      sums[best]!.z += p[2];
      sums[best]!.n++;
    });
    sums.forEach(({ x, y, z, n }, i) => {
      if (n > 0) centres[i] = [x / n, y / n, z / n];
    });
  }
  assign();
  return { centres, of };
}

/** A central product fitted with `cards` Route extensions, and the loops it then drives. */
interface Fitting {
  product: CentralProduct;
  cards: number;
  loops: number;
}

/**
 * How a designer sizes the central of a share of the units: the first central product (the list's order: the smaller
 * first) that, with the fewest Route extensions in its Route (or Any) ports, has loops for the share filled to `fill`
 * (units with their isolators where they count, alarm current, m² of a loop) and whose built-in battery carries the
 * central by the regulation's rule: with the share over `fill`, or, where the central shares its part with others (`full`:
 * the part's mean currents a unit), with every loop full (calc_fire_cabling fills a central's loops before the next's).
 * Null: no product does.
 */
function sizeCentral(
  fire: Fire,
  share: readonly LoopUnit[],
  m2: number,
  fill: number,
  full: { quiescent: number; alarm: number } | null,
): Fitting | null {
  const { products, cabling } = fire.config;
  const card = routeCard(products.central_extensions);
  const perCard = card ? Math.max(1, card.properties.num_routes) : 0;
  const amps = share.reduce((s, u) => s + u.alarmCurrent, 0);
  const quiet = share.reduce((s, u) => s + u.quiescentCurrent, 0);
  for (const product of products.centrals) {
    const maxUnits = Math.min(cabling.route_max_units, product.route_max_units);
    const places = product.isolators_count_as_units ? share.length * (1 + 1 / Math.max(1, cabling.isolator_max_units)) : share.length;
    const maxCurrent = product.max_loop_milliamperes == null ? Infinity : product.max_loop_milliamperes / 1000;
    // Loops' worth of the share (fractional): the largest of its units, its current and its area.
    const need = Math.max(places / maxUnits, amps / maxCurrent, m2 / cabling.route_max_area);
    const ports = card ? product.extension_ports.filter((k) => k === 'Route' || k === 'Any').length : 0;
    for (let cards = 0; cards <= ports; cards++) {
      const loops = Math.max(1, product.builtin.num_routes + cards * perCard);
      if (need > fill * loops) continue;
      if (full ? !carries(fire, product, loops, full) : !carriesShare(fire, product, quiet / fill, amps / fill)) continue;
      return { product, cards, loops };
    }
  }
  return null;
}

/** Whether the product's built-in battery carries it and units drawing these currents (A). */
function carriesShare(fire: Fire, product: CentralProduct, quiescent: number, alarm: number): boolean {
  const battery = product.builtin_psu && product.builtin_psu.ampere_hours > 0 ? product.builtin_psu.ampere_hours : null;
  const own = product.milliamperes / 1000;
  return (
    battery === null ||
    batteryCapacity(fire.config.regulation, { quiescentCurrent: own + quiescent, alarmCurrent: own + alarm }).capacity <= battery
  );
}

/** The catalogue's Route extension (a loop card): the first for a Route port. */
const routeCard = (list: readonly CentralExtensionProduct[]) => list.find((e) => e.port === 'Route') ?? null;

/**
 * Racks with a central each, as a designer of a large building places and sizes them (benchmarks and tests): in every
 * part of the building its doors, stairs and trays join (a separate building of a campus), one per `areaPerCentral` m²
 * of its rooms or more, as many as it takes for each central's share of the part's loop units (its cluster) to fill at
 * most `fill` of its loops and battery (sizeCentral: the product and the Route extensions fitted), at the middles of
 * the units' clusters: on the middle storey of its cluster (of those with rooms of the part), in the room there whose
 * centroid is nearest that middle in plan, on the floor. The first is the main central. Writes `fire.units.racks` and
 * `fire.connections.centrals`.
 */
export function placeCentrals(arch: Arch, fire: Fire, areaPerCentral = BENCH_AREA_PER_CENTRAL, fill = BENCH_FILL): void {
  const g = buildRoutingGraph({ arch });
  const units = loopUnits(fire, sectionBuilding(indexBuilding(arch), arch.doors));
  const unitNodes = units.map((u) => attachPoint(g, u.storeyId, u.coord));
  const part = graphComponents(g);
  const storeyOrder = [...g.storeys.values()].map((s) => s.info.storey).sort((a, b) => a.height.min_z - b.height.min_z);
  const parts = new Map<number, { rooms: RoomInfo[]; units: LoopUnit[] }>();
  for (const sg of g.storeys.values())
    sg.info.rooms.forEach((room, i) => {
      const p = part[sg.centroid[i]!]!;
      const entry = parts.get(p) ?? { rooms: [], units: [] };
      entry.rooms.push(room);
      parts.set(p, entry);
    });
  units.forEach((u, i) => parts.get(part[unitNodes[i]!]!)?.units.push(u));

  const card = routeCard(fire.config.products.central_extensions);
  fire.units.racks = {};
  fire.connections.centrals = {};
  let n = 0;
  for (const { rooms, units: list } of parts.values()) {
    if (list.length === 0) continue;
    const area = rooms.reduce((s, r) => s + r.area, 0);
    // Clusters by the area rule, or as many as the part's units take of the largest central sized (sizeCentral) if
    // more, sharing the units evenly; one more while a cluster is one no central takes (one a unit at the most).
    const mean = meanOf(list);
    const most = largestLoops(fire, mean);
    const points = list.map((u) => [u.coord[0], u.coord[1], u.coord[2] * BENCH_STOREY_WEIGHT] as P);
    let plan: { centre: P; share: LoopUnit[]; fitting: Fitting }[] = [];
    for (
      let k = Math.min(points.length, Math.max(1, Math.round(area / areaPerCentral), Math.ceil(loopsOf(fire, list, area) / (fill * most))));
      ;
      k++
    ) {
      const { centres, of } = middles(points, k, true);
      const shares = centres.map((_, c) => list.filter((_, i) => of[i] === c));
      const fittings = shares.map((share) =>
        share.length === 0 ? null : sizeCentral(fire, share, (area * share.length) / list.length, fill, k > 1 ? mean : null),
      );
      if (k >= points.length || fittings.every((f, c) => f !== null || shares[c]!.length === 0)) {
        plan = centres.flatMap((centre, c) =>
          shares[c]!.length > 0 ? [{ centre, share: shares[c]!, fitting: fittings[c] ?? largest(fire) }] : [],
        );
        break;
      }
    }
    for (const { centre, share, fitting } of plan) {
      // The storey of the cluster's middle unit (storeys in height order) that has rooms of the part.
      const order = (id: string) => storeyOrder.findIndex((s) => s.id === id);
      const byHeight = share.map((u) => order(u.storeyId)).sort((a, b) => a - b);
      const middle = byHeight[Math.floor(byHeight.length / 2)]!;
      const storey = storeyOrder
        .filter((s) => rooms.some((r) => r.storey.id === s.id))
        .reduce((a, b) => (Math.abs(order(b.id) - middle) < Math.abs(order(a.id) - middle) ? b : a));
      const room = rooms
        .filter((r) => r.storey.id === storey.id)
        .reduce((a, b) => (planDist(b.centroid, centre) < planDist(a.centroid, centre) ? b : a));
      n++;
      const rack = `r${n}`;
      fire.units.racks[rack] = newRack(rack, storey.id, [room.centroid[0], room.centroid[1], storey.height.min_z + 0.1]);
      // The first `cards` Route (or Any) ports hold a Route extension.
      let cards = fitting.cards;
      const fitted = fitting.product.extension_ports.map((kind) =>
        card && cards > 0 && (kind === 'Route' || kind === 'Any') && cards-- > 0 ? card.id : '',
      );
      fire.connections.centrals[`c${n}`] = centralIn(`c${n}`, rack, fitting.product, n === 1, fitted);
    }
  }
}

/** A share no product takes even at one central a unit: the last product with every Route port fitted. */
function largest(fire: Fire): Fitting {
  const product = fire.config.products.centrals[fire.config.products.centrals.length - 1]!;
  const ports = product.extension_ports.filter((k) => k === 'Route' || k === 'Any').length;
  return { product, cards: ports, loops: product.builtin.num_routes + ports };
}

/** The part's mean currents a unit (sizeCentral's `full`). */
const meanOf = (list: readonly LoopUnit[]) => ({
  quiescent: list.reduce((s, u) => s + u.quiescentCurrent, 0) / list.length,
  alarm: list.reduce((s, u) => s + u.alarmCurrent, 0) / list.length,
});

/** Loops' worth of units (fractional) on the first central product's limits: units, alarm current, area. */
function loopsOf(fire: Fire, share: readonly LoopUnit[], m2: number): number {
  const { products, cabling } = fire.config;
  const product = products.centrals[0];
  const maxUnits = Math.min(cabling.route_max_units, product?.route_max_units ?? Infinity);
  const maxCurrent = product?.max_loop_milliamperes == null ? Infinity : product.max_loop_milliamperes / 1000;
  return Math.max(share.length / maxUnits, share.reduce((s, u) => s + u.alarmCurrent, 0) / maxCurrent, m2 / cabling.route_max_area);
}

/** The most loops a central product can have fitted whose battery carries them full at the part's mean currents (`largest` when none does). */
function largestLoops(fire: Fire, mean: { quiescent: number; alarm: number }): number {
  const card = routeCard(fire.config.products.central_extensions);
  const perCard = card ? Math.max(1, card.properties.num_routes) : 0;
  let most = 0;
  for (const product of fire.config.products.centrals) {
    const ports = card ? product.extension_ports.filter((k) => k === 'Route' || k === 'Any').length : 0;
    for (let cards = ports; cards >= 0; cards--) {
      const loops = Math.max(1, product.builtin.num_routes + cards * perCard);
      if (carries(fire, product, loops, mean)) {
        most = Math.max(most, loops);
        break;
      }
    }
  }
  return most || largest(fire).loops;
}

/** Whether the product's built-in battery carries it with `loops` loops full at these mean currents a unit (no battery: yes). */
function carries(fire: Fire, product: CentralProduct, loops: number, mean: { quiescent: number; alarm: number }): boolean {
  const { cabling, regulation } = fire.config;
  const battery = product.builtin_psu && product.builtin_psu.ampere_hours > 0 ? product.builtin_psu.ampere_hours : null;
  if (battery === null) return true;
  const maxUnits = Math.min(cabling.route_max_units, product.route_max_units);
  const perUnit = product.isolators_count_as_units ? 1 + 1 / Math.max(1, cabling.isolator_max_units) : 1;
  const maxCurrent = product.max_loop_milliamperes == null ? Infinity : product.max_loop_milliamperes / 1000;
  // As many units as a loop takes, or as its current allows.
  const onLoops = loops * Math.min(maxUnits / perUnit, maxCurrent / Math.max(mean.alarm, 1e-12));
  const own = product.milliamperes / 1000;
  const load = { quiescentCurrent: own + mean.quiescent * onLoops, alarmCurrent: own + mean.alarm * onLoops };
  return batteryCapacity(regulation, load).capacity <= battery;
}
