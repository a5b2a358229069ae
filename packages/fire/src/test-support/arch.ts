import { archSchema, type Arch, type RoomType } from '@edrf/model';
import type { Pt } from '../geometry/ring.js';

/** Builds small architecture models for tests and benchmarks (validated by the model schema). */
export interface RoomSpec {
  id: string;
  exterior: Pt[];
  interiors?: Pt[][];
  type?: RoomType;
  name?: string;
}
export interface DoorSpec {
  id: string;
  left: Pt;
  right: Pt;
  exterior?: boolean;
}
export interface StoreySpec {
  id: string;
  min_z?: number;
  max_z?: number;
  rooms: RoomSpec[];
  doors?: DoorSpec[];
  vents?: { id: string; ring: Pt[]; vent_type?: 'AirInlet' | 'AirOutlet' | 'Other' }[];
}

const copy = (ring: readonly Pt[]) => ring.map((p) => [p[0], p[1]] as [number, number]);

export function makeArch(storeys: StoreySpec[]): Arch {
  const arch = {
    storeys: {} as Record<string, unknown>,
    rooms: {} as Record<string, unknown>,
    doors: {} as Record<string, unknown>,
    other_objects: {} as Record<string, unknown>,
  };
  storeys.forEach((s, i) => {
    const min_z = s.min_z ?? i * 3;
    const max_z = s.max_z ?? min_z + 3;
    arch.storeys[s.id] = {
      id: s.id,
      number: i,
      name: s.id,
      height: { min_z, max_z },
      rooms: s.rooms.map((r) => r.id),
      doors: (s.doors ?? []).map((d) => d.id),
      other_objects: (s.vents ?? []).map((v) => v.id),
    };
    for (const r of s.rooms)
      arch.rooms[r.id] = {
        id: r.id,
        name: r.name ?? r.id,
        type: r.type ?? 'Other',
        shape: { exterior: copy(r.exterior), interiors: (r.interiors ?? []).map(copy) },
      };
    for (const d of s.doors ?? [])
      arch.doors[d.id] = {
        id: d.id,
        name: d.id,
        exterior: d.exterior ?? false,
        left: [d.left[0], d.left[1], min_z],
        right: [d.right[0], d.right[1], min_z],
      };
    for (const v of s.vents ?? [])
      arch.other_objects[v.id] = {
        id: v.id,
        name: v.id,
        vent_type: v.vent_type ?? 'AirInlet',
        shape: { exterior: copy(v.ring) },
        min_z: max_z - 0.3,
        max_z,
      };
  });
  return archSchema.parse(arch);
}

export const rect = (x: number, y: number, w: number, h: number): [number, number][] => [
  [x, y],
  [x + w, y],
  [x + w, y + h],
  [x, y + h],
];
