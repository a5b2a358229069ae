export * from './extract.js';
export * from './merge.js';
