import type { Point2 } from '@edrf/model';

/** What the page asks the geometry worker (geometry.worker.ts) and what it answers. */
export interface ValidityRequest {
  id: number;
  op: 'validity';
  /** Room outlines, at most POLYGON_BATCH (250) per message. */
  rings: Point2[][];
}

export interface ValidityAnswer {
  id: number;
  valid: boolean[];
}
