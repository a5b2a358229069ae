import type { DetectorProductType, DetectorSettings } from '@edrf/model';
import type { RoomInfo } from '../building.js';
import type { Ring } from '../geometry/ring.js';
import { MEASURE_TOLERANCE } from '../messages.js';
import { extent } from '../placement/strip-plan.js';
import { directions, rotate } from '../placement/strips.js';
import { heightFactor, type RegulationRules } from '../regulations.js';

/** What one detector covers in a room: the placement places by it and the analysis checks by it (one source). */
export interface DetectorReach {
  /** Every point of the room within this distance of a detector (m). */
  radius: number;
  /** The most room one detector stands for (m²). */
  maxArea: number;
  /** The room's ceiling height (m). */
  height: number;
  /** The regulation's limit for point detectors of this type (m). */
  maxHeight: number;
  /** Above the limit: the room gets the 'Ceiling too high' warning (and detectors at the table's last factor). */
  tooHigh: boolean;
}

/**
 * A room's ceiling height: its space's top above its floor when the model gives them (room shape `above` / `below`,
 * docs/model.md), else its storey's height.
 */
export function roomHeight(info: RoomInfo): number {
  const { above, below } = info.room.shape;
  const storey = info.storey.height;
  const top = above.length ? Math.max(...above.map((p) => p[2])) : storey.max_z;
  const bottom = below.length ? Math.min(...below.map((p) => p[2])) : storey.min_z;
  const height = top - bottom;
  return Number.isFinite(height) && height > 0 ? height : storey.max_z - storey.min_z;
}

/** How wide a room is across its main wall direction (the narrowest of the strip directions); rooms with holes: Infinity. */
export function roomWidth(rings: readonly Ring[]): number {
  if (rings.length !== 1) return Infinity;
  const ring = rings[0]!;
  let width = Infinity;
  for (const angle of directions(ring)) {
    const turned = ring.map((p) => rotate(p, -angle));
    const [u0, u1] = extent(turned, 0);
    const [v0, v1] = extent(turned, 1);
    width = Math.min(width, u1 - u0, v1 - v0);
  }
  return width;
}

/**
 * The detector coverage of a room under the regulation: the settings' radius and area scaled by the ceiling height's
 * factor (radius × f, area × f²: the factor scales the spacing), and in a corridor no wider than the regulation's
 * corridor width (BS 5839-1) the centreline rule: a point of the centreline within the radius of a detector on it, so
 * the farthest point of the room, at the wall beside it, is hypot(radius, width / 2) away.
 */
export function detectorReach(
  rules: RegulationRules,
  settings: Pick<DetectorSettings, 'max_detector_distance' | 'area_per_detector'>,
  type: DetectorProductType,
  info: RoomInfo,
): DetectorReach {
  const rule = rules.ceiling[type];
  const height = roomHeight(info);
  const factor = heightFactor(rule, height);
  let radius = settings.max_detector_distance * factor;
  const maxArea = settings.area_per_detector * factor * factor;
  if (rules.corridorWidth > 0) {
    const width = roomWidth(info.rings);
    if (width <= rules.corridorWidth + 1e-9) radius = Math.hypot(radius, width / 2);
  }
  return { radius, maxArea, height, maxHeight: rule.maxHeight, tooHigh: height > rule.maxHeight + MEASURE_TOLERANCE };
}
