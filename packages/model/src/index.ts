export * from './wire.js';
export * from './users.js';
export * from './navigation.js';
