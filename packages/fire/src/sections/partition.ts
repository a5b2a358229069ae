/**
 * Rooms into sections (issue 24): the fewest connected parts of a room graph whose areas stay under a cap and
 * that pass an extent check (search distance, zone length). A spanning tree of each connected piece is cut into
 * the fewest subtrees under the cap (Kundu & Misra's greedy: bottom up, cut the heaviest child while too heavy,
 * optimal on a tree and linear); then neighbouring parts are merged while the union fits, since the graph has
 * edges the tree lacks; parts that fail the extent check are halved until they pass; then the smallest parts are
 * emptied into their neighbours where they can be. Three spanning trees are tried and the fewest parts kept.
 */

export interface PartitionInput {
  /** Area of each room. */
  area: readonly number[];
  /** Neighbours of each room. */
  neighbours: readonly (readonly number[])[];
  /** The largest area of a part. */
  cap: number;
  /** Whether a connected set of rooms may be one part beyond its area (extent rules); true when absent. */
  fits?: (rooms: readonly number[]) => boolean;
  /** A point per room, to halve a part that fails `fits` across its longer side. */
  at: readonly (readonly [number, number])[];
}

/** Connected pieces of the rooms in `subset` (all rooms when absent), each sorted. */
export function components(neighbours: readonly (readonly number[])[], subset?: readonly number[]): number[][] {
  const inside = new Set(subset ?? neighbours.map((_, i) => i));
  const seen = new Set<number>();
  const pieces: number[][] = [];
  for (const start of [...inside].sort((a, b) => a - b)) {
    if (seen.has(start)) continue;
    const piece = [start];
    seen.add(start);
    for (let k = 0; k < piece.length; k++)
      for (const m of neighbours[piece[k]!]!)
        if (inside.has(m) && !seen.has(m)) {
          seen.add(m);
          piece.push(m);
        }
    pieces.push(piece.sort((a, b) => a - b));
  }
  return pieces;
}

/**
 * Spanning trees of a connected piece to cut: breadth first from its best-connected room (a corridor as the trunk)
 * and depth first from it and from the room farthest from it (chains of rooms along a wall stay whole). The best
 * cut of the three is kept: no one tree suits every plan.
 */
function spanningTrees(
  piece: readonly number[],
  neighbours: readonly (readonly number[])[],
): { order: number[]; parent: Map<number, number> }[] {
  const inside = new Set(piece);
  let hub = piece[0]!;
  for (const r of piece) if (neighbours[r]!.length > neighbours[hub]!.length) hub = r;
  const breadth = (root: number) => {
    const parent = new Map<number, number>([[root, -1]]);
    const order = [root];
    for (let k = 0; k < order.length; k++)
      for (const m of neighbours[order[k]!]!)
        if (inside.has(m) && !parent.has(m)) {
          parent.set(m, order[k]!);
          order.push(m);
        }
    return { order, parent };
  };
  const depth = (root: number) => {
    const parent = new Map<number, number>([[root, -1]]);
    const order = [root];
    const stack = [root];
    while (stack.length > 0) {
      const top = stack.at(-1)!;
      const next = neighbours[top]!.find((m) => inside.has(m) && !parent.has(m));
      if (next === undefined) {
        stack.pop();
        continue;
      }
      parent.set(next, top);
      order.push(next);
      stack.push(next);
    }
    return { order, parent };
  };
  const wide = breadth(hub);
  return [wide, depth(hub), depth(wide.order.at(-1)!)];
}

/** The fewest subtrees of the tree with area at most cap (a room above the cap alone is a part of its own). */
function cutTree(order: readonly number[], parent: ReadonlyMap<number, number>, area: readonly number[], cap: number): number[][] {
  const children = new Map<number, number[]>();
  for (const r of order) {
    const p = parent.get(r)!;
    if (p >= 0) children.set(p, [...(children.get(p) ?? []), r]);
  }
  const residual = new Map<number, number>();
  const cut = new Set<number>([order[0]!]);
  for (let k = order.length - 1; k >= 0; k--) {
    const r = order[k]!;
    const kept = (children.get(r) ?? []).filter((c) => !cut.has(c)).sort((a, b) => residual.get(b)! - residual.get(a)!);
    let sum = area[r]! + kept.reduce((s, c) => s + residual.get(c)!, 0);
    for (const c of kept) {
      if (sum <= cap + 1e-9) break;
      cut.add(c);
      sum -= residual.get(c)!;
    }
    residual.set(r, sum);
  }
  const partOf = new Map<number, number>();
  for (const r of order) partOf.set(r, cut.has(r) ? r : partOf.get(parent.get(r)!)!);
  const parts = new Map<number, number[]>();
  for (const r of order) parts.set(partOf.get(r)!, [...(parts.get(partOf.get(r)!) ?? []), r]);
  return [...parts.values()];
}

const areaOf = (rooms: readonly number[], area: readonly number[]) => rooms.reduce((s, r) => s + area[r]!, 0);

/** Halves a part across the longer side of its rooms' points; each half's connected pieces are parts. */
function halve(part: readonly number[], input: PartitionInput): number[][] {
  const xs = part.map((r) => input.at[r]![0]);
  const ys = part.map((r) => input.at[r]![1]);
  const axis = Math.max(...xs) - Math.min(...xs) >= Math.max(...ys) - Math.min(...ys) ? 0 : 1;
  const sorted = [...part].sort((a, b) => input.at[a]![axis] - input.at[b]![axis] || a - b);
  const half = Math.ceil(sorted.length / 2);
  return [sorted.slice(0, half), sorted.slice(half)].flatMap((side) => components(input.neighbours, side));
}

/** Parts that fail `fits` are halved until every part passes (a single room always passes). */
function splitUnfit(parts: number[][], input: PartitionInput): number[][] {
  const fits = input.fits ?? (() => true);
  const done: number[][] = [];
  const todo = [...parts];
  while (todo.length > 0) {
    const part = todo.pop()!;
    if (part.length <= 1 || fits(part)) done.push(part);
    else todo.push(...halve(part, input));
  }
  return done;
}

/** Merges neighbouring parts while the union keeps under the cap and fits, smallest unions first. */
function mergeNeighbours(parts: number[][], input: PartitionInput): number[][] {
  const fits = input.fits ?? (() => true);
  let current = parts.map((p) => [...p]);
  for (;;) {
    const partOf = new Map<number, number>();
    current.forEach((p, i) => p.forEach((r) => partOf.set(r, i)));
    const areas = current.map((p) => areaOf(p, input.area));
    const pairs = new Set<string>();
    const candidates: [number, number, number][] = [];
    current.forEach((p, i) => {
      for (const r of p)
        for (const m of input.neighbours[r]!) {
          const j = partOf.get(m);
          if (j === undefined || j <= i || pairs.has(`${i},${j}`)) continue;
          pairs.add(`${i},${j}`);
          if (areas[i]! + areas[j]! <= input.cap + 1e-9) candidates.push([areas[i]! + areas[j]!, i, j]);
        }
    });
    candidates.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
    const merged = candidates.find(([, i, j]) => fits([...current[i]!, ...current[j]!]));
    if (!merged) return current;
    const [, i, j] = merged;
    current = [...current.filter((_, k) => k !== i && k !== j), [...current[i]!, ...current[j]!].sort((a, b) => a - b)];
  }
}

/** The rooms in parts: every room in exactly one, each part connected, as few as the cap and the extent rules allow. */
export function partitionRooms(input: PartitionInput): number[][] {
  const parts: number[][] = [];
  for (const piece of components(input.neighbours)) {
    const tries = spanningTrees(piece, input.neighbours).map(({ order, parent }) =>
      dissolveSmallest(mergeNeighbours(splitUnfit(cutTree(order, parent, input.area, input.cap), input), input), input),
    );
    parts.push(...tries.reduce((best, t) => (t.length < best.length ? t : best)));
  }
  return parts.map((p) => [...p].sort((a, b) => a - b));
}

/**
 * Local moves of boundary rooms: a part is emptied room by room into neighbouring parts with room to spare (each
 * move keeping what is left of it connected and the receiver fitting), smallest part first; a part that cannot be
 * emptied stays as it was.
 */
function dissolveSmallest(parts: number[][], input: PartitionInput): number[][] {
  const fits = input.fits ?? (() => true);
  let current = parts.map((p) => [...p]);
  for (let tried = new Set<string>(); ;) {
    const areas = current.map((p) => areaOf(p, input.area));
    const order = current
      .map((_, i) => i)
      .filter((i) => !tried.has(current[i]!.join(',')))
      .sort((a, b) => areas[a]! - areas[b]!);
    const target = order[0];
    if (target === undefined || current.length < 2) return current;
    tried.add(current[target]!.join(','));
    const trial = current.map((p) => [...p]);
    const trialAreas = [...areas];
    const left = trial[target]!;
    let moved = true;
    while (left.length > 0 && moved) {
      moved = false;
      for (const r of [...left]) {
        const rest = left.filter((x) => x !== r);
        if (rest.length > 0 && components(input.neighbours, rest).length > 1) continue;
        const receiver = trial.findIndex(
          (q, j) =>
            j !== target &&
            trialAreas[j]! + input.area[r]! <= input.cap + 1e-9 &&
            input.neighbours[r]!.some((m) => q.includes(m)) &&
            fits([...q, r]),
        );
        if (receiver < 0) continue;
        trial[receiver]!.push(r);
        trialAreas[receiver]! += input.area[r]!;
        left.splice(left.indexOf(r), 1);
        moved = true;
        break;
      }
    }
    if (left.length === 0) {
      current = trial.filter((_, j) => j !== target);
      tried = new Set();
    }
  }
}
