export * from './wire.js';
export * from './users.js';
export * from './navigation.js';
export * from './orgs.js';
export * from './projects.js';
export * from './billing.js';
export * from './model/index.js';
export * from './versions.js';
