/**
 * What the engine places passes what the engine checks: the analysis (analyze_only) of the engine's own design finds
 * no detector too near a wall and no room uncovered, and every warning's numbers agree with its words.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REGULATIONS, type Arch, type Fire, type Regulation } from '@edrf/model';
import { extractIfc } from '@edrf/ifc';
import type { AnalysisWarning } from '../analysis.js';
import { calcFireUnits } from '../calc-units.js';
import type { Pt } from '../geometry/ring.js';
import { makeArch, rect, type RoomSpec } from '../test-support/arch.js';
import { fireFor } from '../test-support/check-units.js';
import { seededRandom } from '../test-support/random.js';
import { IFC_CORPUS } from '../test-support/real-building.js';

/** Each warning whose text compares a measure with a limit: [pattern, whether the measure must be below the limit]. */
const COMPARISONS: [RegExp, 'below' | 'above'][] = [
  [/is (\d+(?:\.\d+)?) m from a wall, closer than (\d+(?:\.\d+)?) m/, 'below'],
  [/is (\d+(?:\.\d+)?) m from an air inlet, closer than (\d+(?:\.\d+)?) m/, 'below'],
  [/covers (\d+(?:\.\d+)?) m², more than (\d+(?:\.\d+)?) m²/, 'above'],
  [/is (\d+(?:\.\d+)?) m below the shaft top, more than (\d+(?:\.\d+)?) m/, 'above'],
  [/is (\d+(?:\.\d+)?) m from the nearest manual call point, more than (\d+(?:\.\d+)?) m/, 'above'],
  [/\((\d+(?:\.\d+)?) m, at most (\d+(?:\.\d+)?) m\)/, 'above'],
];

/** Every warning that states a measure and a limit states them the way round its words say. */
function expectNumbersAgree(warnings: readonly AnalysisWarning[]) {
  for (const { message } of warnings)
    for (const [pattern, side] of COMPARISONS) {
      const match = pattern.exec(message);
      if (!match) continue;
      const [value, limit] = [Number(match[1]), Number(match[2])];
      if (side === 'below') expect(value, message).toBeLessThan(limit);
      else expect(value, message).toBeGreaterThan(limit);
    }
}

const ids = (warnings: readonly AnalysisWarning[], kind: string) => warnings.filter((w) => w.warning_id.startsWith(`${kind}:`));

/** Designs, then analyses the design: the analysis's warnings and the design's. */
function designAndAnalyse(arch: Arch, regulation: Regulation) {
  const fire = fireFor(regulation);
  const design = calcFireUnits({ arch, fire });
  const designed: Fire = { ...fire, units: { ...fire.units, ...design.units } };
  const analysis = calcFireUnits({ arch, fire: designed, analyze_only: true });
  return { design: design.validation.warnings, analysis: analysis.validation.warnings };
}

describe('the engine passes its own checks', () => {
  it('a corridor 0.9 m wide: detectors as deep as it allows, the room warned once as cramped, no detector near a wall', () => {
    for (const regulation of ['Bs5839', 'Sbf1108'] as const) {
      const arch = makeArch([{ id: 's', rooms: [{ id: 'c', name: 'Corridor', exterior: rect(0, 0, 20, 0.9) }] }]);
      const { design, analysis } = designAndAnalyse(arch, regulation);
      // 0.9 m is less than twice the 0.5 m wall distance: no place keeps it; the middle (0.45 m) is the best.
      expect(ids(analysis, 'detector_near_wall')).toEqual([]);
      expect(ids(analysis, 'room_cramped').map((w) => w.message)).toEqual([
        "Room 'Corridor' has no place that keeps the wall and air inlet distances",
      ]);
      expect(ids(design, 'room_cramped')).toHaveLength(1);
      expect(ids(analysis, 'room_not_covered')).toEqual([]);
    }
  });

  it('a detector a user put 0.1 m from the wall of that corridor is still warned about, against the rule', () => {
    const arch = makeArch([{ id: 's', rooms: [{ id: 'c', name: 'Corridor', exterior: rect(0, 0, 20, 0.9) }] }]);
    const fire = fireFor('Bs5839');
    const designed = calcFireUnits({ arch, fire }).units;
    const first = Object.values(designed.detectors)[0]!;
    first.coord = [first.coord[0], 0.1, first.coord[2]];
    const analysis = calcFireUnits({ arch, fire: fireFor('Bs5839', designed), analyze_only: true }).validation.warnings;
    expect(ids(analysis, 'detector_near_wall').map((w) => [w.unit_id, w.message])).toEqual([
      [first.id, 'Detector is 0.10 m from a wall, closer than 0.5 m'],
    ]);
  });

  it('a room 28 m from its call point is within the 30 m of SBF 110:8; one 33 m away is warned with its distance', () => {
    const storey = (length: number) =>
      makeArch([
        {
          id: 's',
          rooms: [{ id: 'h', name: 'Hall', exterior: rect(0, 0, length, 2) }],
          doors: [{ id: 'exit', left: [0, 0.5], right: [0, 1.5], exterior: true }],
        },
      ]);
    const callPoint: Pt = [0.2, 1];
    const buttons = {
      b: {
        id: 'b',
        storey_id: 's',
        door_id: 'exit',
        product_id: '',
        coord: [callPoint[0], callPoint[1], 1] as [number, number, number],
        angle: 0,
      },
    };
    // The farthest point of a convex room from a point in it is one of its corners.
    const farthest = (length: number) =>
      Math.max(...rect(0, 0, length, 2).map((c) => Math.hypot(c[0] - callPoint[0], c[1] - callPoint[1])));
    const travel = (length: number) =>
      ids(
        calcFireUnits({ arch: storey(length), fire: fireFor('Sbf1108', { buttons }), analyze_only: true }).validation.warnings,
        'travel_too_far',
      );
    expect(farthest(28.5)).toBeLessThan(30);
    expect(travel(28.5)).toEqual([]);
    expect(farthest(33)).toBeGreaterThan(30);
    const [far] = travel(33);
    const stated = Number(/is (\d+(?:\.\d+)?) m/.exec(far!.message)![1]);
    expect(stated).toBeGreaterThan(30);
    expect(stated).toBeLessThanOrEqual(Math.round(farthest(33)));
    expect(far!.message).toMatch(/^Room 'Hall' is \d+ m from the nearest manual call point, more than 30 m$/);
  });

  it('on random rooms under every regulation and ceiling height', () => {
    const random = seededRandom(33);
    for (let n = 0; n < 36; n++) {
      const regulation = REGULATIONS[n % REGULATIONS.length]!;
      const width = 0.6 + random() * 25;
      const depth = 0.6 + random() * 18;
      const angle = random() * Math.PI;
      const turn = (ring: Pt[]): Pt[] =>
        ring.map(([x, y]) => [x * Math.cos(angle) - y * Math.sin(angle), x * Math.sin(angle) + y * Math.cos(angle)]);
      const notch = random() < 0.4;
      const exterior: Pt[] = notch
        ? turn([
            [0, 0],
            [width, 0],
            [width, depth],
            [width * 0.5, depth],
            [width * 0.5, depth * 0.4],
            [0, depth * 0.4],
          ])
        : turn(rect(0, 0, width, depth));
      const room: RoomSpec = { id: 'r', name: 'Room', exterior, type: random() < 0.3 ? 'Kitchen' : 'Other' };
      const height = 2.4 + random() * 12;
      const arch = makeArch([
        { id: 's', min_z: 0, max_z: height, rooms: [room], doors: [{ id: 'd', left: exterior[0]!, right: exterior[1]!, exterior: true }] },
      ]);
      const { design, analysis } = designAndAnalyse(arch, regulation);
      const what = `${regulation} ${width.toFixed(2)} × ${depth.toFixed(2)} m, ${height.toFixed(1)} m high`;
      expect(ids(analysis, 'detector_near_wall'), what).toEqual([]);
      // What the analysis says of the rooms the design said too (a room the design could not cover, it says so itself).
      for (const kind of ['room_not_covered', 'room_cramped', 'ceiling_too_high', 'detector_area'])
        expect(ids(analysis, kind), `${what}: ${kind}`).toEqual(ids(design, kind));
      expectNumbersAgree(design);
      expectNumbersAgree(analysis);
    }
  });
});

const MODELS = ['AC20-FZK-Haus.ifc', 'duplex.ifc', 'revit2012_janesville_restaurant.ifc'];
const present = (file: string) => fs.existsSync(path.join(IFC_CORPUS, file));
if (!MODELS.every(present)) console.warn(`IFC corpus not found at ${IFC_CORPUS} (set IFC_CORPUS): the corpus cases are skipped.`);

for (const file of MODELS)
  describe.skipIf(!present(file))(`the engine passes its own checks on ${file}`, () => {
    let arch: Arch | undefined;
    const load = async () => (arch ??= (await extractIfc(new Uint8Array(fs.readFileSync(path.join(IFC_CORPUS, file))))).arch);
    it.each(REGULATIONS)('%s', async (regulation) => {
      const { design, analysis } = designAndAnalyse(await load(), regulation);
      expect(ids(analysis, 'detector_near_wall')).toEqual([]);
      expectNumbersAgree(design);
      expectNumbersAgree(analysis);
    });
  });
