// '@edrf/model/testing': sample and random models for tests outside this package.
export * from './model/test-support.js';
