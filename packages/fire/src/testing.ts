// '@edrf/fire/testing': what tests and benchmarks outside this package build their buildings with, and the engine's
// inner steps that benchmarks time one by one. Not for the app: it may read the IFC corpus from disk.
export { makeArch, rect, type DoorSpec, type RoomSpec, type StoreySpec } from './test-support/arch.js';
export * from './test-support/centrals.js';
export { generatedBuilding } from './test-support/generated-building.js';
export * from './test-support/real-building.js';
export { EXACT_TOUR_MAX, oneTreeBound, tourLowerBound } from './test-support/tour-bound.js';
export { samplePoints, wallDistance, worstDistance } from './test-support/coverage-check.js';
export { seededRandom } from './test-support/random.js';

export { indexBuilding } from './building.js';
export { components } from './sections/partition.js';
export { sectionBuilding } from './sections/section-index.js';

// The loop engine's inner steps, which bench:fire-cabling times one by one and checks against its lower bounds.
export { pointInRings, type Pt } from './geometry/ring.js';
export { attachPoint, buildRoutingGraph } from './cabling/routing-graph.js';
export { GraphSearch } from './cabling/graph-search.js';
export { routeMetres } from './loops/routed-tour.js';
export { type LoopUnit } from './loops/loop-units.js';
export { storeyExits, type StoreyExits } from './loops/loop-metric.js';
export { loopOrigins, loopRoom } from './loops/origins.js';
export { sectionAreas } from './loops/calc-cabling.js';
export { checkLoop } from './loops/loop-checks.js';
export { designed, edited, removeRoom, scaleRoom, splitRoom } from './test-support/revision-edits.js';
export { cabledPlan, PLAN_TRAYS, planBuilding, planRevision } from './test-support/plan-building.js';
