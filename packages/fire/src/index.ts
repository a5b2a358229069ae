export * from './regulations.js';
export * from './catalogue/hardware.js';
export { genericHardware } from './catalogue/generic.js';
export * from './config.js';
export * from './cost.js';
export * from './analysis.js';
export * from './messages.js';
export * from './calc-units.js';
export * from './sections/index.js';
export type { RoomStats } from './units/context.js';
export { roomLowerBound, packingBound, HEXAGON_FACTOR } from './placement/lower-bound.js';
export { buildGrid } from './placement/grid.js';
export { Geodesic } from './geometry/geodesic.js';
export * from './placement/shares.js';
export * from './electrical/index.js';
export * from './cabling/index.js';
export * from './loops/index.js';
// One source for the pages (issue 33): the units page's storey-scoped analysis, the order of sections, the rack route.
export * from './analysis/index.js';
export { compareSections, sectionsInOrder } from './sections/section-order.js';
export { routeBetweenRacks } from './cabling/rack-to-rack.js';
export { unitSections, unitSectionsBuilding, type UnitSection } from './sections/unit-sections.js';
export { unitRooms, type PlacedUnit } from './unit-rooms.js';
// The fire design follows the architect's revision (issue 40): the change list (the notice) and the update.
export { archChanges, designBasis, hasArchChanges, RESHAPE_AREA_SHARE, RESHAPE_MOVE } from './revision/arch-changes.js';
export { updateFireDesign, type DesignUpdate, type DesignUpdateSummary, type UpdateDesignOptions } from './revision/update-design.js';
export { latestRevision, revisionLetter } from './revision/revision-record.js';
