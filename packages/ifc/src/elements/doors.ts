/**
 * Reader of doors. Reads IfcDoor and IfcDoorStandardCase (GlobalId, Name, OverallWidth, OperationType, or that of its
 * IfcDoorType / IfcDoorStyle), Pset_DoorCommon.IsExternal (properties.ts), its host walls through IfcRelFillsElement
 * and IfcRelVoidsElement (step/voids.ts), its placement's X axis (shapes/placement.ts) and its plan hull and z range
 * (shapes/element-shape.ts, from the STEP text or web-ifc), and puts the width line on a host wall. Entities come from
 * the STEP reader (ctx.api: step/text-lines.ts, what web-ifc's GetLine would give).
 */
import { IFCDOOR, IFCDOORSTANDARDCASE, IFCRELFILLSELEMENT } from 'web-ifc';
import type { Door, DoorOpType, Point2, Point3, Wall } from '@edrf/model';
import type { ExtractContext, Placed } from '../context.js';
import { line, objectTransform, prefetchLines } from '../context.js';
import { pointsWithParts } from '../shapes/element-shape.js';
import { extentsAlong } from '../shapes/hull.js';
import { applyPoint, xAxis } from '../shapes/placement.js';
import type { Properties, PropertyName } from './properties.js';
import { bool, idsOfType, num, ref, str } from '../step/line-source.js';

export const DOOR_CLASSES = [IFCDOOR, IFCDOORSTANDARDCASE];

const IS_EXTERNAL: PropertyName = ['Pset_DoorCommon', 'IsExternal'];
/** The properties readDoors reads. */
export const DOOR_PROPERTIES: readonly PropertyName[] = [IS_EXTERNAL];

/** IFC door operation types (IfcDoorTypeOperationEnum / IfcDoorStyleOperationEnum) to the model's op_type. */
export function doorOpType(operation: string): DoorOpType {
  switch (operation.toUpperCase()) {
    case 'SINGLE_SWING_LEFT':
      return 'SwingLeft';
    case 'SINGLE_SWING_RIGHT':
      return 'SwingRight';
    case 'DOUBLE_DOOR_SINGLE_SWING':
    case 'DOUBLE_DOOR_DOUBLE_SWING':
    case 'DOUBLE_SWING_LEFT':
    case 'DOUBLE_SWING_RIGHT':
    case 'DOUBLE_DOOR_SINGLE_SWING_OPPOSITE_LEFT':
    case 'DOUBLE_DOOR_SINGLE_SWING_OPPOSITE_RIGHT':
      return 'DoubleSwing';
    default:
      return 'Other';
  }
}

/**
 * The swing as seen from above. IFC gives the operation in the door's own frame; a placement whose Z axis points down
 * (a door placed upside down, as some tools mirror doors) shows that frame mirrored in plan, so left and right swap.
 */
export function swingInPlan(opType: DoorOpType, zAxisDown: boolean): DoorOpType {
  if (!zAxisDown) return opType;
  return opType === 'SwingLeft' ? 'SwingRight' : opType === 'SwingRight' ? 'SwingLeft' : opType;
}

/** Door express id -> express ids of the elements its opening voids (IfcRelFillsElement, IfcRelVoidsElement). */
function hostsByDoor(ctx: ExtractContext): Map<number, number[]> {
  const wallsByOpening = ctx.voids.hostsOf;
  const hosts = new Map<number, number[]>();
  const fills = idsOfType(ctx.api, ctx.modelID, IFCRELFILLSELEMENT);
  prefetchLines(ctx, fills);
  for (const id of fills) {
    const rel = line(ctx, id);
    const opening = ref(rel?.RelatingOpeningElement);
    const door = ref(rel?.RelatedBuildingElement);
    if (opening === undefined || door === undefined) continue;
    hosts.set(door, [...(hosts.get(door) ?? []), ...(wallsByOpening.get(opening) ?? [])]);
  }
  return hosts;
}

const round = (v: number): number => Math.round(v * 1e5) / 1e5;

// Putting the width line on its wall. The line is first centred across the door on the door's own mesh; for most
// doors that is inside the wall, but some meshes reach far into the room (an overhead garage door's tracks and raised
// panels reach ~3.5 m), which leaves the line parallel to the wall and metres off it. So the line is moved, across the
// door only, to the middle of the wall's thickness where the wall crosses the door's mesh.

/**
 * A host wall the door's mesh stops this close to (m) counts as reached: a door often ends at its wall's face. Any
 * other wall must be reached for real: it may be a wall beside the door.
 */
const REACH_SLACK = 0.3;

/** How far beside a jamb the wall is looked for (m), nearest first. */
const JAMB_STEPS = [0.1, 0.25, 0.5];

interface DoorFrame {
  /** The middle of the width line. */
  center: Point2;
  /** Unit vector across the door (perpendicular to the width line). */
  across: Point2;
  /** Half the width line's length. */
  halfWidth: number;
  /** How far the door's mesh reaches across, from center: [back, front] (back ≤ 0 ≤ front). */
  reach: [number, number];
  minZ: number;
  maxZ: number;
}

/** Where (t) the line center + t·across is inside the ring: pairs of entry and exit. */
function insideIntervals(center: Point2, across: Point2, ring: readonly (readonly number[])[]): [number, number][] {
  const ts: number[] = [];
  const [cx, cy] = center;
  const [dx, dy] = across;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [ax, ay] = ring[j]!;
    const [bx, by] = ring[i]!;
    const ex = bx! - ax!;
    const ey = by! - ay!;
    const denominator = dx * ey - dy * ex;
    if (Math.abs(denominator) < 1e-12) continue;
    // center + t·d = a + s·e
    const t = ((ax! - cx) * ey - (ay! - cy) * ex) / denominator;
    const s = ((ax! - cx) * dy - (ay! - cy) * dx) / denominator;
    if (s >= 0 && s < 1) ts.push(t);
  }
  ts.sort((a, b) => a - b);
  const intervals: [number, number][] = [];
  for (let k = 0; k + 1 < ts.length; k += 2) intervals.push([ts[k]!, ts[k + 1]!]);
  return intervals;
}

/**
 * How far to move the line across the door so that it runs mid-thickness of the nearest wall that the door's mesh
 * reaches (into, or for its host walls up to within REACH_SLACK); 0 when no wall of those given does (the line
 * stays where the mesh puts it).
 */
function acrossShiftOntoWall(frame: DoorFrame, walls: readonly Wall[], hosts: boolean): number {
  const slack = hosts ? REACH_SLACK : 0;
  const candidates = walls.filter((wall) => {
    const bottom = Math.min(...wall.shape.below.map((p) => p[2] ?? 0), ...wall.shape.exterior.map((p) => p[2] ?? 0));
    const top = Math.max(...wall.shape.above.map((p) => p[2] ?? 0));
    return !(Number.isFinite(bottom) && Number.isFinite(top) && (top < frame.minZ || bottom > frame.maxZ));
  });
  // Across the middle of the door first; where the opening cuts a host wall's plan through (an opening as high as
  // the wall leaves no wall there), just beside the door's two jambs. Beside a door without hosts there may be any
  // wall, one running across it too, so only its middle counts.
  const [ux, uy] = [frame.across[1], -frame.across[0]];
  const beside = hosts ? JAMB_STEPS.flatMap((step) => [frame.halfWidth + step, -(frame.halfWidth + step)]) : [];
  for (const along of [0, ...beside]) {
    const from: Point2 = [frame.center[0] + ux * along, frame.center[1] + uy * along];
    let best: number | undefined;
    for (const wall of candidates) {
      for (const [enter, exit] of insideIntervals(from, frame.across, wall.shape.exterior)) {
        if (exit < frame.reach[0] - slack || enter > frame.reach[1] + slack) continue;
        // On a host wall, mid-thickness; on another wall, the middle of what the mesh covers of it.
        const middle = hosts ? (enter + exit) / 2 : (Math.max(enter, frame.reach[0]) + Math.min(exit, frame.reach[1])) / 2;
        if (best === undefined || Math.abs(middle) < Math.abs(best)) best = middle;
      }
    }
    if (best !== undefined) return best;
  }
  return 0;
}

/**
 * The width line: along the door placement's X axis, centred on the door mesh's extent along that axis, as long as
 * OverallWidth (or the mesh extent when OverallWidth is missing or larger than the mesh), and across it in the middle
 * of the wall (of `walls`) the mesh reaches into, else of the mesh. Without a mesh: from the placement origin along
 * X for OverallWidth. left is the end with the smaller X-axis coordinate; both points are at the door's lowest Z.
 */
function widthLine(
  ctx: ExtractContext,
  expressID: number,
  width: number | undefined,
  walls: readonly Wall[],
  hosts: boolean,
): { left: Point3; right: Point3; minZ: number; zAxisDown: boolean } | undefined {
  const l = line(ctx, expressID);
  if (!l) return undefined;
  const m = objectTransform(ctx, l);
  const [ox, oy, oz] = applyPoint(m, [0, 0, 0]).map((v) => v * ctx.scale) as [number, number, number];
  const [ax0, ay0] = xAxis(m);
  const len = Math.hypot(ax0, ay0);
  const [ax, ay] = len > 1e-9 ? [ax0 / len, ay0 / len] : [1, 0];
  const mesh = pointsWithParts(ctx, expressID);
  let from = 0;
  let to = width ?? 0;
  let across = 0;
  let z = oz;
  if (mesh) {
    const {
      along: [lo, hi],
      across: [side0, side1],
    } = extentsAlong(mesh.xy, [ox, oy], [ax, ay]);
    const w = width !== undefined && width > 0 && width <= hi - lo + 1e-6 ? width : hi - lo;
    from = (lo + hi) / 2 - w / 2;
    to = from + w;
    across = (side0 + side1) / 2;
    z = mesh.minZ;
    const middle = (from + to) / 2;
    const frame: DoorFrame = {
      center: [ox - ay * across + ax * middle, oy + ax * across + ay * middle],
      across: [-ay, ax],
      halfWidth: (to - from) / 2,
      reach: [side0 - across, side1 - across],
      minZ: mesh.minZ,
      maxZ: mesh.maxZ,
    };
    across += acrossShiftOntoWall(frame, walls, hosts);
  }
  if (!(to > from) || !Number.isFinite(from + to + z + across)) return undefined;
  // The line runs through the middle of the wall's thickness where the door is (acrossShiftOntoWall), else of the door's.
  const cx = ox - ay * across;
  const cy = oy + ax * across;
  return {
    left: [round(cx + ax * from), round(cy + ay * from), round(z)],
    right: [round(cx + ax * to), round(cy + ay * to), round(z)],
    minZ: z,
    zAxisDown: (m[10] ?? 1) < 0,
  };
}

/**
 * The doors, with `walls` the walls read from the file by express id: a door's host walls are those its opening
 * voids, and its width line is put on one of them, or on any wall its mesh reaches into when it has none.
 */
export function readDoors(ctx: ExtractContext, props: Properties, walls: ReadonlyMap<number, Wall>): Placed<Door>[] {
  const allWalls = [...walls.values()];
  const hosts = hostsByDoor(ctx);
  const doors: Placed<Door>[] = [];
  let skipped = 0;
  for (const expressID of DOOR_CLASSES.flatMap((type) => idsOfType(ctx.api, ctx.modelID, type))) {
    const l = line(ctx, expressID);
    const widthAttr = num(l?.OverallWidth);
    const hostWalls = [...new Set((hosts.get(expressID) ?? []).map((id) => walls.get(id)).filter((wall) => wall !== undefined))];
    const geometry = l
      ? widthLine(
          ctx,
          expressID,
          widthAttr !== undefined && widthAttr > 0 ? widthAttr * ctx.scale : undefined,
          hostWalls.length > 0 ? hostWalls : allWalls,
          hostWalls.length > 0,
        )
      : undefined;
    if (!l || !geometry) {
      skipped++;
      continue;
    }
    const typeObject = props.typeObject(expressID);
    const operation = str(l.OperationType) || str(typeObject?.OperationType);
    const globalId = str(l.GlobalId);
    doors.push({
      expressID,
      minZ: geometry.minZ,
      item: {
        id: globalId || `door-${expressID}`,
        global_id: globalId,
        name: str(l.Name),
        exterior: bool(props.value(expressID, ...IS_EXTERNAL)) ?? false,
        op_type: swingInPlan(doorOpType(operation), geometry.zAxisDown),
        left: geometry.left,
        right: geometry.right,
        walls: hostWalls.map((wall) => wall.id),
      },
    });
  }
  if (skipped > 0) ctx.warnings.push(`${skipped} door(s) without placement or size were skipped.`);
  return doors;
}
