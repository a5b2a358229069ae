/**
 * What an element's body is in plan, as element-shape.ts reads it and the reading context keeps it (context.ts): its
 * footprint, or the outline of its points, with its height range. Kept apart from element-shape.ts, which reads the
 * context, so that the context can name them without an import circle.
 */
import type { Polygon } from '@edrf/model';

/** The footprint of an element's body and its height range. */
export interface ElementShape {
  /** Every piece of the footprint, largest first (at least one). */
  polygons: Polygon[];
  minZ: number;
  maxZ: number;
}

/** An element's plan outline (the simplified convex hull of its points) and height range. */
export interface ElementOutline {
  polygon: Polygon;
  minZ: number;
  maxZ: number;
}
