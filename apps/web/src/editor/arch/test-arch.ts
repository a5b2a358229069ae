import { archSchema, emptyModel, type Arch, type Model, type Point2 } from '@edrf/model';
import { buildPlanScene } from '../layers';
import { archLayers } from './arch-layers';

/** A rectangle ring, counter-clockwise. */
export const rect = (x0: number, y0: number, x1: number, y1: number): Point2[] => [
  [x0, y0],
  [x1, y0],
  [x1, y1],
  [x0, y1],
];

const wall3 = (ring: Point2[], z: number) => ring.map(([x, y]) => [x, y, z]);

/**
 * Two storeys for tests. Storey s0 (number 0, floor at 0): kitchen k (0..4 × 0..3), office o
 * (4..7 × 0..3), a wall w1 along y = 0, a beam b1 at 2.4 m, a door d1 in the wall between the
 * rooms swinging left, an air inlet v1 and a chair c1. Storey s1 (number 1, floor at 3): room u.
 */
export function testArch(): Arch {
  return archSchema.parse({
    storeys: {
      s0: {
        id: 's0',
        number: 0,
        name: 'Ground',
        height: { min_z: 0, max_z: 3 },
        rooms: ['k', 'o'],
        walls: ['w1', 'b1'],
        doors: ['d1'],
        other_objects: ['v1', 'c1'],
      },
      s1: { id: 's1', number: 1, name: 'First', height: { min_z: 3, max_z: 6 }, rooms: ['u'] },
    },
    rooms: {
      k: { id: 'k', name: 'Kitchen', type: 'Kitchen', shape: { exterior: rect(0, 0, 4, 3) } },
      o: { id: 'o', name: 'Office', shape: { exterior: rect(4, 0, 7, 3) } },
      u: { id: 'u', name: 'Upstairs', shape: { exterior: rect(0, 0, 7, 3) } },
    },
    walls: {
      w1: { id: 'w1', shape: { exterior: wall3(rect(0, -0.1, 7, 0), 0) } },
      b1: { id: 'b1', shape: { exterior: wall3(rect(0, 1.4, 7, 1.6), 2.4) } },
    },
    doors: { d1: { id: 'd1', op_type: 'SwingLeft', left: [4, 1, 0], right: [4, 2, 0], walls: [] } },
    other_objects: {
      v1: { id: 'v1', vent_type: 'AirInlet', shape: { exterior: rect(1, 1, 1.2, 1.2) }, min_z: 2.8, max_z: 3 },
      c1: { id: 'c1', type: 'IfcFurnishingElement', shape: { exterior: rect(5, 2, 5.5, 2.5) }, min_z: 0, max_z: 1 },
    },
  });
}

/** The test arch as a whole model. */
export const testModel = (arch: Arch = testArch()): Model => ({ ...emptyModel(), arch });

/** A storey's plan from the architecture layers, as the architecture page builds it. */
export const archScene = (arch: Arch, storeyId: string) => buildPlanScene(testModel(arch), storeyId, archLayers());
