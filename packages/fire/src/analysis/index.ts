export { roomStoreys, storeyOrder } from './storey-order.js';
export {
  ANALYSED_GROUPS,
  analysisInput,
  roomsScope,
  unitsOf,
  type AnalysedGroup,
  type AnalysedUnit,
  type AnalysisScope,
} from './storey-scope.js';
export {
  applyScoped,
  MAX_SCOPES,
  mergeParts,
  needsBuilding,
  partsOrder,
  planAnalysis,
  sameParts,
  scopedPart,
  splitAnswer,
  type AnalysisParts,
  type AnalysisPlan,
  type StoreyPart,
} from './analysis-parts.js';
