export * from './tolerance.js';
export * from './measure.js';
export * from './segments.js';
export * from './validity.js';
export * from './clipper.js';
export * from './boolean.js';
export * from './clean/settings.js';
