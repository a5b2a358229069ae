// The fire engine's calls that take a whole model (F§7), run in a compute worker from the request's raw body
// (docs/compute.md, "Large request bodies"): each call's schema, the refusals it makes before the run, and its task.
// The worker parses and checks the body (request-body.ts), says the input is accepted (INPUT_ACCEPTED: a route that
// streams its progress starts the stream only then, so that a refusal stays a plain 400), and runs the task.
import { z } from 'zod';
import { archChangesSchema, archSchema, elecSchema, fireSchema } from '@edrf/model';
import { CABLING_MESSAGES, createFireConfig, hasDetectors, hasRacks, LOOP_MESSAGES, SECTION_MESSAGES, updateFireDesign } from '@edrf/fire';
import { TaskRefused, type Progress } from './protocol.js';
import { bodyValue, checkBody, type RequestBody } from './request-body.js';
import { askEarlyHelp, calcFireUnitsTask, calcUnitsBody, type AskShareHelp } from './fire-units-task.js';
import { calcFireSectionsTask } from './fire-sections-task.js';
import { calcFireRackRoutesTask } from './fire-rack-routes-task.js';
import { calcFireCablingTask } from './fire-cabling-task.js';

/** The progress step a call reports once its body is parsed, valid and not refused: its run starts. */
export const INPUT_ACCEPTED = 'input accepted';

const flag = z.boolean().default(false);

/**
 * F§7 sends `fire {units, config.section, sections}` to calc_fire_sections: a fire config of the section settings alone.
 * The rest of the config is then the first regulation's (SBF 110:8) defaults, whose section rules apply; a whole
 * config is used as sent.
 */
const sectionsFire = z.preprocess((fire) => {
  if (typeof fire !== 'object' || fire === null) return fire;
  const config = (fire as { config?: unknown }).config;
  if (typeof config !== 'object' || config === null || 'regulation' in config) return fire;
  return { ...fire, config: { ...createFireConfig('Sbf1108'), ...config } };
}, fireSchema);

/** F§7 calc_fire_sections: what to compute (the page's three checkboxes, and starting over), and the model. */
const calcSectionsBody = z.object({
  settings: z.object({ sections: flag, labels: flag, addresses: flag, renumber: flag }),
  model: z.object({ arch: archSchema, elec: elecSchema.optional(), fire: sectionsFire, config: z.unknown().optional() }),
});

/** F§7 calc_fire_rack_to_rack_routes and calc_fire_cabling: the building, its trays and the fire model. */
const modelBody = z.object({ arch: archSchema, elec: elecSchema.optional(), fire: fireSchema });

/** Update the design's refusal of a model whose design was never run: it has no basis to update from. */
export const NO_DESIGN_BASIS = 'The fire design has not been run on this architecture yet: run Units or Design all first';

/**
 * Update the design (issue 40): the model, the changes the notice showed (archChanges of its design basis) and whether
 * units in removed rooms are kept, flagged.
 */
const updateDesignBody = z.object({
  model: modelBody,
  changes: archChangesSchema,
  keep_removed_units: flag,
});

/**
 * A call: its body's schema, then the task's input made from the valid body, or a refusal (TaskRefused, a 400), and the
 * task. `early`: what the call starts with the body as sent, parsed but not yet checked (calc_fire_units: its helpers),
 * given to the run, and dismissed once the call is over, refused or not.
 */
interface FireCall<S extends z.ZodType, I, O, E extends { dismiss(): void } = never> {
  schema: S;
  input: (body: z.infer<S>) => I;
  early?: (body: unknown, askHelp: AskShareHelp) => E | undefined;
  run: (input: I, progress: Progress, askHelp: AskShareHelp, early?: E) => Promise<O>;
}

const call = <S extends z.ZodType, I, O, E extends { dismiss(): void } = never>(spec: FireCall<S, I, O, E>) => spec;

export const FIRE_CALLS = {
  calc_fire_units: call({
    schema: calcUnitsBody,
    input: (body) => body,
    early: askEarlyHelp,
    run: calcFireUnitsTask,
  }),
  calc_fire_sections: call({
    schema: calcSectionsBody,
    input: ({ settings, model }) => {
      if (!hasDetectors(model.fire)) throw new TaskRefused(SECTION_MESSAGES.detectorsMissing);
      return { settings, model: { arch: model.arch, elec: model.elec, fire: model.fire } };
    },
    run: calcFireSectionsTask,
  }),
  calc_fire_rack_to_rack_routes: call({
    schema: modelBody,
    input: (body) => {
      if (!hasRacks(body.fire)) throw new TaskRefused(CABLING_MESSAGES.noRack);
      return body;
    },
    run: calcFireRackRoutesTask,
  }),
  calc_fire_cabling: call({
    schema: modelBody,
    input: (body) => {
      if (Object.keys(body.fire.units.racks).length === 0) throw new TaskRefused(LOOP_MESSAGES.noRack);
      return body;
    },
    run: calcFireCablingTask,
  }),
  update_fire_design: call({
    schema: updateDesignBody,
    input: (body) => {
      if (!body.model.fire.design_basis) throw new TaskRefused(NO_DESIGN_BASIS);
      return body;
    },
    // The trays too: a re-routed loop prefers them, as calc_fire_cabling's loops do.
    run: ({ model, changes, keep_removed_units }) =>
      Promise.resolve(
        updateFireDesign({ arch: model.arch, elec: model.elec, fire: model.fire }, changes, { keepRemovedUnits: keep_removed_units }),
      ),
  }),
};

export type FireCallName = keyof typeof FIRE_CALLS;
export type FireCallOutput<K extends FireCallName> = Awaited<ReturnType<(typeof FIRE_CALLS)[K]['run']>>;

export interface FireCallInput {
  call: FireCallName;
  body: RequestBody;
}

/** The fire_call task: the named call on a request's body, parsed and validated here, in the worker. */
export async function fireCallTask(input: FireCallInput, progress: Progress, askHelp: AskShareHelp): Promise<unknown> {
  // Any of the calls, its types left to the call's own definition above.
  const spec = FIRE_CALLS[input.call] as unknown as FireCall<z.ZodType, unknown, unknown, { dismiss(): void }>;
  const value = bodyValue(input.body);
  const early = spec.early?.(value, askHelp);
  try {
    const taskInput = spec.input(checkBody(spec.schema, value));
    progress(INPUT_ACCEPTED, 0);
    return await spec.run(taskInput, progress, askHelp, early);
  } finally {
    early?.dismiss();
  }
}
