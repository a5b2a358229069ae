// '@edrf/reports/testing': the designed models the server's tests and the benchmarks make their documents from. Not for
// the app: designedModel runs the whole design engine.
export { boqModel } from './boq/test-model.js';
export { designedModel } from './plans/designed.js';
