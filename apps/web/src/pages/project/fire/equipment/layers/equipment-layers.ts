import type { Point2 } from '@edrf/model';
import { planItem, type PlanLayer, type Ring } from '../../../../../editor/layers';
import {
  CABLE_SHELF_Y,
  VIEW_BOX,
  equipmentUnits,
  placeOf,
  rackLayout,
  rackRoutes,
  routeEnds,
  toWorld,
  unitRect,
  type S,
} from '../equipment-layout';
import { UNIT_KIND } from '../equipment-edits';

/**
 * The schematic's layers for the plan engine (docs/fire-equipment.md): the view box, the racks side by side, their
 * units at their rack positions and the rack-to-rack routes. The engine is y up: every point goes through toWorld.
 * Items are built from the model alone; what depends on other racks (the layout) is in each item's `depends`.
 */

export const FRAME_LAYER = 'equipment-frame';
export const RACKS_LAYER = 'equipment-racks';
export const UNITS_LAYER = 'equipment-units';
export const ROUTES_LAYER = 'equipment-routes';

export const RACK_COLOUR = '#b3261e';
export const ROUTE_COLOUR = '#1f6fd6';
/** Half the width of a route's line where a click picks it, in rack units. */
const ROUTE_PICK_HALF_WIDTH = 1.2;

const rect = (l: number, t: number, r: number, b: number): Ring => [toWorld([l, t]), toWorld([l, b]), toWorld([r, b]), toWorld([r, t])];

/** A thin quad around a line (a route's pick area). */
function band(a: S, b: S, half: number): Ring {
  const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
  const length = Math.hypot(dx, dy) || 1;
  const [nx, ny] = [(-dy / length) * half, (dx / length) * half];
  const points: S[] = [
    [a[0] + nx, a[1] + ny],
    [b[0] + nx, b[1] + ny],
    [b[0] - nx, b[1] - ny],
    [a[0] - nx, a[1] - ny],
  ];
  return points.map(toWorld);
}

/**
 * F§9's default view box (x 0, y −50, 250 by 250) with every rack and the cable shelf, as one invisible item: the
 * engine fits the view to its scene, so the first view (and F) show at least the view box.
 */
export const frameLayer: PlanLayer = {
  id: FRAME_LAYER,
  order: 0,
  priority: 0,
  pick: 'none',
  items: (model, _storey, add) => {
    const fire = model.fire;
    if (!fire) return;
    const places = rackLayout(fire);
    const right = Math.max(VIEW_BOX.x + VIEW_BOX.width, ...places.map((p) => p.x + p.rack.size[0]));
    const bottom = Math.max(VIEW_BOX.y + VIEW_BOX.height, ...places.map((p) => p.rack.size[1]));
    const top = Math.min(VIEW_BOX.y, CABLE_SHELF_Y - 10);
    add(fire.units.racks, `${right}|${bottom}|${top}`, () =>
      planItem({ kind: 'fire.units.racks', id: '' }, FRAME_LAYER, [rect(VIEW_BOX.x, top, right, bottom)]),
    );
  },
  style: () => ({}),
};

/** The racks, each its box; non-physical racks ('Equipment') dashed. Titles are a painter's (above the box). */
export const racksLayer: PlanLayer = {
  id: RACKS_LAYER,
  order: 10,
  priority: 10,
  pick: 'area',
  items: (model, _storey, add) => {
    const fire = model.fire;
    if (!fire) return;
    for (const place of rackLayout(fire)) {
      const { rack, x } = place;
      add(rack, x, () =>
        planItem({ kind: 'fire.units.racks', id: rack.id }, RACKS_LAYER, [rect(x, 0, x + rack.size[0], rack.size[1])], {
          styleKey: rack.physical ? undefined : 'equipment',
        }),
      );
    }
  },
  style: (key) =>
    key === 'equipment'
      ? { fill: '#ffffff', stroke: RACK_COLOUR, width: 1.5, dash: [6, 4] }
      : { fill: 'rgba(179, 38, 30, 0.06)', stroke: RACK_COLOUR, width: 2 },
};

const UNIT_STYLES = {
  centrals: { fill: '#fde2b8', stroke: '#a15c00', width: 1.5 },
  plinths: { fill: '#d9d9d9', stroke: '#444444', width: 1 },
  power_supplies: { fill: '#cfe8cf', stroke: '#2e7d32', width: 1.5 },
  others: { fill: '#e1d5f5', stroke: '#5e35b1', width: 1.5 },
} as const;

/** The rack units (centrals, plinths, power supplies, others) at their rack positions, coloured by kind. */
export const unitsLayer: PlanLayer = {
  id: UNITS_LAYER,
  order: 20,
  priority: 20,
  pick: 'area',
  items: (model, _storey, add) => {
    const fire = model.fire;
    if (!fire) return;
    for (const unit of equipmentUnits(fire)) {
      const place = placeOf(fire, unit.rackId);
      if (!place) continue;
      const [l, t, r, b] = unitRect(place, unit.box);
      add(unit.unit, `${l},${t},${r},${b}`, () =>
        planItem({ kind: UNIT_KIND[unit.group], id: unit.id }, UNITS_LAYER, [rect(l, t, r, b)], { styleKey: unit.group }),
      );
    }
  },
  style: (key) => UNIT_STYLES[(key ?? 'plinths') as keyof typeof UNIT_STYLES] ?? UNIT_STYLES.plinths,
};

/** The rack-to-rack routes as lines between their two ends (the units they are on, or their racks' tops). */
export const routesLayer: PlanLayer = {
  id: ROUTES_LAYER,
  order: 30,
  priority: 30,
  pick: 'area',
  items: (model, _storey, add) => {
    const fire = model.fire;
    if (!fire) return;
    for (const route of rackRoutes(fire)) {
      const ends = routeEnds(fire, route);
      if (!ends) continue;
      const [a, b] = [ends[0].at, ends[1].at];
      const line: [Point2, Point2] = [toWorld(a), toWorld(b)];
      add(route, [...a, ...b].join(','), () =>
        planItem({ kind: 'fire.connections.routes', id: route.id }, ROUTES_LAYER, [band(a, b, ROUTE_PICK_HALF_WIDTH)], { lines: [line] }),
      );
    }
  },
  style: () => ({ fill: 'rgba(31, 111, 214, 0.12)' }),
  lineStyle: { stroke: ROUTE_COLOUR, width: 3 },
};

export const equipmentLayers = (): PlanLayer[] => [frameLayer, racksLayer, unitsLayer, routesLayer];
