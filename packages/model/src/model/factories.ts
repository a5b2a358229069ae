import { archSchema, roomSchema, type Arch, type Room } from './arch.js';
import { DEFAULT_RACK_SIZE, NEW_ROOM_NAME, NEW_ROOM_TYPE, NEW_SECTION_NAME, SECTION_PALETTE } from './constants.js';
import { traySchema, type Tray } from './elec.js';
import type { ProductList } from './enums.js';
import {
  fireSchema,
  productSchemas,
  rackUnitSchema,
  sbfConfigSchema,
  sectionSchema,
  type Fire,
  type FireConfigInput,
  type ProductOf,
  type RackUnit,
  type SbfConfig,
  type Section,
} from './fire.js';
import type { Point2, Point3 } from './primitives.js';

/** P§9: a room drawn in the app is named 'New Room' and has type Other. */
export const newRoom = (id: string, exterior: Point2[], interiors: Point2[][] = []): Room =>
  roomSchema.parse({ id, name: NEW_ROOM_NAME, type: NEW_ROOM_TYPE, shape: { exterior, interiors } });

/** A tray of the default width 0.3; to_storey_id equal to storey_id is cleared (P§5). */
export const newTray = (id: string, storey_id: string, start: Point3, end: Point3, to_storey_id = ''): Tray =>
  traySchema.parse({ id, storey_id, to_storey_id, start, end });

/** A rack of the default size [46, 220], physical. */
export const newRack = (id: string, storey_id: string, coord: Point3, label = ''): RackUnit =>
  rackUnitSchema.parse({ id, storey_id, coord, label, size: [...DEFAULT_RACK_SIZE] });

/** F§4: a new section is named '0', has an empty description and the first palette colour. */
export const newSection = (id: string): Section =>
  sectionSchema.parse({ id, name: NEW_SECTION_NAME, description: '', ...SECTION_PALETTE[0] });

/** A product of a list with the defaults of F§9 (central rack size [40,20], plinth [3,12], …). */
export const newProduct = <L extends ProductList>(list: L, id: string, name: string): ProductOf<L> =>
  productSchemas[list].parse({ id, name });

/** An empty SBF 110:8 form. */
export const emptySbfConfig = (): SbfConfig => sbfConfigSchema.parse({});

/** An architecture with nothing in it. */
export const emptyArch = (): Arch => archSchema.parse({});

/** A fire model with no units, connections or sections, around a config (built by the fire engine for a regulation). */
export const emptyFire = (config: FireConfigInput): Fire => fireSchema.parse({ config });
