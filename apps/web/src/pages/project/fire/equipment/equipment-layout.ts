import {
  DEFAULT_CENTRAL_RACK_SIZE,
  DEFAULT_EQUIPMENT_RACK_SIZE,
  DEFAULT_PLINTH_RACK_SIZE,
  RACK_UNIT_GROUPS,
  type Central,
  type Fire,
  type OtherRackUnit,
  type Plinth,
  type PowerSupply,
  type RackUnit,
  type RackUnitGroup,
  type Route,
} from '@edrf/model';
import { rackDisplayLabel, rackRoomRecord, type Box } from '../units/racks/rack-edits';

/**
 * Where things are on the equipment schematic (docs/fire-equipment.md), in rack units with y down, as F§9 lays
 * racks out: racks side by side (by room label, then rack id) with a gap, each rack's top at y 0, its units at
 * their rack_pos from its top left corner. The plan engine's world is y up: world = [x, -y] (toWorld / toSchematic).
 */

export type S = readonly [number, number];

/** The space between two racks side by side. */
export const RACK_GAP = 20;
/** F§9: the canvas' default view box, x 0, y −50, 250 by 250. */
export const VIEW_BOX = { x: 0, y: -50, width: 250, height: 250 } as const;
/** New cables nobody has placed yet wait in a row above the racks, inside the default view box. */
export const CABLE_SHELF_Y = -30;
export const CABLE_SHELF_STEP = 24;
export const CABLE_LENGTH = 16;

export const toWorld = ([x, y]: S): [number, number] => [x, -y];
export const toSchematic = ([x, y]: readonly [number, number]): [number, number] => [x, -y];

export interface RackPlace {
  rack: RackUnit;
  /** 'Equipment' for a non-physical rack, else the room record's label ('+D1'). */
  label: string;
  /** The rack's left side; its top is at y 0. */
  x: number;
}

export type EquipmentUnit = (
  | { group: 'centrals'; unit: Central }
  | { group: 'plinths'; unit: Plinth }
  | { group: 'power_supplies'; unit: PowerSupply }
  | { group: 'others'; unit: OtherRackUnit }
) & { id: string; rackId: string; box: Box };

/** The F§9 default size of a unit without a (known) product. */
export function unitSize(fire: Fire, group: RackUnitGroup, productId: string): readonly [number, number] {
  const products = fire.config.products;
  switch (group) {
    case 'centrals':
      return products.centrals.find((p) => p.id === productId)?.rack_size ?? DEFAULT_CENTRAL_RACK_SIZE;
    case 'plinths':
      return products.plinths.find((p) => p.id === productId)?.rack_size ?? DEFAULT_PLINTH_RACK_SIZE;
    case 'power_supplies':
      return products.power_supplies.find((p) => p.id === productId)?.rack_size ?? DEFAULT_EQUIPMENT_RACK_SIZE;
    case 'others':
      return products.other_rack_products.find((p) => p.id === productId)?.rack_size ?? DEFAULT_EQUIPMENT_RACK_SIZE;
  }
}

/** Every rack unit of the model (or of one rack), with its box in its rack. */
export function equipmentUnits(fire: Fire, rackId?: string): EquipmentUnit[] {
  return RACK_UNIT_GROUPS.flatMap((group) =>
    Object.values(fire.connections[group])
      .filter((unit) => rackId === undefined || unit.rack_id === rackId)
      .map(
        (unit) =>
          ({
            group,
            unit,
            id: unit.id,
            rackId: unit.rack_id,
            box: { pos: unit.rack_pos, size: unitSize(fire, group, unit.product_id) },
          }) as EquipmentUnit,
      ),
  );
}

const layouts = new WeakMap<Fire, RackPlace[]>();

/** The racks side by side: by room label ('+D2' before '+D10'; racks without a room record last), then rack id. */
export function rackLayout(fire: Fire): RackPlace[] {
  const cached = layouts.get(fire);
  if (cached) return cached;
  const sortKey = (rack: RackUnit) => rackRoomRecord(fire, rack.id)?.label ?? '\uffff';
  const racks = Object.values(fire.units.racks).sort(
    (a, b) => sortKey(a).localeCompare(sortKey(b), 'en', { numeric: true }) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  let x = 0;
  const places = racks.map((rack) => {
    const place = { rack, label: rackDisplayLabel(fire, rack), x };
    x += rack.size[0] + RACK_GAP;
    return place;
  });
  layouts.set(fire, places);
  return places;
}

export const placeOf = (fire: Fire, rackId: string): RackPlace | undefined => rackLayout(fire).find((p) => p.rack.id === rackId);

/** The rack whose box holds the point, or null. */
export function rackAtPoint(fire: Fire, [x, y]: S): RackPlace | null {
  return rackLayout(fire).find((p) => x >= p.x && x <= p.x + p.rack.size[0] && y >= 0 && y <= p.rack.size[1]) ?? null;
}

/** A unit's rectangle on the schematic: [left, top, right, bottom]. */
export function unitRect(place: RackPlace, box: Box): [number, number, number, number] {
  return [place.x + box.pos[0], box.pos[1], place.x + box.pos[0] + box.size[0], box.pos[1] + box.size[1]];
}

/** The unit under the point (the smaller one where boxes overlap), or null. */
export function unitAtPoint(fire: Fire, at: S): EquipmentUnit | null {
  const place = rackAtPoint(fire, at);
  if (!place) return null;
  const hits = equipmentUnits(fire, place.rack.id).filter((u) => {
    const [l, t, r, b] = unitRect(place, u.box);
    return at[0] >= l && at[0] <= r && at[1] >= t && at[1] <= b;
  });
  return hits.sort((a, b) => a.box.size[0] * a.box.size[1] - b.box.size[0] * b.box.size[1])[0] ?? null;
}

export function unitCentre(fire: Fire, unit: EquipmentUnit): S | null {
  const place = placeOf(fire, unit.rackId);
  if (!place) return null;
  const [l, t, r, b] = unitRect(place, unit.box);
  return [(l + r) / 2, (t + b) / 2];
}

/** Where a route's marker sits on its unit: near the top, so that it stays clear of cable ends (at the centre). */
export function routeAnchor(fire: Fire, unit: EquipmentUnit): S | null {
  const place = placeOf(fire, unit.rackId);
  if (!place) return null;
  const [l, t, r, b] = unitRect(place, unit.box);
  return [(l + r) / 2, t + Math.min(3, (b - t) / 4)];
}

/** The units whose connections list `id` (a cable's or a route's ends). */
export const unitsConnectedTo = (fire: Fire, id: string): EquipmentUnit[] =>
  equipmentUnits(fire).filter((u) => u.unit.connections.includes(id));

// ---- cables ----

/** Where ends of cables not on a unit were left on the page (they are not in the model's schema): cable id → both ends. */
export type FreeEnds = ReadonlyMap<string, readonly [S, S]>;

export interface CableEnd {
  /** The unit the end is on (the cable is in its connections), or null for a free end. */
  unit: EquipmentUnit | null;
  at: S;
}

/** A cable's place on the shelf above the racks, by its order among the cables. */
export function shelfEnds(fire: Fire, cableId: string): [S, S] {
  const index = Object.keys(fire.connections.cables).sort().indexOf(cableId);
  const x = 4 + Math.max(0, index) * CABLE_SHELF_STEP;
  return [
    [x, CABLE_SHELF_Y],
    [x + CABLE_LENGTH, CABLE_SHELF_Y],
  ];
}

/** A cable's two ends: on the units listing it (at most two), else where they were left, else on the shelf. */
export function cableEnds(fire: Fire, cableId: string, free: FreeEnds): [CableEnd, CableEnd] {
  const units = unitsConnectedTo(fire, cableId).slice(0, 2);
  const left = free.get(cableId) ?? shelfEnds(fire, cableId);
  const end = (i: 0 | 1): CableEnd => {
    const unit = units[i] ?? null;
    const at = unit ? unitCentre(fire, unit) : null;
    return at ? { unit, at } : { unit: null, at: left[i] };
  };
  return [end(0), end(1)];
}

// ---- routes ----

/** The racks a rack-to-rack route joins: its first and last nodes (they name racks, F§3 'Route'). */
export function routeRacks(route: Route): [string, string] {
  const first = route.slices[0]?.nodes[0]?.unit_id ?? '';
  const lastSlice = route.slices[route.slices.length - 1];
  const last = lastSlice?.nodes[lastSlice.nodes.length - 1]?.unit_id ?? '';
  return [first, last];
}

export interface RouteEnd {
  rackId: string;
  /** The unit of that rack the route is attached to (its connections list the route), if any. */
  unit: EquipmentUnit | null;
  /** The marker: the unit's centre, else the middle of the rack's top. */
  at: S;
}

/** The two ends of a rack-to-rack route on the schematic; null when a rack is missing. */
export function routeEnds(fire: Fire, route: Route): [RouteEnd, RouteEnd] | null {
  const racks = routeRacks(route);
  const connected = unitsConnectedTo(fire, route.id);
  const used = new Set<string>();
  const ends: RouteEnd[] = [];
  for (const rackId of racks) {
    const place = placeOf(fire, rackId);
    if (!place) return null;
    const unit = connected.find((u) => u.rackId === rackId && !used.has(u.id)) ?? null;
    if (unit) used.add(unit.id);
    const at = unit ? routeAnchor(fire, unit) : null;
    ends.push({ rackId, unit, at: at ?? [place.x + place.rack.size[0] / 2, 4] });
  }
  return [ends[0]!, ends[1]!];
}

/** The rack-to-rack routes (the ones this page draws). */
export const rackRoutes = (fire: Fire): Route[] => Object.values(fire.connections.routes).filter((r) => r.kind === 'RackToRack');
