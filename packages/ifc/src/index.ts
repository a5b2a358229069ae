export * from './extract.js';
