export { calcFireCabling, LOOP_ROUTE_PREFIX, type CalcFireCablingInput, type FireCablingResult } from './calc-cabling.js';
export { LOOP_MESSAGES } from './messages.js';
export { loopUnits, LOOP_OTHER_TYPES } from './loop-units.js';
export { loopTour, tourLength } from './tour.js';
export { fedUnits, unitLoad, FED_OTHER_TYPES, type FedUnit, type UnitLoad } from './loop-units.js';
export { supplyChecks, supplyWarnings, type SupplyCheck } from './supplies.js';
export { loopFiguresOf, type LoopFigures, type LoopMember } from './loop-figures.js';
export { loopChainsOf, type ChainLink, type LoopChain } from './loop-chain.js';
