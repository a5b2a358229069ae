export * from './pdf/document.js';
export * from './catalogue.js';
export * from './messages.js';
export * from './render.js';
export * from './report-builder.js';
export * from './request.js';
export * from './zip.js';
export * from './generate.js';
