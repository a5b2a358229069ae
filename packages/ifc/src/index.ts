export * from './extract.js';
export * from './merge.js';
export { endWork, newWorkState } from './work/work-state.js';
export { HELP_FROM_ITEMS, worthHelpAtOnce, type WorkHelp, type WorkBatch, type WorkResult, type WorkShare } from './work/shared-work.js';
export { warmUpIfc, warmUpModel } from './work/warm-up.js';
// What a writer that adds to a file reads of it, as the import reads it (the IFC model report, packages/reports ifc-model).
export { readLengthUnit, type LengthUnit } from './elements/units.js';
export { applyPoint, placementTransform, type Affine } from './shapes/placement.js';
export { getLine, idsOfType, nums, ref, refs, str, type IfcLine, type LineSource } from './step/line-source.js';
