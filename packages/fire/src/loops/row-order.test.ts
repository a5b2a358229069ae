import { describe, expect, it } from 'vitest';
import { detectorSchema, newRack, type Route } from '@edrf/model';
import { makeArch, rect } from '../test-support/arch.js';
import { fireFor } from '../test-support/check-units.js';
import { centralIn } from '../test-support/centrals.js';
import { calcFireCabling } from './calc-cabling.js';
import { rowOrder } from './row-order.js';

type P3 = [number, number, number];
const d3 = (a: readonly number[], b: readonly number[]) => Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);

/** The closed boustrophedon through rows of points from `start` (each row in order, every other reversed), least of its four. */
function boustrophedon(start: P3, rows: P3[][]): number {
  let best = Infinity;
  for (const list of [rows, [...rows].reverse()])
    for (const flip of [false, true]) {
      const seq = [start, ...list.flatMap((row, k) => ((k % 2 === 1) !== flip ? [...row].reverse() : row)), start];
      best = Math.min(
        best,
        seq.slice(1).reduce((s, p, k) => s + d3(seq[k]!, p), 0),
      );
    }
  return best;
}

describe('a loop visits units standing in rows row by row', () => {
  it('a 6 × 4 grid in one open room: row after row, the cable within 2 % of the boustrophedon', () => {
    const arch = makeArch([{ id: 's', rooms: [{ id: 'open', exterior: rect(0, 0, 40, 30) }] }]);
    const fire = fireFor('Sbf1108');
    // Rows along x (y = 6, 12, 18, 24), 6 m apart along and across; the rack by the west wall's middle.
    const grid: P3[][] = [6, 12, 18, 24].map((y) => [5, 11, 17, 23, 29, 35].map((x): P3 => [x, y, 2.9]));
    const byId = new Map<string, P3>();
    grid.flat().forEach((p, k) => byId.set(`d${k}`, p));
    fire.units.detectors = Object.fromEntries([...byId].map(([id, coord]) => [id, detectorSchema.parse({ id, storey_id: 's', coord })]));
    const rack: P3 = [1, 15, 0.1];
    fire.units.racks = { r1: newRack('r1', 's', rack) };
    fire.connections.centrals = { c1: centralIn('c1', 'r1', fire.config.products.centrals[0]!) };

    const loops = Object.values(calcFireCabling({ arch, fire }).connections.routes).filter((r): r is Route => r.kind === 'Loop');
    expect(loops.length).toBe(1);
    const nodes = loops[0]!.slices.flatMap((s) => s.nodes);
    const order = nodes.map((n) => n.unit_id).filter((id) => byId.has(id));
    expect(new Set(order).size).toBe(24);

    // Row by row: the rows (by y, or by x for rows along y) change 3 times in 24 units (5 for columns).
    const rowOf = (id: string) => byId.get(id)![1];
    const colOf = (id: string) => byId.get(id)![0];
    const changes = (key: (id: string) => number) => order.slice(1).filter((id, k) => key(id) !== key(order[k]!)).length;
    const [alongX, alongY] = [changes(rowOf), changes(colOf)];
    expect(alongX === 3 || alongY === 5, `row changes ${alongX}, column changes ${alongY}`).toBe(true);

    const columns: P3[][] = grid[0]!.map((_, i) => grid.map((row) => row[i]!));
    const oracle = Math.min(boustrophedon(rack, grid), boustrophedon(rack, columns));
    const metres = nodes.slice(1).reduce((s, n, k) => s + d3(nodes[k]!.coord, n.coord), 0);
    expect(Math.abs(metres - oracle) / oracle).toBeLessThanOrEqual(0.02);
  });

  it('finds rows of a grid turned 30° with positions off by up to 0.1 m, and leaves a scatter to the shortest order', () => {
    const t = Math.PI / 6;
    const points: [number, number][] = [[0, 0]];
    // 4 rows of 5, 3 m apart along a row and 6 m across, in a scrambled order.
    for (let j = 0; j < 4; j++)
      for (let i = 0; i < 5; i++) {
        const [u, v] = [10 + 3 * i + 0.1 * Math.sin(7 * i + j), 6 * j + 0.1 * Math.cos(3 * i + 5 * j)];
        points.push([u * Math.cos(t) - v * Math.sin(t), u * Math.sin(t) + v * Math.cos(t)]);
      }
    const d = (a: number, b: number) => Math.hypot(points[a]![0] - points[b]![0], points[a]![1] - points[b]![1]);
    const given = [0, ...Array.from({ length: 20 }, (_, k) => ((k * 7) % 20) + 1)];
    const order = rowOrder(
      given,
      (k) => (k === 0 ? '' : 'room'),
      (k) => points[k]!,
      d,
    );
    expect(order[0]).toBe(0);
    // The row of each stop is (k − 1) div 5 by construction: consecutive units change row 3 times.
    const row = (k: number) => Math.floor((k - 1) / 5);
    const units = order.slice(1);
    expect(units.slice(1).filter((k, i) => row(k) !== row(units[i]!)).length).toBe(3);
    // Along each row one way, the next the other way.
    const along = (k: number) => points[k]![0] * Math.cos(t) + points[k]![1] * Math.sin(t);
    const ways = [0, 5, 10, 15].map((s) => Math.sign(along(units[s + 4]!) - along(units[s]!)));
    expect(ways[0]).toBe(-ways[1]!);
    expect(ways[1]).toBe(-ways[2]!);

    // Points in no rows (a scatter): the order given stays.
    const scatter: [number, number][] = [[0, 0], ...Array.from({ length: 12 }, (_, k): [number, number] => [(k * 37) % 23, (k * 53) % 19])];
    const ds = (a: number, b: number) => Math.hypot(scatter[a]![0] - scatter[b]![0], scatter[a]![1] - scatter[b]![1]);
    const scatterOrder = Array.from({ length: scatter.length }, (_, k) => k);
    expect(
      rowOrder(
        scatterOrder,
        (k) => (k === 0 ? '' : 'room'),
        (k) => scatter[k]!,
        ds,
      ),
    ).toEqual(scatterOrder);
  });
});
