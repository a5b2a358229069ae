export * from './extract.js';
export * from './merge.js';
export { endWork, newWorkState, type WorkHelp, type WorkResult, type WorkShare } from './shared-work.js';
