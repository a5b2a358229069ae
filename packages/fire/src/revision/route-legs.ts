import type { Route, RouteSlice } from '@edrf/model';
import type { StoreyNode } from '../cabling/route-slices.js';

/** A leg's key: its two stops, in cable order. */
export const legKey = (from: string, to: string) => `${from}\n${to}`;

/**
 * A route's legs as it is drawn, by their stops (legKey), each also under its reverse with its nodes reversed: the
 * nodes from one locked unit to the next, both ends included. A unit locked twice in a row ends a leg where it is
 * first locked. The stretches before the first stop and after the last belong to no leg.
 */
export function routeLegs(route: Route): Map<string, StoreyNode[]> {
  const legs = new Map<string, StoreyNode[]>();
  let from: string | undefined;
  let nodes: StoreyNode[] = [];
  for (const slice of route.slices)
    for (const node of slice.nodes) {
      const here = { storeyId: slice.storey_id, node };
      if (from !== undefined) nodes.push(here);
      if (node.unit_id === '' || node.unit_id === from) continue;
      if (from !== undefined) {
        const [forth, back] = [legKey(from, node.unit_id), legKey(node.unit_id, from)];
        if (!legs.has(forth)) legs.set(forth, nodes);
        if (!legs.has(back)) legs.set(back, [...nodes].reverse());
      }
      from = node.unit_id;
      nodes = [here];
    }
  return legs;
}

/** A leg's nodes as slices (consecutive nodes of one storey together), to be judged as a route is. */
export function legSlices(nodes: readonly StoreyNode[]): RouteSlice[] {
  const slices: RouteSlice[] = [];
  for (const { storeyId, node } of nodes) {
    const last = slices.at(-1);
    if (last && last.storey_id === storeyId) last.nodes.push(node);
    else slices.push({ storey_id: storeyId, nodes: [node] });
  }
  return slices;
}
