/**
 * A room's type from its name (Swedish, English, German, and a few Russian words) and, failing that, from its geometry.
 * Names are matched on lower case with diacritics kept; compounds match because keywords are stems ('bad' finds
 * 'Badrum', 'Badezimmer', 'Gästebad'). The first matching rule wins, so narrower types come first.
 */
import type { Point2, Polygon, RoomType } from '@edrf/model';
import { polygonArea, pointInPolygon, ringCentroid } from '../measure.js';

const RULES: readonly (readonly [RoomType, RegExp])[] = [
  [
    'AccessibleBathroom',
    /\brwc\b|\bhwc\b|rullstol|handikapp|tillgänglig|accessible|disabled|wheelchair|barrierefrei|behinderten|rollstuhl/,
  ],
  ['Shower', /dusch|shower/],
  [
    'Bathroom',
    /(^|[^a-zåäöü])w\.?c\.?($|[^a-zåäöü])|\bwc|bad(?!minton)|toalett|toilet|restroom|rest room|lavator|washroom|bathroom|\bbath|(^|\s)r\.\s?r\.|sanitär|с\/у|санузел|туалет|ванн/,
  ],
  ['Kitchen', /kök|kok\b|pentry|kitchen|pantry|scullery|küche|kueche|kochen|teeküche|кухн/],
  ['Stairwell', /trapp|stair|treppe|stiege|лестниц/],
  ['Shaft', /schakt|shaft|schacht|\bhiss|elevator|\blift|aufzug|fahrstuhl|шахт|лифт/],
  ['SleepingRoom', /sov|bedroom|sleep|schlaf|guest ?room|gästrum|dormitor|спальн/],
  ['ServerRoom', /server|datorrum|data ?room|rechenzentrum|it-rum|nätverksrum|серверн/],
  ['Workshop', /verkstad|workshop|werkstatt|snickeri|мастерск/],
  ['Balcony', /balkong|balcon|balkon|terrass|terrace|patio|loggia|veranda|altan|балкон|лоджи|террас/],
];

/** The type a room's name names, or Other. */
export function roomTypeFromName(name: string): RoomType {
  const text = name.toLowerCase();
  for (const [type, pattern] of RULES) if (pattern.test(text)) return type;
  return 'Other';
}

/** Rooms smaller than this (m²) are shafts when nothing else tells. */
export const SHAFT_MAX_AREA = 1;
/** A room holding at least this share of a stair's plan area, */
export const STAIR_SHARE = 0.5;
/** where that stair is at least this share of the room's area, is a stairwell (not a living room with stairs). */
export const STAIR_ROOM_SHARE = 0.2;

export interface RoomGeometryContext {
  /** The plan shapes of the stairs on the room's storey. */
  stairs: readonly Pick<Polygon, 'exterior' | 'interiors'>[];
}

/** Share of a polygon's area inside another, estimated on a grid of sample points (no WebAssembly needed). */
function shareInside(part: Pick<Polygon, 'exterior' | 'interiors'>, whole: Pick<Polygon, 'exterior' | 'interiors'>): number {
  const xs = part.exterior.map((p) => p[0]);
  const ys = part.exterior.map((p) => p[1]);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const steps = 12;
  let inPart = 0;
  let inBoth = 0;
  for (let i = 0; i < steps; i++) {
    for (let j = 0; j < steps; j++) {
      const p: Point2 = [minX + ((i + 0.5) / steps) * (maxX - minX), minY + ((j + 0.5) / steps) * (maxY - minY)];
      if (!pointInPolygon(p, part, 0)) continue;
      inPart++;
      if (pointInPolygon(p, whole, 0)) inBoth++;
    }
  }
  if (inPart === 0) return pointInPolygon(ringCentroid(part.exterior), whole, 0) ? 1 : 0;
  return inBoth / inPart;
}

/**
 * The type a room's shape suggests: a stairwell when it holds most of a stair that fills a good part of it, a shaft
 * when it is tiny, else Other.
 */
export function roomTypeFromGeometry(shape: Pick<Polygon, 'exterior' | 'interiors'>, context: RoomGeometryContext): RoomType {
  const area = polygonArea(shape);
  const holdsStair = (stair: Pick<Polygon, 'exterior' | 'interiors'>) =>
    polygonArea(stair) >= STAIR_ROOM_SHARE * area && shareInside(stair, shape) >= STAIR_SHARE;
  if (context.stairs.some(holdsStair)) return 'Stairwell';
  if (area < SHAFT_MAX_AREA) return 'Shaft';
  return 'Other';
}

/** The room's type from its name, else from its geometry. */
export function identifyRoomType(name: string, shape: Pick<Polygon, 'exterior' | 'interiors'>, context: RoomGeometryContext): RoomType {
  const byName = roomTypeFromName(name);
  return byName !== 'Other' ? byName : roomTypeFromGeometry(shape, context);
}
