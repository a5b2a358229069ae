// The CPU-heavy calls that run in the compute pool's worker threads, by name. Each task takes one
// structured-clonable input and a progress callback, and throws TaskRefused for input it refuses.
import { importIfcTask } from '../ifc-upload/extraction-task.js';

export const tasks = {
  ifc_import: importIfcTask,
};

export type Tasks = typeof tasks;
