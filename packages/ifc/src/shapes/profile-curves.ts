/**
 * The closed curves of extruded profiles read from the STEP text as the polygons web-ifc makes of them (extrusions.ts):
 * a closed IfcPolyline or IfcIndexedPolyCurve of straight segments, or an IfcCompositeCurve of polylines and of arcs of circles (IfcTrimmedCurve of an IfcCircle
 * trimmed by parameter). An arc becomes the ARC_POINTS points web-ifc puts on every trimmed circle, whatever its angle,
 * so that a footprint made from the text is the one web-ifc's mesh gives (steel sections' fillets, stair nosings,
 * rounded openings). Any other curve is left to web-ifc.
 */
import { isBlank } from '../step/ascii.js';
import { applyPoint, type Affine } from './placement.js';
import { keywords, type StepIndex, realOf, refOf } from '../step/step-index.js';
import type { TextPlacements } from './text-placements.js';

const POLYLINE = keywords('IFCPOLYLINE');
const COMPOSITE = keywords('IFCCOMPOSITECURVE');
const SEGMENT = keywords('IFCCOMPOSITECURVESEGMENT');
const TRIMMED = keywords('IFCTRIMMEDCURVE');
const CIRCLE = keywords('IFCCIRCLE');
const POINT = keywords('IFCCARTESIANPOINT');
const INDEXED = keywords('IFCINDEXEDPOLYCURVE');
const POINT_LIST = keywords('IFCCARTESIANPOINTLIST2D');

/** Points web-ifc puts on a trimmed circle, both ends included (its CIRCLE_SEGMENTS setting, 12 by default). */
export const ARC_POINTS = 12;

/** Arcs of less than this (degrees) are left to web-ifc: whether it makes a point or a full circle of one is its own. */
const LEAST_ARC = 1e-6;

/** What reading a profile's curves needs besides the text: placements, and the file's plane angle unit. */
export interface CurveReading {
  index: StepIndex;
  placements: TextPlacements;
  /** Degrees per plane angle unit of the file (degreesPerAngleUnit); undefined where arcs are left to web-ifc. */
  degrees: number | undefined;
}

/**
 * The corners of a closed curve as x y pairs: repeated points (a segment's start is the last one's end) and the
 * closing point (the first again) dropped. Undefined for a curve web-ifc is left to make.
 */
export function curveLoop(reading: CurveReading, id: number): number[] | undefined {
  const { index } = reading;
  const loop: number[] = [];
  const composite = index.open(id, COMPOSITE);
  if (composite < 0) {
    if (!addPolyline(index, id, loop) && !addIndexedPolyCurve(index, id, loop)) return undefined;
  } else {
    for (const segment of index.refs(composite)) {
      const at = index.open(segment, SEGMENT);
      if (at < 0) return undefined;
      const [, sameSense, parent] = index.attributes(at);
      const curve = refOf(parent);
      if (curve === undefined || (sameSense !== '.T.' && sameSense !== '.F.')) return undefined;
      if (index.open(curve, POLYLINE) >= 0) {
        // A polyline run against its sense is left to web-ifc, whose meshes of one did not run it backwards.
        if (sameSense !== '.T.' || !addPolyline(index, curve, loop)) return undefined;
      } else if (!addArc(reading, curve, sameSense === '.T.', loop)) return undefined;
    }
  }
  dropClosingPoint(loop);
  return loop;
}

/** Adds the points of an IfcPolyline to `loop`, but a point that repeats the last; false when `id` is no polyline. */
function addPolyline(index: StepIndex, id: number, loop: number[]): boolean {
  const open = index.open(id, POLYLINE);
  if (open < 0) return false;
  const xy: number[] = [];
  for (const point of index.refs(open)) {
    const at = index.open(point, POINT);
    if (at < 0) return false;
    xy.length = 0;
    index.numbers(at, xy);
    const [x = NaN, y = NaN] = xy;
    if (!Number.isFinite(x) || !Number.isFinite(y)) return false;
    push(loop, x, y);
  }
  return true;
}

/**
 * Adds the points of an IfcIndexedPolyCurve of straight segments to `loop`: every point of its IfcCartesianPointList2D in
 * order when it has no Segments, else those its IfcLineIndex segments name, in order; but a point that repeats the
 * last. False for anything else (an IfcArcIndex segment, a 3D point list, an index out of the list), left to web-ifc.
 * Read here, a profile of 200,000 points takes a second where web-ifc took 16 s (and gave it in 968 pieces).
 */
function addIndexedPolyCurve(index: StepIndex, id: number, loop: number[]): boolean {
  const open = index.open(id, INDEXED);
  if (open < 0) return false;
  const [points, segments] = index.attributes(open);
  const list = refOf(points) === undefined ? -1 : index.open(refOf(points)!, POINT_LIST);
  if (list < 0) return false;
  let at = list + 1;
  while (isBlank(index.bytes[at])) at++;
  if (index.bytes[at] !== 0x28) return false;
  const xy = index.numbers(at);
  if (xy.length % 2 !== 0) return false;
  for (const value of xy) if (!Number.isFinite(value)) return false;
  const count = xy.length / 2;
  const add = (i: number): boolean => {
    if (!Number.isInteger(i) || i < 1 || i > count) return false;
    push(loop, xy[2 * i - 2]!, xy[2 * i - 1]!);
    return true;
  };
  if (segments === '$') {
    for (let i = 1; i <= count; i++) add(i);
    return true;
  }
  if (typeof segments !== 'string') return false;
  const found = segments.match(/IFC\w+/g) ?? [];
  const lines = [...segments.matchAll(/IFCLINEINDEX\s*\(\s*\(([^()]*)\)\s*\)/g)];
  if (found.length === 0 || lines.length !== found.length) return false;
  for (const [, indices] of lines) {
    for (const i of indices!.split(',')) if (!add(Number(i))) return false;
  }
  return true;
}

/**
 * Adds the ARC_POINTS points of an IfcTrimmedCurve of an IfcCircle trimmed by parameter (MasterRepresentation
 * .PARAMETER.) to `loop`, from Trim1 to Trim2 counter-clockwise in the circle's own axes (clockwise when SenseAgreement
 * is .F.), and backwards when the segment runs against the curve (`sameSense` false). False for any other curve, and
 * in a file whose angle unit is not known (CurveReading.degrees).
 */
function addArc(reading: CurveReading, id: number, sameSense: boolean, loop: number[]): boolean {
  const { index, placements, degrees } = reading;
  const trimmed = index.open(id, TRIMMED);
  if (trimmed < 0 || degrees === undefined) return false;
  const [basis, trim1, trim2, sense, master] = index.attributes(trimmed);
  const circle = refOf(basis) === undefined ? -1 : index.open(refOf(basis)!, CIRCLE);
  if (circle < 0 || master !== '.PARAMETER.' || (sense !== '.T.' && sense !== '.F.')) return false;
  const [position, radiusText] = index.attributes(circle);
  const radius = realOf(radiusText);
  const frame = refOf(position) === undefined ? undefined : placements.axis(refOf(position)!);
  const start = parameter(trim1) * degrees;
  let sweep = parameter(trim2) * degrees - start;
  if (sense === '.T.' && sweep < 0) sweep += 360;
  if (sense === '.F.' && sweep > 0) sweep -= 360;
  if (!frame || !(radius > 0) || !Number.isFinite(sweep) || Math.abs(sweep) < LEAST_ARC) return false;
  addArcPoints(frame, radius, start, sweep, sameSense, loop);
  return true;
}

/**
 * Adds the ARC_POINTS points of an arc of the circle of `radius` about the origin of `frame`, from `start` degrees
 * through `sweep` (counter-clockwise when positive) in the frame's axes, evenly, both ends included; from its end
 * back when not `forward`.
 */
function addArcPoints(frame: Affine, radius: number, start: number, sweep: number, forward: boolean, loop: number[]): void {
  for (let k = 0; k < ARC_POINTS; k++) {
    const i = forward ? k : ARC_POINTS - 1 - k;
    const angle = ((start + (sweep * i) / (ARC_POINTS - 1)) * Math.PI) / 180;
    const [x, y] = applyPoint(frame, [radius * Math.cos(angle), radius * Math.sin(angle), 0]);
    push(loop, x, y);
  }
}

/**
 * A whole circle of `radius` about the origin of `frame` as web-ifc makes a circle profile's: ARC_POINTS points from 0°
 * round to 360°, the last (the first again) dropped.
 */
export function circleLoop(frame: Affine, radius: number): number[] {
  const loop: number[] = [];
  addArcPoints(frame, radius, 0, 360, true, loop);
  dropClosingPoint(loop);
  return loop;
}

/** The IfcParameterValue of a trim select's list, e.g. `(IFCPARAMETERVALUE(90.))`; NaN without one. */
function parameter(trim: number | string | undefined): number {
  const value = typeof trim === 'string' ? /IFCPARAMETERVALUE\s*\(\s*([^)\s]+)\s*\)/.exec(trim)?.[1] : undefined;
  return value === undefined ? NaN : Number(value);
}

/**
 * Points closer than this (in file units, relative to their size) are one: an arc's end computed from its angle is
 * the neighbouring polyline's point written out, give or take the last digit.
 */
const SAME_POINT = 1e-9;

function same(ax: number, ay: number, bx: number, by: number): boolean {
  const size = SAME_POINT * Math.max(1, Math.abs(ax), Math.abs(ay));
  return Math.abs(ax - bx) <= size && Math.abs(ay - by) <= size;
}

/** Drops the last point of a loop that closes on its first (the first again). */
function dropClosingPoint(loop: number[]): void {
  const n = loop.length;
  if (n >= 4 && same(loop[0]!, loop[1]!, loop[n - 2]!, loop[n - 1]!)) loop.length -= 2;
}

/** Adds a point to `loop`, but one that repeats the last. */
function push(loop: number[], x: number, y: number): void {
  const n = loop.length;
  if (n < 2 || !same(loop[n - 2]!, loop[n - 1]!, x, y)) loop.push(x, y);
}
