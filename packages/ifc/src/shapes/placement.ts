/** Object placements (IfcLocalPlacement chains) as 4x4 matrices, in file units, Z up. */
import type { LineSource } from '../step/line-source.js';
import { getLine, nums, ref } from '../step/line-source.js';

/** Row-major 3x4 affine transform: [r00 r01 r02 tx, r10 r11 r12 ty, r20 r21 r22 tz]. */
export type Affine = readonly number[];

export const IDENTITY: Affine = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0];

const at = (m: Affine, i: number): number => m[i] ?? 0;

export function compose(a: Affine, b: Affine): Affine {
  const out: number[] = [];
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 4; c++) {
      let v = at(a, r * 4) * at(b, c) + at(a, r * 4 + 1) * at(b, 4 + c) + at(a, r * 4 + 2) * at(b, 8 + c);
      if (c === 3) v += at(a, r * 4 + 3);
      out.push(v);
    }
  }
  return out;
}

export function applyPoint(m: Affine, p: readonly [number, number, number]): [number, number, number] {
  return [
    at(m, 0) * p[0] + at(m, 1) * p[1] + at(m, 2) * p[2] + at(m, 3),
    at(m, 4) * p[0] + at(m, 5) * p[1] + at(m, 6) * p[2] + at(m, 7),
    at(m, 8) * p[0] + at(m, 9) * p[1] + at(m, 10) * p[2] + at(m, 11),
  ];
}

/** The X axis (first column) of a transform. */
export const xAxis = (m: Affine): [number, number, number] => [at(m, 0), at(m, 4), at(m, 8)];

export const normalize = (v: readonly number[]): [number, number, number] | undefined => {
  const [x = NaN, y = NaN, z = 0] = v;
  const len = Math.hypot(x, y, z);
  return Number.isFinite(len) && len > 1e-12 ? [x / len, y / len, z / len] : undefined;
};
const cross = (a: readonly number[], b: readonly number[]): [number, number, number] => [
  (a[1] ?? 0) * (b[2] ?? 0) - (a[2] ?? 0) * (b[1] ?? 0),
  (a[2] ?? 0) * (b[0] ?? 0) - (a[0] ?? 0) * (b[2] ?? 0),
  (a[0] ?? 0) * (b[1] ?? 0) - (a[1] ?? 0) * (b[0] ?? 0),
];

function direction(api: LineSource, modelID: number, attr: unknown): [number, number, number] | undefined {
  const id = ref(attr);
  if (id === undefined) return undefined;
  return normalize(nums(getLine(api, modelID, id)?.DirectionRatios));
}

/** IfcAxis2Placement3D / 2D as a transform. */
export function axisPlacement(api: LineSource, modelID: number, id: number): Affine {
  const line = getLine(api, modelID, id);
  if (!line) return IDENTITY;
  const locId = ref(line.Location);
  const loc = locId === undefined ? [] : nums(getLine(api, modelID, locId)?.Coordinates);
  return axisFrame(loc, direction(api, modelID, line.Axis), direction(api, modelID, line.RefDirection));
}

/**
 * An axis placement's transform from its Location's coordinates and its Axis and RefDirection (normalised; undefined
 * when absent). X is made square to Z (Gram-Schmidt), as IFC's placement rules do.
 */
export function axisFrame(
  loc: readonly number[],
  axis: readonly number[] | undefined,
  refDirection: readonly number[] | undefined,
): Affine {
  const t = [0, 1, 2].map((i) => (Number.isFinite(loc[i]) ? (loc[i] ?? 0) : 0));
  const z = axis ?? [0, 0, 1];
  let x = refDirection ?? [1, 0, 0];
  const d = x[0]! * z[0]! + x[1]! * z[1]! + x[2]! * z[2]!;
  x = normalize([x[0]! - d * z[0]!, x[1]! - d * z[1]!, x[2]! - d * z[2]!]) ?? normalize(cross([0, 1, 0], z)) ?? [1, 0, 0];
  const y = cross(z, x);
  return [x[0]!, y[0], z[0]!, t[0] ?? 0, x[1]!, y[1], z[1]!, t[1] ?? 0, x[2]!, y[2], z[2]!, t[2] ?? 0];
}

/** The world transform of an IfcObjectPlacement (walks PlacementRelTo; guards against cycles). */
export function placementTransform(
  api: LineSource,
  modelID: number,
  placementId: number | undefined,
  cache = new Map<number, Affine>(),
): Affine {
  const chain: number[] = [];
  let id = placementId;
  while (id !== undefined && !cache.has(id) && !chain.includes(id) && chain.length < 64) {
    chain.push(id);
    id = ref(getLine(api, modelID, id)?.PlacementRelTo);
  }
  let m = id !== undefined ? (cache.get(id) ?? IDENTITY) : IDENTITY;
  for (let i = chain.length - 1; i >= 0; i--) {
    const pid = chain[i]!;
    const relId = ref(getLine(api, modelID, pid)?.RelativePlacement);
    m = compose(m, relId === undefined ? IDENTITY : axisPlacement(api, modelID, relId));
    cache.set(pid, m);
  }
  return m;
}

const dot = (a: readonly number[], b: readonly number[]): number => a[0]! * b[0]! + a[1]! * b[1]! + a[2]! * b[2]!;
const minus = (a: readonly number[], k: number, b: readonly number[]): number[] => [
  a[0]! - k * b[0]!,
  a[1]! - k * b[1]!,
  a[2]! - k * b[2]!,
];

/** What an IfcCartesianTransformationOperator3D (or its non-uniform subtype) holds: its axes normalised, when given. */
export interface Operator {
  axis1?: readonly number[];
  axis2?: readonly number[];
  axis3?: readonly number[];
  origin: readonly number[];
  scale?: number;
  scale2?: number;
  scale3?: number;
}

/**
 * A transformation operator as a transform: the axes of IFC's IfcBaseAxis (the third axis, the first projected square
 * to it, the second square to both, taken from Axis2 as given), each scaled. Where Axis2 is absent and its default
 * lies along the first axis, the second axis is their cross product. Undefined when the first axis lies along the third.
 */
export function operatorFrame(op: Operator): Affine | undefined {
  const z = op.axis3 ?? [0, 0, 1];
  const x1 = op.axis1 ?? (Math.abs(z[0]! - 1) < 1e-12 ? [0, 1, 0] : [1, 0, 0]);
  const x = normalize(minus(x1, dot(x1, z), z));
  if (!x) return undefined;
  const y2 = op.axis2 ?? [0, 1, 0];
  const y = normalize(minus(minus(y2, dot(y2, z), z), dot(y2, x), x)) ?? cross(z, x);
  const t = [0, 1, 2].map((i) => (Number.isFinite(op.origin[i]) ? (op.origin[i] ?? 0) : 0));
  const s1 = op.scale ?? 1;
  const s2 = op.scale2 ?? s1;
  const s3 = op.scale3 ?? s1;
  return [x[0] * s1, y[0] * s2, z[0]! * s3, t[0]!, x[1] * s1, y[1] * s2, z[1]! * s3, t[1]!, x[2] * s1, y[2] * s2, z[2]! * s3, t[2]!];
}
