/**
 * Puts a door's width line on its wall. The line is first centred across the door on the door's own mesh; for most
 * doors that is inside the wall, but some meshes reach far into the room (an overhead garage door's tracks and
 * raised panels reach ~3.5 m), which leaves the line parallel to the wall and metres off it. So the line is moved,
 * across the door only, to the middle of the wall's thickness where the wall crosses the door's mesh.
 */
import type { Point2, Wall } from '@edrf/model';

export interface DoorFrame {
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
export function acrossShiftOntoWall(frame: DoorFrame, walls: readonly Wall[], hosts: boolean): number {
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
 * A host wall the door's mesh stops this close to (m) counts as reached: a door often ends at its wall's face. Any
 * other wall must be reached for real: it may be a wall beside the door.
 */
const REACH_SLACK = 0.3;

/** How far beside a jamb the wall is looked for (m), nearest first. */
const JAMB_STEPS = [0.1, 0.25, 0.5];
