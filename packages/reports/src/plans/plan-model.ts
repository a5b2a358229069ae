import type { Arch, Model, Regulation, Section, Storey } from '@edrf/model';
import type { Pt } from '../drawing/items.js';
import type { SymbolKey } from '../symbols/library.js';
import { unitSymbol, type SymbolGroup } from '../symbols/unit-symbol.js';
import { boxOf, emptyBox, extend, labelPoint, type Box } from './geometry.js';
import { revisionMarks, type RevisionMark } from './revision-cloud.js';

/** What the plan drawings read of one storey: its architecture and units in plan coordinates (metres). */

export interface PlanRoom {
  id: string;
  name: string;
  rings: Pt[][];
  box: Box;
  label: Pt;
  /** Height of the ceiling above the storey's floor (m). */
  ceiling: number;
}

export interface PlanUnit {
  id: string;
  group: SymbolGroup;
  symbol: SymbolKey;
  at: Pt;
  /** Height above the storey's floor (m): the mounting height. */
  height: number;
  angle: number;
  /** The unit's section and address, when it has one. */
  section: Section | null;
  address: number | null;
}

export interface PlanSectionPart {
  section: Section;
  rings: Pt[][];
  roomId: string;
}

export interface PlanRoute {
  id: string;
  kind: string;
  label: string;
  points: Pt[];
}

export interface StoreyPlan {
  storey: Storey;
  /** 1 for the lowest storey. */
  floor: number;
  walls: Pt[][];
  doors: { left: Pt; right: Pt; exterior: boolean }[];
  rooms: PlanRoom[];
  units: PlanUnit[];
  parts: PlanSectionPart[];
  routes: PlanRoute[];
  trays: { a: Pt; b: Pt; width: number }[];
  /** The design's latest revision where it changed this storey (its clouds), else null. */
  revision: RevisionMark | null;
  /** Everything drawn on the storey. */
  box: Box;
}

/** The storeys from the lowest up (by number, then floor height). */
export const storeysInOrder = (arch: Arch): Storey[] =>
  Object.values(arch.storeys).sort((a, b) => a.number - b.number || a.height.min_z - b.height.min_z || a.id.localeCompare(b.id));

const flat = (ring: readonly (readonly number[])[]): Pt[] => ring.map((p) => [p[0]!, p[1]!] as Pt);

/** What the plans read of a unit of any group (racks, detectors … carry an angle but detectors). */
interface PlacedUnit {
  id: string;
  storey_id: string;
  coord: [number, number, number];
  angle?: number;
}

const UNIT_GROUPS: readonly SymbolGroup[] = ['racks', 'detectors', 'sirens', 'buttons', 'ios', 'others'];

/** Every storey's plan, built in one pass over the model's units, sections and routes. */
export function storeyPlans(model: Model): StoreyPlan[] {
  const { arch, fire } = model;
  const storeys = storeysInOrder(arch);
  const byStorey = new Map<string, StoreyPlan>();
  storeys.forEach((storey, i) => {
    const rooms: PlanRoom[] = [];
    const top = storey.height.max_z - storey.height.min_z;
    for (const id of storey.rooms) {
      const room = arch.rooms[id];
      if (!room) continue;
      const rings = [flat(room.shape.exterior), ...room.shape.interiors.map(flat)];
      const above = room.shape.above.map((p) => p[2]);
      const ceiling = above.length ? Math.max(...above) - storey.height.min_z : top;
      rooms.push({ id, name: room.name, rings, box: boxOf(rings[0]!), label: labelPoint(rings), ceiling });
    }
    const walls = storey.walls.flatMap((id) => {
      const wall = arch.walls[id];
      return wall ? [flat(wall.shape.exterior)] : [];
    });
    const doors = storey.doors.flatMap((id) => {
      const door = arch.doors[id];
      return door
        ? [{ left: [door.left[0], door.left[1]] as Pt, right: [door.right[0], door.right[1]] as Pt, exterior: door.exterior }]
        : [];
    });
    byStorey.set(storey.id, {
      storey,
      floor: i + 1,
      walls,
      doors,
      rooms,
      units: [],
      parts: [],
      routes: [],
      trays: [],
      revision: null,
      box: emptyBox(),
    });
  });
  const roomNow = new Map<string, { storeyId: string; box: Box }>();
  for (const plan of byStorey.values()) for (const room of plan.rooms) roomNow.set(room.id, { storeyId: plan.storey.id, box: room.box });
  for (const [storeyId, mark] of revisionMarks(model, (id) => roomNow.get(id))) {
    const plan = byStorey.get(storeyId);
    if (plan) plan.revision = mark;
  }

  if (fire) {
    const addressOf = new Map<string, { section: Section; address: number }>();
    for (const section of Object.values(fire.sections))
      for (const [unit, address] of Object.entries(section.addresses)) addressOf.set(unit, { section, address });
    for (const group of UNIT_GROUPS)
      for (const unit of Object.values<PlacedUnit>(fire.units[group])) {
        const plan = byStorey.get(unit.storey_id);
        if (!plan) continue;
        const found = addressOf.get(unit.id);
        plan.units.push({
          id: unit.id,
          group,
          symbol: unitSymbol(fire, group, unit.id),
          at: [unit.coord[0], unit.coord[1]],
          height: unit.coord[2] - plan.storey.height.min_z,
          angle: unit.angle ?? 0,
          section: found?.section ?? null,
          address: found?.address ?? null,
        });
      }
    const roomStorey = new Map<string, StoreyPlan>();
    for (const plan of byStorey.values()) for (const room of plan.rooms) roomStorey.set(room.id, plan);
    for (const section of Object.values(fire.sections))
      for (const part of section.parts) {
        const plan = roomStorey.get(part.room_id);
        const room = arch.rooms[part.room_id];
        if (!plan || !room) continue;
        const shape = part.shape ?? room.shape;
        plan.parts.push({ section, roomId: part.room_id, rings: [flat(shape.exterior), ...shape.interiors.map(flat)] });
      }
    const cableLabel = new Map(Object.values(fire.connections.cables).map((c) => [c.id, c.label || c.id]));
    for (const route of Object.values(fire.connections.routes))
      for (const slice of route.slices) {
        const plan = byStorey.get(slice.storey_id);
        if (!plan) continue;
        plan.routes.push({
          id: route.id,
          kind: route.kind,
          label: cableLabel.get(route.id) ?? route.id,
          points: slice.nodes.map((n) => [n.coord[0], n.coord[1]] as Pt),
        });
      }
  }
  for (const tray of Object.values(model.elec.trays)) {
    const plan = byStorey.get(tray.storey_id);
    if (plan && !tray.to_storey_id)
      plan.trays.push({ a: [tray.start[0], tray.start[1]], b: [tray.end[0], tray.end[1]], width: tray.width });
  }
  for (const plan of byStorey.values()) {
    const b = plan.box;
    for (const ring of [...plan.walls, ...plan.rooms.map((r) => r.rings[0]!)]) for (const [x, y] of ring) extend(b, x, y);
    for (const u of plan.units) extend(b, u.at[0], u.at[1]);
    for (const d of plan.doors) {
      extend(b, d.left[0], d.left[1]);
      extend(b, d.right[0], d.right[1]);
    }
  }
  return storeys.map((s) => byStorey.get(s.id)!);
}

// A request asks for several plan drawings of one model, each as PDF and DXF: its plans are read once.
const read = new WeakMap<Model, StoreyPlan[]>();

/** storeyPlans(model), read once per model object (the drawings only read them). */
export function storeyPlansOf(model: Model): StoreyPlan[] {
  let plans = read.get(model);
  if (!plans) read.set(model, (plans = storeyPlans(model)));
  return plans;
}

/** A unit's address as printed: 'section.address' (SBF 110:8, NFPA 72), 'Z{zone}/{address}' (BS 5839's zones). */
export function addressText(unit: Pick<PlanUnit, 'section' | 'address'>, regulation: Regulation): string {
  if (!unit.section || unit.address === null) return '';
  return regulation === 'Bs5839' ? `Z${unit.section.name}/${unit.address}` : `${unit.section.name}.${unit.address}`;
}
