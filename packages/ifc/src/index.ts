export * from './extract.js';
export * from './merge.js';
export { endWork, newWorkState } from './work-state.js';
export { HELP_FROM_ITEMS, worthHelpAtOnce, type WorkHelp, type WorkBatch, type WorkResult, type WorkShare } from './shared-work.js';
export { warmUpIfc, warmUpModel } from './warm-up.js';
