import { distanceToRings, pointInRing, ringArea, ringIsConvex, type Pt, type Ring } from '../geometry/ring.js';
import { cellAt, coverRoom, nearestFeasible, type Cover, type CoverOptions } from './cover.js';
import { buildGrid, feasibleCells, feasibleNear, INTERIOR } from './grid.js';
import { candidateSites, greedySites } from './greedy-cover.js';
import { gridPlacement } from './grid-plan.js';
import { roomLowerBound } from './lower-bound.js';
import { reachBound } from './reach-bound.js';
import { powerCells } from './power-cells.js';
import { SightFields } from './sight-fields.js';
import { stripPlacement, type Piece } from './strips.js';
import { thinOut } from './thin-out.js';
import { hasDeepThinWall } from './thin-walls.js';

export interface RoomRules {
  radius: number;
  /** Infinity for none. */
  maxArea: number;
  wallDistance: number;
  obstacles: readonly Ring[];
  obstacleDistance: number;
  /** false: open areas are not tried on a grid (sounders stand on walls, not in rows as detectors do). */
  rows?: boolean;
}

export interface RoomPlacement {
  /** New units. */
  added: Pt[];
  /** The part of the room each unit stands for: the units already there first, then the new ones. */
  pieces: Piece[];
  /** Whether the whole room is reached and no unit stands for more than maxArea. */
  ok: boolean;
  /** Whether some new unit had to break the wall or inlet distance, for want of any place keeping them. */
  cramped: boolean;
  lowerBound: number;
  area: number;
  /**
   * The wall distance the new units keep: the rule's, or in a room too narrow for it (cramped) what its deepest place
   * allows; the check of the units against the wall reads it, so that what is placed passes what is checked.
   */
  wallDistance: number;
}

/**
 * Placements made before, by their input (placementKey): other workers place shares of a building's rooms
 * (placement/shares.ts), and the run that assembles the answer takes their placements instead of making them again.
 */
export type PlacementTable = Map<string, RoomPlacement>;

/**
 * The placements a run shares (its context's `placements`): taken from `table` where known, and what it places added
 * to it when `record` (a share placing for the run that assembles the answer). The engine keeps none between calls.
 */
export interface Placements {
  table: PlacementTable;
  record: boolean;
}

const obstacleKeys = new WeakMap<readonly Ring[], string>();
// -0 apart from 0: a placement could tell them apart (atan2), and JSON, which carries shares to other threads, does not.
const num = (v: number) => (Object.is(v, -0) ? '-0' : String(v));
const ringsKey = (rings: readonly (readonly Pt[])[]) =>
  rings.map((ring) => ring.map((p) => `${num(p[0])},${num(p[1])}`).join(' ')).join('|');

/** Everything a placement depends on, exactly (a number's string gives it back bit for bit). */
export function placementKey(rings: readonly Ring[], rules: RoomRules, fixed: readonly Pt[], withBound: boolean): string {
  let obstacles = obstacleKeys.get(rules.obstacles);
  if (obstacles === undefined) obstacleKeys.set(rules.obstacles, (obstacles = ringsKey(rules.obstacles)));
  return [
    ringsKey(rings),
    num(rules.radius),
    num(rules.maxArea),
    num(rules.wallDistance),
    num(rules.obstacleDistance),
    rules.rows ?? true,
    obstacles,
    ringsKey([fixed]),
    withBound,
  ].join('/');
}

/** Places the units a room needs, keeping those already in it (fixed); from `placements` where it holds the room. */
export function placeInRoom(
  rings: readonly Ring[],
  rules: RoomRules,
  fixed: readonly Pt[],
  withBound = true,
  placements?: Placements,
): RoomPlacement {
  if (!placements) return placeAnew(rings, rules, fixed, withBound);
  const key = placementKey(rings, rules, fixed, withBound);
  const known = placements.table.get(key);
  if (known) return known;
  const placement = placeAnew(rings, rules, fixed, withBound);
  if (placements.record) placements.table.set(key, placement);
  return placement;
}

/** In a cramped room units stand this much less deep than its deepest grid place (m): a margin for the grid's rounding. */
const CRAMPED_SLACK = 0.01;

function placeAnew(rings: readonly Ring[], rules: RoomRules, fixed: readonly Pt[], withBound: boolean): RoomPlacement {
  const first = place(rings, rules, fixed, withBound);
  if (!first.cramped || first.ok) return first;
  // No place keeps the wall distance (a room narrower than twice it): the deepest places instead.
  const wallDistance = Math.max(0, first.deepest - CRAMPED_SLACK);
  const relaxed = place(rings, { ...rules, wallDistance }, fixed, withBound);
  return { ...relaxed, cramped: true, wallDistance };
}

function place(rings: readonly Ring[], rules: RoomRules, fixed: readonly Pt[], withBound: boolean): RoomPlacement & { deepest: number } {
  const area = Math.abs(ringArea(rings[0]!)) - rings.slice(1).reduce((s, r) => s + Math.abs(ringArea(r)), 0);
  const convex = rings.length === 1 && ringIsConvex(rings[0]!);
  // The room grid is built only when a place must be searched for, or for the lower bound.
  let sited: ReturnType<typeof siteGrid> | undefined;
  const site = () => (sited ??= siteGrid(rings, rules));
  const lowerBound = () => (withBound ? roomLowerBound(site().grid, rules.radius, rules.maxArea) : 1);
  const siting = {
    wallDistance: rules.wallDistance,
    obstacles: rules.obstacles,
    obstacleDistance: rules.obstacleDistance,
    nearestFeasible: (p: Pt): Pt | undefined => {
      const { grid, nearest, cramped } = site();
      const cell = cramped ? -1 : nearest[cellAt(grid, p[0], p[1])]!;
      return cell >= 0 ? [grid.repX[cell]!, grid.repY[cell]!] : undefined;
    },
    feasibleNear: (p: Pt, within: number): Pt[] => {
      const { grid, feasible, cramped } = site();
      return cramped ? [] : feasibleNear(grid, feasible, p, within);
    },
  };
  // A room with a long thin wall in it (rooms Clean merged) goes straight to the cover: strips and grid fail there.
  const walled = !convex && hasDeepThinWall(rings, rules.radius);
  const strips = walled ? undefined : stripPlacement({ rings, convex }, rules.radius, rules.maxArea, siting);
  // Open areas of other shapes (an L, a ring, an office with its corridor): one grid over the whole room. A small room
  // (fewer than OPEN_AREA_UNITS by strips) has no rows to line up: it tries the grid only where the strips are above
  // its bound (trying it everywhere cost the real-geometry building 2–4 × its placement time for the same count).
  const open =
    !walled &&
    rules.rows !== false &&
    !convex &&
    (!strips || strips.length >= OPEN_AREA_UNITS || (withBound && strips.length > lowerBound()));
  const lattice = open ? gridPlacement({ rings, convex }, rules.radius, rules.maxArea, siting, strips?.length) : undefined;
  // The bound the answer reports: where the count is above it, raised by finer witnesses (reach-bound.ts; it costs up
  // to about a second in a room of alcoves, so only then).
  const reported = (count: number) => {
    const bound = lowerBound();
    return withBound && count > bound ? reachBound(rings, rules, bound, count) : bound;
  };
  const pieces = fewest(strips, lattice);
  if (pieces) {
    const { kept, added } = keepFixed(pieces, fixed, rules.radius);
    return {
      added: added.map((p) => p.at),
      pieces: [...kept, ...added],
      ok: true,
      cramped: false,
      lowerBound: reported(kept.length + added.length),
      area,
      deepest: Infinity,
      wallDistance: rules.wallDistance,
    };
  }
  const { grid, feasible, cramped, deepest } = site();
  if (cramped)
    return {
      added: [],
      pieces: fixed.map((at) => ({ at, shape: { exterior: [], interiors: [] }, area: 0 })),
      ok: false,
      cramped,
      lowerBound: lowerBound(),
      area,
      deepest,
      wallDistance: rules.wallDistance,
    };
  const byArea = Math.max(1, Number.isFinite(rules.maxArea) ? Math.ceil(area / rules.maxArea - 1e-9) : 1);
  const bound = withBound ? lowerBound() : byArea;
  const fixedCells = fixed.map((p) => cellAt(grid, p[0], p[1]));
  const base = { radius: rules.radius, maxArea: rules.maxArea, feasible, fixed: fixedCells, minCount: bound };
  // Two starts, the fewer units kept: a unit at each pocket's mouth by greedy set cover and swaps (a room of alcoves,
  // where an even start spends units on the pockets) and, unless that already meets the area rule's count, an even
  // split of the area with fewer (Lloyd; as good or better in compact shapes).
  const fields = new SightFields(grid, rules.radius);
  const cover = evenWithFewer(grid, { ...base, fields }, byMouths(grid, { ...base, fields }), byArea);
  const at: Pt[] = cover.sites.map((c, i) => (i < fixed.length ? fixed[i]! : [grid.repX[c]!, grid.repY[c]!]));
  const cells = powerCells(rings, at, cover.weights, rules.radius);
  return {
    added: at.slice(fixed.length),
    pieces: cells,
    ok: cover.ok,
    cramped,
    lowerBound: cover.ok ? reported(at.length) : bound,
    area,
    deepest,
    wallDistance: rules.wallDistance,
  };
}

/** Detectors by strips from which a room that is not convex is an open area worth a grid. */
const OPEN_AREA_UNITS = 4;

/** The placement with fewer units; on a tie the second (the grid, whose rows line up across the room). */
const fewest = (a: Piece[] | undefined, b: Piece[] | undefined) => (!a ? b : !b ? a : b.length <= a.length ? b : a);

/** The room grid, the cells where a unit may stand, and the nearest of them to every cell; in a room with none, how far from the walls its deepest cell is. */
function siteGrid(rings: readonly Ring[], rules: RoomRules) {
  const grid = buildGrid(rings);
  const feasible = feasibleCells(grid, rules.wallDistance, rules.obstacles, rules.obstacleDistance);
  const cramped = !grid.cells.some((c) => feasible[c]);
  let deepest = 0;
  if (cramped)
    for (const c of grid.cells)
      if (grid.state[c] === INTERIOR) deepest = Math.max(deepest, distanceToRings(grid.repX[c]!, grid.repY[c]!, rings));
  return { grid, feasible, nearest: nearestFeasible(grid, feasible), cramped, deepest };
}
/** The cover from a unit at each pocket's mouth (greedy-cover.ts), with fewer units by swaps (thin-out.ts). */
function byMouths(grid: ReturnType<typeof buildGrid>, base: CoverOptions & { fields: SightFields }): Cover {
  const greedy = greedySites(grid, base.fields, base.feasible, base.fixed);
  const seeds = thinOut(
    grid,
    base.fields,
    base.feasible,
    base.fixed,
    greedy,
    candidateSites(grid, base.feasible, base.radius),
    base.maxArea,
  );
  return coverRoom(grid, { ...base, seeds });
}

/**
 * The cover by mouths, or an even split of the area (Lloyd) with fewer units where one is found: tried with one unit
 * fewer at a time, never adding any, while that meets the rules. When the mouths' cover failed, the even split from
 * the bound, adding units as it needs.
 */
function evenWithFewer(grid: ReturnType<typeof buildGrid>, base: CoverOptions, mouths: Cover, byArea: number): Cover {
  if (!mouths.ok) return coverRoom(grid, base);
  let best = mouths;
  while (best.sites.length > Math.max(byArea, base.minCount, base.fixed.length, 1)) {
    const count = best.sites.length - 1;
    const even = coverRoom(grid, { ...base, minCount: count, most: count });
    if (!even.ok) break;
    best = even;
  }
  return best;
}

/** A unit this close to a piece's site (metres) stands where the placement would put one. */
const SAME_SITE = 1e-3;

/**
 * Units already in the room take over the piece whose site they stand on, or the piece they stand in when they
 * reach all of it (a convex piece: its corners within the radius); the new unit of that piece is then not needed.
 * A kept unit that takes no piece stands for nothing (an empty part).
 */
function keepFixed(pieces: Piece[], fixed: readonly Pt[], radius: number): { kept: Piece[]; added: Piece[] } {
  const taken = new Set<Piece>();
  const kept = fixed.map((at): Piece => {
    // A unit where the placement itself would put one (a design run again) stands for that piece, convex or not.
    const piece =
      pieces.find((p) => !taken.has(p) && Math.hypot(p.at[0] - at[0], p.at[1] - at[1]) <= SAME_SITE) ??
      pieces.find(
        (p) =>
          !taken.has(p) &&
          p.shape.interiors.length === 0 &&
          ringIsConvex(p.shape.exterior) &&
          pointInRing(at[0], at[1], p.shape.exterior) &&
          p.shape.exterior.every((q) => Math.hypot(q[0] - at[0], q[1] - at[1]) <= radius + 1e-9),
      );
    if (!piece) return { at, shape: { exterior: [], interiors: [] }, area: 0 };
    taken.add(piece);
    return { ...piece, at };
  });
  return { kept, added: pieces.filter((p) => !taken.has(p)) };
}
