import { emptyFire, type Detector, type Fire, type Regulation } from '@edrf/model';
import { createFireConfig } from '@edrf/fire';

/** A fire module as create_fire_config makes it (the engine's own config), for tests. */
export const createFireConfigForTest = (regulation: Regulation = 'Sbf1108'): Fire => emptyFire(createFireConfig(regulation));

/** A detector of the test arch (testModel: storey s0 below 3 m, s1 below 6 m), 5 cm under its storey's ceiling. */
export const testDetector = (id: string, storey_id: string, x: number, y: number, product_id = ''): Detector => ({
  id,
  storey_id,
  product_id,
  coord: [x, y, storey_id === 's0' ? 2.95 : 5.95],
  hidden: false,
});

/** The four detectors the sections and routes fixtures share: d1 (1, 1), d2 (3, 2), d3 (5.5, 1.5) on s0, d4 (2, 2) on s1. */
export const testDetectors = (product_id = ''): Record<string, Detector> => ({
  d1: testDetector('d1', 's0', 1, 1, product_id),
  d2: testDetector('d2', 's0', 3, 2, product_id),
  d3: testDetector('d3', 's0', 5.5, 1.5, product_id),
  d4: testDetector('d4', 's1', 2, 2, product_id),
});
