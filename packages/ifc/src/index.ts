export * from './extract.js';
export * from './merge.js';
export { endWork, HELP_FROM_ITEMS, newWorkState, worthHelpAtOnce, type WorkHelp, type WorkResult, type WorkShare } from './shared-work.js';
