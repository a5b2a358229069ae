import { routeBetweenRacks } from '@edrf/fire';
import {
  DEFAULT_CENTRAL_RACK_SIZE,
  DEFAULT_EQUIPMENT_RACK_SIZE,
  DEFAULT_PLINTH_RACK_SIZE,
  type Cable,
  type Central,
  type Fire,
  type ItemRef,
  type Model,
  type OtherRackUnit,
  type Plinth,
  type PowerSupply,
  type RackUnitGroup,
  type Route,
} from '@edrf/model';
import { setAt } from '../../../../state/typed-path';
import type { EditRequest } from '../../../../state/history';
import { deleteSelection, diffEdits } from '../../model/model-edits';
import { freePlace } from '../units/racks/plinth-edits';
import { RACK_PADDING, insideRack, newRackUnitId, overlap, type Box } from '../units/racks/rack-edits';
import { equipmentUnits, routeRacks, type EquipmentUnit, type S } from './equipment-layout';

/**
 * The equipment page's edits (F§2 '/fire/equipment', F§4 'Rack view', F§8, F§9) as pure functions answering
 * edit requests for the project store; docs/fire-equipment.md explains the choices. Each user action is one
 * request list (one undo step); refusals change nothing and say why in the F§8 words.
 */

/** F§4 and F§8, word for word. */
export const EQUIPMENT_MESSAGES = {
  noProduct: (unit: string) => `No product found for ${unit}`,
  failed: (type: string) => `Failed to create rack unit ${type}`,
  moveToOtherRack: 'Unable to move unit to a different rack',
  removeWithConnections: 'Unable to remove unit with connections',
  removedUnit: 'Removed unit',
  routeToOtherRack: 'Cannot move cable route to a different rack',
  removedRoute: 'Removed route',
} as const;

/** F§9: the warnings of a refused drag stay 3 s. */
export const WARNING_MS = 3000;

/** What a toolbar Add adds (F§2): four rack units and a cable. */
export type AddKind = 'central' | 'plinth' | 'power-supply' | 'alarm-transmitter' | 'cable';

export const ADD_KINDS: readonly { kind: AddKind; label: string; unit: string }[] = [
  { kind: 'central', label: 'Central', unit: 'central' },
  { kind: 'plinth', label: 'Plinth', unit: 'plinth' },
  { kind: 'power-supply', label: 'Power supply', unit: 'power supply' },
  { kind: 'alarm-transmitter', label: 'Alarm transmitter', unit: 'alarm transmitter' },
  { kind: 'cable', label: 'Cable', unit: 'cable' },
];
export const addKindInfo = (kind: AddKind) => ADD_KINDS.find((k) => k.kind === kind)!;

/** What an action did: the requests (empty: nothing changes), a toast to show, a warning to log, the item to select. */
export interface EquipmentResult {
  requests: EditRequest[];
  toast?: { kind: 'info' | 'warning' | 'error'; message: string };
  /** F§8 'No product found for {unit}': logged (console.warn), not shown. */
  logged?: string;
  select?: ItemRef;
}

const NOTHING_CHANGES: EquipmentResult = { requests: [] };

const requireFire = (model: Model): Fire => {
  if (!model.fire) throw new Error('No fire module configured');
  return model.fire;
};

export const UNIT_KIND: Record<RackUnitGroup, ItemRef['kind']> = {
  centrals: 'fire.connections.centrals',
  plinths: 'fire.connections.plinths',
  power_supplies: 'fire.connections.power_supplies',
  others: 'fire.connections.others',
};
export const unitRef = (unit: Pick<EquipmentUnit, 'group' | 'id'>): ItemRef => ({ kind: UNIT_KIND[unit.group], id: unit.id });

/** Deleting items as requests down to the changed fields (the model's cascade, deleteItems), plus the main central's handover. */
export function deleteEdits(model: Model, refs: readonly ItemRef[]): EditRequest[] {
  // A rack-to-rack route means nothing without one of its racks: it goes with them.
  const racks = new Set(refs.filter((r) => r.kind === 'fire.units.racks').map((r) => r.id));
  const routes = Object.values(model.fire?.connections.routes ?? {})
    .filter((route) => route.kind === 'RackToRack' && routeRacks(route).some((id) => racks.has(id)))
    .map((route): ItemRef => ({ kind: 'fire.connections.routes', id: route.id }));
  const after = deleteSelection(model, [...refs, ...routes]);
  const requests = diffEdits(model, after, 5);
  // F§9: the first central is the main one; when the main central goes, the next one takes over.
  const centrals = Object.values(after.fire?.connections.centrals ?? {});
  if (centrals.length > 0 && !centrals.some((c) => c.main_central))
    requests.push(setAt(['fire', 'connections', 'centrals', centrals[0]!.id, 'main_central'], true));
  return requests;
}

/** Whether deleting `refs` leaves the model without any rack (F§2: the page then goes to /fire/units). */
export function deletesLastRack(model: Model, refs: readonly ItemRef[]): boolean {
  const racks = Object.keys(model.fire?.units.racks ?? {});
  const gone = new Set(refs.filter((r) => r.kind === 'fire.units.racks').map((r) => r.id));
  return racks.length > 0 && racks.every((id) => gone.has(id));
}

/** The box at `pos` moved inside the rack's padding (null when the unit cannot fit the rack at all). */
export function clampIntoRack(pos: S, size: readonly [number, number], rack: readonly [number, number]): [number, number] | null {
  const maxX = rack[0] - RACK_PADDING - size[0];
  const maxY = rack[1] - RACK_PADDING - size[1];
  if (maxX < RACK_PADDING || maxY < RACK_PADDING) return null;
  const clamp = (v: number, max: number) => Math.min(max, Math.max(RACK_PADDING, Math.round(v)));
  return [clamp(pos[0], maxX), clamp(pos[1], maxY)];
}

/** The units of a rack but one (the one being moved), as boxes. */
const othersIn = (fire: Fire, rackId: string, except?: string): Box[] =>
  equipmentUnits(fire, rackId)
    .filter((u) => u.id !== except)
    .map((u) => u.box);

/** A place for a box in the rack: `pos` (snapped to integers, kept inside the padding) if free, else null. */
export function placeInRack(fire: Fire, rackId: string, pos: S, size: readonly [number, number], except?: string): [number, number] | null {
  const rack = fire.units.racks[rackId];
  if (!rack) return null;
  const at = clampIntoRack(pos, size, rack.size);
  if (!at) return null;
  const box = { pos: at, size };
  return insideRack(box, rack.size) && !othersIn(fire, rackId, except).some((other) => overlap(box, other)) ? at : null;
}

/** The product an Add uses (the first of its list; an alarm transmitter: the first of that type) and its rack size. */
export function addProduct(
  fire: Fire,
  kind: Exclude<AddKind, 'cable'>,
): { product: { id: string } | undefined; size: readonly [number, number] } {
  const products = fire.config.products;
  switch (kind) {
    case 'central':
      return { product: products.centrals[0], size: products.centrals[0]?.rack_size ?? DEFAULT_CENTRAL_RACK_SIZE };
    case 'plinth':
      return { product: products.plinths[0], size: products.plinths[0]?.rack_size ?? DEFAULT_PLINTH_RACK_SIZE };
    case 'power-supply':
      return { product: products.power_supplies[0], size: products.power_supplies[0]?.rack_size ?? DEFAULT_EQUIPMENT_RACK_SIZE };
    case 'alarm-transmitter': {
      const product = products.other_rack_products.find((p) => p.unit_type === 'AlarmTransmitter');
      return { product, size: product?.rack_size ?? DEFAULT_EQUIPMENT_RACK_SIZE };
    }
  }
}

/**
 * Add (F§2) a rack unit into a rack with the first product of its list (an alarm transmitter: the first other rack
 * product of that type), its top left corner at `pos` (snapped into the rack). Where that overlaps a unit, the
 * first free place of the others' row (freePlace); none: 'Failed to create rack unit {type}'. An empty list logs
 * 'No product found for {unit}' and the unit is made without a product, with the F§9 default size.
 */
export function addUnitEdits(model: Model, kind: Exclude<AddKind, 'cable'>, rackId: string, pos: S): EquipmentResult {
  const fire = requireFire(model);
  const rack = fire.units.racks[rackId];
  if (!rack) throw new Error(`No rack ${rackId}`);
  const products = fire.config.products;
  const { unit: name } = addKindInfo(kind);
  const { product, size } = addProduct(fire, kind);
  const logged = product ? undefined : EQUIPMENT_MESSAGES.noProduct(name);
  const at = placeInRack(fire, rackId, pos, size) ?? freePlace(rack.size, othersIn(fire, rackId), size);
  if (!at) return { requests: [], logged, toast: { kind: 'error', message: EQUIPMENT_MESSAGES.failed(name) } };
  const base = { product_id: product?.id ?? '', rack_id: rackId, rack_pos: at, connections: [] };
  let request: EditRequest;
  let ref: ItemRef;
  switch (kind) {
    case 'central': {
      const id = newRackUnitId(fire, 'central');
      const ports = products.centrals[0]?.extension_ports.length ?? 0;
      const central: Central = {
        id,
        ...base,
        main_central: !Object.values(fire.connections.centrals).some((c) => c.main_central),
        extensions: Array.from({ length: ports }, () => ''),
      };
      request = setAt(['fire', 'connections', 'centrals', id], central);
      ref = { kind: 'fire.connections.centrals', id };
      break;
    }
    case 'plinth': {
      const id = newRackUnitId(fire, 'plinth');
      const plinth: Plinth = { id, ...base };
      request = setAt(['fire', 'connections', 'plinths', id], plinth);
      ref = { kind: 'fire.connections.plinths', id };
      break;
    }
    case 'power-supply': {
      const id = newRackUnitId(fire, 'psu');
      const psu: PowerSupply = { id, ...base };
      request = setAt(['fire', 'connections', 'power_supplies', id], psu);
      ref = { kind: 'fire.connections.power_supplies', id };
      break;
    }
    case 'alarm-transmitter': {
      const id = newRackUnitId(fire, 'transmitter');
      const other: OtherRackUnit = { id, ...base, unit_type: 'AlarmTransmitter', comment: '' };
      request = setAt(['fire', 'connections', 'others', id], other);
      ref = { kind: 'fire.connections.others', id };
      break;
    }
  }
  return { requests: [request], logged, select: ref };
}

/** An id `${prefix}-N`, the first N that `taken` lacks. */
function freeId(taken: object, prefix: string): string {
  let n = 1;
  while (Object.hasOwn(taken, `${prefix}-${n}`)) n++;
  return `${prefix}-${n}`;
}

/** Add Cable (F§4: a press on the placement marker): a cable with the first cable product, on no unit yet. */
export function addCableEdits(model: Model): EquipmentResult {
  const fire = requireFire(model);
  const product = fire.config.products.cables[0];
  const id = freeId(fire.connections.cables, 'cable');
  const cable: Cable = { id, label: '', product_id: product?.id ?? '' };
  return {
    requests: [setAt(['fire', 'connections', 'cables', id], cable)],
    logged: product ? undefined : EQUIPMENT_MESSAGES.noProduct('cable'),
    select: { kind: 'fire.connections.cables', id },
  };
}

/**
 * A unit released after a drag (F§4, F§8): in its rack, it moves to `pos` (snapped to integers, inside the padding,
 * not onto another unit: else it stays); into another rack, it moves there unless it has connections
 * ('Unable to move unit to a different rack'); outside every rack, it is removed ('Removed unit') unless it has
 * connections ('Unable to remove unit with connections').
 */
export function dropUnitEdits(model: Model, unit: EquipmentUnit, rackId: string | null, pos: S): EquipmentResult {
  const fire = requireFire(model);
  const connected = unit.unit.connections.length > 0;
  if (rackId === null) {
    if (connected) return { requests: [], toast: { kind: 'warning', message: EQUIPMENT_MESSAGES.removeWithConnections } };
    return { requests: deleteEdits(model, [unitRef(unit)]), toast: { kind: 'info', message: EQUIPMENT_MESSAGES.removedUnit } };
  }
  if (rackId !== unit.rackId && connected) return { requests: [], toast: { kind: 'warning', message: EQUIPMENT_MESSAGES.moveToOtherRack } };
  const at = placeInRack(fire, rackId, pos, unit.box.size, unit.id);
  if (!at || (rackId === unit.rackId && at[0] === unit.box.pos[0] && at[1] === unit.box.pos[1])) return NOTHING_CHANGES;
  // The four rack unit groups share rack_id and rack_pos: one typed path stands for them all.
  const group = unit.group as 'plinths';
  const requests = [setAt(['fire', 'connections', group, unit.id, 'rack_pos'], at)];
  if (rackId !== unit.rackId) requests.unshift(setAt(['fire', 'connections', group, unit.id, 'rack_id'], rackId));
  return { requests };
}

/** A unit's connections list with `remove` taken out and `add` put in. */
function connectionsEdit(unit: EquipmentUnit, remove: readonly string[], add: readonly string[]): EditRequest {
  const list = unit.unit.connections.filter((id) => !remove.includes(id));
  for (const id of add) if (!list.includes(id)) list.push(id);
  return setAt(['fire', 'connections', unit.group as 'plinths', unit.id, 'connections'], list);
}

/**
 * A rack-to-rack route between two racks (F§3 'Route', kind RackToRack), drawn with `productId`: the engine's
 * (routeBetweenRacks, the leg calc_fire_rack_to_rack_routes makes) through the building, its ends on the racks, a
 * slice per storey; where no way leads through the building, straight, with the engine's warning.
 */
export function rackToRackRoute(
  model: Model,
  id: string,
  productId: string,
  fromRack: string,
  toRack: string,
): { route: Route; warning?: string } {
  const { route, warnings } = routeBetweenRacks(
    { arch: model.arch, elec: model.elec, fire: requireFire(model) },
    fromRack,
    toRack,
    id,
    productId,
  );
  return { route, warning: warnings[0]?.message };
}

/**
 * A cable end released (F§4): with the end over `dropped` and the other end over `other`, units in two racks make
 * the cable a route between their racks (the cable gives way to the route, which takes its product, and both units
 * list the route); two units of one rack get the cable (it never becomes a route); over one unit or none nothing
 * changes.
 */
export function dropCableEndEdits(
  model: Model,
  cableId: string,
  dropped: EquipmentUnit | null,
  other: EquipmentUnit | null,
): EquipmentResult & { became?: 'route' | 'cable' } {
  const fire = requireFire(model);
  const cable = fire.connections.cables[cableId];
  if (!cable || !dropped || !other || dropped.id === other.id) return NOTHING_CHANGES;
  const holders = equipmentUnits(fire).filter((u) => u.unit.connections.includes(cableId));
  if (dropped.rackId === other.rackId) {
    // Within one rack: the cable is on exactly these two units.
    const requests = holders.filter((u) => u.id !== dropped.id && u.id !== other.id).map((u) => connectionsEdit(u, [cableId], []));
    for (const u of [dropped, other]) if (!u.unit.connections.includes(cableId)) requests.push(connectionsEdit(u, [], [cableId]));
    return requests.length > 0 ? { requests, became: 'cable', select: { kind: 'fire.connections.cables', id: cableId } } : NOTHING_CHANGES;
  }
  const routeId = freeId(fire.connections.routes, 'route');
  const { route, warning } = rackToRackRoute(model, routeId, cable.product_id, other.rackId, dropped.rackId);
  const requests: EditRequest[] = [setAt(['fire', 'connections', 'routes', routeId], route)];
  for (const u of holders) if (u.id !== dropped.id && u.id !== other.id) requests.push(connectionsEdit(u, [cableId], []));
  requests.push(connectionsEdit(other, [cableId], [routeId]), connectionsEdit(dropped, [cableId], [routeId]));
  requests.push({ path: ['fire', 'connections', 'cables', cableId], value: undefined });
  const toast = warning ? { kind: 'warning' as const, message: warning } : undefined;
  return { requests, became: 'route', select: { kind: 'fire.connections.routes', id: routeId }, ...(toast && { toast }) };
}

/**
 * A route's marker released (F§4, F§8): on a unit of the same rack, the route moves to that unit; to another rack,
 * refused ('Cannot move cable route to a different rack'); outside every rack the route is removed ('Removed route').
 */
export function dropRouteMarkerEdits(
  model: Model,
  routeId: string,
  end: { rackId: string; unit: EquipmentUnit | null },
  rackId: string | null,
  unit: EquipmentUnit | null,
): EquipmentResult {
  const fire = requireFire(model);
  if (!fire.connections.routes[routeId]) return NOTHING_CHANGES;
  if (rackId === null)
    return {
      requests: deleteEdits(model, [{ kind: 'fire.connections.routes', id: routeId }]),
      toast: { kind: 'info', message: EQUIPMENT_MESSAGES.removedRoute },
    };
  if (rackId !== end.rackId) return { requests: [], toast: { kind: 'warning', message: EQUIPMENT_MESSAGES.routeToOtherRack } };
  if (!unit || unit.id === end.unit?.id || unit.unit.connections.includes(routeId)) return NOTHING_CHANGES;
  const requests = end.unit ? [connectionsEdit(end.unit, [routeId], [])] : [];
  requests.push(connectionsEdit(unit, [], [routeId]));
  return { requests, select: { kind: 'fire.connections.routes', id: routeId } };
}

// ---- the side panel ----

/** A new product for a rack unit; a central's extensions follow its new product's ports (kept where they still fit). */
export function unitProductEdits(model: Model, unit: EquipmentUnit, productId: string): EditRequest[] {
  const fire = requireFire(model);
  const path = ['fire', 'connections', unit.group as 'plinths', unit.id, 'product_id'] as const;
  const requests = [setAt(path, productId)];
  if (unit.group === 'centrals') {
    const ports = fire.config.products.centrals.find((p) => p.id === productId)?.extension_ports ?? [];
    const extensions = ports.map((port, i) => {
      const current = unit.unit.extensions[i] ?? '';
      return current !== '' && extensionFits(fire, current, port) ? current : '';
    });
    requests.push(setAt(['fire', 'connections', 'centrals', unit.id, 'extensions'], extensions));
  }
  return requests;
}

/** Whether an extension product fits a port: same kind, or either is 'Any'. */
export function extensionFits(fire: Fire, extensionId: string, port: string): boolean {
  const extension = fire.config.products.central_extensions.find((e) => e.id === extensionId);
  return !!extension && (extension.port === port || extension.port === 'Any' || port === 'Any');
}

/** The rack position typed in the panel (F§5: integers): refused (null) outside the padding or onto another unit. */
export function rackPosEdits(model: Model, unit: EquipmentUnit, pos: S): EditRequest[] | null {
  const fire = requireFire(model);
  const rack = fire.units.racks[unit.rackId];
  const at: [number, number] = [Math.round(pos[0]), Math.round(pos[1])];
  if (!rack) return null;
  const box = { pos: at, size: unit.box.size };
  if (!insideRack(box, rack.size) || othersIn(fire, unit.rackId, unit.id).some((other) => overlap(box, other))) return null;
  return [setAt(['fire', 'connections', unit.group as 'plinths', unit.id, 'rack_pos'], at)];
}

/** Makes a central the main one; the model keeps exactly one (F§9). */
export function mainCentralEdits(model: Model, centralId: string): EditRequest[] {
  const fire = requireFire(model);
  return Object.values(fire.connections.centrals)
    .filter((c) => c.main_central !== (c.id === centralId))
    .map((c) => setAt(['fire', 'connections', 'centrals', c.id, 'main_central'], c.id === centralId));
}

export function extensionEdits(model: Model, centralId: string, index: number, extensionId: string): EditRequest[] {
  const central = requireFire(model).connections.centrals[centralId];
  if (!central) return [];
  const extensions = central.extensions.map((e, i) => (i === index ? extensionId : e));
  return [setAt(['fire', 'connections', 'centrals', centralId, 'extensions'], extensions)];
}

/**
 * calc_fire_rack_to_rack_routes' answer merged into the model as it is now (edits made while it ran are kept): its
 * rack-to-rack routes replace the model's (which leave their units' connections); nothing else changes.
 */
export function rackRoutesEdits(model: Model, answer: Fire['connections']): EditRequest[] {
  const fire = requireFire(model);
  const old = rackRoutesOf(fire.connections).map((route): ItemRef => ({ kind: 'fire.connections.routes', id: route.id }));
  const fresh = rackRoutesOf(answer).filter((route) => !fire.connections.routes[route.id] || old.some((ref) => ref.id === route.id));
  return [...deleteEdits(model, old), ...fresh.map((route) => setAt(['fire', 'connections', 'routes', route.id], route))];
}

const rackRoutesOf = (connections: Fire['connections']): Route[] =>
  Object.values(connections.routes).filter((r) => r.kind === 'RackToRack');
