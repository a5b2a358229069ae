import { UNIT_GROUPS, type Fire, type Model, type Route } from '@edrf/model';
import { tidyRoute } from '../route-edits';

/** What Optimize gets back (calc_fire_cabling, F§7): the connections with the loops made anew, and the engine's checks. */
export interface CablingAnswer {
  connections: Fire['connections'];
  validation: { warnings: { warning_id: string; unit_id: string; section_id: string; message: string }[] };
}

/**
 * Optimize's answer merged into the model as it is when it arrives (the pattern of the units design and sections Run):
 * the engine replaces every Loop route and keeps the others, so the answer's Loop routes replace the model's, and every
 * other route stays as the user has it now. A loop may not name what was deleted meanwhile: nodes on a deleted unit
 * come loose, slices on a deleted storey go (then F§4's tidying), a deleted cable product is cleared; an id taken
 * meanwhile by a route or cable moves to the next free `loop-N`. Null: nothing to apply.
 */
export function mergeOptimized(now: Model, answer: CablingAnswer): Model | null {
  const fire = now.fire;
  if (!fire) return null;
  const unitExists = (id: string) => UNIT_GROUPS.some((group) => Object.hasOwn(fire.units[group], id));
  const cableExists = (id: string) => fire.config.products.cables.some((c) => c.id === id);
  const routes: Fire['connections']['routes'] = {};
  for (const route of Object.values(fire.connections.routes)) if (route.kind !== 'Loop') routes[route.id] = route;
  const taken = (id: string) => Object.hasOwn(routes, id) || Object.hasOwn(fire.connections.cables, id);
  let n = 1;
  for (const loop of Object.values(answer.connections.routes)) {
    if (loop.kind !== 'Loop') continue;
    const cleaned: Route = {
      ...loop,
      product_id: cableExists(loop.product_id) ? loop.product_id : '',
      slices: loop.slices
        .filter((slice) => Object.hasOwn(now.arch.storeys, slice.storey_id))
        .map((slice) => ({
          ...slice,
          nodes: slice.nodes.map((node) => (node.unit_id === '' || unitExists(node.unit_id) ? node : { ...node, unit_id: '' })),
        })),
    };
    const tidy = tidyRoute(cleaned);
    if (!tidy) continue;
    let id = tidy.id;
    if (taken(id)) {
      while (taken(`loop-${n}`)) n++;
      id = `loop-${n}`;
    }
    routes[id] = { ...tidy, id };
  }
  return { ...now, fire: { ...fire, connections: { ...fire.connections, routes } } };
}

/** The toast after Optimize: how many loops there are now and how many units they reach. */
export function optimizeMessage(model: Model): string {
  const loops = Object.values(model.fire?.connections.routes ?? {}).filter((route) => route.kind === 'Loop');
  const units = new Set(
    loops
      .flatMap((loop) => loop.slices.flatMap((s) => s.nodes.map((n) => n.unit_id)))
      .filter((id) => id !== '' && !model.fire?.units.racks[id]),
  );
  const plural = (k: number, one: string, many: string) => `${k} ${k === 1 ? one : many}`;
  return `${plural(loops.length, 'loop', 'loops')}, ${plural(units.size, 'unit', 'units')}`;
}
