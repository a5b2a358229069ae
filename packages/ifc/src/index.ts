export * from './extract.js';
export * from './merge.js';
export {
  endWork,
  facetsFromHelper,
  HELP_FROM_ITEMS,
  newWorkState,
  worthFacetHelp,
  worthHelpAtOnce,
  type WorkHelp,
  type WorkBatch,
  type WorkResult,
  type WorkShare,
} from './shared-work.js';
export type { KnownFacets } from './facets.js';
export { warmUpIfc, warmUpModel } from './warm-up.js';
