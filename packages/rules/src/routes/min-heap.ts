/**
 * A binary min-heap of numbers in a growable Float64Array. Dijkstra packs (distance, node) into
 * one key, so a single comparison orders by distance and then by node; that halves the work per
 * level compared with parallel arrays and a two-field comparison.
 */
export class MinHeap {
  private keys: Float64Array;
  private length = 0;

  constructor(capacity: number) {
    this.keys = new Float64Array(Math.max(16, capacity));
  }

  get size(): number {
    return this.length;
  }

  push(key: number): void {
    if (this.length === this.keys.length) this.grow();
    const keys = this.keys;
    let i = this.length++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const parentKey = keys[parent] ?? 0;
      if (parentKey <= key) break;
      keys[i] = parentKey;
      i = parent;
    }
    keys[i] = key;
  }

  /** Removes and returns the smallest key (the caller checks size first). */
  pop(): number {
    const keys = this.keys;
    const top = keys[0] ?? Infinity;
    const last = --this.length;
    const key = keys[last] ?? 0;
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= last) break;
      const right = child + 1;
      if (right < last && (keys[right] ?? 0) < (keys[child] ?? 0)) child = right;
      const childKey = keys[child] ?? 0;
      if (key <= childKey) break;
      keys[i] = childKey;
      i = child;
    }
    keys[i] = key;
    return top;
  }

  private grow(): void {
    const keys = new Float64Array(this.keys.length * 2);
    keys.set(this.keys);
    this.keys = keys;
  }
}
