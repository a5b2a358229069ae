/** A binary min-heap of graph nodes by key, on two parallel arrays (the searches push a node again rather than decrease). */
export class NodeHeap {
  private readonly keys: number[] = [];
  private readonly nodes: number[] = [];

  get size(): number {
    return this.nodes.length;
  }

  /** The least key, without taking its node. */
  peekKey(): number {
    return this.keys[0]!;
  }

  push(key: number, node: number): void {
    const { keys, nodes } = this;
    let i = nodes.length;
    keys.push(key);
    nodes.push(node);
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (keys[p]! <= key) break;
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
        const m = l + 1 < nodes.length && keys[l + 1]! < keys[l]! ? l + 1 : l;
        if (keys[m]! >= lastKey) break;
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
