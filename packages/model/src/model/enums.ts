/**
 * Every enumeration of the model (P§3, F§3) as a readonly array and a union type. Values are
 * the spec's, spelled as the spec spells them; where the spec shows only labels, the value chosen
 * is written in docs/model.md.
 */

// ---- platform (P§3) ----

export const REGULATIONS = ['Sbf1108', 'Bs5839', 'Nfpa72'] as const;
export type Regulation = (typeof REGULATIONS)[number];
export const REGULATION_LABELS: Readonly<Record<Regulation, string>> = { Sbf1108: 'SBF 110:8', Bs5839: 'BS 5839', Nfpa72: 'NFPA 72' };
/** P§9, F§9: the default regulation, the only one offered to users who are not platform admins. */
export const DEFAULT_REGULATION: Regulation = 'Sbf1108';
/** P§6: regulations shown to platform admins only. */
export const BETA_REGULATIONS: readonly Regulation[] = ['Bs5839', 'Nfpa72'];

export const ROOM_TYPES = [
  'Other',
  'Kitchen',
  'Shower',
  'Bathroom',
  'AccessibleBathroom',
  'Balcony',
  'Stairwell',
  'ServerRoom',
  'Shaft',
  'Workshop',
  'SleepingRoom',
] as const;
export type RoomType = (typeof ROOM_TYPES)[number];

export const WALL_TYPES = ['Standard', 'Curtain', 'Column'] as const;
export type WallType = (typeof WALL_TYPES)[number];

/** Door swing (op_type). */
export const DOOR_OP_TYPES = ['Other', 'SwingLeft', 'SwingRight', 'DoubleSwing'] as const;
export type DoorOpType = (typeof DOOR_OP_TYPES)[number];

export const VENT_TYPES = ['Other', 'AirInlet', 'AirOutlet'] as const;
export type VentType = (typeof VENT_TYPES)[number];

export const UPLOAD_STATES = ['idle', 'uploading', 'uploaded', 'done', 'error'] as const;
export type UploadState = (typeof UPLOAD_STATES)[number];

/** Alert (toast) classes. */
export const ALERT_CLASSES = ['info', 'warning', 'error'] as const;
export type AlertClass = (typeof ALERT_CLASSES)[number];

// ---- fire module (F§3) ----

export const UNIT_GROUPS = ['racks', 'detectors', 'sirens', 'buttons', 'ios', 'others', 'labels'] as const;
export type UnitGroup = (typeof UNIT_GROUPS)[number];

export const CONNECTION_GROUPS = ['rooms', 'centrals', 'plinths', 'power_supplies', 'others', 'cables', 'routes'] as const;
export type ConnectionGroup = (typeof CONNECTION_GROUPS)[number];

/** Rack units in connections: the groups that sit in a rack (rack_id, rack_pos). */
export const RACK_UNIT_GROUPS = ['centrals', 'plinths', 'power_supplies', 'others'] as const;
export type RackUnitGroup = (typeof RACK_UNIT_GROUPS)[number];

export const PRODUCT_LISTS = [
  'centrals',
  'detectors',
  'sirens',
  'buttons',
  'ios',
  'plinths',
  'cables',
  'power_supplies',
  'other_rack_products',
  'other_units',
  'central_extensions',
] as const;
export type ProductList = (typeof PRODUCT_LISTS)[number];

/** The units with a product (all but racks and labels), and the product list each group takes its products from. */
export const UNIT_PRODUCT_LIST = {
  detectors: 'detectors',
  sirens: 'sirens',
  buttons: 'buttons',
  ios: 'ios',
  others: 'other_units',
} as const satisfies Partial<Record<UnitGroup, ProductList>>;
export type ProductUnitGroup = keyof typeof UNIT_PRODUCT_LIST;

/** The product list each group of rack units takes its products from. */
export const RACK_PRODUCT_LIST = {
  centrals: 'centrals',
  plinths: 'plinths',
  power_supplies: 'power_supplies',
  others: 'other_rack_products',
} as const satisfies Record<RackUnitGroup, ProductList>;

/** Detector kinds used by analysis and reports. */
export const DETECTOR_KINDS = ['Unknown', 'Smoke', 'Heat', 'Flame'] as const;
export type DetectorKind = (typeof DETECTOR_KINDS)[number];
/** The type of a detector product, also the keys of the per-type detector settings. */
export const DETECTOR_PRODUCT_TYPES = ['Smoke', 'Heat'] as const;
export type DetectorProductType = (typeof DETECTOR_PRODUCT_TYPES)[number];

export const SIREN_KINDS = ['Unknown', 'Sound', 'Light', 'CombinedLightSound'] as const;
export type SirenKind = (typeof SIREN_KINDS)[number];
export const SIREN_PRODUCT_TYPES = ['Sound', 'Light'] as const;
export type SirenProductType = (typeof SIREN_PRODUCT_TYPES)[number];

/** Other unit types (F§3). The spec's 'endofline resistor' is stored without the space. */
export const OTHER_UNIT_TYPES = [
  'annunciator',
  'infopanel',
  'delaypanel',
  'sprinklercentral',
  'firedamper',
  'entryway',
  'endoflineresistor',
  'strobelight',
  'other',
] as const;
export type OtherUnitType = (typeof OTHER_UNIT_TYPES)[number];

/** Contact of an I/O output. */
export const IO_OUTPUT_CONTACTS = ['NO', 'NC'] as const;
export type IoOutputContact = (typeof IO_OUTPUT_CONTACTS)[number];

export const ROUTE_KINDS = ['Direct', 'Loop', 'RackToRack'] as const;
export type RouteKind = (typeof ROUTE_KINDS)[number];
export const CONNECTION_KINDS = ['Unknown', 'Direct', 'Loop', 'RackToRack'] as const;
export type ConnectionKind = (typeof CONNECTION_KINDS)[number];

export const EXTENSION_PORT_KINDS = ['Route', 'Annunciator', 'Psu', 'Relay', 'InputOutput', 'CentralConnector', 'Any'] as const;
export type ExtensionPortKind = (typeof EXTENSION_PORT_KINDS)[number];

export const CABLE_TYPES = ['Copper', 'Other', 'Power'] as const;
export type CableType = (typeof CABLE_TYPES)[number];

/** unit_type of other rack products and of 'others' rack units in connections. */
export const OTHER_RACK_UNIT_TYPES = ['Other', 'AlarmTransmitter'] as const;
export type OtherRackUnitType = (typeof OTHER_RACK_UNIT_TYPES)[number];

// ---- SBF 110:8 form (F§3) ----

export const SBF_CLASSES = ['A', 'B', 'C', 'D', 'E'] as const;
export type SbfClass = (typeof SBF_CLASSES)[number];

export const SBF_NOTIFICATION_TYPES = ['Internal', 'Attention', 'Evacuation'] as const;
export type SbfNotificationType = (typeof SBF_NOTIFICATION_TYPES)[number];

export const SBF_TRANSFER_TYPES = ['Fixed', 'Radio', 'IP'] as const;
export type SbfTransferType = (typeof SBF_TRANSFER_TYPES)[number];

/** Evacuation coverage / selection: 'Entire Building', 'Partial', 'Not Installed'. */
export const SBF_EVAC_TYPES = ['EntireBuilding', 'Partial', 'NotInstalled'] as const;
export type SbfEvacType = (typeof SBF_EVAC_TYPES)[number];
export const SBF_EVAC_LABELS: Readonly<Record<SbfEvacType, string>> = {
  EntireBuilding: 'Entire Building',
  Partial: 'Partial',
  NotInstalled: 'Not Installed',
};
