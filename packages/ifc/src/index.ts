export * from './extract.js';
export * from './merge.js';
export {
  endWork,
  HELP_FROM_ITEMS,
  newWorkState,
  worthHelpAtOnce,
  type WorkHelp,
  type WorkBatch,
  type WorkResult,
  type WorkShare,
} from './shared-work.js';
export { warmUpIfc, warmUpModel } from './warm-up.js';
