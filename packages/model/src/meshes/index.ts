export * from './mesh.js';
export * from './catalogue.js';
