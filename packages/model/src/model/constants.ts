import type { RoomType, UnitGroup } from './enums.js';

/** The model schema version this code reads and writes (docs/model.md, 'Schema versions'). */
export const CURRENT_SCHEMA = 2;
/** P§3, P§9: a model without edrf_schema is version 1. */
export const DEFAULT_SCHEMA = 1;

// ---- platform (P§9) ----
export const NEW_ROOM_NAME = 'New Room';
export const NEW_ROOM_TYPE: RoomType = 'Other';
export const MIN_ROOM_AREA = 0.1;
export const DEFAULT_TRAY_WIDTH = 0.3;
/** A tray is drawn this far below its storey's top. */
export const TRAY_Z_OFFSET = 0.05;
export const MIN_WALL_OPENING_HEIGHT = 1.8;

// ---- fire module (F§9) ----
export const DEFAULT_RACK_SIZE: readonly [number, number] = [46, 220];
export const DEFAULT_CENTRAL_RACK_SIZE: readonly [number, number] = [40, 20];
export const DEFAULT_CENTRAL_ROUTE_MAX_UNITS = 1000;
export const DEFAULT_CENTRAL_VOLTAGE_OUTPUT: readonly [number, number] = [24, 24];
export const DEFAULT_PLINTH_RACK_SIZE: readonly [number, number] = [3, 12];
export const DEFAULT_PLINTH_CONNECTIONS = 1;
/** Power supplies and other rack equipment. */
export const DEFAULT_EQUIPMENT_RACK_SIZE: readonly [number, number] = [10, 10];
export const DEFAULT_CABLE_PAIRS = 1;
export const NEW_SECTION_NAME = '0';

/**
 * The 8 section colours (F§3, F§9): `color` fills the section's parts, `highlight_color` draws
 * the selected or hovered section. Pairs of the same hue, light fill and saturated highlight.
 */
export const SECTION_PALETTE: readonly { readonly color: string; readonly highlight_color: string }[] = [
  { color: '#f4a6a6', highlight_color: '#d62828' }, // red
  { color: '#a6c8f4', highlight_color: '#1f6fd6' }, // blue
  { color: '#a8e0a2', highlight_color: '#2e9e3a' }, // green
  { color: '#f9c98f', highlight_color: '#e67e00' }, // orange
  { color: '#cdb0ee', highlight_color: '#7b3fc4' }, // purple
  { color: '#9fdcd8', highlight_color: '#14928a' }, // teal
  { color: '#f5e08c', highlight_color: '#c9a400' }, // yellow
  { color: '#f4acd2', highlight_color: '#cc2f86' }, // pink
];

/** The palette pair for the n-th section (wraps after 8). */
export const sectionColors = (index: number): { color: string; highlight_color: string } => {
  const n = SECTION_PALETTE.length;
  const pair = SECTION_PALETTE[((Math.trunc(index) % n) + n) % n] ?? SECTION_PALETTE[0]!;
  return { color: pair.color, highlight_color: pair.highlight_color };
};

/**
 * F§9: the height of a new unit on a storey. Detectors and sirens 0.05 below the storey's top,
 * buttons 1 above its floor, I/O units and racks 0.1 above it, others (and labels) at the middle.
 */
export const defaultUnitZ = (group: UnitGroup, height: { min_z: number; max_z: number }): number => {
  switch (group) {
    case 'detectors':
    case 'sirens':
      return height.max_z - 0.05;
    case 'buttons':
      return height.min_z + 1;
    case 'ios':
    case 'racks':
      return height.min_z + 0.1;
    case 'others':
    case 'labels':
      return (height.min_z + height.max_z) / 2;
  }
};
