import { z } from 'zod';
import { buttonSchema, collectionSchema, detectorSchema, polygonSchema, sirenSchema } from '@edrf/model';

/** One warning of an analysis (F§3 'Analysis result'): shown on the unit, or on the room's canvas place, with the message. */
export const analysisWarningSchema = z.object({
  /** '<kind>:<item id>' — stable for the same problem of the same item. */
  warning_id: z.string().min(1),
  /** The unit the warning is about; '' when it is about a room or the building. */
  unit_id: z.string().default(''),
  /** The section the warning is about; '' for unit placement. */
  section_id: z.string().default(''),
  message: z.string().min(1),
});
export type AnalysisWarning = z.infer<typeof analysisWarningSchema>;

/** F§3 'Analysis result': warnings, the covered part of the room per unit, and sections split by the analysis. */
export const analysisResultSchema = z.object({
  warnings: z.array(analysisWarningSchema).default(() => []),
  /** Unit id -> the part of its room the detector covers. */
  detector_shapes: z.record(z.string(), z.array(polygonSchema)).default(() => ({})),
  siren_shapes: z.record(z.string(), z.array(polygonSchema)).default(() => ({})),
  /** Lists of room ids, one per part of a section that falls apart. */
  split_sections: z.array(z.array(z.string())).default(() => []),
});
export type AnalysisResult = z.infer<typeof analysisResultSchema>;

/** One room's detection figures: its detectors and the least number it could have (the engine's lower bound). */
export const roomDetectionSchema = z.object({
  room_id: z.string(),
  storey_id: z.string(),
  area: z.number(),
  detectors: z.number().int(),
  lower_bound: z.number().int(),
});
export type RoomDetection = z.infer<typeof roomDetectionSchema>;

/** calc_fire_units' answer. */
export const fireUnitsResultSchema = z.object({
  units: z.object({
    detectors: collectionSchema(detectorSchema),
    sirens: collectionSchema(sirenSchema),
    buttons: collectionSchema(buttonSchema),
  }),
  validation: analysisResultSchema,
  /** analyze_only: every room that needs detection, with its detectors and their lower bound. */
  rooms: z.array(roomDetectionSchema).optional(),
});
export type FireUnitsResult = z.infer<typeof fireUnitsResultSchema>;
