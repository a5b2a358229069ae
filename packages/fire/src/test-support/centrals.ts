import { newRack, type Arch, type CentralProduct, type Fire } from '@edrf/model';
import type { RoomInfo } from '../building.js';
import { attachPoint, buildRoutingGraph, graphComponents } from '../cabling/routing-graph.js';

/** A central serves about this much floor in the benchmarks: loops then stay within a central product's 2 km and 75 Ω. */
export const BENCH_AREA_PER_CENTRAL = 20_000;

type P = readonly [number, number];

/** A central of `product` in rack `rackId`, at the rack's first place, its extension ports empty. */
export const centralIn = (id: string, rackId: string, product: CentralProduct, main = true): Fire['connections']['centrals'][string] => ({
  id,
  product_id: product.id,
  rack_id: rackId,
  rack_pos: [2, 23],
  connections: [],
  main_central: main,
  extensions: product.extension_ports.map(() => ''),
});
const dist = (a: P, b: P) => Math.hypot(a[0] - b[0], a[1] - b[1]);

/** k middles of the points: k-means on the plan, seeded farthest first, ten rounds. */
function middles(points: readonly P[], k: number): P[] {
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
  for (let round = 0; round < 10; round++) {
    const sums = centres.map(() => ({ x: 0, y: 0, n: 0 }));
    for (const p of points) {
      let best = 0;
      centres.forEach((c, i) => {
        if (dist(p, c) < dist(p, centres[best]!)) best = i;
      });
      sums[best]!.x += p[0];
      sums[best]!.y += p[1];
      sums[best]!.n++;
    }
    sums.forEach(({ x, y, n }, i) => {
      if (n > 0) centres[i] = [x / n, y / n];
    });
  }
  return centres;
}

/**
 * Racks with a central each, as a designer of a large building places them (benchmarks and tests): in every part of
 * the building its doors, stairs and trays join (a separate building of a campus), one per `areaPerCentral` m² of its
 * rooms, at the middles of its units' clusters, on its lowest storey, in its room whose centroid is nearest that middle,
 * on the floor. The first is the main central. Writes `fire.units.racks` and `fire.connections.centrals`.
 */
export function placeCentrals(arch: Arch, fire: Fire, areaPerCentral = BENCH_AREA_PER_CENTRAL): void {
  const g = buildRoutingGraph({ arch });
  const units = [...Object.values(fire.units.detectors), ...Object.values(fire.units.buttons)];
  const unitNodes = units.map((u) => attachPoint(g, u.storey_id, u.coord));
  const part = graphComponents(g);
  const storeyOrder = [...g.storeys.values()].map((s) => s.info.storey).sort((a, b) => a.height.min_z - b.height.min_z);
  const parts = new Map<number, { rooms: RoomInfo[]; points: P[] }>();
  for (const sg of g.storeys.values())
    sg.info.rooms.forEach((room, i) => {
      const p = part[sg.centroid[i]!]!;
      const entry = parts.get(p) ?? { rooms: [], points: [] };
      entry.rooms.push(room);
      parts.set(p, entry);
    });
  units.forEach((u, i) => parts.get(part[unitNodes[i]!]!)?.points.push([u.coord[0], u.coord[1]]));

  const product = fire.config.products.centrals[0]!;
  fire.units.racks = {};
  fire.connections.centrals = {};
  let n = 0;
  for (const { rooms, points } of parts.values()) {
    if (points.length === 0) continue;
    const area = rooms.reduce((s, r) => s + r.area, 0);
    const lowest = storeyOrder.find((s) => rooms.some((r) => r.storey.id === s.id))!;
    const floor = rooms.filter((r) => r.storey.id === lowest.id);
    for (const centre of middles(points, Math.max(1, Math.min(points.length, Math.round(area / areaPerCentral))))) {
      const room = floor.reduce((a, b) => (dist(b.centroid, centre) < dist(a.centroid, centre) ? b : a));
      n++;
      const rack = `r${n}`;
      fire.units.racks[rack] = newRack(rack, lowest.id, [room.centroid[0], room.centroid[1], lowest.height.min_z + 0.1]);
      fire.connections.centrals[`c${n}`] = centralIn(`c${n}`, rack, product, n === 1);
    }
  }
}
