/**
 * Profiles given by their dimensions (a hollow rectangle, an L, an I) read from the STEP text as the polygons web-ifc
 * 0.0.78 draws of them (its bim-geometry GetRectangleCurve, GetLShapedCurve, GetIShapedCurve), for profiles.ts. That polygon is web-ifc's, not the standard's, and a footprint must be the one
 * web-ifc's mesh gives: an L's toe is rounded by FilletRadius (EdgeRadius and LegSlope unread); an I's fillets are cut
 * straight. Every arc is ARC_POINTS points, its radii in single precision as web-ifc passes them. The tests hold each
 * to web-ifc's own mesh. Steel sections were most of what ISSUE_021 left web-ifc to mesh.
 */
import { applyPoint, IDENTITY, type Affine } from './placement.js';
import { keywords, realOf, refOf } from '../step/step-index.js';
import { ARC_POINTS, type CurveReading } from './profile-curves.js';

const HOLLOW_RECTANGLE = keywords('IFCRECTANGLEHOLLOWPROFILEDEF');
const L_SHAPE = keywords('IFCLSHAPEPROFILEDEF');
const I_SHAPE = keywords('IFCISHAPEPROFILEDEF');

/** A profile's loops as profiles.ts gives them (its Loops, not imported: profiles.ts imports this file). */
type Loops = number[][];

const PI = Math.PI;
/** web-ifc's Curve::Add drops a point this close (file units, each coordinate) to the one before it. */
const TINY_CURVE = 1e-9;

/**
 * The loops of profile #id if it is one of this file's kinds, as profiles.ts's readers answer: undefined for another
 * kind, no loops for one of these it cannot read (web-ifc then makes it).
 */
export function parameterizedLoops(reading: CurveReading, id: number): Loops | undefined {
  const { index } = reading;
  const hollow = index.open(id, HOLLOW_RECTANGLE);
  if (hollow >= 0) return hollowRectangleLoops(reading, index.attributes(hollow));
  const l = index.open(id, L_SHAPE);
  if (l >= 0) return lShapeLoops(reading, index.attributes(l));
  const i = index.open(id, I_SHAPE);
  return i >= 0 ? iShapeLoops(reading, index.attributes(i)) : undefined;
}

type Attributes = (number | string)[];

/** An optional length as web-ifc reads it (GetOptionalDoubleParam): 0 when unset. */
const optional = (attr: number | string | undefined): number => (attr === '$' ? 0 : realOf(attr));

/** A profile's Position as web-ifc takes it (GetAxis2Placement2D): IDENTITY where unset; undefined when no placement. */
function frameOf(reading: CurveReading, position: number | string | undefined): Affine | undefined {
  const id = refOf(position);
  return id === undefined ? (position === '$' ? IDENTITY : undefined) : reading.placements.axis(id);
}

/** A loop drawn as web-ifc draws a curve, placed by `frame` point by point. */
class Outline {
  readonly points: number[] = [];
  constructor(private readonly frame: Affine) {}

  /** A point kept as it is (web-ifc's points.push_back). */
  put(x: number, y: number): void {
    const [px, py] = applyPoint(this.frame, [x, y, 0]);
    this.points.push(px, py);
  }

  /** A point dropped when it repeats the last (web-ifc's Curve::Add). */
  add(x: number, y: number): void {
    const [px, py] = applyPoint(this.frame, [x, y, 0]);
    const n = this.points.length;
    if (n >= 2 && Math.abs(px - this.points[n - 2]!) <= TINY_CURVE && Math.abs(py - this.points[n - 1]!) <= TINY_CURVE) return;
    this.points.push(px, py);
  }

  /** web-ifc's GetEllipseCurve of radii (rx, ry) about (cx, cy) from `start` to `end` radians, each point added. */
  arc(cx: number, cy: number, rx: number, ry: number, start: number, end: number): void {
    const [fx, fy] = [Math.fround(rx), Math.fround(ry)];
    for (let i = 0; i < ARC_POINTS; i++) {
      const angle = start + (i / (ARC_POINTS - 1)) * (end - start);
      this.add(cx + fx * Math.cos(angle), cy + fy * Math.sin(angle));
    }
  }

  /** The loop without the points that close it on its first (web-ifc's curves end on their first point again). */
  closed(): number[] {
    const p = this.points;
    const size = (x: number, y: number) => 1e-9 * Math.max(1, Math.abs(x), Math.abs(y));
    while (p.length >= 4 && Math.abs(p.at(-2)! - p[0]!) <= size(p[0]!, p[1]!) && Math.abs(p.at(-1)! - p[1]!) <= size(p[0]!, p[1]!))
      p.length -= 2;
    return p;
  }
}

/**
 * web-ifc's GetRectangleCurve: the four corners from the bottom left counter-clockwise, or with a `radius` four
 * quarter circles, bottom left, bottom right, top right, top left.
 */
function rectangle(frame: Affine, xDim: number, yDim: number, radius: number): number[] {
  const out = new Outline(frame);
  const [x, y] = [xDim / 2, yDim / 2];
  if (radius === 0) {
    for (const [cx, cy] of [
      [-x, -y],
      [x, -y],
      [x, y],
      [-x, y],
    ] as const)
      out.add(cx, cy);
    return out.closed();
  }
  const [left, right, bottom, top] = [-x + radius, x - radius, -y + radius, y - radius];
  out.arc(left, bottom, radius, radius, PI, (3 * PI) / 2);
  out.arc(right, bottom, radius, radius, (3 * PI) / 2, 2 * PI);
  out.arc(right, top, radius, radius, 0, PI / 2);
  out.arc(left, top, radius, radius, PI / 2, PI);
  return out.closed();
}

/**
 * IfcRectangleHollowProfileDef (Position, XDim, YDim, WallThickness, InnerFilletRadius, OuterFilletRadius): the outside
 * with its outer fillets, the hole a WallThickness in from each side with its inner ones. (web-ifc's source tagged
 * 0.0.78 subtracts one WallThickness from XDim; the published 0.0.78's meshes have it in from each side, as here.)
 */
function hollowRectangleLoops(reading: CurveReading, attributes: Attributes): Loops {
  const [, , position, xText, yText, thicknessText, innerText, outerText] = attributes;
  const [xDim, yDim, thickness] = [realOf(xText), realOf(yText), realOf(thicknessText)];
  const [inner, outer] = [optional(innerText), optional(outerText)];
  const frame = frameOf(reading, position);
  const [holeX, holeY] = [xDim - 2 * thickness, yDim - 2 * thickness];
  if (!frame || !(thickness > 0 && holeX > 0 && holeY > 0)) return [];
  if (!(outer >= 0 && 2 * outer <= Math.min(xDim, yDim) && inner >= 0 && 2 * inner <= Math.min(holeX, holeY))) return [];
  return [rectangle(frame, xDim, yDim, outer), rectangle(frame, holeX, holeY, inner)];
}

/**
 * IfcLShapeProfileDef (Position, Depth, Width or Depth, Thickness, FilletRadius): web-ifc's L from its top left corner
 * down, along the bottom, its toe, the inner fillet and the top of the upright leg; the rounds elliptic where the
 * fillet is larger than the thickness.
 */
function lShapeLoops(reading: CurveReading, attributes: Attributes): Loops {
  const [, , position, depthText, widthText, thicknessText, filletText] = attributes;
  const depth = realOf(depthText);
  const width = optional(widthText) || depth;
  const [t, r] = [realOf(thicknessText), optional(filletText)];
  const frame = frameOf(reading, position);
  if (!frame || !(depth > 0 && width > t && depth > t && t > 0 && r >= 0 && t + 2 * r < Math.min(width, depth))) return [];
  const [w, d] = [width / 2, depth / 2];
  const out = new Outline(frame);
  out.put(-w, d);
  out.put(-w, -d);
  out.put(w, -d);
  if (r > 0) {
    const r2 = Math.min(t, r);
    out.arc(w - r, -d + t - r2, r, r2, 0, PI / 2);
    out.arc(-w + t + r, -d + t + r, r, r, (3 * PI) / 2, PI);
    out.arc(-w + t - r2, d - r, r2, r, 0, PI / 2);
  } else {
    out.put(w, -d + t);
    out.put(-w + t, -d + t);
    out.put(-w + t, d);
  }
  return [out.closed()];
}

/**
 * IfcIShapeProfileDef (Position, OverallWidth, OverallDepth, WebThickness, FlangeThickness, FilletRadius): web-ifc's I
 * from its top left corner clockwise, each fillet a straight cut from the flange to the web.
 */
function iShapeLoops(reading: CurveReading, attributes: Attributes): Loops {
  const [, , position, widthText, depthText, webText, flangeText, filletText] = attributes;
  const [width, depth, web, flange, r] = [realOf(widthText), realOf(depthText), realOf(webText), realOf(flangeText), optional(filletText)];
  const frame = frameOf(reading, position);
  if (!frame || !(web > 0 && web < width && flange > 0 && r >= 0 && 2 * (flange + r) < depth && web / 2 + r < width / 2)) return [];
  const [w, d, h] = [width / 2, depth / 2, web / 2];
  const out = new Outline(frame);
  const side = (s: 1 | -1) => {
    // s = 1: the right half, top to bottom; s = -1: the left half, bottom to top (the same points turned half round).
    out.put(s * w, s * d);
    out.put(s * w, s * (d - flange));
    if (r > 0) {
      out.put(s * (h + r), s * (d - flange));
      out.put(s * h, s * (d - flange - r));
      out.put(s * h, s * (-d + flange + r));
      out.put(s * (h + r), s * (-d + flange));
    } else {
      out.put(s * h, s * (d - flange));
      out.put(s * h, s * (-d + flange));
    }
    out.put(s * w, s * (-d + flange));
    out.put(s * w, -s * d);
  };
  out.put(-w, d);
  side(1);
  side(-1);
  return [out.closed()];
}
