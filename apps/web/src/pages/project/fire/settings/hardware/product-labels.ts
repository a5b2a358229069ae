import type { CableType, DetectorProductType, ExtensionPortKind, OtherRackUnitType, OtherUnitType, SirenProductType } from '@edrf/model';

/** How the product enumerations read on screen (the spec's words; F§2's unit tools for the other unit types). */

export const OTHER_UNIT_TYPE_LABELS: Readonly<Record<OtherUnitType, string>> = {
  annunciator: 'Annunciator',
  infopanel: 'Info panel',
  delaypanel: 'Delay panel',
  sprinklercentral: 'Sprinkler central',
  firedamper: 'Fire damper',
  entryway: 'Entryway',
  endoflineresistor: 'End of line resistor',
  strobelight: 'Strobe light',
  other: 'Other',
};

export const EXTENSION_PORT_LABELS: Readonly<Record<ExtensionPortKind, string>> = {
  Route: 'Route',
  Annunciator: 'Annunciator',
  Psu: 'PSU',
  Relay: 'Relay',
  InputOutput: 'Input/output',
  CentralConnector: 'Central connector',
  Any: 'Any',
};

export const OTHER_RACK_UNIT_LABELS: Readonly<Record<OtherRackUnitType, string>> = {
  Other: 'Other',
  AlarmTransmitter: 'Alarm transmitter',
};

export const CABLE_TYPE_LABELS: Readonly<Record<CableType, string>> = { Copper: 'Copper', Other: 'Other', Power: 'Power' };

export const DETECTOR_TYPE_LABELS: Readonly<Record<DetectorProductType, string>> = { Smoke: 'Smoke', Heat: 'Heat' };

export const SIREN_TYPE_LABELS: Readonly<Record<SirenProductType, string>> = { Sound: 'Sound', Light: 'Light' };
