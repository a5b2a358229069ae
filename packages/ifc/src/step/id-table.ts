/**
 * A number per express id (0 when none was set), for the passes over a file's entities (step-index.ts, facets.ts).
 * Ids are kept in pages of 4,096, so that a file whose ids start at hundreds of millions (ArchiCAD writes such) costs
 * no more than one numbered from 1; the last page used is remembered, since entities read together lie together.
 */
const PAGE_BITS = 12;
const PAGE_SIZE = 1 << PAGE_BITS;

export class IdTable {
  private readonly pages = new Map<number, Int32Array>();
  private lastPage = -1;
  private last: Int32Array | undefined;

  private page(id: number, create: boolean): Int32Array | undefined {
    const number = Math.floor(id / PAGE_SIZE);
    if (number === this.lastPage) return this.last;
    let page = this.pages.get(number);
    if (!page && create) this.pages.set(number, (page = new Int32Array(PAGE_SIZE)));
    if (page) {
      this.lastPage = number;
      this.last = page;
    }
    return page;
  }

  get(id: number): number {
    return this.page(id, false)?.[id % PAGE_SIZE] ?? 0;
  }

  set(id: number, value: number): void {
    this.page(id, true)![id % PAGE_SIZE] = value;
  }

  /** Every id with a value set (not 0), in ascending order, with its value. */
  forEach(visit: (id: number, value: number) => void): void {
    for (const number of [...this.pages.keys()].sort((a, b) => a - b)) {
      const page = this.pages.get(number)!;
      for (let i = 0; i < PAGE_SIZE; i++) if (page[i] !== 0) visit(number * PAGE_SIZE + i, page[i]!);
    }
  }

  /** The ids by their value (not 0), each list in ascending order. */
  groups(): Map<number, number[]> {
    const out = new Map<number, number[]>();
    for (const number of [...this.pages.keys()].sort((a, b) => a - b)) {
      const page = this.pages.get(number)!;
      for (let i = 0; i < PAGE_SIZE; i++) {
        const value = page[i]!;
        if (value === 0) continue;
        const group = out.get(value);
        if (group) group.push(number * PAGE_SIZE + i);
        else out.set(value, [number * PAGE_SIZE + i]);
      }
    }
    return out;
  }
}
