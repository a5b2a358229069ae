import {
  classASeparationFor,
  DEFAULT_ISOLATOR_MAX_UNITS,
  type CablingSettings,
  type DetectorProductType,
  type Regulation,
  type RoomType,
  type SectionSettings,
  type UnitSettings,
} from '@edrf/model';

/**
 * The rules of one regulation the engine needs: the default optimization config (F§3) and the
 * per-regulation decisions of placement. Every value and its source is in docs/fire-rules.md.
 */
export interface RegulationRules {
  unit: UnitSettings;
  section: SectionSettings;
  cabling: CablingSettings;
  /** Travel distance (m) from any point of a storey to the nearest manual call point. */
  button_travel_distance: number;
  /** Room types that need no detection at all. */
  undetectedRoomTypes: readonly RoomType[];
  /** Room types that need no detection when no larger than smallRoomArea (m²). */
  smallUndetectedRoomTypes: readonly RoomType[];
  smallRoomArea: number;
  /** Rooms smaller than this (m²) need no siren of their own, unless people sleep there. */
  sirenExemptBelowArea: number;
  /** Vent types a detector keeps min_air_inlet_distance from. */
  inletVentTypes: readonly ('AirInlet' | 'AirOutlet')[];
  /** Point detectors by ceiling height, per detector type (docs/fire-rules.md 'Ceiling heights'). */
  ceiling: Readonly<Record<DetectorProductType, CeilingRule>>;
  /** Rooms at most this wide (m) are corridors whose centreline alone is covered (BS 5839-1); 0 for none. */
  corridorWidth: number;
}

/**
 * How a detector type's coverage depends on the room's ceiling height: above `maxHeight` (m) point detectors are not
 * fit (a warning); `factors` scale the spacing, so the radius by the factor and the area per detector by its square.
 */
export interface CeilingRule {
  maxHeight: number;
  /** [height up to and including (m), factor], rising; none: the factor is 1 up to maxHeight. */
  factors?: readonly (readonly [number, number])[];
}

const FOOT = 0.3048;

/** NFPA 72 Table 17.6.3.5.1: heat detector spacing by ceiling height, rows of 2 ft from 10 ft up to 30 ft. */
export const NFPA_HEAT_HEIGHT_FACTORS: readonly (readonly [number, number])[] = [
  [10, 1.0],
  [12, 0.91],
  [14, 0.84],
  [16, 0.77],
  [18, 0.71],
  [20, 0.64],
  [22, 0.58],
  [24, 0.52],
  [26, 0.46],
  [28, 0.4],
  [30, 0.34],
].map(([feet, factor]) => [feet! * FOOT, factor!] as const);

const detector = (max: number, area: number, wall: number, inlet: number, shaft: number) => ({
  min_wall_distance: wall,
  min_air_inlet_distance: inlet,
  max_detector_distance: max,
  area_per_detector: area,
  max_shaft_distance: shaft,
});

/**
 * Cabling settings: route limits, 15 % start voltage margin, at most 20 units between isolators (fire-next.md §2.2),
 * and NFPA 72's Class A separation (outgoing and return paths apart) for NFPA 72 only.
 */
const cabling = (regulation: Regulation, routeMaxUnits: number): CablingSettings => ({
  route_max_units: routeMaxUnits,
  route_max_area: 10_000,
  start_voltage_margin: 15,
  isolator_max_units: DEFAULT_ISOLATOR_MAX_UNITS,
  class_a_separation: classASeparationFor(regulation),
});

const WET_ROOMS: readonly RoomType[] = ['Bathroom', 'Shower', 'AccessibleBathroom'];

export const REGULATION_RULES: Readonly<Record<Regulation, RegulationRules>> = {
  Sbf1108: {
    unit: {
      detector: { Smoke: detector(6.2, 75, 0.5, 1.0, 1.5), Heat: detector(4.5, 30, 0.5, 1.0, 1.5) },
      siren: { max_range: 15 },
      button: { max_range_from_door: 1.5 },
    },
    section: { section_areas: [2000, 1600] },
    cabling: cabling('Sbf1108', 100),
    button_travel_distance: 30,
    undetectedRoomTypes: ['Balcony'],
    smallUndetectedRoomTypes: WET_ROOMS,
    smallRoomArea: 10,
    sirenExemptBelowArea: 10,
    inletVentTypes: ['AirInlet'],
    // CEN/TS 54-14:2018, which SBF 110:8 follows: point smoke up to 12 m; heat class A1 7.5 m (the 2004 table).
    ceiling: { Smoke: { maxHeight: 12 }, Heat: { maxHeight: 7.5 } },
    corridorWidth: 0,
  },
  Bs5839: {
    unit: {
      detector: { Smoke: detector(7.5, 100, 0.5, 1.0, 1.5), Heat: detector(5.3, 50, 0.5, 1.0, 1.5) },
      siren: { max_range: 15 },
      button: { max_range_from_door: 1.5 },
    },
    section: { section_areas: [2000] },
    cabling: cabling('Bs5839', 100),
    button_travel_distance: 45,
    undetectedRoomTypes: ['Balcony', ...WET_ROOMS],
    smallUndetectedRoomTypes: ['Other'],
    smallRoomArea: 1,
    sirenExemptBelowArea: 1,
    inletVentTypes: ['AirInlet'],
    // BS 5839-1 Table 3 general limits: point smoke 10.5 m, heat class A1 9 m.
    ceiling: { Smoke: { maxHeight: 10.5 }, Heat: { maxHeight: 9 } },
    corridorWidth: 2,
  },
  Nfpa72: {
    unit: {
      detector: { Smoke: detector(6.4, 83.6, 0.1, 0.91, 1.5), Heat: detector(10.7, 232, 0.1, 0.91, 1.5) },
      siren: { max_range: 20 },
      button: { max_range_from_door: 1.5 },
    },
    section: { section_areas: [2090] },
    cabling: cabling('Nfpa72', 127),
    button_travel_distance: 61,
    undetectedRoomTypes: ['Balcony'],
    smallUndetectedRoomTypes: [],
    smallRoomArea: 0,
    sirenExemptBelowArea: 0,
    inletVentTypes: ['AirInlet', 'AirOutlet'],
    // Spot smoke: NFPA 72 sets no ceiling height limit or reduction; heat: Table 17.6.3.5.1, which ends at 30 ft.
    ceiling: { Smoke: { maxHeight: Infinity }, Heat: { maxHeight: 30 * FOOT, factors: NFPA_HEAT_HEIGHT_FACTORS } },
    corridorWidth: 0,
  },
};

/** The spacing factor at a ceiling height: the first row reaching it, the last row above the table (with the warning). */
export function heightFactor(rule: CeilingRule, height: number): number {
  if (!rule.factors?.length) return 1;
  return (rule.factors.find(([upTo]) => height <= upTo + 1e-9) ?? rule.factors[rule.factors.length - 1]!)[1];
}

/** Room types where smoke would give false alarms (cooking fumes, steam): a heat detector is used there. */
const HEAT_ROOM_TYPES: readonly RoomType[] = ['Kitchen', 'Shower', 'Bathroom', 'AccessibleBathroom', 'Workshop'];

export const detectorTypeFor = (roomType: RoomType): DetectorProductType => (HEAT_ROOM_TYPES.includes(roomType) ? 'Heat' : 'Smoke');

/** Whether a room of this type and area needs detection under the regulation (shafts are detected at their top). */
export function needsDetection(rules: RegulationRules, roomType: RoomType, area: number): boolean {
  if (rules.undetectedRoomTypes.includes(roomType)) return false;
  if (rules.smallUndetectedRoomTypes.includes(roomType) && area <= rules.smallRoomArea) return false;
  return true;
}

/** Whether people are in a room of this type and area so that it needs its own siren coverage. */
export function needsSiren(rules: RegulationRules, roomType: RoomType, area: number): boolean {
  if (roomType === 'Shaft') return false;
  if (roomType === 'SleepingRoom') return true;
  return area >= rules.sirenExemptBelowArea;
}
