import { pointInPolygon } from '@edrf/geometry';
import { UNIT_GROUPS, type Model, type UnitGroup } from '@edrf/model';
import { UNKNOWN_BASE, type MergeConflict } from '../../state/merge';
import { getIn, isPlainObject } from '../../state/paths';
import { UNIT_KINDS } from './fire/units/unit-kinds';

/**
 * A merge conflict in the words a designer uses (docs/versions.md 'Resolve conflicts'): the unit by kind and id (or
 * label) and the room it stands in, the field by name, and what each side made of it —
 * 'Detector det-41 in Kitchen: position moved by them to 3.20, 4.10 m; by you to 3.40, 4.10 m'. Pure: the dialog
 * shows it, tests read it.
 */
export interface ConflictWords {
  /** What the value belongs to: 'Detector det-41 in Kitchen', 'Room Kitchen'; '' when `field` says it all. */
  subject: string;
  /** The field in words ('position', 'rotation', 'Property Name'); '' when the conflict is the whole item. */
  field: string;
  mine: SideWords;
  theirs: SideWords;
  /** The whole conflict as one sentence. */
  sentence: string;
}

/** What one side did: a verb ('moved', 'deleted') and what follows it ('to 3.20, 4.10 m'). */
export interface SideWords {
  verb: string;
  detail: string;
}

/** A side as its radio button reads it, after 'Mine: ' or 'Theirs: '. */
export const sideText = (side: SideWords): string => (side.verb && side.detail ? `${side.verb} ${side.detail}` : side.verb || side.detail);

type Sides = Pick<MergeConflict, 'path' | 'base' | 'mine' | 'theirs'>;
type Models = { mine: Model; theirs: Model };

const metres = (value: number) => value.toFixed(2);
const place = (coord: readonly number[]) => `${metres(coord[0]!)}, ${metres(coord[1]!)} m`;
const isCoord = (value: unknown): value is [number, number, number] =>
  Array.isArray(value) && value.length >= 2 && value.every((n) => typeof n === 'number');

/** How the page names a unit group's unit (F§2's tool names; others by their type). */
function unitKind(group: UnitGroup, unit: Record<string, unknown>): string {
  if (group === 'racks') return unit.physical === false ? 'Equipment' : 'Rack';
  if (group === 'others') return UNIT_KINDS.find((info) => info.unitType === unit.unit_type)?.label ?? 'Unit';
  const label = UNIT_KINDS.find((info) => info.group === group)?.label ?? 'Unit';
  return group === 'ios' ? 'IO unit' : label;
}

/** 'Detector det-41', 'Rack R1' (its label), 'Label "Exit"'. */
function unitName(group: UnitGroup, id: string, unit: Record<string, unknown>): string {
  const label = typeof unit.label === 'string' ? unit.label.trim() : '';
  if (group === 'labels') return label ? `Label "${label}"` : `Label ${id}`;
  return `${unitKind(group, unit)} ${group === 'racks' && label ? label : id}`;
}

/** The room a unit stands in on its storey, else its storey ('on Level 1'), else nothing. */
function whereUnitIs(model: Model, unit: Record<string, unknown>): string {
  const storey = typeof unit.storey_id === 'string' ? model.arch.storeys[unit.storey_id] : undefined;
  if (!storey || !isCoord(unit.coord)) return '';
  const point: [number, number] = [unit.coord[0], unit.coord[1]];
  for (const roomId of storey.rooms) {
    const room = model.arch.rooms[roomId];
    if (room && pointInPolygon(point, room.shape)) return ` in ${room.name || roomId}`;
  }
  return storey.name ? ` on ${storey.name}` : '';
}

/** A product's name from the fire settings' product lists, else its id. */
function productName(model: Model, id: string): string {
  const products = model.fire?.config.products as Record<string, readonly { id: string; name?: string }[]> | undefined;
  for (const list of Object.values(products ?? {})) {
    const found = list.find((product) => product.id === id);
    if (found) return found.name || id;
  }
  return id;
}

const UNIT_FIELDS: Record<string, string> = {
  coord: 'position',
  angle: 'rotation',
  product_id: 'product',
  hidden: 'visibility',
  label: 'label',
  locked_to: 'socket',
  door_id: 'door',
  storey_id: 'storey',
  comment: 'comment',
  unit_type: 'type',
  size: 'size',
  physical: 'kind',
  inputs: 'inputs',
  outputs: 'outputs',
};

const DELETED: SideWords = { verb: 'deleted', detail: '' };

/** One side's value of a unit's field, in words. */
function unitFieldWords(field: string, value: unknown, other: unknown, model: Model): SideWords {
  if (value === undefined) return { verb: 'removed', detail: '' };
  switch (field) {
    case 'coord': {
      if (!isCoord(value)) break;
      const sameSpot = isCoord(other) && other[0] === value[0] && other[1] === value[1];
      if (sameSpot && value.length > 2) return { verb: 'raised', detail: `to ${metres(value[2])} m` };
      const height = isCoord(other) && value.length > 2 && other[2] !== value[2] ? ` at ${metres(value[2])} m height` : '';
      return { verb: 'moved', detail: `to ${place(value)}${height}` };
    }
    case 'angle':
      if (typeof value === 'number') return { verb: 'turned', detail: `to ${Math.round(value * 10) / 10}°` };
      break;
    case 'product_id':
      return { verb: 'set', detail: value === '' ? 'to none' : `to ${productName(model, plainValue(value))}` };
    case 'hidden':
      return { verb: value ? 'hidden' : 'shown', detail: '' };
    case 'locked_to':
      return { verb: 'set', detail: value === '' ? 'to none' : `onto detector ${plainValue(value)}` };
    case 'door_id': {
      const door = model.arch.doors[plainValue(value)];
      return { verb: 'set', detail: value === '' ? 'to none' : `to ${door?.name || plainValue(value)}` };
    }
    case 'storey_id':
      return { verb: 'moved', detail: `to ${model.arch.storeys[plainValue(value)]?.name || plainValue(value)}` };
    case 'size':
      if (Array.isArray(value)) return { verb: 'set', detail: `to ${value.join(' × ')}` };
      break;
    case 'physical':
      return { verb: 'made', detail: value ? 'a rack' : 'equipment' };
    case 'inputs':
    case 'outputs':
      if (Array.isArray(value)) return { verb: 'set', detail: `to ${value.length} ${value.length === 1 ? field.slice(0, -1) : field}` };
      break;
  }
  return { verb: 'set', detail: `to ${plainValue(value)}` };
}

/** A whole unit (added on both sides, or deleted on one and edited on the other). */
function unitItemWords(value: unknown, base: unknown): SideWords {
  if (value === undefined) return DELETED;
  const at = isPlainObject(value) && isCoord(value.coord) ? `at ${place(value.coord)}` : '';
  if (base === undefined) return { verb: 'placed', detail: at };
  return { verb: 'kept', detail: at ? `and edited, ${at}` : 'and edited' };
}

/** The words of a unit's conflict: path ['fire', 'units', group, id, ...field]. */
function unitConflict(conflict: Sides, models: Models, group: UnitGroup, id: string): Omit<ConflictWords, 'sentence'> {
  const item = [getIn(models.mine, conflict.path.slice(0, 4)), getIn(models.theirs, conflict.path.slice(0, 4))].find(isPlainObject);
  const where = item ? whereUnitIs(item === getIn(models.mine, conflict.path.slice(0, 4)) ? models.mine : models.theirs, item) : '';
  const subject = `${item ? unitName(group, id, item) : `${unitKind(group, {})} ${id}`}${where}`;
  if (conflict.path.length === 4)
    return { subject, field: '', mine: unitItemWords(conflict.mine, conflict.base), theirs: unitItemWords(conflict.theirs, conflict.base) };
  const key = String(conflict.path[4]);
  const field = [UNIT_FIELDS[key] ?? words(key), ...conflict.path.slice(5).map((part) => words(String(part)))].join(' ');
  const nested = conflict.path.length > 5;
  const side = (value: unknown, other: unknown, model: Model) =>
    nested ? { verb: 'set', detail: `to ${plainValue(value)}` } : unitFieldWords(key, value, other, model);
  return {
    subject,
    field,
    mine: side(conflict.mine, conflict.theirs, models.mine),
    theirs: side(conflict.theirs, conflict.mine, models.theirs),
  };
}

const ARCH_KINDS: Record<string, string> = {
  storeys: 'Storey',
  rooms: 'Room',
  walls: 'Wall',
  wall_openings: 'Wall opening',
  doors: 'Door',
  stairs: 'Stair',
  slabs: 'Slab',
  ceilings: 'Ceiling',
  beams: 'Beam',
  other_objects: 'Object',
};

const FIRE_KINDS: Record<string, string> = { sections: 'Section' };
const CONNECTION_KINDS: Record<string, string> = {
  routes: 'Loop',
  cables: 'Cable',
  centrals: 'Central',
  plinths: 'Plinth',
  power_supplies: 'Power supply',
  others: 'Rack unit',
  rooms: 'Equipment room',
};

/** snake_case as words: 'min_z' → 'min z'. */
const words = (key: string) => key.replace(/_/g, ' ');

/** A value that is not a unit's: text as it is, numbers rounded, lists counted, never raw JSON. */
function plainValue(value: unknown): string {
  if (value === undefined) return 'deleted';
  if (value === UNKNOWN_BASE) return 'unknown';
  if (value === null) return 'none';
  if (value === '') return 'empty';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return String(Math.round(value * 1000) / 1000);
  if (isCoord(value)) return place(value);
  if (Array.isArray(value)) return `${value.length} ${value.length === 1 ? 'entry' : 'entries'}`;
  if (isPlainObject(value) && typeof value.name === 'string' && value.name !== '') return value.name;
  if (isPlainObject(value) && typeof value.label === 'string' && value.label !== '') return value.label;
  return 'changed';
}

function itemConflict(conflict: Sides, models: Models, kind: string, depth: number): Omit<ConflictWords, 'sentence'> {
  const itemPath = conflict.path.slice(0, depth + 1);
  const item = [getIn(models.mine, itemPath), getIn(models.theirs, itemPath)].find(isPlainObject);
  const id = String(conflict.path[depth]);
  const name =
    item && typeof item.name === 'string' && item.name ? item.name : item && typeof item.label === 'string' && item.label ? item.label : id;
  const subject = `${kind} ${name}`;
  if (conflict.path.length === depth + 1) {
    const whole = (value: unknown): SideWords =>
      value === undefined
        ? DELETED
        : { verb: conflict.base === undefined ? 'added' : 'kept', detail: conflict.base === undefined ? '' : 'and edited' };
    return { subject, field: '', mine: whole(conflict.mine), theirs: whole(conflict.theirs) };
  }
  const field = conflict.path
    .slice(depth + 1)
    .map((part) => (part === 'shape' ? 'outline' : words(String(part))))
    .join(' ');
  const side = (value: unknown): SideWords =>
    value === undefined ? { verb: 'removed', detail: '' } : { verb: 'set', detail: `to ${plainValue(value)}` };
  return { subject, field, mine: side(conflict.mine), theirs: side(conflict.theirs) };
}

/**
 * The conflict in words. `fieldLabel` names a value the page has a label for (a Property details field); other
 * paths outside units and items are named by their path in words.
 */
export function conflictWords(conflict: Sides, models: Models, fieldLabel?: string): ConflictWords {
  const [part, a, b, c] = conflict.path.map(String);
  let parts: Omit<ConflictWords, 'sentence'>;
  if (part === 'fire' && a === 'units' && (UNIT_GROUPS as readonly string[]).includes(b ?? '') && c !== undefined)
    parts = unitConflict(conflict, models, b as UnitGroup, c);
  else if (part === 'arch' && a && ARCH_KINDS[a] && b !== undefined) parts = itemConflict(conflict, models, ARCH_KINDS[a], 2);
  else if (part === 'fire' && a && FIRE_KINDS[a] && b !== undefined) parts = itemConflict(conflict, models, FIRE_KINDS[a], 2);
  else if (part === 'fire' && a === 'connections' && b && CONNECTION_KINDS[b] && c !== undefined)
    parts = itemConflict(conflict, models, CONNECTION_KINDS[b], 3);
  else {
    const side = (value: unknown): SideWords => ({ verb: '', detail: plainValue(value) });
    parts = {
      subject: '',
      field: fieldLabel ?? conflict.path.map((key) => words(String(key))).join(' › '),
      mine: side(conflict.mine),
      theirs: side(conflict.theirs),
    };
  }
  return { ...parts, sentence: sentence(parts) };
}

/** 'Detector det-41 in Kitchen: position moved by them to 3.20, 4.10 m; by you to 3.40, 4.10 m'. */
function sentence({ subject, field, mine, theirs }: Omit<ConflictWords, 'sentence'>): string {
  const head = [subject, field].filter(Boolean).join(': ');
  const by = (side: SideWords, who: string, repeatVerb: boolean) =>
    [repeatVerb ? side.verb : '', `by ${who}`, side.detail].filter(Boolean).join(' ');
  if (!theirs.verb) return `${head}: ${theirs.detail} by them; ${mine.detail} by you`;
  return `${head} ${by(theirs, 'them', true)}; ${by(mine, 'you', mine.verb !== theirs.verb)}`;
}
