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
}

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
  },
};

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
