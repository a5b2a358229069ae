export * from './wire.js';
export * from './users.js';
