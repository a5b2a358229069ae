import { ringArea, type Pt } from '../geometry/ring.js';
import { extent } from './strip-plan.js';
import { clipRect, directions, Inside, placePiece, rotate, type Piece, type Rect, type Siting, type StripRoom } from './strips.js';

/**
 * Grid placement for open areas of any shape (an L, a ring, an open office merged with its corridor): one lattice of
 * cells over the whole room, turned to its main wall direction, so that units stand in rows and columns as a designer
 * draws them. Each cell is at most maxArea and reached from its middle (half-diagonal at most the radius); the room
 * inside a cell is one piece with a unit at the grid point, moved only where a wall, a hole or an inlet asks, and
 * halved only where one unit cannot reach its piece. Slivers the lattice leaves at the outline are then merged into a
 * neighbouring cell where one unit still stands for the two. The lattice (spacing and phase) with the fewest cells wins.
 */
export function gridPlacement(room: StripRoom, radius: number, maxArea: number, siting: Siting, most = Infinity): Piece[] | undefined {
  if (!(radius > 0)) return undefined;
  const frames = [...new Set(directions(room.rings[0]!).map((a) => Math.round((a % (Math.PI / 2)) * 1e9) / 1e9))];
  const lattices = frames
    .flatMap((angle) => {
      const rotated = room.rings.map((ring) => ring.map((p) => rotate(p, -angle)));
      return candidateLattices(rotated, radius, maxArea).map((lattice) => ({ ...lattice, angle, rotated }));
    })
    .sort((a, b) => a.count - b.count);
  let best: Piece[] | undefined;
  for (const lattice of lattices.slice(0, TRIED)) {
    if (best && lattice.count > best.length * 1.5) break;
    if (lattice.count > most * OVER) break;
    const pieces = buildLattice(room, lattice, radius, maxArea, siting, most * OVER);
    if (pieces === null) continue;
    if (pieces && (!best || pieces.length < best.length)) best = pieces;
    // A place no unit reaches on one lattice (a cavity of the outline) is there on the others too.
    if (!pieces) break;
  }
  return best;
}

/** How many of the cheapest lattices (by their count of cells holding room) are built in full. */
const TRIED = 4;
/** A cell holding less room than this (m²) is left out: nothing of the room is there. */
const EMPTY = 1e-6;

interface Lattice {
  /** Grid lines: u0 + i·su, v0 + j·sv. */
  u0: number;
  v0: number;
  su: number;
  sv: number;
  nu: number;
  nv: number;
  /** Cells holding room, and the room area in each (by index i + j·nu). */
  areas: Float64Array;
  count: number;
}

/** The room's area inside rect (rotated frame): the exterior's clip less the holes'. */
function areaIn(rotated: readonly Pt[][], rect: Rect): number {
  const exterior = clipRect(rotated[0]!, rect);
  if (exterior.length < 3) return 0;
  let area = Math.abs(ringArea(exterior));
  for (const hole of rotated.slice(1)) {
    const clipped = clipRect(hole, rect);
    if (clipped.length >= 3) area -= Math.abs(ringArea(clipped));
  }
  return Math.max(0, area);
}

/**
 * Lattices worth trying: cell widths dividing a span evenly (n cells across, as strip placement does for a rectangle),
 * each with the deepest cell height the rules allow, rows dividing a span of the other axis evenly too; and the
 * largest square-ish cell at eight phases. Counted by their cells holding room.
 */
function candidateLattices(rotated: Pt[][], radius: number, maxArea: number): Lattice[] {
  const [u0, u1] = extent(rotated[0]!, 0);
  const [v0, v1] = extent(rotated[0]!, 1);
  const width = u1 - u0;
  const height = v1 - v0;
  const deepest = (su: number) => Math.min(maxArea / su, 2 * Math.sqrt(Math.max(0, radius * radius - (su * su) / 4)));
  const square = Math.min(Math.sqrt(maxArea), radius * Math.SQRT2);
  const out: Lattice[] = [];
  // Cells dividing a span between two of the room's corner lines evenly (the whole extent, or a wing's walls: the
  // large rectangles the room is made of), the lattice's lines on the span's first wall.
  const uSpans = spans(rotated, 0, 0.5 * square);
  const vSpans = spans(rotated, 1, 0.5 * square);
  for (const [ua, ub] of uSpans) {
    const fewest = Math.max(1, Math.ceil((ub - ua) / (2 * radius) - 1e-9));
    for (let n = fewest; n <= fewest + 6; n++) {
      const su = (ub - ua) / n;
      if (su < 0.5 * square) break;
      const svMax = deepest(su);
      if (!(svMax > 0.05)) continue;
      const phaseU = ua - Math.ceil((ua - u0) / su - 1e-9) * su;
      const nu = Math.ceil((u1 - phaseU) / su - 1e-9);
      for (const [va, vb] of vSpans) {
        const m = Math.max(1, Math.ceil((vb - va) / svMax - 1e-9));
        const sv = (vb - va) / m;
        const phaseV = va - Math.ceil((va - v0) / sv - 1e-9) * sv;
        out.push(count(rotated, phaseU, phaseV, su, sv, nu, Math.ceil((v1 - phaseV) / sv - 1e-9)));
      }
    }
  }
  const sv = deepest(square) * (1 - 1e-9);
  for (const fu of [0, 0.25, 0.5, 0.75])
    for (const fv of [0, 0.5]) {
      const nu = Math.ceil(width / square + fu) + 1;
      const nv = Math.ceil(height / sv + fv) + 1;
      out.push(count(rotated, u0 - fu * square, v0 - fv * sv, square, sv, nu, nv));
    }
  return out;
}

/** How many spans between corner lines are tried per axis: the longest. */
const SPANS = 6;

/** The longest spans [a, b] between two of the rings' corner coordinates on an axis (rotated frame). */
function spans(rotated: readonly Pt[][], axis: 0 | 1, shortest: number): [number, number][] {
  const coords = rotated
    .flat()
    .map((p) => p[axis])
    .sort((a, b) => a - b)
    .filter((x, i, all) => i === 0 || x - all[i - 1]! > 0.05);
  const out: [number, number][] = [];
  for (let i = 0; i < coords.length; i++)
    for (let j = i + 1; j < coords.length; j++) if (coords[j]! - coords[i]! >= shortest) out.push([coords[i]!, coords[j]!]);
  return out.sort((p, q) => q[1] - q[0] - (p[1] - p[0])).slice(0, SPANS);
}

function count(rotated: Pt[][], u0: number, v0: number, su: number, sv: number, nu: number, nv: number): Lattice {
  const areas = new Float64Array(nu * nv);
  let n = 0;
  for (let j = 0; j < nv; j++)
    for (let i = 0; i < nu; i++) {
      const a = areaIn(rotated, [u0 + i * su, u0 + (i + 1) * su, v0 + j * sv, v0 + (j + 1) * sv]);
      areas[i + j * nu] = a;
      if (a > EMPTY) n++;
    }
  return { u0, v0, su, sv, nu, nv, areas, count: n };
}

interface Group {
  rect: Rect;
  area: number;
  pieces: Piece[];
  /** The grid point its unit is meant for (rotated frame). */
  point: Pt;
}

/** One unit per cell holding room (halved where it must be), then slivers merged into neighbours. */
/** A lattice needing this many times the units another placement has (before its slivers merge) is given up. */
const OVER = 1.5;

/** The lattice's pieces; undefined where a place no unit reaches; null when it needs more than `most` before merging. */
function buildLattice(
  room: StripRoom,
  lattice: Lattice & { angle: number; rotated: Pt[][] },
  radius: number,
  maxArea: number,
  siting: Siting,
  most: number,
): Piece[] | undefined | null {
  const { u0, v0, su, sv, nu, nv, areas, angle, rotated } = lattice;
  let placed = 0;
  const inside = room.convex ? undefined : new Inside(room.rings, rotated);
  const bu = extent(rotated[0]!, 0);
  const bv = extent(rotated[0]!, 1);
  const groups: Group[] = [];
  for (let j = 0; j < nv; j++)
    for (let i = 0; i < nu; i++) {
      const area = areas[i + j * nu]!;
      if (area <= EMPTY) continue;
      const point: Pt = [u0 + (i + 0.5) * su, v0 + (j + 0.5) * sv];
      // The cell cut to the room's extent: the piece's checks sample the rectangle they are given.
      const rect: Rect = [
        Math.max(u0 + i * su, bu[0]),
        Math.min(u0 + (i + 1) * su, bu[1]),
        Math.max(v0 + j * sv, bv[0]),
        Math.min(v0 + (j + 1) * sv, bv[1]),
      ];
      const pieces: Piece[] = [];
      if (!placePiece(room, rotated, angle, rect, radius, siting, inside, pieces, 0, 4, point, true)) return undefined;
      groups.push({ rect, area, pieces, point });
      placed += pieces.length;
      if (placed > most) return null;
    }
  mergeSlivers(groups, { room, rotated, angle, radius, maxArea, siting, inside });
  return groups.flatMap((g) => g.pieces);
}

/**
 * Merges groups with a neighbour sharing a whole side while one unit reaches the two and stands for no more than
 * maxArea: the smallest first, each into its smallest neighbour that takes it. The merged unit keeps the grid point
 * of the larger part, so that the rows stay where they were.
 */
function mergeSlivers(
  groups: Group[],
  ctx: {
    room: StripRoom;
    rotated: Pt[][];
    angle: number;
    radius: number;
    maxArea: number;
    siting: Siting;
    inside: Inside | undefined;
  },
): void {
  const shareSide = (p: Rect, q: Rect) => {
    const near = (x: number, y: number) => Math.abs(x - y) < 1e-6;
    return (
      (near(p[2], q[2]) && near(p[3], q[3]) && (near(p[1], q[0]) || near(q[1], p[0]))) ||
      (near(p[0], q[0]) && near(p[1], q[1]) && (near(p[3], q[2]) || near(q[3], p[2])))
    );
  };
  let merged = true;
  while (merged) {
    merged = false;
    const order = [...groups].sort((a, b) => a.area - b.area);
    for (const small of order) {
      if (small.pieces.length !== 1 || small.area >= ctx.maxArea) continue;
      const neighbours = groups
        .filter(
          (g) => g !== small && g.pieces.length === 1 && g.area + small.area <= ctx.maxArea * (1 + 1e-9) && shareSide(g.rect, small.rect),
        )
        .sort((a, b) => a.area - b.area);
      for (const other of neighbours) {
        const rect: Rect = [
          Math.min(small.rect[0], other.rect[0]),
          Math.max(small.rect[1], other.rect[1]),
          Math.min(small.rect[2], other.rect[2]),
          Math.max(small.rect[3], other.rect[3]),
        ];
        const point = other.area >= small.area ? other.point : small.point;
        const pieces: Piece[] = [];
        if (!placePiece(ctx.room, ctx.rotated, ctx.angle, rect, ctx.radius, ctx.siting, ctx.inside, pieces, 0, 0, point)) continue;
        if (pieces.length !== 1) continue;
        groups.splice(groups.indexOf(small), 1);
        groups.splice(groups.indexOf(other), 1, { rect, area: small.area + other.area, pieces, point });
        merged = true;
        break;
      }
      if (merged) break;
    }
  }
}
