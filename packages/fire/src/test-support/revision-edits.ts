// For the revision tests and bench (issue 40): designs made by the engine (units, then sections with labels and
// addresses, the basis taken) and the architect's edits of rooms made in memory, as a re-import would bring them.
import { emptyFire, type Arch, type Fire, type Regulation, type RoomType } from '@edrf/model';
import { calcFireUnits } from '../calc-units.js';
import { createFireConfig } from '../config.js';
import { clipRingToHalfPlane, ringCentroid, type Pt } from '../geometry/ring.js';
import { designBasis } from '../revision/arch-changes.js';
import { calcFireSections } from '../sections/calc-sections.js';

export const BASIS_AT = '2026-11-28T09:00:00.000Z';
export const UPDATE_AT = '2026-11-28T10:00:00.000Z';

/** The engine's design of a building, its basis taken: units, and with `sections` sections, labels and addresses. */
export function designed(arch: Arch, opts: { regulation?: Regulation; sections?: boolean; sectionAreas?: number[] } = {}): Fire {
  const fire = emptyFire(createFireConfig(opts.regulation ?? 'Sbf1108'));
  if (opts.sectionAreas) fire.config.section.section_areas = opts.sectionAreas;
  const units = calcFireUnits({ arch, fire }).units;
  fire.units = { ...fire.units, ...units };
  if (opts.sections ?? true) {
    const made = calcFireSections({ settings: { sections: true, labels: true, addresses: true }, model: { arch, fire } });
    fire.sections = made.sections;
    fire.units.labels = made.labels;
  }
  fire.design_basis = designBasis(arch, BASIS_AT, fire.units);
  return fire;
}

/** A copy of the architecture with some rooms edited. */
export function edited(arch: Arch, edit: (draft: Arch) => void): Arch {
  const draft = structuredClone(arch);
  edit(draft);
  return draft;
}

export function removeRoom(arch: Arch, id: string): void {
  delete arch.rooms[id];
  for (const storey of Object.values(arch.storeys)) storey.rooms = storey.rooms.filter((r) => r !== id);
}

export function putRoom(arch: Arch, storeyId: string, room: { id: string; exterior: Pt[]; type?: RoomType; name?: string }): void {
  arch.rooms[room.id] = {
    id: room.id,
    global_id: '',
    name: room.name ?? room.id,
    type: room.type ?? 'Other',
    synthetic: false,
    shape: { exterior: room.exterior.map((p) => [p[0], p[1]]), interiors: [], below: [], above: [] },
  };
  if (!arch.storeys[storeyId]!.rooms.includes(room.id)) arch.storeys[storeyId]!.rooms.push(room.id);
}

/** The room's outline scaled about its centroid (0.9: each wall moved in by a twentieth of the room). */
export function scaleRoom(arch: Arch, id: string, factor: number): void {
  const shape = arch.rooms[id]!.shape;
  const [cx, cy] = ringCentroid(shape.exterior);
  const scale = (ring: [number, number][]) => ring.map(([x, y]): [number, number] => [cx + (x - cx) * factor, cy + (y - cy) * factor]);
  shape.exterior = scale(shape.exterior);
  shape.interiors = shape.interiors.map(scale);
}

/** The room cut by the vertical line through its centroid: it keeps the west part, a new room `newId` the east part. */
export function splitRoom(arch: Arch, id: string, newId: string): void {
  const room = arch.rooms[id]!;
  const [cx] = ringCentroid(room.shape.exterior);
  const storey = Object.values(arch.storeys).find((s) => s.rooms.includes(id))!;
  const east = clipRingToHalfPlane(room.shape.exterior, -1, 0, -cx);
  room.shape.exterior = clipRingToHalfPlane(room.shape.exterior, 1, 0, cx).map((p) => [p[0], p[1]]);
  room.shape.interiors = [];
  putRoom(arch, storey.id, { id: newId, exterior: [...east], type: room.type, name: `${room.name} (east)` });
}
