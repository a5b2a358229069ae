// The CPU-heavy calls that run in the compute pool's worker threads, by name. Each task takes one
// structured-clonable input, a progress callback and a way to ask for help (protocol.ts), and throws TaskRefused for
// input it refuses. The fire engine's calls all come through fire_call, which reads the request's body in the worker.
import { geometryHelpTask, importIfcTask } from '../ifc-upload/extraction-task.js';
import { cleanArchTask } from '@edrf/geometry';
import { warmUpIfc } from '@edrf/ifc';
import { fireUnitsShareTask } from './fire-units-task.js';
import { fireCallTask } from './fire-calls.js';
import { checkFireReportsTask, genFireReportsTask } from './fire-reports-task.js';
import { pricedSizeTask } from './priced-size-task.js';
import { checkSyncTask } from './sync-task.js';

/** Readies a new worker: its libraries loaded and started (ComputePool.startWorkers). */
const warmUpTask = async (): Promise<null> => {
  await warmUpIfc();
  return null;
};

export const tasks = {
  warm_up: warmUpTask,
  ifc_import: importIfcTask,
  ifc_geometry_help: geometryHelpTask,
  clean_arch: cleanArchTask,
  /** A fire call (calc_fire_units, calc_fire_sections, …) on a request's raw body, parsed and validated in the worker (fire-calls.ts). */
  fire_call: fireCallTask,
  /** A share of a large calc_fire_units' rooms, placed for the worker that asked (AskHelp, fire-units-task.ts). */
  calc_fire_units_share: fireUnitsShareTask,
  /** The documents of gen_fire_reports, zipped when more than one (fire-reports-task.ts). */
  gen_fire_reports: genFireReportsTask,
  /** A report job's body checked as gen_fire_reports checks it, before the job is queued (routes/report-jobs.ts). */
  gen_fire_reports_check: checkFireReportsTask,
  /** The rooms' count and area of gen_fire_reports' model, for what the project owes (priced-size-task.ts). */
  priced_size: pricedSizeTask,
  /** A large sync_working_version body parsed, validated, stringified and hashed (sync-task.ts). */
  check_sync: checkSyncTask,
};

export type Tasks = typeof tasks;
