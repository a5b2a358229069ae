export { AnalysisPanel, UnitWarnings } from './AnalysisPanel';
export { analysisPainter, coverageLayer } from './coverage';
export { useAnalysis, type Analysis } from './use-analysis';
export { roomCountsLabels, roomCountsLayer } from './room-detection';
