export {
  calcFireRackToRackRoutes,
  rackToRackRoutes,
  rackGraph,
  hasRacks,
  CABLING_MESSAGES,
  RACK_ROUTE_PREFIX,
  type CalcFireRackToRackRoutesInput,
  type RackToRackResult,
} from './rack-to-rack.js';
export {
  buildRoutingGraph,
  attachPoint,
  addEdge,
  TRAY_FACTOR,
  WALL_PENALTY,
  RISER_PENALTY,
  TRAY_SNAP,
  TRAY_REACH,
  CEILING_OFFSET,
  type RoutingGraph,
  type RoutingNode,
  type RoutingEdge,
  type RoutingNodeKind,
  type RoutingEdgeKind,
} from './routing-graph.js';
export { GraphSearch, shortestPaths, pathTo, pathLength, type ShortestPaths } from './graph-search.js';
export { pathSlices } from './route-slices.js';
export { routeWallCrossings, type WallCrossing } from './wall-crossings.js';
export { shortestRing, exactRing, heuristicRing, ringCost, EXACT_RING_MAX } from './ring.js';
