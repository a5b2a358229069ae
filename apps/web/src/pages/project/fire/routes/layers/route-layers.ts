import { routeWallCrossings, type WallCrossing } from '@edrf/fire';
import type { Arch, Model, Point2, Route } from '@edrf/model';
import { planItem, type LayerStyle, type PlanItem, type PlanLayer, type Ring } from '../../../../../editor/layers';
import type { OverlayPainter } from '../../../../../editor/overlay';
import type { LabelSource } from '../../../../../editor/plan-labels';
import { SECTION_DOT_ADDRESS, addressLabels, addressesLayer } from '../../units/layers/address-labels';
import { rackLayer } from '../../units/racks/rack-layer';
import { labelTexts, unitLayers, unitsBackgroundLayers } from '../../units/layers/unit-layers';
import { pickOf } from '../route-selection';
import { loopIndices, routeColour } from './route-colours';

/**
 * The plan of the routes page (F§2 '/fire/routes'): the architecture behind, the units and racks (the units page's
 * symbols), and over them each route's slices on the shown storey as lines in its colour (a loop's own, else its kind's); the selected route's
 * nodes, its selected slice and node are painted on top.
 */

export const ROUTES_LAYER = 'fire-routes';
export const isRouteItem = (item: PlanItem): boolean => item.layer === ROUTES_LAYER;

const flat = (coord: readonly number[]): Point2 => [coord[0]!, coord[1]!];

/** A slice as a ring run forth and back: drawn as its line, and picked near it (the layer picks outlines only). */
const sliceRing = (points: readonly Point2[]): Ring => [...points, ...[...points].reverse().slice(1, -1)];

/** The slices of a route on a storey, each with its index in the route. */
export const slicesOn = (route: Route, storeyId: string) =>
  route.slices.flatMap((slice, index) => (slice.storey_id === storeyId ? [{ slice, index }] : []));

export const routesLayer: PlanLayer = {
  id: ROUTES_LAYER,
  order: 40,
  priority: 40,
  toggle: { label: 'Routes', on: true, place: 3 },
  pick: 'outline',
  items: (model, storeyId, add) => {
    const indices = loopIndices(model.fire);
    for (const route of Object.values(model.fire?.connections.routes ?? {})) {
      const on = slicesOn(route, storeyId);
      if (on.length === 0) continue;
      // The style key is the colour itself: a loop's depends on its index among the loops (issue 34).
      const colour = routeColour(route, indices);
      add(route, `${storeyId}|${colour}`, () =>
        planItem(
          { kind: 'fire.connections.routes', id: route.id },
          ROUTES_LAYER,
          on.map(({ slice }) => sliceRing(slice.nodes.map((n) => flat(n.coord)))),
          { styleKey: colour },
        ),
      );
    }
  },
  style: (key): LayerStyle => ({ stroke: key ?? '#555555', width: 2.5 }),
};

/** The layers of the page, bottom to top. */
export const routesLayers = (): PlanLayer[] => [
  ...unitsBackgroundLayers(),
  { ...rackLayer(), order: 19, priority: 19 },
  ...unitLayers(),
  routesLayer,
  addressesLayer,
];

const SELECTED = '#1d4ed8';
const CROSSING = '#dc2626';

/** A loop's wall crossings, kept per route object while the architecture stays (a route edit makes a new object). */
const crossingsCache = new WeakMap<Route, { arch: Arch; crossings: WallCrossing[] }>();
function crossingsOf(arch: Arch, route: Route): WallCrossing[] {
  const kept = crossingsCache.get(route);
  if (kept?.arch === arch) return kept.crossings;
  const crossings = routeWallCrossings(arch, route);
  crossingsCache.set(route, { arch, crossings });
  return crossings;
}

/**
 * F§4: the selected route's nodes (locked ones filled), its selected slice drawn thick, its selected node large; and
 * where a selected loop passes through a wall without a door, a red mark (issue 33: the holes to drill and seal).
 */
export const selectedRoutePainter: OverlayPainter = (draw, editor) => {
  const model: Model = editor.model;
  const pick = pickOf(editor.selection, model);
  if (pick.kind !== 'route') return;
  const route = model.fire?.connections.routes[pick.routeId];
  if (!route) return;
  for (const { slice, index } of slicesOn(route, editor.storeyId)) {
    const points = slice.nodes.map((n) => flat(n.coord));
    const chosen = index === pick.slice;
    draw.polyline(points, { stroke: SELECTED, width: chosen ? 5 : 2.5, dash: chosen ? undefined : [6, 4] });
    draw.handles(
      slice.nodes.filter((n) => n.unit_id === '').map((n) => flat(n.coord)),
      { fill: '#ffffff', stroke: SELECTED, width: 1.5, size: chosen ? 9 : 7 },
    );
    draw.handles(
      slice.nodes.filter((n) => n.unit_id !== '').map((n) => flat(n.coord)),
      { fill: SELECTED, stroke: '#ffffff', width: 1.5, size: chosen ? 9 : 7 },
    );
    if (chosen && pick.node !== null) {
      const node = slice.nodes[pick.node];
      if (node) draw.handles([flat(node.coord)], { fill: '#facc15', stroke: '#111111', width: 2, size: 14 });
    }
  }
  if (route.kind !== 'Loop') return;
  const here = crossingsOf(model.arch, route).filter((c) => c.storeyId === editor.storeyId);
  draw.handles(
    here.map((c) => c.point),
    { fill: CROSSING, stroke: '#ffffff', width: 1.5, size: 10 },
  );
};

/** The page's painters: the labels' texts, the selected route. */
export const routesPainters = (): OverlayPainter[] => [labelTexts, selectedRoutePainter];

/** The texts the plan places: each unit's section.address beside it, to follow a loop's cable order on the plan. */
export const routesLabels = (): LabelSource[] => [addressLabels(SECTION_DOT_ADDRESS)];
