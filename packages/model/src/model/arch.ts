import { z } from 'zod';
import { DOOR_OP_TYPES, ROOM_TYPES, VENT_TYPES, WALL_TYPES } from './enums.js';
import {
  collectionSchema,
  idListSchema,
  itemIdSchema,
  line2Schema,
  optionalIdRef,
  point3Schema,
  polygonSchema,
  ringSchema,
} from './primitives.js';

/** The IFC GlobalId of an item that came from an IFC file ('' for items drawn in the app). */
const globalId = () => z.string().default('');

export const storeyHeightSchema = z
  .object({ min_z: z.number(), max_z: z.number() })
  .refine((h) => h.min_z <= h.max_z, { message: 'min_z must not exceed max_z', path: ['max_z'] });

export const storeySchema = z.object({
  id: itemIdSchema,
  global_id: globalId(),
  number: z.number().int(),
  name: z.string().default(''),
  height: storeyHeightSchema,
  rooms: idListSchema(),
  walls: idListSchema(),
  wall_openings: idListSchema(),
  doors: idListSchema(),
  stairs: idListSchema(),
  ceilings: idListSchema(),
  /** Ids of arch.slabs. */
  floors: idListSchema(),
  other_objects: idListSchema(),
});
export type Storey = z.infer<typeof storeySchema>;

/** A storey's id lists and the arch collection each one names (a storey owns the items it lists). */
export const STOREY_ITEM_LISTS = [
  ['rooms', 'rooms'],
  ['walls', 'walls'],
  ['wall_openings', 'wall_openings'],
  ['doors', 'doors'],
  ['stairs', 'stairs'],
  ['ceilings', 'ceilings'],
  ['floors', 'slabs'],
  ['other_objects', 'other_objects'],
] as const satisfies readonly (readonly [keyof Storey, string])[];
export type StoreyItemList = (typeof STOREY_ITEM_LISTS)[number][0];

export const buildingSchema = z.object({
  id: itemIdSchema,
  global_id: globalId(),
  name: z.string().default(''),
  storeys: idListSchema(),
});
export type Building = z.infer<typeof buildingSchema>;

/** A room's plan polygon plus the points of its floor (below) and ceiling (above) surfaces. */
export const roomShapeSchema = z.object({
  exterior: ringSchema,
  interiors: z.array(ringSchema).default(() => []),
  below: z.array(point3Schema).default(() => []),
  above: z.array(point3Schema).default(() => []),
});
export type RoomShape = z.infer<typeof roomShapeSchema>;

export const roomSchema = z.object({
  id: itemIdSchema,
  global_id: globalId(),
  name: z.string().default(''),
  type: z.enum(ROOM_TYPES).default('Other'),
  /** Made by the app (clean options 'synthesize rooms'), not found in an IFC file. */
  synthetic: z.boolean().default(false),
  shape: roomShapeSchema,
  /**
   * GlobalIds of the IFC spaces that clean_arch merged into this room, besides its own global_id (docs/clean-arch.md);
   * absent when none, so models written before it parse unchanged. An IFC re-import matches them to this room.
   */
  merged_global_ids: z.array(z.string()).optional(),
});
export type Room = z.infer<typeof roomSchema>;

export const wallShapeSchema = z.object({
  exterior: z.array(point3Schema).min(3),
  below: z.array(point3Schema).default(() => []),
  above: z.array(point3Schema).default(() => []),
});
export type WallShape = z.infer<typeof wallShapeSchema>;

export const wallSchema = z.object({
  id: itemIdSchema,
  global_id: globalId(),
  type: z.enum(WALL_TYPES).default('Standard'),
  shape: wallShapeSchema,
  /** e.g. 'EI 60'; '' when not rated. */
  fire_rating: z.string().default(''),
  /** The wall this one is part of (a curtain-wall panel, a column in a wall); '' if none. */
  enclosing_id: optionalIdRef(),
});
export type Wall = z.infer<typeof wallSchema>;

export const wallOpeningSchema = z.object({
  id: itemIdSchema,
  global_id: globalId(),
  /** The wall the opening is cut in; '' if not known. */
  wall_id: optionalIdRef(),
  shape: polygonSchema,
  min_z: z.number(),
  max_z: z.number(),
});
export type WallOpening = z.infer<typeof wallOpeningSchema>;

export const doorSchema = z.object({
  id: itemIdSchema,
  global_id: globalId(),
  name: z.string().default(''),
  exterior: z.boolean().default(false),
  op_type: z.enum(DOOR_OP_TYPES).default('Other'),
  /** The door's jambs at floor level, left and right seen from the swing side. */
  left: point3Schema,
  right: point3Schema,
  /** The walls the door sits in. */
  walls: idListSchema(),
});
export type Door = z.infer<typeof doorSchema>;

export const stairSchema = z.object({
  id: itemIdSchema,
  global_id: globalId(),
  shape: polygonSchema,
  min_z: z.number(),
  max_z: z.number(),
});
export type Stair = z.infer<typeof stairSchema>;

export const ceilingSchema = z.object({
  id: itemIdSchema,
  global_id: globalId(),
  shape: polygonSchema,
  /** Height of the ceiling surface. */
  z: z.number(),
  grid_lines: z.array(line2Schema).default(() => []),
});
export type Ceiling = z.infer<typeof ceilingSchema>;

export const slabSchema = z.object({
  id: itemIdSchema,
  global_id: globalId(),
  shape: polygonSchema,
  min_z: z.number(),
  max_z: z.number(),
});
export type Slab = z.infer<typeof slabSchema>;

export const otherObjectSchema = z.object({
  id: itemIdSchema,
  global_id: globalId(),
  name: z.string().default(''),
  /** What the object is: the IFC class (e.g. 'IfcFurnishingElement') or a mesh-catalogue shape name. */
  type: z.string().default(''),
  vent_type: z.enum(VENT_TYPES).default('Other'),
  shape: polygonSchema,
  min_z: z.number(),
  max_z: z.number(),
});
export type OtherObject = z.infer<typeof otherObjectSchema>;

export const archSchema = z.object({
  /** Plan rotation in degrees. */
  rotation: z.number().default(0),
  storeys: collectionSchema(storeySchema),
  buildings: collectionSchema(buildingSchema),
  rooms: collectionSchema(roomSchema),
  walls: collectionSchema(wallSchema),
  wall_openings: collectionSchema(wallOpeningSchema),
  doors: collectionSchema(doorSchema),
  stairs: collectionSchema(stairSchema),
  ceilings: collectionSchema(ceilingSchema),
  slabs: collectionSchema(slabSchema),
  other_objects: collectionSchema(otherObjectSchema),
});
export type Arch = z.infer<typeof archSchema>;
export type ArchInput = z.input<typeof archSchema>;
