/**
 * Rows of units visited row by row (issue 34, docs/fire-cabling.md "Rows"): where a loop's units in one room stand in
 * aligned rows (the placement's grid in an open area), the loop goes along one row and back along the next
 * (boustrophedon), as a designer draws it, rather than in the zig-zag or comb a shortest tour finds.
 */

/** A room's units on a loop are looked at for rows from this many. */
export const ROW_MIN_UNITS = 6;
/** Units this close across a row's direction (m) stand in one row (the placement aligns rows within 0.1 m). */
export const ROW_TOLERANCE = 0.25;
/**
 * The rows are taken when the loop through them is at most this much longer than the shortest order found: on a
 * square grid the snake's way back along the first column costs up to an eighth over the comb a shortest tour makes
 * (4 × 4 units: 2 spacings in 16), less on larger grids and none on two rows.
 */
export const ROW_SLACK = 0.15;

type Dist = (a: number, b: number) => number;

/** The stops of `group` (indices) sorted into rows along direction θ, or null when they do not stand in rows. */
function rowsAlong(group: readonly number[], at: (i: number) => readonly [number, number], theta: number): number[][] | null {
  const [c, s] = [Math.cos(theta), Math.sin(theta)];
  const across = (i: number) => -s * at(i)[0] + c * at(i)[1];
  const along = (i: number) => c * at(i)[0] + s * at(i)[1];
  const sorted = [...group].sort((a, b) => across(a) - across(b));
  const rows: number[][] = [];
  for (const i of sorted) {
    const row = rows[rows.length - 1];
    if (row && across(i) - across(row[0]!) <= ROW_TOLERANCE) row.push(i);
    else rows.push([i]);
  }
  // Rows: at least two, each of two units or more, three on average; a scatter falls into rows of one.
  if (rows.length < 2 || rows.some((r) => r.length < 2) || group.length < 3 * rows.length) return null;
  return rows.map((r) => r.sort((a, b) => along(a) - along(b)));
}

/** The grid's direction: the nearest-neighbour directions' mean modulo 90° (a grid turned to the room's main axis). */
function gridAngle(group: readonly number[], at: (i: number) => readonly [number, number]): number {
  let [sx, sy] = [0, 0];
  for (const i of group) {
    let best = -1;
    let bestD = Infinity;
    for (const j of group) {
      if (j === i) continue;
      const d = Math.hypot(at(j)[0] - at(i)[0], at(j)[1] - at(i)[1]);
      if (d < bestD) [best, bestD] = [j, d];
    }
    if (best < 0) continue;
    const a = Math.atan2(at(best)[1] - at(i)[1], at(best)[0] - at(i)[0]);
    sx += Math.cos(4 * a);
    sy += Math.sin(4 * a);
  }
  return Math.atan2(sy, sx) / 4;
}

/** The snakes through rows: from either end row, first along either way; each row reversed from the one before. */
function snakes(rows: readonly number[][]): number[][] {
  const out: number[][] = [];
  for (const list of [rows, [...rows].reverse()])
    for (const first of [false, true]) out.push(list.flatMap((row, k) => ((k % 2 === 1) !== first ? [...row].reverse() : row)));
  return out;
}

const pathLength = (seq: readonly number[], d: Dist) => seq.slice(1).reduce((s, v, k) => s + d(seq[k]!, v), 0);
const closedLength = (order: readonly number[], d: Dist) => order.reduce((s, v, k) => s + d(v, order[(k + 1) % order.length]!), 0);

/**
 * The loop's order (stop 0 the central, first) with each room's units that stand in rows visited row by row, as one
 * stretch put where it costs least in the rest of the tour; a room's rows are kept only while the whole loop stays
 * within ROW_SLACK of the order given. `roomOf` names each stop's room ('' for none: the central), `at` its plan point,
 * `d` the distance the order is measured on.
 */
export function rowOrder(
  order: readonly number[],
  roomOf: (i: number) => string,
  at: (i: number) => readonly [number, number],
  d: Dist,
): number[] {
  const limit = closedLength(order, d) * (1 + ROW_SLACK);
  const byRoom = new Map<string, number[]>();
  for (const i of order) {
    const room = roomOf(i);
    if (i === 0 || room === '') continue;
    byRoom.set(room, [...(byRoom.get(room) ?? []), i]);
  }
  let current = [...order];
  for (const group of byRoom.values()) {
    if (group.length < ROW_MIN_UNITS) continue;
    const theta = gridAngle(group, at);
    const candidates = [theta, theta + Math.PI / 2].flatMap((t) => {
      const rows = rowsAlong(group, at, t);
      return rows ? snakes(rows) : [];
    });
    if (candidates.length === 0) continue;
    const members = new Set(group);
    const rest = current.filter((i) => !members.has(i));
    let best: number[] | null = null;
    let bestLength = Infinity;
    for (const snake of candidates) {
      const inner = pathLength(snake, d);
      const [first, last] = [snake[0]!, snake[snake.length - 1]!];
      for (let k = 0; k < rest.length; k++) {
        const [p, q] = [rest[k]!, rest[(k + 1) % rest.length]!];
        const length = closedLength(rest, d) - (rest.length > 1 ? d(p, q) : 0) + d(p, first) + inner + d(last, q);
        if (length < bestLength) [best, bestLength] = [[...rest.slice(0, k + 1), ...snake, ...rest.slice(k + 1)], length];
      }
    }
    if (best && bestLength <= limit) current = best;
  }
  return current;
}
