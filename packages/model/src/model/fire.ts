import { z } from 'zod';
import {
  DEFAULT_CABLE_PAIRS,
  DEFAULT_CENTRAL_RACK_SIZE,
  DEFAULT_CENTRAL_ROUTE_MAX_UNITS,
  DEFAULT_CENTRAL_VOLTAGE_OUTPUT,
  DEFAULT_EQUIPMENT_RACK_SIZE,
  DEFAULT_PLINTH_CONNECTIONS,
  DEFAULT_PLINTH_RACK_SIZE,
  DEFAULT_RACK_SIZE,
  SECTION_PALETTE,
} from './constants.js';
import {
  CABLE_TYPES,
  DETECTOR_PRODUCT_TYPES,
  EXTENSION_PORT_KINDS,
  IO_OUTPUT_CONTACTS,
  OTHER_RACK_UNIT_TYPES,
  OTHER_UNIT_TYPES,
  REGULATIONS,
  ROUTE_KINDS,
  SBF_CLASSES,
  SBF_EVAC_TYPES,
  SBF_NOTIFICATION_TYPES,
  SBF_TRANSFER_TYPES,
  SIREN_PRODUCT_TYPES,
  UNIT_GROUPS,
  type Regulation,
} from './enums.js';
import {
  collectionSchema,
  hexColorSchema,
  idListSchema,
  idRef,
  itemIdSchema,
  optionalIdRef,
  orderedListSchema,
  point2Schema,
  point3Schema,
  polygonSchema,
  rackSizeSchema,
} from './primitives.js';

const pair = (a: readonly [number, number]): [number, number] => [a[0], a[1]];
const count = () => z.number().int().min(0).default(0);
const nonNegative = () => z.number().min(0).default(0);
const text = () => z.string().default('');
/** A limit that may be unset: a number from 0, or null (absent in stored data) for 'not checked'. */
const limit = () => z.number().min(0).nullable().default(null);

// ======================= units (F§3) =======================

const unitBase = {
  id: itemIdSchema,
  storey_id: idRef(),
  coord: point3Schema,
};

export const rackUnitSchema = z.object({
  ...unitBase,
  label: text(),
  angle: z.number().default(0),
  size: rackSizeSchema.default(() => pair(DEFAULT_RACK_SIZE)),
  /** Non-physical racks are shown as 'Equipment'. */
  physical: z.boolean().default(true),
});
export type RackUnit = z.infer<typeof rackUnitSchema>;

export const detectorSchema = z.object({
  ...unitBase,
  product_id: optionalIdRef(),
  hidden: z.boolean().default(false),
});
export type Detector = z.infer<typeof detectorSchema>;

export const sirenSchema = z.object({
  ...unitBase,
  product_id: optionalIdRef(),
  angle: z.number().default(0),
  /** The detector this siren is socketed onto; '' if none. */
  locked_to: optionalIdRef(),
});
export type Siren = z.infer<typeof sirenSchema>;

export const buttonSchema = z.object({
  ...unitBase,
  /** The door the button belongs to; '' if none. */
  door_id: optionalIdRef(),
  product_id: optionalIdRef(),
  angle: z.number().default(0),
});
export type Button = z.infer<typeof buttonSchema>;

export const ioInputSchema = z.object({ first: text(), second: text(), description: text() });
export const ioOutputSchema = z.object({ first: text(), second: z.enum(IO_OUTPUT_CONTACTS).default('NO'), description: text() });
export const ioUnitSchema = z.object({
  ...unitBase,
  product_id: optionalIdRef(),
  angle: z.number().default(0),
  inputs: z.array(ioInputSchema).default(() => []),
  outputs: z.array(ioOutputSchema).default(() => []),
});
export type IoUnit = z.infer<typeof ioUnitSchema>;

export const otherUnitSchema = z.object({
  ...unitBase,
  product_id: optionalIdRef(),
  unit_type: z.enum(OTHER_UNIT_TYPES).default('other'),
  angle: z.number().default(0),
  comment: text(),
});
export type OtherUnit = z.infer<typeof otherUnitSchema>;

export const labelUnitSchema = z.object({
  ...unitBase,
  angle: z.number().default(0),
  /** The label's text. */
  label: text(),
});
export type LabelUnit = z.infer<typeof labelUnitSchema>;

export const fireUnitsSchema = z.object({
  racks: collectionSchema(rackUnitSchema),
  detectors: collectionSchema(detectorSchema),
  sirens: collectionSchema(sirenSchema),
  buttons: collectionSchema(buttonSchema),
  ios: collectionSchema(ioUnitSchema),
  others: collectionSchema(otherUnitSchema),
  labels: collectionSchema(labelUnitSchema),
});
export type FireUnits = z.infer<typeof fireUnitsSchema>;

// ======================= connections (F§3) =======================

/** connections.rooms is keyed by room id: the id is both the item's id and a room reference. */
export const connectionRoomSchema = z.object({
  id: idRef(),
  name: text(),
  /** '+D1', '+D2', … */
  label: text(),
  racks: idListSchema(),
  notes: text(),
});
export type ConnectionRoom = z.infer<typeof connectionRoomSchema>;

const rackUnitBase = {
  id: itemIdSchema,
  product_id: optionalIdRef(),
  /** The rack (fire.units.racks) holding this unit. */
  rack_id: idRef(),
  rack_pos: z.tuple([z.number().int(), z.number().int()]),
  /** Ids of the cables and routes attached to this unit. */
  connections: idListSchema(),
};

export const centralSchema = z.object({
  ...rackUnitBase,
  main_central: z.boolean().default(false),
  /** One entry per extension port of the central product: a central extension product id, or '' for an empty port. */
  extensions: z.array(optionalIdRef()).default(() => []),
});
export type Central = z.infer<typeof centralSchema>;

export const plinthSchema = z.object({ ...rackUnitBase });
export type Plinth = z.infer<typeof plinthSchema>;

export const powerSupplySchema = z.object({ ...rackUnitBase });
export type PowerSupply = z.infer<typeof powerSupplySchema>;

export const otherRackUnitSchema = z.object({
  ...rackUnitBase,
  unit_type: z.enum(OTHER_RACK_UNIT_TYPES).default('Other'),
  comment: text(),
});
export type OtherRackUnit = z.infer<typeof otherRackUnitSchema>;

export const cableSchema = z.object({
  id: itemIdSchema,
  label: text(),
  product_id: optionalIdRef(),
});
export type Cable = z.infer<typeof cableSchema>;

export const routeNodeSchema = z.object({
  /** The unit the node is locked to; '' for a free node. */
  unit_id: optionalIdRef(),
  coord: point3Schema,
});
export type RouteNode = z.infer<typeof routeNodeSchema>;

export const routeSliceSchema = z.object({
  storey_id: idRef(),
  nodes: z.array(routeNodeSchema).min(2),
});
export type RouteSlice = z.infer<typeof routeSliceSchema>;

export const routeSchema = z.object({
  id: itemIdSchema,
  /** The cable product the route is drawn with. */
  product_id: optionalIdRef(),
  kind: z.enum(ROUTE_KINDS),
  slices: z.array(routeSliceSchema).min(1),
});
export type Route = z.infer<typeof routeSchema>;

export const fireConnectionsSchema = z.object({
  rooms: collectionSchema(connectionRoomSchema),
  centrals: collectionSchema(centralSchema),
  plinths: collectionSchema(plinthSchema),
  power_supplies: collectionSchema(powerSupplySchema),
  others: collectionSchema(otherRackUnitSchema),
  cables: collectionSchema(cableSchema),
  routes: collectionSchema(routeSchema),
});
export type FireConnections = z.infer<typeof fireConnectionsSchema>;

// ======================= sections (F§3) =======================

export const sectionPartSchema = z.object({
  room_id: idRef(),
  /** A custom shape; null means the room's own shape. */
  shape: polygonSchema.nullable().default(null),
});
export type SectionPart = z.infer<typeof sectionPartSchema>;

export const sectionSchema = z.object({
  id: itemIdSchema,
  name: text(),
  description: text(),
  color: hexColorSchema.default(SECTION_PALETTE[0]!.color),
  highlight_color: hexColorSchema.default(SECTION_PALETTE[0]!.highlight_color),
  parts: z.array(sectionPartSchema).default(() => []),
  /** Unit id -> address, a positive integer unique within the section. */
  addresses: z
    .record(idRef(), z.number().int().min(1))
    .superRefine((addresses, ctx) => {
      const seen = new Map<number, string>();
      for (const [unit, address] of Object.entries(addresses)) {
        const other = seen.get(address);
        if (other !== undefined)
          ctx.addIssue({ code: 'custom', path: [unit], message: `Address ${address} is already given to '${other}'` });
        seen.set(address, unit);
      }
    })
    .default(() => ({})),
});
export type Section = z.infer<typeof sectionSchema>;

// ======================= products (F§3) =======================

export const electricalSchema = z.object({
  min_voltage: nonNegative(),
  max_voltage: nonNegative(),
  min_milliamperes: nonNegative(),
  max_milliamperes: nonNegative(),
});
export type Electrical = z.infer<typeof electricalSchema>;

/** Built-in capacities of a central, and what a central extension adds. */
export const builtinPropertiesSchema = z.object({
  num_routes: count(),
  num_annunciators: count(),
  num_relays: count(),
  num_sub_centrals: count(),
  psu: count(),
});
export type BuiltinProperties = z.infer<typeof builtinPropertiesSchema>;

export const psuPropertiesSchema = z.object({
  voltage: nonNegative(),
  ampere_hours: nonNegative(),
  life_years: nonNegative(),
});
export type PsuProperties = z.infer<typeof psuPropertiesSchema>;

const productBase = { id: itemIdSchema, name: text() };

export const centralProductSchema = z.object({
  ...productBase,
  company: text(),
  rack_size: rackSizeSchema.default(() => pair(DEFAULT_CENTRAL_RACK_SIZE)),
  route_max_units: z.number().int().min(1).default(DEFAULT_CENTRAL_ROUTE_MAX_UNITS),
  /** [min, max] volts. */
  voltage_output: z
    .tuple([z.number().min(0), z.number().min(0)])
    .refine(([min, max]) => min <= max, { message: 'min must not exceed max', path: [1] })
    .default(() => pair(DEFAULT_CENTRAL_VOLTAGE_OUTPUT)),
  extension_ports: z.array(z.enum(EXTENSION_PORT_KINDS)).default(() => []),
  builtin: builtinPropertiesSchema.prefault({}),
  builtin_psu: psuPropertiesSchema.nullable().default(null),
  milliamperes: nonNegative(),
  // Loop limits (issue 26, fire-next.md §2.4): null means the limit is not checked.
  /** The central's maximum loop current in alarm (mA). */
  max_loop_milliamperes: limit(),
  /** Maximum loop resistance (Ω), out and back: the whole pair. */
  max_loop_ohms: limit(),
  /** Maximum loop cable length (m). */
  max_loop_metres: limit(),
  /** Series resistance (Ω) of one loop isolator on this central's loops; null counts as 0. */
  isolator_ohms: limit(),
  /** The central counts isolators against route_max_units (some panels do, e.g. Potter). */
  isolators_count_as_units: z.boolean().default(false),
});
export type CentralProduct = z.infer<typeof centralProductSchema>;

export const detectorProductSchema = z.object({
  ...productBase,
  type: z.enum(DETECTOR_PRODUCT_TYPES).default('Smoke'),
  /** The socket (base) the detector sits in. */
  socket: text(),
  electrical: electricalSchema.prefault({}),
});
export type DetectorProduct = z.infer<typeof detectorProductSchema>;

export const sirenProductSchema = z.object({
  ...productBase,
  type: z.enum(SIREN_PRODUCT_TYPES).default('Sound'),
  /** Fits in a detector socket (socketed sirens, F§4). */
  detector_socket: z.boolean().default(false),
  addressable: z.boolean().default(false),
  electrical: electricalSchema.prefault({}),
});
export type SirenProduct = z.infer<typeof sirenProductSchema>;

export const buttonProductSchema = z.object({ ...productBase, electrical: electricalSchema.prefault({}) });
export type ButtonProduct = z.infer<typeof buttonProductSchema>;

export const ioProductSchema = z.object({
  ...productBase,
  inputs: count(),
  outputs: count(),
  electrical: electricalSchema.prefault({}),
});
export type IoProduct = z.infer<typeof ioProductSchema>;

export const plinthProductSchema = z.object({
  ...productBase,
  rack_size: rackSizeSchema.default(() => pair(DEFAULT_PLINTH_RACK_SIZE)),
  num_connections: z.number().int().min(1).default(DEFAULT_PLINTH_CONNECTIONS),
});
export type PlinthProduct = z.infer<typeof plinthProductSchema>;

export const cableProductSchema = z.object({
  ...productBase,
  /** mm². */
  cross_section: nonNegative(),
  /** Ohm per km. */
  resistance: nonNegative(),
  /** Pairs. */
  num: z.number().int().min(1).default(DEFAULT_CABLE_PAIRS),
  type: z.enum(CABLE_TYPES).default('Copper'),
});
export type CableProduct = z.infer<typeof cableProductSchema>;

export const powerSupplyProductSchema = z.object({
  ...productBase,
  rack_size: rackSizeSchema.default(() => pair(DEFAULT_EQUIPMENT_RACK_SIZE)),
  properties: psuPropertiesSchema.prefault({}),
});
export type PowerSupplyProduct = z.infer<typeof powerSupplyProductSchema>;

export const otherRackProductSchema = z.object({
  ...productBase,
  description: text(),
  rack_size: rackSizeSchema.default(() => pair(DEFAULT_EQUIPMENT_RACK_SIZE)),
  unit_type: z.enum(OTHER_RACK_UNIT_TYPES).default('Other'),
});
export type OtherRackProduct = z.infer<typeof otherRackProductSchema>;

export const otherUnitProductSchema = z.object({
  ...productBase,
  unit_type: z.enum(OTHER_UNIT_TYPES).default('other'),
  electrical: electricalSchema.prefault({}),
});
export type OtherUnitProduct = z.infer<typeof otherUnitProductSchema>;

export const centralExtensionProductSchema = z.object({
  ...productBase,
  port: z.enum(EXTENSION_PORT_KINDS).default('Any'),
  properties: builtinPropertiesSchema.prefault({}),
});
export type CentralExtensionProduct = z.infer<typeof centralExtensionProductSchema>;

/** One schema per product list, by list name. */
export const productSchemas = {
  centrals: centralProductSchema,
  detectors: detectorProductSchema,
  sirens: sirenProductSchema,
  buttons: buttonProductSchema,
  ios: ioProductSchema,
  plinths: plinthProductSchema,
  cables: cableProductSchema,
  power_supplies: powerSupplyProductSchema,
  other_rack_products: otherRackProductSchema,
  other_units: otherUnitProductSchema,
  central_extensions: centralExtensionProductSchema,
} as const;

export const productsSchema = z.object({
  centrals: orderedListSchema(centralProductSchema),
  detectors: orderedListSchema(detectorProductSchema),
  sirens: orderedListSchema(sirenProductSchema),
  buttons: orderedListSchema(buttonProductSchema),
  ios: orderedListSchema(ioProductSchema),
  plinths: orderedListSchema(plinthProductSchema),
  cables: orderedListSchema(cableProductSchema),
  power_supplies: orderedListSchema(powerSupplyProductSchema),
  other_rack_products: orderedListSchema(otherRackProductSchema),
  other_units: orderedListSchema(otherUnitProductSchema),
  central_extensions: orderedListSchema(centralExtensionProductSchema),
});
export type Products = z.infer<typeof productsSchema>;
export type ProductOf<L extends keyof Products> = Products[L][number];

/** The hardware exchange file (F§3): the product lists, validated on import ('Invalid hardware .json'). */
export const hardwareFileSchema = z.object({
  edrf_schema: z.number().int().min(1).optional(),
  hardware: productsSchema.extend({ detectors: orderedListSchema(detectorProductSchema).unwrap() }),
});

// ======================= settings (F§3 'Optimization config') =======================

export const detectorSettingsSchema = z.object({
  min_wall_distance: z.number().min(0),
  min_air_inlet_distance: z.number().min(0),
  max_detector_distance: z.number().min(0),
  area_per_detector: z.number().min(0),
  max_shaft_distance: z.number().min(0),
});
export type DetectorSettings = z.infer<typeof detectorSettingsSchema>;

export const unitSettingsSchema = z.object({
  detector: z.object({ Smoke: detectorSettingsSchema, Heat: detectorSettingsSchema }),
  siren: z.object({ max_range: z.number().min(0) }),
  button: z.object({ max_range_from_door: z.number().min(0) }),
});
export type UnitSettings = z.infer<typeof unitSettingsSchema>;

export const sectionSettingsSchema = z.object({
  /** Sorted descending, duplicates allowed. */
  section_areas: z
    .array(z.number().positive())
    .superRefine((areas, ctx) => {
      areas.forEach((area, i) => {
        const before = areas[i - 1];
        if (before !== undefined && area > before)
          ctx.addIssue({ code: 'custom', path: [i], message: 'Section areas must be sorted descending' });
      });
    })
    .default(() => []),
});
export type SectionSettings = z.infer<typeof sectionSettingsSchema>;

/** Units between two isolators on a loop by default: Apollo, Ampac (fire-next.md §2.2). */
export const DEFAULT_ISOLATOR_MAX_UNITS = 20;

export const cablingSettingsSchema = z.object({
  route_max_units: z.number().int().min(1),
  route_max_area: z.number().min(1),
  /** Percent. */
  start_voltage_margin: z.number().min(0),
  /** At most this many units between two isolators on a loop (issue 26). */
  isolator_max_units: z.number().int().min(1).default(DEFAULT_ISOLATOR_MAX_UNITS),
  /**
   * NFPA 72 Class A separation: a loop's outgoing and return paths not in the same tray or raceway. On for NFPA 72,
   * off for the others; a stored fire config without it gets its regulation's value (fireConfigSchema), the
   * settings alone false.
   */
  class_a_separation: z.boolean().default(false),
});
export type CablingSettings = z.infer<typeof cablingSettingsSchema>;

/**
 * What the batteries of every central and power supply must carry (issue 33, docs/fire-electrical.md): hours of standby,
 * then minutes of full alarm, the whole times a factor (ageing, derating). Edited on the optimization page.
 */
export const batterySettingsSchema = z.object({
  /** h of standby: 24 (BS 5839-1 72 h without a maintenance contract; NFPA 72 24 h). */
  standby_hours: z.number().positive(),
  /** min of full alarm after the standby: BS 5839-1 30, NFPA 72 5 (15 with voice evacuation). */
  alarm_minutes: z.number().positive(),
  /** On the whole sum: 1.25 (BS 5839-1's ageing factor, NFPA 72-2022 10.6.10.1); 1.20 for NFPA 72 up to 2019. */
  factor: z.number().min(1),
});
export type BatterySettings = z.infer<typeof batterySettingsSchema>;

/** The regulation's battery durations and factor (fire-next.md §2.3; SBF 110:8's unverified, as BS 5839-1's). */
export const batteryDefaultsFor = (regulation: Regulation): BatterySettings =>
  regulation === 'Nfpa72' ? { standby_hours: 24, alarm_minutes: 5, factor: 1.25 } : { standby_hours: 24, alarm_minutes: 30, factor: 1.25 };

/** Whether a regulation checks Class A separation by default: NFPA 72 only (issue 26). */
export const classASeparationFor = (regulation: Regulation): boolean => regulation === 'Nfpa72';

/**
 * Stored fire configs from before issue 26 have cabling settings without class_a_separation: it is filled from the
 * config's regulation, so that an NFPA 72 config keeps checking it. Anything else is left to the schema to judge.
 */
function fillClassASeparation(raw: unknown): unknown {
  if (!isRecord(raw) || !isRecord(raw.cabling) || raw.cabling.class_a_separation !== undefined) return raw;
  const regulation = z.enum(REGULATIONS).safeParse(raw.regulation);
  if (!regulation.success) return raw;
  return { ...raw, cabling: { ...raw.cabling, class_a_separation: classASeparationFor(regulation.data) } };
}

/** Stored fire configs from before issue 33 have no battery settings: they get their regulation's (batteryDefaultsFor). */
function fillBattery(raw: unknown): unknown {
  if (!isRecord(raw) || raw.battery !== undefined) return raw;
  const regulation = z.enum(REGULATIONS).safeParse(raw.regulation);
  if (!regulation.success) return raw;
  return { ...raw, battery: batteryDefaultsFor(regulation.data) };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

// ======================= SBF 110:8 form (F§3) =======================

export const sbfAddressSchema = z.object({ line1: text(), line2: text(), zip: text(), city: text(), state: text() });
export const facilityManagerSchema = z.object({ name: text(), phone: text(), address: sbfAddressSchema.prefault({}) });
export type FacilityManager = z.infer<typeof facilityManagerSchema>;

export const sbfConfigSchema = z.object({
  new_installation: z.boolean().default(true),
  governmental: z.boolean().default(false),
  /** Date (YYYY-MM-DD) of the certificate this one replaces; '' if none. */
  replaces_date: z.union([z.literal(''), z.iso.date()]).default(''),
  installer_company: text(),
  installer_company_address: text(),
  installer_company_cert_id: text(),
  cert_engineer: text(),
  subcontractor: text(),
  maintenance_company: text(),
  cls: z.enum(SBF_CLASSES).default('A'),
  cls_descr: text(),
  activation_by_all: z.boolean().default(false),
  activation_descr: text(),
  io_functions: text(),
  io_area: text(),
  io_scope: text(),
  notification_type: z.enum(SBF_NOTIFICATION_TYPES).default('Evacuation'),
  notification_spoken_message: z.boolean().default(false),
  notification_area: text(),
  notification_scope: text(),
  transfer_type: z.enum(SBF_TRANSFER_TYPES).default('Fixed'),
  transfer_system_type: text(),
  transfer_transmitter_type: text(),
  transfer_transmitter_number: text(),
  transfer_receiver: text(),
  /** Delay on; the delay_* fields are used only when it is. Times in minutes. */
  delay: z.boolean().default(false),
  delay_time: nonNegative(),
  delay_receipt_time: nonNegative(),
  delay_investigation_time: nonNegative(),
  delay_descr: text(),
  evac_coverage_type: z.enum(SBF_EVAC_TYPES).default('EntireBuilding'),
  evac_coverage_descr: text(),
  evac_selection_type: z.enum(SBF_EVAC_TYPES).default('EntireBuilding'),
  evac_selection_descr: text(),
  amendments: text(),
  other_notes: text(),
  facility_managers: z.array(facilityManagerSchema).default(() => []),
});
export type SbfConfig = z.infer<typeof sbfConfigSchema>;

// ======================= revisions (issue 40, docs/fire-revisions.md) =======================

/**
 * The ids in the design basis and the revisions are history: they name rooms and units as they were, which may be gone.
 * They are plain strings, not references (idRef), so that deleting a room never edits the record of it.
 */
const pastId = () => z.string().min(1);

/** A room as the fire design last saw it: enough to tell whether it has been added, removed, reshaped or re-typed since. */
export const basisRoomSchema = z.object({
  /** The storey the engine reads it on; '' for a room on no storey. */
  storey_id: z.string(),
  /** Its type then (a string: an old record stays valid whatever the room types become). */
  type: z.string(),
  name: z.string(),
  /** m² of the plan polygon minus its holes. */
  area: z.number().min(0),
  /** The centroid of the plan polygon minus its holes. */
  centroid: point2Schema,
  /** [min x, min y, max x, max y] of the outline: where a room now removed stood. */
  box: z.tuple([z.number(), z.number(), z.number(), z.number()]),
});
export type BasisRoom = z.infer<typeof basisRoomSchema>;

/** Where a unit stood when the basis was taken: the room holding its point and the point itself. */
export const basisUnitSchema = z.object({ room_id: z.string().min(1), at: point2Schema });
export type BasisUnit = z.infer<typeof basisUnitSchema>;

/**
 * A wall's plan as the fire design last saw it: [min x, min y, max x, max y] of its outline (mm rounded) and, for a wall
 * longer one way than the other, its long axis in degrees [0, 180) (absent in a basis taken before axes were recorded):
 * enough to tell it added, removed, moved or turned.
 */
export const basisWallSchema = z.tuple([z.number(), z.number(), z.number(), z.number(), z.number().optional()]);
export type BasisWall = z.infer<typeof basisWallSchema>;

/** What the architecture was when the fire design was last run or updated, and when. */
export const designBasisSchema = z.object({
  /** ISO date and time. */
  at: z.iso.datetime({ offset: true }),
  /** Room id -> the room then. */
  rooms: z.record(pastId(), basisRoomSchema),
  /** Unit id -> the room it stood in then; absent when the basis was taken without the units. */
  units: z.record(pastId(), basisUnitSchema).optional(),
  /** Storey id -> wall id -> its plan box and axis then; absent in a basis taken before walls were recorded. */
  walls: z.record(pastId(), z.record(pastId(), basisWallSchema)).optional(),
});
export type DesignBasis = z.infer<typeof designBasisSchema>;

/** A room named in a revision: its id, and its name and storey (then, for a removed room). */
export const revisionRoomSchema = z.object({
  id: pastId(),
  name: z.string(),
  storey_id: z.string(),
  /**
   * A removed room's box as the basis had it ([min x, min y, max x, max y]): the plan drawings' revision cloud marks
   * where it stood once the new basis no longer knows it. Absent for the other rooms and in older records.
   */
  box: basisRoomSchema.shape.box.optional(),
});
export type RevisionRoom = z.infer<typeof revisionRoomSchema>;

/** A re-typed room, with the type it had and the type it has. */
export const retypedRoomSchema = revisionRoomSchema.extend({ from: z.string(), to: z.string() });
export type RetypedRoom = z.infer<typeof retypedRoomSchema>;

/** A wall named in a revision: its id and storey (then, for a removed wall). */
export const revisionWallSchema = z.object({ id: pastId(), storey_id: z.string() });
export type RevisionWall = z.infer<typeof revisionWallSchema>;

/** The architecture's changes between a design basis and the model's architecture. */
export const archChangesSchema = z.object({
  added: z.array(revisionRoomSchema),
  removed: z.array(revisionRoomSchema),
  reshaped: z.array(revisionRoomSchema),
  retyped: z.array(retypedRoomSchema),
  /** Walls added, removed and moved (plan box changed, or turned inside it); absent when the basis has no walls. */
  walls: z
    .object({ added: z.array(revisionWallSchema), removed: z.array(revisionWallSchema), moved: z.array(revisionWallSchema) })
    .optional(),
});
export type ArchChanges = z.infer<typeof archChangesSchema>;

/** Unit ids by unit group; a group without any is left out. */
export const unitIdsByGroupSchema = z.partialRecord(z.enum(UNIT_GROUPS), z.array(pastId()));
export type UnitIdsByGroup = z.infer<typeof unitIdsByGroupSchema>;

/** A figure before and after a revision; null where the revision did not compute it. */
const figure = () => z.number().min(0).nullable().default(null);

/** One revision of the fire design: what changed in the building, and what that changed in the design. */
export const revisionSchema = z.object({
  id: itemIdSchema,
  /** 'A', 'B', … 'Z', then 'AA', 'AB', … */
  letter: z.string().regex(/^[A-Z]+$/, 'Expected capital letters'),
  /** ISO date and time. */
  date: z.iso.datetime({ offset: true }),
  changes: archChangesSchema,
  units: z.object({
    added: unitIdsByGroupSchema.default(() => ({})),
    removed: unitIdsByGroupSchema.default(() => ({})),
    moved: unitIdsByGroupSchema.default(() => ({})),
    /** Units standing in removed rooms that the designer chose to keep. */
    flagged: unitIdsByGroupSchema.default(() => ({})),
  }),
  sections_changed: z.array(pastId()).default(() => []),
  /** Metres of cable drawn (every route). */
  cable_m_before: figure(),
  cable_m_after: figure(),
  /** The fire module's price (cost_model) for the rooms, euros. */
  cost_before: figure(),
  cost_after: figure(),
});
export type Revision = z.infer<typeof revisionSchema>;

// ======================= fire config and fire model =======================

const fireConfigObjectSchema = z.object({
  regulation: z.enum(REGULATIONS),
  products: productsSchema.prefault({}),
  unit: unitSettingsSchema,
  section: sectionSettingsSchema.prefault({}),
  cabling: cablingSettingsSchema,
  /** Absent in a stored config: its regulation's (fillBattery); this default only where the regulation is not known yet. */
  battery: batterySettingsSchema.default(() => batteryDefaultsFor('Sbf1108')),
  /** The SBF 110:8 form; null for the other regulations. */
  sbf: sbfConfigSchema.nullable().default(null),
});
export type FireConfig = z.infer<typeof fireConfigObjectSchema>;
export type FireConfigInput = z.input<typeof fireConfigObjectSchema>;

/** The fire config; cabling.class_a_separation and battery, when absent, come from the regulation (fillClassASeparation, fillBattery). */
export const fireConfigSchema = z.preprocess<unknown, typeof fireConfigObjectSchema, FireConfigInput>(
  (raw) => fillBattery(fillClassASeparation(raw)),
  fireConfigObjectSchema,
);

export const fireSchema = z
  .object({
    units: fireUnitsSchema.prefault({}),
    connections: fireConnectionsSchema.prefault({}),
    sections: collectionSchema(sectionSchema),
    config: fireConfigSchema,
    /** What the architecture was when the design was last run or updated (issue 40); absent in older models. */
    design_basis: designBasisSchema.optional(),
    /** The design's revisions keyed by id (issue 40); absent in older models. No default: they parse unchanged. */
    revisions: collectionSchema(revisionSchema).unwrap().optional(),
  })
  .superRefine((fire, ctx) => {
    // Route nodes and section addresses name a unit by id alone: unit ids are unique over all groups.
    const unitGroup = new Map<string, string>();
    for (const group of UNIT_GROUPS) {
      for (const id of Object.keys(fire.units[group])) {
        const other = unitGroup.get(id);
        if (other !== undefined)
          ctx.addIssue({ code: 'custom', path: ['units', group, id, 'id'], message: `Unit id '${id}' is also used in units.${other}` });
        unitGroup.set(id, group);
      }
    }
    // Rack units list cables and routes together: their ids are distinct.
    for (const id of Object.keys(fire.connections.routes)) {
      if (id in fire.connections.cables)
        ctx.addIssue({ code: 'custom', path: ['connections', 'routes', id, 'id'], message: `Id '${id}' is also a cable` });
    }
    // A unit has at most one address.
    const addressedIn = new Map<string, string>();
    for (const section of Object.values(fire.sections)) {
      for (const unit of Object.keys(section.addresses)) {
        const other = addressedIn.get(unit);
        if (other !== undefined) {
          ctx.addIssue({
            code: 'custom',
            path: ['sections', section.id, 'addresses', unit],
            message: `Unit '${unit}' already has an address in section '${other}'`,
          });
        }
        addressedIn.set(unit, section.id);
      }
    }
  });
export type Fire = z.infer<typeof fireSchema>;
export type FireInput = z.input<typeof fireSchema>;
