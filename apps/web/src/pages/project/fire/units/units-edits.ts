import {
  UNIT_GROUPS,
  buttonSchema,
  defaultUnitZ,
  detectorSchema,
  ioUnitSchema,
  labelUnitSchema,
  otherUnitSchema,
  sirenSchema,
  type Detector,
  type Fire,
  type ItemRef,
  type Model,
  type Point2,
  type Point3,
  type Siren,
  type Storey,
} from '@edrf/model';
import { setAt } from '../../../../state/typed-path';
import type { Selection } from '../../../../editor/selection';
import type { EditRequest } from '../../../../state/history';
import { KIND, placedGroupOf, type PlacedGroup, type UnitKind } from './unit-kinds';

/**
 * The units page's changes to the model (F§3 unit groups, F§4 Unit placement, F§9 default heights), as pure
 * functions answering edit requests for the project store, and what they need to know: the product a new
 * unit takes, detector pairs, socketing. docs/fire-units.md says why each rule is so.
 *
 * Refusals: a gesture that cannot do anything (a socketed siren pressed where no detector is) is answered
 * with null; a typed value that cannot be (a field the unit has not, an unknown storey or unit) throws.
 */

/** F§4: a hidden and a visible detector pair with the nearest one within this distance (metres). */
export const PAIR_DISTANCE = 0.5;
/** A siren with a detector socket goes onto the nearest free detector within this distance (the pairing's). */
export const SOCKET_DISTANCE = 0.5;
/** Closer than this (metres) in plan counts as the same point: a pair shown as one symbol. */
const SAME_POINT = 1e-6;

/** F§8: the warning when a siren is to be socketed and no siren product has a detector socket. */
export const NO_SOCKET_SIRENS = 'No sirens with detector socket found';
/** F§8: logged when a unit is placed and its list holds no product for it. */
export const noProductFound = (unit: string) => `No product found for ${unit}`;

export function requireFire(model: Model): Fire {
  if (!model.fire) throw new Error('No fire module configured');
  return model.fire;
}

function requireStorey(model: Model, storeyId: string): Storey {
  const storey = model.arch.storeys[storeyId];
  if (!storey) throw new Error(`No storey ${storeyId}`);
  return storey;
}

/** A placed unit by group and id (any of the six groups this page edits). */
export type PlacedUnit = Fire['units'][PlacedGroup][string];

export function requireUnit(model: Model, group: PlacedGroup, id: string): PlacedUnit {
  const unit = requireFire(model).units[group][id];
  if (!unit) throw new Error(`No unit ${group}.${id}`);
  return unit;
}

/** The units of this page in a selection (racks and anything else left out), as group and id. */
export function selectedUnits(selection: Selection): { group: PlacedGroup; id: string }[] {
  if (selection.kind !== 'items') return [];
  return selection.items.flatMap((ref) => {
    const group = placedGroupOf(ref.kind);
    return group ? [{ group, id: ref.id }] : [];
  });
}

export const unitRef = (group: PlacedGroup, id: string): ItemRef => ({ kind: `fire.units.${group}`, id });

/** An id no unit of any group has (the fire schema refuses one id in two groups): '{prefix}-{n}', the first free n. */
export function newUnitId(fire: Fire, prefix: string): string {
  const used = (id: string) => UNIT_GROUPS.some((group) => Object.hasOwn(fire.units[group], id));
  let n = 1;
  while (used(`${prefix}-${n}`)) n++;
  return `${prefix}-${n}`;
}

export interface ProductChoice {
  id: string;
  name: string;
}

/**
 * The products a unit of `kind` may take, in their list's order: the kind's list, other units' of its unit_type,
 * and for a siren socketed onto a detector only those with a detector socket. A label takes none.
 */
export function productsFor(model: Model, kind: UnitKind, opts: { socketOnly?: boolean } = {}): ProductChoice[] {
  const products = requireFire(model).config.products;
  const info = KIND[kind];
  switch (info.products) {
    case null:
      return [];
    case 'sirens':
      return products.sirens.filter((p) => !opts.socketOnly || p.detector_socket);
    case 'other_units':
      return products.other_units.filter((p) => p.unit_type === info.unitType);
    default:
      return products[info.products];
  }
}

/** F§4: a new unit takes the first product of its list (null: there is none). */
export const defaultProductId = (model: Model, kind: UnitKind, opts: { socketOnly?: boolean } = {}): string | null =>
  productsFor(model, kind, opts)[0]?.id ?? null;

/** Whether some siren product fits a detector socket (F§4 socketing needs one). */
export const hasSocketSiren = (model: Model): boolean => requireFire(model).config.products.sirens.some((p) => p.detector_socket);

/** F§9: the height of a new unit of `group` on the storey (labels: the storey's middle, as other units). */
export const placementZ = (model: Model, storeyId: string, group: PlacedGroup): number =>
  defaultUnitZ(group, requireStorey(model, storeyId).height);

/** An angle in degrees turned into 0 ≤ a < 360 (r and R step past 0 and 360). */
export function normalizeAngle(angle: number): number {
  const a = angle % 360;
  return a < 0 ? a + 360 : a + 0;
}

const planDistance = (a: readonly number[], b: readonly number[]) => Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!);
const samePlanPoint = (a: readonly number[], b: readonly number[]) => planDistance(a, b) < SAME_POINT;

const detectorsOn = (model: Model, storeyId: string): Detector[] =>
  Object.values(requireFire(model).units.detectors).filter((d) => d.storey_id === storeyId);

/**
 * F§4 pairing: each hidden detector of the storey with a visible one, nearest first, within PAIR_DISTANCE, each
 * detector in at most one pair. Nothing is stored (the model has no field for it): a pair is two detectors, one
 * hidden and one visible, standing together. Answers both directions (id → partner id).
 */
export function detectorPairs(detectors: readonly Detector[]): Map<string, string> {
  const hidden = detectors.filter((d) => d.hidden);
  const pairs = new Map<string, string>();
  if (hidden.length === 0) return pairs;
  // Visible detectors by 0.5 m cell: each hidden one looks only in its cell and the eight around it.
  const cell = (p: readonly number[]) => [Math.floor(p[0]! / PAIR_DISTANCE), Math.floor(p[1]! / PAIR_DISTANCE)] as const;
  const grid = new Map<string, Detector[]>();
  for (const d of detectors) {
    if (d.hidden) continue;
    const [cx, cy] = cell(d.coord);
    const key = `${cx}:${cy}`;
    grid.set(key, [...(grid.get(key) ?? []), d]);
  }
  const candidates: { a: string; b: string; distance: number }[] = [];
  for (const h of hidden) {
    const [cx, cy] = cell(h.coord);
    for (let dx = -1; dx <= 1; dx++)
      for (let dy = -1; dy <= 1; dy++)
        for (const v of grid.get(`${cx + dx}:${cy + dy}`) ?? []) {
          const distance = planDistance(h.coord, v.coord);
          if (distance <= PAIR_DISTANCE) candidates.push({ a: h.id, b: v.id, distance });
        }
  }
  candidates.sort((x, y) => x.distance - y.distance || (x.a < y.a ? -1 : x.a > y.a ? 1 : x.b < y.b ? -1 : 1));
  for (const { a, b } of candidates) {
    if (pairs.has(a) || pairs.has(b)) continue;
    pairs.set(a, b);
    pairs.set(b, a);
  }
  return pairs;
}

/**
 * The detector a detector at `at` pairs with: the nearest one of the other kind (hidden ↔ visible) on the storey
 * within PAIR_DISTANCE that is not already paired, the detector `except` (the one being moved) left out.
 */
export function pairPartner(model: Model, storeyId: string, at: Point2, hidden: boolean, except?: string): Detector | null {
  const others = detectorsOn(model, storeyId).filter((d) => d.id !== except);
  const paired = detectorPairs(others);
  let best: Detector | null = null;
  let bestDistance = PAIR_DISTANCE;
  for (const d of others) {
    if (d.hidden === hidden || paired.has(d.id)) continue;
    const distance = planDistance(d.coord, at);
    if (distance <= bestDistance) {
      best = d;
      bestDistance = distance;
    }
  }
  return best;
}

/** The nearest detector on the storey within SOCKET_DISTANCE of `at` that no other siren is socketed onto. */
export function socketDetector(model: Model, storeyId: string, at: Point2, exceptSiren?: string): Detector | null {
  const fire = requireFire(model);
  const taken = new Set(
    Object.values(fire.units.sirens)
      .filter((s) => s.locked_to && s.id !== exceptSiren)
      .map((s) => s.locked_to),
  );
  let best: Detector | null = null;
  let bestDistance = SOCKET_DISTANCE;
  for (const d of detectorsOn(model, storeyId)) {
    if (taken.has(d.id)) continue;
    const distance = planDistance(d.coord, at);
    if (distance <= bestDistance) {
      best = d;
      bestDistance = distance;
    }
  }
  return best;
}

const sirenFitsSocket = (model: Model, productId: string): boolean =>
  productId !== '' && requireFire(model).config.products.sirens.some((p) => p.id === productId && p.detector_socket);

export interface PlaceOptions {
  /** The product; null or '' places the unit without one. */
  productId: string | null;
  /** Degrees (units that have an angle; detectors have none). */
  angle?: number;
  /** Detectors: hidden (the Hidden-detector toggle). */
  hidden?: boolean;
  /** Labels: the text ('Label' when absent). */
  text?: string;
}

/** A new label's text until the user types one. */
export const NEW_LABEL_TEXT = 'Label';

/**
 * A unit of `kind` placed at `at` on the storey, at F§9's height, with the product given. A detector placed
 * within PAIR_DISTANCE of a free detector of the other kind (hidden ↔ visible) goes onto it: they pair.
 */
export function placeUnitEdits(
  model: Model,
  storeyId: string,
  kind: UnitKind,
  at: Point2,
  opts: PlaceOptions,
): { id: string; requests: EditRequest[]; pairedWith: string | null } {
  const fire = requireFire(model);
  const info = KIND[kind];
  const z = placementZ(model, storeyId, info.group);
  const id = newUnitId(fire, info.prefix);
  const product_id = opts.productId ?? '';
  const angle = normalizeAngle(opts.angle ?? 0);
  const base = { id, storey_id: storeyId };
  switch (info.group) {
    case 'detectors': {
      const hidden = opts.hidden ?? false;
      const partner = pairPartner(model, storeyId, at, hidden);
      const coord: Point3 = partner ? [partner.coord[0], partner.coord[1], z] : [at[0], at[1], z];
      const detector = detectorSchema.parse({ ...base, coord, product_id, hidden });
      return { id, requests: [setAt(['fire', 'units', 'detectors', id], detector)], pairedWith: partner?.id ?? null };
    }
    case 'sirens': {
      const siren = sirenSchema.parse({ ...base, coord: [at[0], at[1], z], product_id, angle });
      return { id, requests: [setAt(['fire', 'units', 'sirens', id], siren)], pairedWith: null };
    }
    case 'buttons': {
      const button = buttonSchema.parse({ ...base, coord: [at[0], at[1], z], product_id, angle });
      return { id, requests: [setAt(['fire', 'units', 'buttons', id], button)], pairedWith: null };
    }
    case 'ios': {
      const io = ioUnitSchema.parse({ ...base, coord: [at[0], at[1], z], product_id, angle });
      return { id, requests: [setAt(['fire', 'units', 'ios', id], io)], pairedWith: null };
    }
    case 'others': {
      const unit = otherUnitSchema.parse({ ...base, coord: [at[0], at[1], z], product_id, angle, unit_type: info.unitType });
      return { id, requests: [setAt(['fire', 'units', 'others', id], unit)], pairedWith: null };
    }
    case 'labels': {
      const label = labelUnitSchema.parse({ ...base, coord: [at[0], at[1], z], angle, label: opts.text ?? NEW_LABEL_TEXT });
      return { id, requests: [setAt(['fire', 'units', 'labels', id], label)], pairedWith: null };
    }
  }
}

/**
 * F§4 socketing: a siren put into the socket of the detector nearest `at` (within SOCKET_DISTANCE, one siren a
 * detector): it stands where the detector stands, at its height, and names it in locked_to. The product must
 * have a detector socket. Null when no free detector is near.
 */
export function socketSirenEdits(
  model: Model,
  storeyId: string,
  at: Point2,
  opts: { productId: string; angle?: number },
): { id: string; requests: EditRequest[]; detectorId: string } | null {
  const fire = requireFire(model);
  if (!sirenFitsSocket(model, opts.productId)) throw new Error(`Siren product '${opts.productId}' has no detector socket`);
  const detector = socketDetector(model, storeyId, at);
  if (!detector) return null;
  const id = newUnitId(fire, KIND.siren.prefix);
  const siren: Siren = sirenSchema.parse({
    id,
    storey_id: storeyId,
    coord: [...detector.coord],
    product_id: opts.productId,
    angle: normalizeAngle(opts.angle ?? 0),
    locked_to: detector.id,
  });
  return { id, requests: [setAt(['fire', 'units', 'sirens', id], siren)], detectorId: detector.id };
}

/** Groups whose units have an angle (a detector has none: it is round). */
export type AngledGroup = Exclude<PlacedGroup, 'detectors'>;
export const hasAngle = (group: PlacedGroup): group is AngledGroup => group !== 'detectors';

/** F§4 keys r and R: the selected units that have an angle turn by `delta` degrees (+10, −1). */
export function rotateUnitsEdits(model: Model, units: readonly { group: PlacedGroup; id: string }[], delta: number): EditRequest[] {
  const fire = requireFire(model);
  return units.flatMap(({ group, id }) => {
    if (!hasAngle(group)) return [];
    const unit = fire.units[group][id];
    return unit ? [setAt(['fire', 'units', group, id, 'angle'], normalizeAngle(unit.angle + delta))] : [];
  });
}

const coordAt = (group: PlacedGroup, id: string, coord: Point3) => setAt(['fire', 'units', group, id, 'coord'], coord);

/**
 * A unit moved in plan to `to` (z stays), as a drag does it (F§4):
 * - a detector pairs like a placed one (onto a free detector of the other kind within PAIR_DISTANCE), and the
 *   sirens socketed onto it move with it;
 * - a siren whose product has a detector socket goes into the socket of a free detector within SOCKET_DISTANCE
 *   (locked_to set), and a socketed siren moved away from every detector leaves its socket (locked_to cleared).
 */
export function moveUnitEdits(model: Model, group: PlacedGroup, id: string, to: Point2): EditRequest[] {
  const fire = requireFire(model);
  const unit = requireUnit(model, group, id);
  const requests: EditRequest[] = [];
  let target: Point3 = [to[0], to[1], unit.coord[2]];
  if (group === 'detectors') {
    const detector = unit as Detector;
    const partner = pairPartner(model, detector.storey_id, to, detector.hidden, id);
    if (partner) target = [partner.coord[0], partner.coord[1], unit.coord[2]];
    for (const siren of Object.values(fire.units.sirens))
      if (siren.locked_to === id && !samePlanPoint(siren.coord, target))
        requests.push(coordAt('sirens', siren.id, [target[0], target[1], siren.coord[2]]));
  }
  if (group === 'sirens') {
    const siren = unit as Siren;
    const detector = sirenFitsSocket(model, siren.product_id) ? socketDetector(model, siren.storey_id, to, id) : null;
    if (detector) target = [...detector.coord];
    const lockedTo = detector?.id ?? '';
    if (lockedTo !== siren.locked_to) requests.push(setAt(['fire', 'units', 'sirens', id, 'locked_to'], lockedTo));
  }
  if (samePlanPoint(target, unit.coord) && target[2] === unit.coord[2]) return requests;
  return [coordAt(group, id, target), ...requests];
}

/** The unit fields the side panel edits, with their value types; z is the coord's third value. */
export interface UnitFields {
  product_id: string;
  angle: number;
  z: number;
  comment: string;
  label: string;
  hidden: boolean;
}
export type UnitField = keyof UnitFields;
type UnitFieldEdit = { [F in UnitField]: { field: F; value: UnitFields[F] } }[UnitField];

/** Which fields a unit of the group has (the panel shows these). */
export function unitFieldsOf(group: PlacedGroup): readonly UnitField[] {
  switch (group) {
    case 'detectors':
      return ['product_id', 'z', 'hidden'];
    case 'sirens':
    case 'buttons':
    case 'ios':
      return ['product_id', 'angle', 'z'];
    case 'others':
      return ['product_id', 'angle', 'z', 'comment'];
    case 'labels':
      return ['label', 'angle', 'z'];
  }
}

/**
 * One field typed in the side panel. The angle is turned into 0–360; a product must be of the unit's list (''
 * for none), and a socketed siren given a product without a detector socket leaves its socket.
 */
export function unitFieldEdits<F extends UnitField>(
  model: Model,
  group: PlacedGroup,
  id: string,
  field: F,
  value: UnitFields[F],
): EditRequest[] {
  const unit = requireUnit(model, group, id);
  if (!unitFieldsOf(group).includes(field)) throw new Error(`A unit of ${group} has no ${field}`);
  const edit = { field, value } as UnitFieldEdit;
  switch (edit.field) {
    case 'z': {
      if (!Number.isFinite(edit.value)) throw new RangeError('Height must be a number');
      return [coordAt(group, id, [unit.coord[0], unit.coord[1], edit.value])];
    }
    case 'angle': {
      if (!Number.isFinite(edit.value)) throw new RangeError('Angle must be a number');
      if (!hasAngle(group)) return [];
      return [setAt(['fire', 'units', group, id, 'angle'], normalizeAngle(edit.value))];
    }
    case 'product_id': {
      if (group === 'labels') return [];
      const known = edit.value === '' || productsOfUnit(model, group, unit).some((p) => p.id === edit.value);
      if (!known) throw new Error(`No product ${edit.value} for a unit of ${group}`);
      const requests = [setAt(['fire', 'units', group, id, 'product_id'], edit.value)];
      if (group === 'sirens' && (unit as Siren).locked_to && !sirenFitsSocket(model, edit.value))
        requests.push(setAt(['fire', 'units', 'sirens', id, 'locked_to'], ''));
      return requests;
    }
    case 'comment':
      return group === 'others' ? [setAt(['fire', 'units', 'others', id, 'comment'], edit.value)] : [];
    case 'label':
      return group === 'labels' ? [setAt(['fire', 'units', 'labels', id, 'label'], edit.value)] : [];
    case 'hidden':
      return group === 'detectors' ? [setAt(['fire', 'units', 'detectors', id, 'hidden'], edit.value)] : [];
  }
}

/** The products a unit may take: its group's list, and for an other unit those of its unit_type. */
export function productsOfUnit(model: Model, group: Exclude<PlacedGroup, 'labels'>, unit: PlacedUnit): ProductChoice[] {
  const products = requireFire(model).config.products;
  if (group !== 'others') return products[group];
  const unitType = (unit as Fire['units']['others'][string]).unit_type;
  return products.other_units.filter((p) => p.unit_type === unitType);
}
