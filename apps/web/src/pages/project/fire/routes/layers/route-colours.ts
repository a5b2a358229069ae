import type { Fire, Route } from '@edrf/model';

/** One colour per route kind (F§3), so loops, direct routes and rack-to-rack routes read apart. */
export const KIND_COLOURS: Record<Route['kind'], string> = { Loop: '#c2410c', Direct: '#7c3aed', RackToRack: '#0f766e' };

/**
 * Issue 34: each loop its own colour, so that the loops of a storey read apart on the plan and in the list. Distinct
 * hues away from the other kinds' violet and teal, the selection's blue and the wall crossings' red; cycled past 8.
 */
export const LOOP_PALETTE = ['#ea580c', '#16a34a', '#c026d3', '#92400e', '#ca8a04', '#db2777', '#4d7c0f', '#475569'] as const;

const byNaturalId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id, undefined, { numeric: true });

/** Each Loop route's index among the model's loops in natural id order ('loop-2' before 'loop-10'). */
export function loopIndices(fire: Fire | null | undefined): Map<string, number> {
  const loops = Object.values(fire?.connections.routes ?? {})
    .filter((r) => r.kind === 'Loop')
    .sort(byNaturalId);
  return new Map(loops.map((r, k) => [r.id, k]));
}

/** The colour a route is drawn in: a loop's by its index, any other route its kind's. */
export function routeColour(route: Route, indices: ReadonlyMap<string, number>): string {
  const k = route.kind === 'Loop' ? indices.get(route.id) : undefined;
  return k === undefined ? KIND_COLOURS[route.kind] : LOOP_PALETTE[k % LOOP_PALETTE.length]!;
}
