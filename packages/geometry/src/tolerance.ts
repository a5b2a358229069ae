/** The tolerances of plan geometry (P§9), in metres and square metres. */
import { MIN_ROOM_AREA } from '@edrf/model';

/** Polygon intersection tolerance: points and segments closer than this touch. */
export const TOLERANCE = 1e-4;
/** The smallest room a user may draw (P§9). */
export { MIN_ROOM_AREA };
/** Polygons are sent to a geometry worker in batches of this many (P§9). */
export const POLYGON_BATCH = 250;
/** Decimal places Clipper2 keeps (1e-6 m), well below TOLERANCE. */
export const CLIPPER_DECIMALS = 6;
