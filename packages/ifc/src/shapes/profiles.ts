/**
 * The profiles of extrusions (extrusions.ts) read from the STEP text as the polygons web-ifc makes of them: a
 * rectangle (a rounded one too: web-ifc leaves its corners square); a circle, or a circle with a circular hole (a
 * tube), of ARC_POINTS - 1 corners as web-ifc's; an arbitrary closed curve, with or without holes (profile-curves.ts);
 * a hollow rectangle, an L or an I by its dimensions (parameterized-profiles.ts). Any other profile (an ellipse, a T,
 * U, C or Z shape, a derived or composite profile) is left to web-ifc.
 */
import { applyPoint, IDENTITY, type Affine } from './placement.js';
import { keywords, realOf, refOf } from '../step/step-index.js';
import { circleLoop, curveLoop, type CurveReading } from './profile-curves.js';
import { parameterizedLoops } from './parameterized-profiles.js';

/** web-ifc reads an IfcRoundedRectangleProfileDef as the rectangle of its XDim and YDim, its RoundingRadius unread. */
const RECTANGLE = keywords('IFCRECTANGLEPROFILEDEF', 'IFCROUNDEDRECTANGLEPROFILEDEF');
const CIRCLE = keywords('IFCCIRCLEPROFILEDEF');
const TUBE = keywords('IFCCIRCLEHOLLOWPROFILEDEF');
const ARBITRARY = keywords('IFCARBITRARYCLOSEDPROFILEDEF', 'IFCARBITRARYPROFILEDEFWITHVOIDS');

/** A profile's loops: x y pairs in the profile's plane, the outer one first. */
export type Loops = number[][];

/**
 * The loops of profile #id, outer counter-clockwise and inner clockwise; undefined for one left to web-ifc. Each kind's
 * reader below answers undefined for a profile of another kind and no loops for one of its own it cannot read.
 */
export function profileLoops(reading: CurveReading, id: number): Loops | undefined {
  const loops = rectangleLoops(reading, id) ?? circleLoops(reading, id) ?? arbitraryLoops(reading, id) ?? parameterizedLoops(reading, id);
  if (!loops || loops.length === 0 || loops.some((loop) => loop.length < 6)) return undefined;
  return loops.map((loop, i) => (twiceArea(loop) > 0 === (i === 0) ? loop : reversed(loop)));
}

/** The Position of a parameterized profile (IDENTITY where unset); undefined when it is no axis placement. */
function profileFrame(reading: CurveReading, position: number | string | undefined): Affine | undefined {
  return refOf(position) === undefined ? IDENTITY : reading.placements.axis(refOf(position)!);
}

function rectangleLoops(reading: CurveReading, id: number): Loops | undefined {
  const open = reading.index.open(id, RECTANGLE);
  if (open < 0) return undefined;
  const [, , position, xDim, yDim] = reading.index.attributes(open);
  const [x, y] = [realOf(xDim) / 2, realOf(yDim) / 2];
  const frame = profileFrame(reading, position);
  if (!(x > 0 && y > 0) || !frame) return [];
  const corners = [-x, -y, x, -y, x, y, -x, y];
  const loop: number[] = [];
  for (let i = 0; i < 8; i += 2) loop.push(...applyPoint(frame, [corners[i]!, corners[i + 1]!, 0]).slice(0, 2));
  return [loop];
}

/** A circle (IfcCircleProfileDef), or a tube's ring (IfcCircleHollowProfileDef: its hole WallThickness smaller). */
function circleLoops(reading: CurveReading, id: number): Loops | undefined {
  const { index } = reading;
  const circle = index.open(id, CIRCLE);
  const tube = circle < 0 ? index.open(id, TUBE) : -1;
  if (circle < 0 && tube < 0) return undefined;
  const [, , position, radiusText, thicknessText] = index.attributes(Math.max(circle, tube));
  const radius = realOf(radiusText);
  const frame = profileFrame(reading, position);
  if (!(radius > 0) || !frame) return [];
  if (circle >= 0) return [circleLoop(frame, radius)];
  const inner = radius - realOf(thicknessText);
  return inner > 0 && inner < radius ? [circleLoop(frame, radius), circleLoop(frame, inner)] : [];
}

/** The outer curve, then the inner ones, of an arbitrary profile (ProfileName is a string, which refs skips). */
function arbitraryLoops(reading: CurveReading, id: number): Loops | undefined {
  const open = reading.index.open(id, ARBITRARY);
  if (open < 0) return undefined;
  const loops: Loops = [];
  for (const curve of reading.index.refs(open)) {
    const loop = curveLoop(reading, curve);
    if (!loop) return [];
    loops.push(loop);
  }
  return loops;
}

function twiceArea(loop: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < loop.length; i += 2) {
    const j = (i + 2) % loop.length;
    sum += loop[i]! * loop[j + 1]! - loop[j]! * loop[i + 1]!;
  }
  return sum;
}

function reversed(loop: readonly number[]): number[] {
  const out: number[] = [];
  for (let i = loop.length - 2; i >= 0; i -= 2) out.push(loop[i]!, loop[i + 1]!);
  return out;
}
