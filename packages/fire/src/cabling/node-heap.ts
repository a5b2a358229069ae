/**
 * The engine's one binary min-heap: nodes (small integers) by key, on two parallel arrays (the searches push a node
 * again rather than decrease). Equal keys come back in any order unless `rank` is given: then the lower rank first,
 * so a caller that must pop in a total order (assignCentrals' regret order) gets it from the same heap as the searches.
 */
export class NodeHeap {
  private readonly keys: number[] = [];
  private readonly nodes: number[] = [];

  constructor(private readonly rank?: (node: number) => number) {}

  get size(): number {
    return this.nodes.length;
  }

  /** The least key, without taking its node. */
  peekKey(): number {
    return this.keys[0]!;
  }

  /** Whether (ka, a) comes strictly before (kb, b). */
  private before(ka: number, a: number, kb: number, b: number): boolean {
    return ka < kb || (ka === kb && this.rank !== undefined && this.rank(a) < this.rank(b));
  }

  push(key: number, node: number): void {
    const { keys, nodes } = this;
    let i = nodes.length;
    keys.push(key);
    nodes.push(node);
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.before(key, node, keys[p]!, nodes[p]!)) break;
      keys[i] = keys[p]!;
      nodes[i] = nodes[p]!;
      i = p;
    }
    keys[i] = key;
    nodes[i] = node;
  }

  /** Takes the node of the least key (the heap must not be empty). */
  pop(): number {
    const { keys, nodes } = this;
    const top = nodes[0]!;
    const lastKey = keys.pop()!;
    const lastNode = nodes.pop()!;
    if (nodes.length > 0) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= nodes.length) break;
        const m = l + 1 < nodes.length && this.before(keys[l + 1]!, nodes[l + 1]!, keys[l]!, nodes[l]!) ? l + 1 : l;
        if (!this.before(keys[m]!, nodes[m]!, lastKey, lastNode)) break;
        keys[i] = keys[m]!;
        nodes[i] = nodes[m]!;
        i = m;
      }
      keys[i] = lastKey;
      nodes[i] = lastNode;
    }
    return top;
  }
}
