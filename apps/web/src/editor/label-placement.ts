/**
 * Where the plan's texts go (issue 34): each label takes the first of its places, best first, whose boxes cover no
 * symbol and no label placed before it; a label with no such place is hidden rather than drawn over something.
 * Greedy in the order given, so the caller puts first what must stay beside its symbol. Screen pixels, y down.
 */

export interface ScreenBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface LabelRequest {
  /** How many places the label may take, best first. */
  readonly places: number;
  /** The boxes of place `i` (a room's name and its count line go together), or null where it may not go (out of its room). */
  boxes(i: number): readonly ScreenBox[] | null;
}

/** For each label, the place it took, or HIDDEN. */
export const HIDDEN = -1;

/** Boxes that only touch do not overlap. */
export const boxesOverlap = (a: ScreenBox, b: ScreenBox): boolean => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

/** A request from a plain list of places. */
export const placesOf = (places: readonly (readonly ScreenBox[])[]): LabelRequest => ({ places: places.length, boxes: (i) => places[i]! });

/** Cells of this many pixels: a label meets the few boxes of the cells it spans, not all of them. */
const CELL_PX = 48;
/** Cells per side at most (boxes far off the screen share the edge cells, which stays exact). */
const MAX_CELLS = 512;

/** The boxes taken so far, by grid cell. */
class BoxGrid {
  private readonly cells = new Map<number, ScreenBox[]>();
  private readonly ox: number;
  private readonly oy: number;

  constructor(area: ScreenBox) {
    this.ox = area.x0;
    this.oy = area.y0;
  }

  private range(box: ScreenBox): [number, number, number, number] {
    const cell = (v: number, o: number) => Math.min(MAX_CELLS - 1, Math.max(0, Math.floor((v - o) / CELL_PX)));
    return [cell(box.x0, this.ox), cell(box.y0, this.oy), cell(box.x1, this.ox), cell(box.y1, this.oy)];
  }

  add(box: ScreenBox): void {
    const [c0, r0, c1, r1] = this.range(box);
    for (let c = c0; c <= c1; c++)
      for (let r = r0; r <= r1; r++) {
        const key = c * MAX_CELLS + r;
        const list = this.cells.get(key);
        if (list) list.push(box);
        else this.cells.set(key, [box]);
      }
  }

  hits(box: ScreenBox): boolean {
    const [c0, r0, c1, r1] = this.range(box);
    for (let c = c0; c <= c1; c++)
      for (let r = r0; r <= r1; r++) {
        const list = this.cells.get(c * MAX_CELLS + r);
        if (list) for (const other of list) if (boxesOverlap(box, other)) return true;
      }
    return false;
  }
}

/**
 * The place each label takes (an index into its places), or HIDDEN. No returned box overlaps a symbol box or a box of
 * another placed label. `area` is where the grid is laid (the screen); boxes outside it are still checked exactly.
 */
export function placeLabels(symbols: readonly ScreenBox[], labels: readonly LabelRequest[], area?: ScreenBox): number[] {
  const grid = new BoxGrid(area ?? symbols[0] ?? { x0: 0, y0: 0, x1: 0, y1: 0 });
  for (const box of symbols) grid.add(box);
  return labels.map((label) => {
    for (let i = 0; i < label.places; i++) {
      const boxes = label.boxes(i);
      if (!boxes || boxes.some((box) => grid.hits(box))) continue;
      // The boxes of one place do not overlap each other by construction (stacked lines).
      for (const box of boxes) grid.add(box);
      return i;
    }
    return HIDDEN;
  });
}
