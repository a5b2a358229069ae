import type { PlanScene } from './layers';

/**
 * What is built from a scene (a hit index, the canvas paths), kept per storey: coming back to a storey
 * whose items are the same objects (the layers' item cache gives the same ones when nothing changed)
 * reuses it. The oldest storey goes first.
 */
export class SceneCache<T> {
  private readonly byStorey = new Map<string, { items: PlanScene['items']; value: T }>();

  constructor(private readonly storeys: number) {}

  /** `build` gets what was built for the storey before its items changed, to keep what it can of it. */
  get(scene: PlanScene, build: (previous: T | undefined) => T): T {
    const hit = this.byStorey.get(scene.storeyId);
    if (hit && hit.items.length === scene.items.length && hit.items.every((item, i) => item === scene.items[i])) return hit.value;
    const value = build(hit?.value);
    this.byStorey.delete(scene.storeyId);
    this.byStorey.set(scene.storeyId, { items: scene.items, value });
    if (this.byStorey.size > this.storeys) this.byStorey.delete(this.byStorey.keys().next().value!);
    return value;
  }
}
