// The CPU-heavy calls that run in the compute pool's worker threads, by name. Each task takes one
// structured-clonable input and a progress callback, and throws TaskRefused for input it refuses.
import { geometryHelpTask, importIfcTask } from '../ifc-upload/extraction-task.js';
import { cleanArchTask } from '@edrf/geometry';
import { calcFireUnitsTask } from '@edrf/fire';

export const tasks = {
  ifc_import: importIfcTask,
  ifc_geometry_help: geometryHelpTask,
  clean_arch: cleanArchTask,
  calc_fire_units: calcFireUnitsTask,
};

export type Tasks = typeof tasks;
