/**
 * The mesh catalogue (P§3), served as /generic_meshes.json: shapes the 3D view draws as instanced meshes, in
 * metres, with the origin at the point the item is placed at and z up. Fire units are placed at their mounting
 * point (F§9: detectors and sirens under the ceiling, so they hang below z = 0; call points on a wall at 1 m, so
 * they sit around it); other objects use the unit shapes, scaled to their footprint and height.
 */
import { box, combine, frustum, type MeshShape } from './mesh.js';

export type MeshCatalogue = { shapes: Record<string, MeshShape> };

export const MESH_SHAPES = [
  'Box',
  'Cylinder',
  'SmokeDetector',
  'HeatDetector',
  'Sounder',
  'Beacon',
  'SounderBeacon',
  'ManualCallPoint',
  'IoUnit',
  'Central',
  'PowerSupply',
  'AlarmTransmitter',
  'Rack',
] as const;
export type MeshShapeName = (typeof MESH_SHAPES)[number];

const shapes: Record<MeshShapeName, () => MeshShape> = {
  // Unit solids (0..1 on each axis; the cylinder is centred on x, y): scaled per instance.
  Box: () => box([0, 0, 0], [1, 1, 1]),
  Cylinder: () => frustum([0, 0], 0, 1, 0.5, 0.5, 32),
  // Ceiling units: a base against the ceiling and the body below it.
  SmokeDetector: () => combine(frustum([0, 0], -0.012, 0, 0.055, 0.055), frustum([0, 0], -0.055, -0.012, 0.05, 0.045)),
  HeatDetector: () => combine(frustum([0, 0], -0.012, 0, 0.055, 0.055), frustum([0, 0], -0.045, -0.012, 0.05, 0.03)),
  Sounder: () => combine(frustum([0, 0], -0.02, 0, 0.06, 0.06), frustum([0, 0], -0.07, -0.02, 0.055, 0.045)),
  Beacon: () => combine(frustum([0, 0], -0.02, 0, 0.05, 0.05), frustum([0, 0], -0.08, -0.02, 0.035, 0.035)),
  SounderBeacon: () =>
    combine(frustum([0, 0], -0.02, 0, 0.06, 0.06), frustum([0, 0], -0.06, -0.02, 0.055, 0.05), frustum([0, 0], -0.1, -0.06, 0.03, 0.03)),
  // Wall units: a box around the mounting point, its back at y = 0 (the wall), reaching into the room (+y).
  ManualCallPoint: () => combine(box([-0.045, 0, -0.045], [0.045, 0.03, 0.045]), box([-0.03, 0.03, -0.03], [0.03, 0.045, 0.03])),
  IoUnit: () => box([-0.075, 0, -0.05], [0.075, 0.04, 0.05]),
  Central: () => box([-0.22, 0, -0.2], [0.22, 0.12, 0.2]),
  PowerSupply: () => box([-0.17, 0, -0.15], [0.17, 0.1, 0.15]),
  AlarmTransmitter: () => box([-0.1, 0, -0.08], [0.1, 0.05, 0.08]),
  // A floor-standing rack: 0.6 × 0.6 m, 2 m high, standing on z = 0.
  Rack: () => box([-0.3, 0, 0], [0.3, 0.6, 2]),
};

/** The whole catalogue, built once. */
let built: MeshCatalogue | undefined;
export function meshCatalogue(): MeshCatalogue {
  built ??= { shapes: Object.fromEntries(MESH_SHAPES.map((name) => [name, shapes[name]()])) };
  return built;
}
