import { z } from 'zod';
import { archSchema } from './arch.js';
import { configSchema } from './config.js';
import { CURRENT_SCHEMA } from './constants.js';
import { elecSchema } from './elec.js';
import { fireSchema } from './fire.js';

/** model = { config, arch, elec, fire, edrf_schema }; fire is null until a fire module is added. */
export const modelSchema = z.object({
  config: configSchema.prefault({}),
  arch: archSchema,
  elec: elecSchema.prefault({}),
  fire: fireSchema.nullable().default(null),
  edrf_schema: z.literal(CURRENT_SCHEMA),
});
export type Model = z.infer<typeof modelSchema>;
export type ModelInput = z.input<typeof modelSchema>;

export const MODEL_PARTS = ['config', 'arch', 'elec', 'fire'] as const;
export type ModelPartName = (typeof MODEL_PARTS)[number];

/** The schema of each part; fire accepts null ('No fire module configured'). */
export const modelPartSchemas = {
  config: configSchema,
  arch: archSchema,
  elec: elecSchema,
  fire: fireSchema.nullable(),
} as const;

/** Every part present with empty collections, fire null, edrf_schema = CURRENT_SCHEMA. */
export const emptyModel = (): Model => ({
  config: configSchema.parse({}),
  arch: archSchema.parse({}),
  elec: elecSchema.parse({}),
  fire: null,
  edrf_schema: CURRENT_SCHEMA,
});

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; path: string; message: string };

/** 'arch.rooms.r1.shape.exterior.2' from a prefix and a zod issue path. */
export const joinPath = (prefix: string, path: readonly PropertyKey[]): string =>
  [prefix, ...path.map((key) => (typeof key === 'symbol' ? (key.description ?? '') : String(key)))].filter((s) => s !== '').join('.');

const firstIssue = (prefix: string, error: z.ZodError): { ok: false; path: string; message: string } => {
  const issue = error.issues[0];
  if (!issue) return { ok: false, path: prefix, message: 'Invalid value' };
  // A bad record key: say what is wrong with the key itself.
  const inner = issue.code === 'invalid_key' ? issue.issues[0]?.message : undefined;
  return { ok: false, path: joinPath(prefix, issue.path), message: inner ? `${issue.message}: ${inner}` : issue.message };
};

/**
 * Validates one part of the model and gives it back with defaults filled in, or names the first
 * failing path from the model's root (e.g. 'arch.rooms.r1.shape.exterior.2'). The server answers 400
 * with it.
 */
export function validateModelPart<P extends ModelPartName>(part: P, value: unknown): ValidationResult<Model[P]> {
  const parsed = modelPartSchemas[part].safeParse(value);
  if (!parsed.success) return firstIssue(part, parsed.error);
  return { ok: true, value: parsed.data as Model[P] };
}

/** Validates a whole model at the current schema version. Missing config and elec become empty, missing fire null. */
export function validateModel(value: unknown): ValidationResult<Model> {
  const parsed = modelSchema.safeParse(value);
  return parsed.success ? { ok: true, value: parsed.data } : firstIssue('', parsed.error);
}
