/**
 * Issue 34, "cables where a cable can go": loops that run along corridors and into each room through its door, never
 * over themselves on a storey, never through a lift shaft, changing storey inside the stair. The checks are the test's
 * own (segment crossings, angles, points in rectangles), not the engine's geometry.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { detectorSchema, emptyFire, emptyModel, newRack, type Arch, type Fire, type Route } from '@edrf/model';
import { extractIfc } from '@edrf/ifc';
import { cleanArch } from '@edrf/geometry';
import { makeArch, rect, type StoreySpec } from '../test-support/arch.js';
import { fireFor } from '../test-support/check-units.js';
import { centralIn, placeCentrals } from '../test-support/centrals.js';
import { createFireConfig } from '../config.js';
import { calcFireUnits } from '../calc-units.js';
import { calcFireSections } from '../sections/calc-sections.js';
import { calcFireCabling } from './calc-cabling.js';

type P2 = readonly [number, number];
type P3 = [number, number, number];
type Box = [x: number, y: number, w: number, h: number];

const side = (p: P2, q: P2, r: P2) => (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]);
/** Whether ab and cd cross at a point inside both (touching at an end or running along one line is no crossing). */
function cross(a: P2, b: P2, c: P2, d: P2): boolean {
  const [d1, d2, d3, d4] = [side(c, d, a), side(c, d, b), side(a, b, c), side(a, b, d)];
  const e = 1e-9;
  return ((d1 > e && d2 < -e) || (d1 < -e && d2 > e)) && ((d3 > e && d4 < -e) || (d3 < -e && d4 > e));
}

/** A route's plan segments per storey. */
function segmentsByStorey(route: Route): Map<string, [P2, P2][]> {
  const out = new Map<string, [P2, P2][]>();
  for (const slice of route.slices) {
    const list = out.get(slice.storey_id) ?? [];
    out.set(slice.storey_id, list);
    for (let k = 1; k < slice.nodes.length; k++) {
      const [a, b] = [slice.nodes[k - 1]!.coord, slice.nodes[k]!.coord];
      if (Math.hypot(b[0] - a[0], b[1] - a[1]) > 1e-6)
        list.push([
          [a[0], a[1]],
          [b[0], b[1]],
        ]);
    }
  }
  return out;
}

/** Pairs of a route's segments on one storey that cross, with the storey. */
function selfCrossings(route: Route): { storey: string; a: [P2, P2]; b: [P2, P2] }[] {
  const found: { storey: string; a: [P2, P2]; b: [P2, P2] }[] = [];
  for (const [storey, segs] of segmentsByStorey(route))
    for (let i = 0; i < segs.length; i++)
      for (let j = i + 1; j < segs.length; j++)
        if (cross(segs[i]![0], segs[i]![1], segs[j]![0], segs[j]![1])) found.push({ storey, a: segs[i]!, b: segs[j]! });
  return found;
}

const inBox = (x: number, y: number, [x0, y0, w, h]: Box, slack = 1e-6) =>
  x >= x0 - slack && x <= x0 + w + slack && y >= y0 - slack && y <= y0 + h + slack;

/** The share of plan length at 15–75° to the walls (all along x or y here), of the segments whose middle is in `box`. */
function diagonalShare(routes: readonly Route[], box?: Box): number {
  let [diagonal, total] = [0, 0];
  for (const route of routes)
    for (const segs of segmentsByStorey(route).values())
      for (const [a, b] of segs) {
        if (box && !inBox((a[0] + b[0]) / 2, (a[1] + b[1]) / 2, box)) continue;
        const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
        const deg = (Math.atan2(Math.abs(b[1] - a[1]), Math.abs(b[0] - a[0])) * 180) / Math.PI;
        total += len;
        if (deg >= 15 && deg <= 75) diagonal += len;
      }
  return total > 0 ? diagonal / total : 0;
}

/** A fire model of detectors at these points, a rack with the catalogue's first central at `rack`. */
function fireWith(detectors: [string, P3][], rack: [string, P3]): Fire {
  const fire = fireFor('Sbf1108');
  fire.units.detectors = Object.fromEntries(
    detectors.map(([storey_id, coord], k) => [`d${k}`, detectorSchema.parse({ id: `d${k}`, storey_id, coord })]),
  );
  fire.units.racks = { r1: newRack('r1', rack[0], rack[1]) };
  fire.connections.centrals = { c1: centralIn('c1', 'r1', fire.config.products.centrals[0]!) };
  return fire;
}

const loopsOf = (arch: Arch, fire: Fire): Route[] =>
  Object.values(calcFireCabling({ arch, fire }).connections.routes).filter((r) => r.kind === 'Loop');

// A corridor 2 m wide along x (y 10–12, x 0–40), four 10 × 10 m rooms south of it and four north, each with a door
// into the corridor, the doors north and south half a room apart (as a corridor's doors seldom face each other).
const CORRIDOR: Box = [0, 10, 40, 2];
const ROOMS: { id: string; box: Box; door: P2 }[] = [0, 1, 2, 3].flatMap((k) => [
  { id: `s${k}`, box: [k * 10, 0, 10, 10] as Box, door: [k * 10 + 2.5, 10] as P2 },
  { id: `n${k}`, box: [k * 10, 12, 10, 10] as Box, door: [k * 10 + 7.5, 12] as P2 },
]);
function corridorStorey(id: string, min_z: number, extra: Partial<StoreySpec> = {}): StoreySpec {
  return {
    id,
    min_z,
    max_z: min_z + 3,
    rooms: [
      { id: `${id}-corridor`, exterior: rect(...CORRIDOR), name: 'Corridor' },
      ...ROOMS.map((r) => ({ id: `${id}-${r.id}`, exterior: rect(...r.box) })),
      ...(extra.rooms ?? []),
    ],
    doors: [
      ...ROOMS.map((r) => ({
        id: `${id}-d${r.id}`,
        left: [r.door[0] - 0.5, r.door[1]] as [number, number],
        right: [r.door[0] + 0.5, r.door[1]] as [number, number],
      })),
      ...(extra.doors ?? []),
    ],
  };
}
/** Two detectors in each room, 3 m in from its side walls at its middle depth. */
const roomDetectors = (storey: string, z: number): [string, P3][] =>
  ROOMS.flatMap((r) => [
    [storey, [r.box[0] + 3, r.box[1] + 5, z]],
    [storey, [r.box[0] + 7, r.box[1] + 5, z]],
  ]);

describe('loops along a corridor (issue 34)', () => {
  it('run along the corridor and into each room through its door, never crossing themselves', () => {
    const arch = makeArch([corridorStorey('g', 0)]);
    const fire = fireWith([...roomDetectors('g', 2.9), ['g', [20, 11, 2.9]]], ['g', [1, 11, 0.1]]);
    const loops = loopsOf(arch, fire);
    expect(loops).toHaveLength(1);
    const [loop] = loops;
    const units = new Set(loop!.slices.flatMap((s) => s.nodes.map((n) => n.unit_id)).filter((id) => id !== ''));
    expect(units.size).toBe(18);

    expect(selfCrossings(loop!)).toEqual([]);
    // In the corridor the cable runs along it or straight across into a door, never diagonally; over the whole loop
    // only the short drops from a door to the room's detectors may be diagonal.
    expect(diagonalShare(loops, CORRIDOR)).toBe(0);
    expect(diagonalShare(loops)).toBeLessThan(0.3);

    // Every place the cable passes a room's outline is that room's door (within the door's half width and a wall).
    const [segs] = [...segmentsByStorey(loop!).values()];
    for (const room of ROOMS) {
      const [x0, y0, w, h] = room.box;
      const corners: P2[] = [
        [x0, y0],
        [x0 + w, y0],
        [x0 + w, y0 + h],
        [x0, y0 + h],
      ];
      let entries = 0;
      for (const [a, b] of segs!)
        for (let k = 0; k < 4; k++) {
          const [c, d] = [corners[k]!, corners[(k + 1) % 4]!];
          // Where the segment meets this side of the room (the test's own line intersection).
          const den = (b[0] - a[0]) * (d[1] - c[1]) - (b[1] - a[1]) * (d[0] - c[0]);
          if (Math.abs(den) < 1e-12) continue;
          const t = ((c[0] - a[0]) * (d[1] - c[1]) - (c[1] - a[1]) * (d[0] - c[0])) / den;
          const u = ((c[0] - a[0]) * (b[1] - a[1]) - (c[1] - a[1]) * (b[0] - a[0])) / den;
          if (t <= 1e-9 || t >= 1 - 1e-9 || u < 0 || u > 1) continue;
          const [x, y] = [a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])];
          expect(
            Math.hypot(x - room.door[0], y - room.door[1]),
            `${room.id} entered at ${x.toFixed(2)}, ${y.toFixed(2)}`,
          ).toBeLessThanOrEqual(0.6);
          entries++;
        }
      expect(entries, room.id).toBeGreaterThanOrEqual(0);
    }
  });
});

describe('lift shafts and stairs (issue 34)', () => {
  // East of the offices, south of the corridor: a lift (x 40–43, typed Shaft as the model types lifts) and the stair
  // beyond it (x 43–48); each opens onto the corridor, which runs on to x 48.
  const LIFT: Box = [40, 0, 3, 10];
  const STAIR: Box = [43, 0, 5, 10];
  const storey = (id: string, min_z: number) => {
    const base = corridorStorey(id, min_z, {
      rooms: [
        { id: `${id}-lift`, exterior: rect(...LIFT), type: 'Shaft', name: 'Lift' },
        { id: `${id}-stair`, exterior: rect(...STAIR), type: 'Stairwell', name: 'Stair' },
        { id: `${id}-corridor-e`, exterior: rect(40, 10, 8, 2), name: 'Corridor east' },
      ],
      doors: [
        { id: `${id}-dl`, left: [41, 10], right: [42, 10] },
        { id: `${id}-ds`, left: [45, 10], right: [46, 10] },
      ],
    });
    return base;
  };

  it('a loop over two storeys never passes through the lift shaft and changes storey inside the stair', () => {
    const arch = makeArch([storey('g', 0), storey('u', 3)]);
    const fire = fireWith([...roomDetectors('g', 2.9), ...roomDetectors('u', 5.9)], ['g', [1, 11, 0.1]]);
    const loops = loopsOf(arch, fire);
    expect(loops.length).toBeGreaterThan(0);
    let changes = 0;
    for (const loop of loops) {
      // Sampled every 0.1 m, no point of the cable stands in the lift shaft (clear of its walls by 5 cm).
      for (const segs of segmentsByStorey(loop).values())
        for (const [a, b] of segs) {
          const steps = Math.max(1, Math.ceil(Math.hypot(b[0] - a[0], b[1] - a[1]) / 0.1));
          for (let i = 0; i <= steps; i++) {
            const [x, y] = [a[0] + (i / steps) * (b[0] - a[0]), a[1] + (i / steps) * (b[1] - a[1])];
            expect(inBox(x, y, [LIFT[0] + 0.05, LIFT[1] + 0.05, LIFT[2] - 0.1, LIFT[3] - 0.1]), `${loop.id} at ${x}, ${y}`).toBe(false);
          }
        }
      // Where it leaves one storey and enters the next: inside the stair, straight up.
      for (let k = 1; k < loop.slices.length; k++) {
        const out = loop.slices[k - 1]!.nodes.at(-1)!.coord;
        const into = loop.slices[k]!.nodes[0]!.coord;
        expect(inBox(out[0], out[1], STAIR), `out at ${out.join(', ')}`).toBe(true);
        expect(inBox(into[0], into[1], STAIR), `into at ${into.join(', ')}`).toBe(true);
        changes++;
      }
    }
    expect(changes).toBeGreaterThanOrEqual(2);
  });

  it('a stairwell under a room of another type (a stair up into a hall) is where the cable rises, not a room beside it', () => {
    const lower = storey('g', 0);
    // The upper storey one open hall over everything (as Clean makes of an attic).
    const upper: StoreySpec = { id: 'u', min_z: 3, max_z: 6, rooms: [{ id: 'u-hall', exterior: rect(0, 0, 48, 22) }], doors: [] };
    const arch = makeArch([lower, upper]);
    const fire = fireWith([...roomDetectors('g', 2.9), ['u', [10, 5, 5.9]], ['u', [30, 15, 5.9]]], ['g', [1, 11, 0.1]]);
    const loops = loopsOf(arch, fire);
    let changes = 0;
    for (const loop of loops)
      for (let k = 1; k < loop.slices.length; k++) {
        const out = loop.slices[k - 1]!.nodes.at(-1)!.coord;
        expect(inBox(out[0], out[1], STAIR), `out at ${out.join(', ')}`).toBe(true);
        changes++;
      }
    expect(changes).toBeGreaterThanOrEqual(2);
  });
});

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const corpus = process.env.IFC_CORPUS ?? path.resolve(repoRoot, '../shared/ifc');
const INSTITUTE = 'AC11-Institute-Var-2-IFC.ifc';
const present = fs.existsSync(path.join(corpus, INSTITUTE));
if (!present) console.warn(`IFC corpus not found at ${corpus} (set IFC_CORPUS): the Institute loop test is skipped.`);

describe.skipIf(!present)(`loops on ${INSTITUTE} after Clean`, () => {
  it('no loop crosses itself on any storey', { timeout: 600_000 }, async () => {
    const raw = (await extractIfc(new Uint8Array(fs.readFileSync(path.join(corpus, INSTITUTE))))).arch;
    const arch = (await cleanArch({ ...emptyModel(), arch: raw })).arch;
    // Designed as the designer did: units, a rack where the bench's designer puts it, sections, then the loops.
    const empty = emptyFire(createFireConfig('Sbf1108'));
    const fire: Fire = { ...empty, units: { ...empty.units, ...calcFireUnits({ arch, fire: empty }).units } };
    placeCentrals(arch, fire);
    fire.sections = calcFireSections({ settings: { sections: true, labels: false, addresses: false }, model: { arch, fire } }).sections;
    const loops = loopsOf(arch, fire);
    expect(loops.length).toBeGreaterThan(0);
    for (const loop of loops) expect(selfCrossings(loop), loop.id).toEqual([]);
  });
});
