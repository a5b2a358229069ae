import {
  DEFAULT_CENTRAL_RACK_SIZE,
  DEFAULT_EQUIPMENT_RACK_SIZE,
  DEFAULT_PLINTH_RACK_SIZE,
  RACK_UNIT_GROUPS,
  type Fire,
  type Model,
  type Plinth,
  type Point2,
  type RackUnit,
} from '@edrf/model';
import { pointInRings } from '../../../../../editor/hit-test';
import { setAt } from '../../../../../state/typed-path';
import {
  OTHER_Y_IN_RACK,
  RACK_MESSAGES,
  RACK_PADDING,
  insideRack,
  newRackUnitId,
  overlap,
  placeRackEdits,
  rackOutline,
  type Box,
  type RackPlacement,
} from './rack-edits';

/** The physical rack of the storey whose footprint holds the point (the last drawn, on top, when several do). */
export function rackAt(model: Model, storeyId: string, at: Point2): RackUnit | null {
  const racks = Object.values(model.fire?.units.racks ?? {}).filter((rack) => rack.storey_id === storeyId && rack.physical);
  return racks.reverse().find((rack) => pointInRings(at, [rackOutline(rack)])) ?? null;
}

/** Where the units of a rack lie, with their products' rack sizes (F§9 defaults without a product). */
export function rackBoxes(fire: Fire, rackId: string): Box[] {
  const products = fire.config.products;
  const sizeOf = {
    centrals: (id: string) => products.centrals.find((p) => p.id === id)?.rack_size ?? DEFAULT_CENTRAL_RACK_SIZE,
    plinths: (id: string) => products.plinths.find((p) => p.id === id)?.rack_size ?? DEFAULT_PLINTH_RACK_SIZE,
    power_supplies: (id: string) => products.power_supplies.find((p) => p.id === id)?.rack_size ?? DEFAULT_EQUIPMENT_RACK_SIZE,
    others: (id: string) => products.other_rack_products.find((p) => p.id === id)?.rack_size ?? DEFAULT_EQUIPMENT_RACK_SIZE,
  };
  return RACK_UNIT_GROUPS.flatMap((group) =>
    Object.values(fire.connections[group])
      .filter((unit) => unit.rack_id === rackId)
      .map((unit) => ({ pos: unit.rack_pos, size: sizeOf[group](unit.product_id) })),
  );
}

/**
 * The first free place of a unit of `size` on the others' row of a rack (F§9: y 6), left to right: at the padding
 * or just right of a unit already there. Null when the row is full.
 */
export function freePlace(
  rackSize: readonly [number, number],
  laid: readonly Box[],
  size: readonly [number, number],
): [number, number] | null {
  const xs = [RACK_PADDING, ...laid.map((box) => box.pos[0] + box.size[0])].sort((a, b) => a - b);
  for (const x of xs) {
    const box: Box = { pos: [x, OTHER_Y_IN_RACK], size };
    if (insideRack(box, rackSize) && !laid.some((other) => overlap(box, other))) return [x, OTHER_Y_IN_RACK];
  }
  return null;
}

/**
 * F§2's More menu 'Plinth': a press on a physical rack adds a plinth to it, at the first free place of its others'
 * row ('Failed to create rack unit plinth' when there is none, and nothing changes); a press elsewhere in a room
 * places a rack holding a plinth (the rack rules: refused outside rooms, '+Dn' records).
 */
export function placePlinthEdits(model: Model, storeyId: string, at: Point2, angle = 0): RackPlacement {
  const fire = model.fire;
  const rack = fire ? rackAt(model, storeyId, at) : null;
  if (!fire || !rack) return placeRackEdits(model, storeyId, at, 'plinth', angle);
  const product = fire.config.products.plinths[0];
  const warnings = product ? [] : [RACK_MESSAGES.noProduct('plinth')];
  const pos = freePlace(rack.size, rackBoxes(fire, rack.id), product?.rack_size ?? DEFAULT_PLINTH_RACK_SIZE);
  const room = Object.values(fire.connections.rooms).find((record) => record.racks.includes(rack.id));
  const placed = { ok: true as const, rackId: rack.id, roomId: room?.id ?? '', roomLabel: room?.label ?? '', warnings };
  if (!pos) return { ...placed, units: [], requests: [], errors: [RACK_MESSAGES.failed('plinth')] };
  const id = newRackUnitId(fire, 'plinth');
  const plinth: Plinth = { id, product_id: product?.id ?? '', rack_id: rack.id, rack_pos: pos, connections: [] };
  return { ...placed, units: [{ group: 'plinths', id }], requests: [setAt(['fire', 'connections', 'plinths', id], plinth)], errors: [] };
}
