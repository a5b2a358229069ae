import type { ItemRef, Model, Route } from '@edrf/model';
import { NOTHING, type Selection } from '../../../../editor/selection';

/**
 * What is selected on the routes page (F§4: a route, then a slice, then a node), read from the engine's selection:
 * the route is the item, the slice or node its part ('slice:1', 'node:1:3' — slice index, node index in it).
 */
export type RoutesPick =
  { kind: 'none' } | { kind: 'route'; routeId: string; slice: number | null; node: number | null } | { kind: 'routes'; count: number };

export const routeRef = (id: string): ItemRef => ({ kind: 'fire.connections.routes', id });

/** The engine's selection of a route, one of its slices, or one of a slice's nodes. */
export function selectRoute(routeId: string, slice: number | null = null, node: number | null = null): Selection {
  const ref = routeRef(routeId);
  if (slice === null) return { kind: 'items', items: [ref] };
  return { kind: 'items', items: [ref], part: { ref, part: node === null ? `slice:${slice}` : `node:${slice}:${node}` } };
}

function partOf(part: string | undefined, route: Route): { slice: number | null; node: number | null } {
  const match = /^(?:slice:(\d+)|node:(\d+):(\d+))$/.exec(part ?? '');
  if (!match) return { slice: null, node: null };
  const slice = Number(match[1] ?? match[2]);
  const nodes = route.slices[slice]?.nodes;
  if (!nodes) return { slice: null, node: null };
  if (match[3] === undefined) return { slice, node: null };
  const node = Number(match[3]);
  return node < nodes.length ? { slice, node } : { slice, node: null };
}

export function pickOf(selection: Selection, model: Model): RoutesPick {
  const routes = model.fire?.connections.routes;
  if (selection.kind !== 'items' || !routes) return { kind: 'none' };
  const refs = selection.items.filter((ref) => ref.kind === 'fire.connections.routes' && routes[ref.id]);
  if (refs.length > 1) return { kind: 'routes', count: refs.length };
  const [ref] = refs;
  if (!ref) return { kind: 'none' };
  const part = selection.part?.ref.id === ref.id ? selection.part.part : undefined;
  return { kind: 'route', routeId: ref.id, ...partOf(part, routes[ref.id]!) };
}

/** The selection as pickOf reads it (a part that no longer exists falls back to its slice, or the route). */
export function normalSelection(selection: Selection, model: Model): Selection {
  const pick = pickOf(selection, model);
  if (pick.kind === 'route') return selectRoute(pick.routeId, pick.slice, pick.node);
  return pick.kind === 'none' ? NOTHING : selection;
}
