import {
  DEFAULT_CENTRAL_RACK_SIZE,
  DEFAULT_PLINTH_RACK_SIZE,
  RACK_UNIT_GROUPS,
  UNIT_GROUPS,
  defaultUnitZ,
  newRack,
  polygonArea,
  type Central,
  type ConnectionRoom,
  type Fire,
  type Model,
  type Plinth,
  type Point2,
  type RackUnit,
  type Room,
} from '@edrf/model';
import { pointInRings } from '../../../../../editor/hit-test';
import { setAt } from '../../../../../state/typed-path';
import type { EditRequest } from '../../../../../state/history';

/**
 * Racks on the fire units page (F§3 Rack unit and Connections, F§4 Unit placement, F§8, F§9), as pure
 * functions that answer edit requests for the project store. docs/fire-racks.md explains the decisions.
 *
 * - A rack stands in a room of its storey (the smallest room whose shape, holes excluded, holds the point);
 *   elsewhere it is refused with 'Racks must be placed in a room'.
 * - The room's connections record (connections.rooms[room id]) lists the rack; a room without one gets one,
 *   labelled '+D1', '+D2' … the first label no record of the model has.
 * - 'Rack with central and plinth' adds a central and a plinth to the new rack; 'Central alone' makes a
 *   non-physical rack ('Equipment') sized around a central. The first central product and the first plinth
 *   product are used; an empty list logs 'No product found for {unit}' and the unit is made without a product.
 *   A unit that does not fit in the rack is not made: 'Failed to create rack unit {type}'.
 */

/**
 * What the rack tool places: a bare rack, a rack with a central and a plinth, a central alone (F§2), or a plinth
 * (the More menu: into the rack pressed on, or in a rack of its own; plinth-edits.ts).
 */
export type RackMode = 'rack' | 'rack-central-plinth' | 'central' | 'plinth';
export const RACK_MODES: readonly RackMode[] = ['rack', 'rack-central-plinth', 'central', 'plinth'];

/** The F§8 texts of this part of the page, word for word. */
export const RACK_MESSAGES = {
  notInRoom: 'Racks must be placed in a room',
  noProduct: (unit: RackUnitType) => `No product found for ${unit}`,
  failed: (type: RackUnitType) => `Failed to create rack unit ${type}`,
} as const;

/** The rack units placing a rack may add, as named in the F§8 messages. */
export type RackUnitType = 'central' | 'plinth';

/** F§3: non-physical racks are shown as 'Equipment'. */
export const EQUIPMENT_LABEL = 'Equipment';

// ---- F§9 rack layout, in rack units (x right, y down from the rack's top left corner) ----

/** Room kept free along every side of a rack. */
export const RACK_PADDING = 2;
/** The y of a central inside a physical rack. */
export const CENTRAL_Y_IN_RACK = 23;
/** The y of the other units (a plinth) inside a physical rack. */
export const OTHER_Y_IN_RACK = 6;
/** A non-physical rack's units lie at this vertical offset (it is sized around them with RACK_PADDING). */
export const NON_PHYSICAL_OFFSET = 2;

/**
 * The rack's footprint on the plan, in metres, as the 3D view's 'Rack' shape draws it (0.6 × 0.6 m, standing
 * on the rack's coord at the middle of its back side, turned by its angle): plan and 3D show the same box.
 */
export const RACK_FOOTPRINT = { minX: -0.3, maxX: 0.3, minY: 0, maxY: 0.6 } as const;

/** The label prefix of connections room records (F§4). */
export const ROOM_LABEL_PREFIX = '+D';

const requireFire = (model: Model): Fire => {
  if (!model.fire) throw new Error('No fire module configured');
  return model.fire;
};

/** The room of `storeyId` the point lies in; where rooms overlap (a room inside another), the smaller one. Null if none. */
export function roomAt(model: Model, storeyId: string, point: Point2): Room | null {
  const storey = model.arch.storeys[storeyId];
  if (!storey) throw new Error(`No storey ${storeyId}`);
  let best: Room | null = null;
  let bestArea = Infinity;
  for (const id of storey.rooms) {
    const room = model.arch.rooms[id];
    if (!room || !pointInRings(point, [room.shape.exterior, ...room.shape.interiors])) continue;
    const area = polygonArea(room.shape);
    if (area < bestArea) [best, bestArea] = [room, area];
  }
  return best;
}

/** '+D1', '+D2' …: the first label no connections room record of the model has (gaps are filled first). */
export function nextRoomLabel(fire: Fire): string {
  const used = new Set(Object.values(fire.connections.rooms).map((record) => record.label));
  let n = 1;
  while (used.has(`${ROOM_LABEL_PREFIX}${n}`)) n++;
  return `${ROOM_LABEL_PREFIX}${n}`;
}

/** A unit id `${prefix}-N` (the first free N) that no unit of any of the seven groups has, nor `taken`. */
export function newUnitId(fire: Fire, prefix: string, taken: ReadonlySet<string> = new Set()): string {
  const used = (id: string) => taken.has(id) || UNIT_GROUPS.some((group) => Object.hasOwn(fire.units[group], id));
  let n = 1;
  while (used(`${prefix}-${n}`)) n++;
  return `${prefix}-${n}`;
}

/** A rack unit id `${prefix}-N` that no central, plinth, power supply or other rack unit has, nor `taken`. */
export function newRackUnitId(fire: Fire, prefix: string, taken: ReadonlySet<string> = new Set()): string {
  const used = (id: string) => taken.has(id) || RACK_UNIT_GROUPS.some((group) => Object.hasOwn(fire.connections[group], id));
  let n = 1;
  while (used(`${prefix}-${n}`)) n++;
  return `${prefix}-${n}`;
}

/** The connections room record listing the rack, or undefined. */
export const rackRoomRecord = (fire: Fire, rackId: string): ConnectionRoom | undefined =>
  Object.values(fire.connections.rooms).find((record) => record.racks.includes(rackId));

/**
 * What the plan writes on a rack: 'Equipment' for a non-physical rack (F§3); otherwise its room record's
 * label ('+D1'), followed by the rack's own label when it has one ('+D1 A').
 */
export function rackDisplayLabel(fire: Fire, rack: RackUnit): string {
  if (!rack.physical) return EQUIPMENT_LABEL;
  return [rackRoomRecord(fire, rack.id)?.label ?? '', rack.label].filter((text) => text !== '').join(' ');
}

/** Degrees in [0, 360). */
export const normalizeAngle = (degrees: number): number => (((degrees % 360) + 360) % 360) + 0;

/** The rack's footprint on the plan (RACK_FOOTPRINT at its coord, turned counter-clockwise by its angle), counter-clockwise. */
export function rackOutline(rack: Pick<RackUnit, 'coord' | 'angle'>): Point2[] {
  const { minX, maxX, minY, maxY } = RACK_FOOTPRINT;
  const a = (rack.angle * Math.PI) / 180;
  const [cos, sin] = [Math.cos(a), Math.sin(a)];
  const [x, y] = rack.coord;
  const turn = ([u, v]: Point2): Point2 => [x + u * cos - v * sin, y + u * sin + v * cos];
  return (
    [
      [minX, minY],
      [maxX, minY],
      [maxX, maxY],
      [minX, maxY],
    ] as Point2[]
  ).map(turn);
}

/** A rack unit's place in its rack (rack units, from the rack's top left corner). */
export interface Box {
  pos: readonly [number, number];
  size: readonly [number, number];
}

/** Inside the rack, RACK_PADDING from every side. */
export const insideRack = ({ pos, size }: Box, rack: readonly [number, number]): boolean =>
  pos[0] >= RACK_PADDING &&
  pos[1] >= RACK_PADDING &&
  pos[0] + size[0] <= rack[0] - RACK_PADDING &&
  pos[1] + size[1] <= rack[1] - RACK_PADDING;

export const overlap = (a: Box, b: Box): boolean =>
  a.pos[0] < b.pos[0] + b.size[0] && b.pos[0] < a.pos[0] + a.size[0] && a.pos[1] < b.pos[1] + b.size[1] && b.pos[1] < a.pos[1] + a.size[1];

export interface PlacedRack {
  ok: true;
  rackId: string;
  roomId: string;
  /** The room record's label ('+D1'), new or existing. */
  roomLabel: string;
  /** The rack units made with it, in order. */
  units: { group: 'centrals' | 'plinths'; id: string }[];
  requests: EditRequest[];
  /** F§8 'No product found for {unit}': to log (console.warn); the unit is still made, without a product. */
  warnings: string[];
  /** F§8 'Failed to create rack unit {type}': to show as error toasts; the rack and the other units are still made. */
  errors: string[];
}

export interface RefusedRack {
  ok: false;
  /** F§8 'Racks must be placed in a room'. */
  error: string;
}

export type RackPlacement = PlacedRack | RefusedRack;

/** The requests that list `rackId` in the record of `room`, creating the record ('+Dn') when the room has none. */
export function joinRoomRecord(fire: Fire, room: Room, rackId: string): { label: string; requests: EditRequest[] } {
  const record = fire.connections.rooms[room.id];
  if (record) {
    const racks = record.racks.includes(rackId) ? record.racks : [...record.racks, rackId];
    return {
      label: record.label,
      requests: racks === record.racks ? [] : [setAt(['fire', 'connections', 'rooms', room.id, 'racks'], racks)],
    };
  }
  const label = nextRoomLabel(fire);
  const created: ConnectionRoom = { id: room.id, name: room.name, label, racks: [rackId], notes: '' };
  return { label, requests: [setAt(['fire', 'connections', 'rooms', room.id], created)] };
}

/**
 * Places a rack at `at` on a storey (F§4): at the storey's min_z + 0.1, size [46,220] (a central alone:
 * a non-physical rack sized around the central), turned by `angle` degrees, listed in its room's record.
 * Refused outside every room of the storey. Throws for a model without a fire module or an unknown storey.
 */
export function placeRackEdits(model: Model, storeyId: string, at: Point2, mode: RackMode, angle = 0): RackPlacement {
  const fire = requireFire(model);
  const storey = model.arch.storeys[storeyId];
  if (!storey) throw new Error(`No storey ${storeyId}`);
  const room = roomAt(model, storeyId, at);
  if (!room) return { ok: false, error: RACK_MESSAGES.notInRoom };

  const rackId = newUnitId(fire, 'rack');
  const rack: RackUnit = {
    ...newRack(rackId, storeyId, [at[0], at[1], defaultUnitZ('racks', storey.height)]),
    angle: normalizeAngle(angle),
  };
  const warnings: string[] = [];
  const errors: string[] = [];
  const units: PlacedRack['units'] = [];
  const unitRequests: EditRequest[] = [];
  const laid: Box[] = [];

  const central = (): { product: string; size: readonly [number, number]; ports: number } => {
    const product = fire.config.products.centrals[0];
    if (!product) warnings.push(RACK_MESSAGES.noProduct('central'));
    return {
      product: product?.id ?? '',
      size: product?.rack_size ?? DEFAULT_CENTRAL_RACK_SIZE,
      ports: product?.extension_ports.length ?? 0,
    };
  };
  const addCentral = (c: ReturnType<typeof central>, pos: [number, number], rackSize: readonly [number, number]) => {
    const box = { pos, size: c.size };
    if (!insideRack(box, rackSize) || laid.some((other) => overlap(box, other))) {
      errors.push(RACK_MESSAGES.failed('central'));
      return;
    }
    laid.push(box);
    const id = newRackUnitId(fire, 'central', new Set(units.map((unit) => unit.id)));
    const unit: Central = {
      id,
      product_id: c.product,
      rack_id: rackId,
      rack_pos: pos,
      connections: [],
      // F§9: the first central is the main central (and a model whose main central was deleted gets the next one).
      main_central: !Object.values(fire.connections.centrals).some((other) => other.main_central),
      extensions: Array.from({ length: c.ports }, () => ''),
    };
    units.push({ group: 'centrals', id });
    unitRequests.push(setAt(['fire', 'connections', 'centrals', id], unit));
  };
  const addPlinth = (pos: [number, number], rackSize: readonly [number, number]) => {
    const product = fire.config.products.plinths[0];
    if (!product) warnings.push(RACK_MESSAGES.noProduct('plinth'));
    const box = { pos, size: product?.rack_size ?? DEFAULT_PLINTH_RACK_SIZE };
    if (!insideRack(box, rackSize) || laid.some((other) => overlap(box, other))) {
      errors.push(RACK_MESSAGES.failed('plinth'));
      return;
    }
    laid.push(box);
    const id = newRackUnitId(fire, 'plinth', new Set(units.map((unit) => unit.id)));
    const unit: Plinth = { id, product_id: product?.id ?? '', rack_id: rackId, rack_pos: pos, connections: [] };
    units.push({ group: 'plinths', id });
    unitRequests.push(setAt(['fire', 'connections', 'plinths', id], unit));
  };

  switch (mode) {
    case 'rack':
      break;
    case 'plinth':
      addPlinth([RACK_PADDING, OTHER_Y_IN_RACK], rack.size);
      break;
    case 'rack-central-plinth':
      // The central first: it has its own place (y 23); the plinth then takes the other units' place (y 6).
      addCentral(central(), [RACK_PADDING, CENTRAL_Y_IN_RACK], rack.size);
      addPlinth([RACK_PADDING, OTHER_Y_IN_RACK], rack.size);
      break;
    case 'central': {
      const c = central();
      rack.physical = false;
      rack.size = [c.size[0] + 2 * RACK_PADDING, c.size[1] + 2 * NON_PHYSICAL_OFFSET];
      addCentral(c, [RACK_PADDING, NON_PHYSICAL_OFFSET], rack.size);
      break;
    }
  }

  const joined = joinRoomRecord(fire, room, rackId);
  return {
    ok: true,
    rackId,
    roomId: room.id,
    roomLabel: joined.label,
    units,
    requests: [setAt(['fire', 'units', 'racks', rackId], rack), ...joined.requests, ...unitRequests],
    warnings,
    errors,
  };
}

/**
 * Moves a rack to `to` on its storey (a drag on the plan): refused outside every room; into another room,
 * the rack leaves its old record (which stays, with its label, even when empty) and joins the new room's,
 * created '+Dn' if there is none. The rack's z and units stay as they are.
 */
export function moveRackEdits(model: Model, rackId: string, to: Point2): { ok: true; requests: EditRequest[] } | RefusedRack {
  const fire = requireFire(model);
  const rack = fire.units.racks[rackId];
  if (!rack) throw new Error(`No rack ${rackId}`);
  const room = roomAt(model, rack.storey_id, to);
  if (!room) return { ok: false, error: RACK_MESSAGES.notInRoom };
  const requests: EditRequest[] = [setAt(['fire', 'units', 'racks', rackId, 'coord'], [to[0], to[1], rack.coord[2]])];
  for (const record of Object.values(fire.connections.rooms))
    if (record.id !== room.id && record.racks.includes(rackId))
      requests.push(
        setAt(
          ['fire', 'connections', 'rooms', record.id, 'racks'],
          record.racks.filter((id) => id !== rackId),
        ),
      );
  requests.push(...joinRoomRecord(fire, room, rackId).requests);
  return { ok: true, requests };
}
