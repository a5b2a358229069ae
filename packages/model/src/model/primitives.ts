import { z } from 'zod';

// ---- points and polygons ----

export const point2Schema = z.tuple([z.number(), z.number()]);
export type Point2 = z.infer<typeof point2Schema>;
export const point3Schema = z.tuple([z.number(), z.number(), z.number()]);
export type Point3 = z.infer<typeof point3Schema>;

/** A closed ring of 2D points, not repeating the first point; at least a triangle. */
export const ringSchema = z.array(point2Schema).min(3);
export const polygonSchema = z.object({
  exterior: ringSchema,
  interiors: z.array(ringSchema).default(() => []),
});
export type Polygon = z.infer<typeof polygonSchema>;
export const multipolygonSchema = z.array(polygonSchema);
export type MultiPolygon = z.infer<typeof multipolygonSchema>;

/** A 2D line segment (ceiling grid lines). */
export const line2Schema = z.tuple([point2Schema, point2Schema]);
export type Line2 = z.infer<typeof line2Schema>;

/** [width, height] of a thing in a rack, in rack units: integers, min 1 (F§5). */
export const rackSizeSchema = z.tuple([z.number().int().min(1), z.number().int().min(1)]);
export type RackSize = z.infer<typeof rackSizeSchema>;

export const hexColorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Expected a colour like #1f6fd6');

// ---- ids and references ----

/** The id of an item: a non-empty string, equal to its key in its collection. */
export const itemIdSchema = z.string().min(1);

/**
 * Every string field (or map key) that holds the id of another item is built by `idRef` or
 * `optionalIdRef`, which register it here. The reference checker walks the schema and finds
 * every such field, so a field that is missing from REFERENCES cannot go unnoticed.
 */
export const idReferenceRegistry = z.registry<{ optional: boolean }>();

/** A required reference: a non-empty id. */
export const idRef = () => z.string().min(1).register(idReferenceRegistry, { optional: false });

/** An optional reference: an id, or '' for none. */
export const optionalIdRef = () => z.string().register(idReferenceRegistry, { optional: true }).default('');

// ---- collections ----

/**
 * Items of one kind as a JSON object keyed by id, so every item has a stable path. An item's id
 * must equal its key.
 */
export const collectionSchema = <T extends z.ZodType<{ id: string }>>(item: T) =>
  z
    .record(itemIdSchema, item)
    .superRefine((items, ctx) => {
      for (const [key, value] of Object.entries(items)) {
        if (value.id !== key)
          ctx.addIssue({ code: 'custom', path: [key, 'id'], message: `Id '${value.id}' differs from its key '${key}'` });
      }
    })
    .default(() => ({}));

/** An ordered list of items (order is meaningful, e.g. product rank) whose ids are unique. */
export const orderedListSchema = <T extends z.ZodType<{ id: string }>>(item: T) =>
  z
    .array(item)
    .superRefine((items, ctx) => {
      const seen = new Set<string>();
      items.forEach((value, index) => {
        if (seen.has(value.id)) ctx.addIssue({ code: 'custom', path: [index, 'id'], message: `Duplicate id '${value.id}'` });
        seen.add(value.id);
      });
    })
    .default(() => []);

/** The ids listed (in order) by a storey, building or other item. */
export const idListSchema = () => z.array(idRef()).default(() => []);
