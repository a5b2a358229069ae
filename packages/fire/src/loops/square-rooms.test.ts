/**
 * Issue 34, "cables where a cable can go": inside a room the loop runs square to the room's walls, as a designer draws
 * it (from the door straight in, a turn, along the row of detectors), not diagonally from the door to each detector.
 * The checks are the test's own (angles in the room's frame, points in its outline, segment crossings).
 */
import { describe, expect, it } from 'vitest';
import { detectorSchema, newRack, type Arch, type Fire, type Route } from '@edrf/model';
import { routeWallCrossings } from '../cabling/wall-crossings.js';
import { makeArch } from '../test-support/arch.js';
import { fireFor } from '../test-support/check-units.js';
import { centralIn } from '../test-support/centrals.js';
import { calcFireCabling } from './calc-cabling.js';

type P2 = [number, number];

/** The building is drawn in a frame (u, v) and turned by THETA in the plan: the rooms' walls run along u and v. */
const THETA = (30 * Math.PI) / 180;
const toPlan = ([u, v]: P2): P2 => [u * Math.cos(THETA) - v * Math.sin(THETA), u * Math.sin(THETA) + v * Math.cos(THETA)];
const toFrame = (x: number, y: number): P2 => [x * Math.cos(THETA) + y * Math.sin(THETA), -x * Math.sin(THETA) + y * Math.cos(THETA)];
const box = (u: number, v: number, w: number, h: number): P2[] =>
  [
    [u, v],
    [u + w, v],
    [u + w, v + h],
    [u, v + h],
  ].map((p) => toPlan(p as P2));

function fireWith(detectors: P2[], rack: P2): Fire {
  const fire = fireFor('Sbf1108');
  fire.units.detectors = Object.fromEntries(
    detectors.map((p, k) => {
      const [x, y] = toPlan(p);
      return [`d${k}`, detectorSchema.parse({ id: `d${k}`, storey_id: 's', coord: [x, y, 2.9] })];
    }),
  );
  const [x, y] = toPlan(rack);
  fire.units.racks = { r1: newRack('r1', 's', [x, y, 0.1]) };
  fire.connections.centrals = { c1: centralIn('c1', 'r1', fire.config.products.centrals[0]!) };
  return fire;
}

const loopsOf = (arch: Arch, fire: Fire): Route[] =>
  Object.values(calcFireCabling({ arch, fire }).connections.routes).filter((r) => r.kind === 'Loop');

/** The route's plan segments in the (u, v) frame, each longer than 1 mm. */
function segments(route: Route): [P2, P2][] {
  const out: [P2, P2][] = [];
  for (const slice of route.slices)
    for (let k = 1; k < slice.nodes.length; k++) {
      const [a, b] = [slice.nodes[k - 1]!.coord, slice.nodes[k]!.coord];
      if (Math.hypot(b[0] - a[0], b[1] - a[1]) > 1e-3) out.push([toFrame(a[0], a[1]), toFrame(b[0], b[1])]);
    }
  return out;
}

/** A segment's angle to the nearest of the walls' axes (u or v), in degrees: 0 along a wall or straight across. */
function offSquare([a, b]: [P2, P2]): number {
  const deg = (Math.atan2(Math.abs(b[1] - a[1]), Math.abs(b[0] - a[0])) * 180) / Math.PI;
  return Math.min(deg, 90 - deg);
}

const side = (p: P2, q: P2, r: P2) => (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]);
/** Pairs of segments that cross at a point inside both (touching, or running along one line, is no crossing). */
function crossings(segs: readonly [P2, P2][]): number {
  let count = 0;
  for (let i = 0; i < segs.length; i++)
    for (let j = i + 1; j < segs.length; j++) {
      const [[a, b], [c, d]] = [segs[i]!, segs[j]!];
      const [d1, d2, d3, d4] = [side(c, d, a), side(c, d, b), side(a, b, c), side(a, b, d)];
      if (((d1 > 1e-9 && d2 < -1e-9) || (d1 < -1e-9 && d2 > 1e-9)) && ((d3 > 1e-9 && d4 < -1e-9) || (d3 < -1e-9 && d4 > 1e-9))) count++;
    }
  return count;
}

/** The units the route visits, in cable order, and whether it starts and ends at the rack. */
function visits(route: Route): { units: string[]; closed: boolean } {
  const nodes = route.slices.flatMap((s) => s.nodes);
  return {
    units: nodes.map((n) => n.unit_id).filter((id) => id.startsWith('d')),
    closed: nodes[0]?.unit_id === 'r1' && nodes.at(-1)?.unit_id === 'r1',
  };
}

describe('inside a room the loop runs square to its walls (issue 34)', () => {
  // In the frame: an office (u 0–10, v 0–6) over a hall (v −6–0) where the rack stands, a door between them at u 1.5–2.5;
  // the office's detectors in a row at v 3.5, none in line with the door. The whole plan turned 30°.
  const arch = makeArch([
    {
      id: 's',
      rooms: [
        { id: 'office', exterior: box(0, 0, 10, 6) },
        { id: 'hall', exterior: box(0, -6, 10, 6) },
      ],
      doors: [{ id: 'door', left: toPlan([1.5, 0]), right: toPlan([2.5, 0]) }],
    },
  ]);
  const ROW: P2[] = [
    [4, 3.5],
    [6, 3.5],
    [8, 3.5],
  ];

  it('an office turned 30°: every stretch of the loop is along or across its walls, from the door square to the row', () => {
    const loops = loopsOf(arch, fireWith(ROW, [8, -3]));
    expect(loops).toHaveLength(1);
    const [loop] = loops;
    const { units, closed } = visits(loop!);
    expect(closed).toBe(true);
    expect(new Set(units)).toEqual(new Set(['d0', 'd1', 'd2']));

    const segs = segments(loop!);
    const inOffice = segs.filter(([a, b]) => (a[1] + b[1]) / 2 > 0.05);
    expect(inOffice.length).toBeGreaterThan(0);
    for (const seg of segs) expect(offSquare(seg), seg.map((p) => p.map((c) => c.toFixed(2)).join(', ')).join(' → ')).toBeLessThan(1);
    // Into the office through the door only (where the route meets v = 0, its u is within the door), never over itself.
    for (const [a, b] of segs)
      if ((a[1] < -1e-6 && b[1] > 1e-6) || (a[1] > 1e-6 && b[1] < -1e-6)) {
        const u = a[0] + ((b[0] - a[0]) * (0 - a[1])) / (b[1] - a[1]);
        expect(u).toBeGreaterThanOrEqual(1.5);
        expect(u).toBeLessThanOrEqual(2.5);
      }
    expect(routeWallCrossings(arch, loop!)).toEqual([]);
    expect(crossings(segs)).toBe(0);

    // No longer than the square tour a designer draws: the rack to the door, in to the row, along it, back to the door
    // and the rack, every leg along u then v (plan metres; the cable's rises to the ceiling come on top).
    const door: P2 = [2, 0];
    const l1 = (p: P2, q: P2) => Math.abs(p[0] - q[0]) + Math.abs(p[1] - q[1]);
    const designer = 2 * l1([8, -3], door) + l1(door, ROW[0]!) + l1(ROW[0]!, ROW[2]!) + l1(ROW[2]!, door);
    const plan = segs.reduce((s, [a, b]) => s + Math.hypot(b[0] - a[0], b[1] - a[1]), 0);
    expect(plan).toBeLessThanOrEqual(designer * 1.02);
  });

  it('an L-shaped room: square round its inner corner, never across the corner outside it', () => {
    // In the frame: the L's foot u 0–10 × v 0–4 and its leg u 6–10 × v 4–12; the hall below, its door at u 1.5–2.5.
    const ell: P2[] = [
      [0, 0],
      [10, 0],
      [10, 12],
      [6, 12],
      [6, 4],
      [0, 4],
    ].map((p) => toPlan(p as P2));
    const arch = makeArch([
      {
        id: 's',
        rooms: [
          { id: 'ell', exterior: ell },
          { id: 'hall', exterior: box(0, -6, 10, 6) },
        ],
        doors: [{ id: 'door', left: toPlan([1.5, 0]), right: toPlan([2.5, 0]) }],
      },
    ]);
    const units: P2[] = [
      [3, 2],
      [8, 2],
      [8, 7],
      [8, 10.5],
    ];
    const [loop, ...more] = loopsOf(arch, fireWith(units, [8, -3]));
    expect(more).toHaveLength(0);
    expect(visits(loop!).closed).toBe(true);
    expect(new Set(visits(loop!).units)).toEqual(new Set(['d0', 'd1', 'd2', 'd3']));
    const segs = segments(loop!);
    for (const seg of segs) expect(offSquare(seg)).toBeLessThan(1);
    // Sampled every 0.1 m, the cable stays out of the square the L leaves empty (u < 6, v > 4).
    for (const [a, b] of segs) {
      const steps = Math.ceil(Math.hypot(b[0] - a[0], b[1] - a[1]) / 0.1);
      for (let i = 0; i <= steps; i++) {
        const [u, v] = [a[0] + ((b[0] - a[0]) * i) / steps, a[1] + ((b[1] - a[1]) * i) / steps];
        expect(u < 6 - 1e-6 && v > 4 + 1e-6, `${u.toFixed(2)}, ${v.toFixed(2)}`).toBe(false);
      }
    }
    expect(routeWallCrossings(arch, loop!)).toEqual([]);
    expect(crossings(segs)).toBe(0);
  });
});
